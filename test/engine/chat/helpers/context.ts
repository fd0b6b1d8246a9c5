/** The fake platform the chat runner started, and what its operation cases share. */
import type { IDataObject } from 'n8n-workflow';
import type { ChatMessageRec, ConversationRec, FakePlatform, RecordedRequest } from '../../../../tools/fake-platform';
import { instantOf } from '../../helpers/platform-clock';

export { DAY, iso, sec } from '../../helpers/windows';

export let platform: FakePlatform;

export const CHAT_PATH = '/acme/api/v1/chats/messages';
/** docs/api.md#chats: the list takes a start-time range of at most 30 days. */
export const CHAT_LIMIT_MS = 30 * 24 * 3600 * 1000;
/** docs/api.md#chats: conversation_type of each channel. */
export const TYPE = { liveChat: 0, messenger: 1, zalo: 3 } as const;

export const chatMessages = (parameters: IDataObject) => ({ resource: 'chat', operation: 'getAll', ...parameters });
export const conversation = (parameters: IDataObject) => ({ resource: 'chat', operation: 'get', ...parameters });

export const chatRequests = () => platform.requests({ path: CHAT_PATH });

/** The fake's conversations that started in [since, to] on these channels (the oracle: the store). */
export function conversationsIn(since: number, to: number, types: number[] = [0, 1, 3], keep: (c: ConversationRec) => boolean = () => true) {
	return platform.store.conversations.filter((c) => c.start_time >= since && c.start_time <= to && types.includes(c.conversation_type) && keep(c));
}

/**
 * Their messages as one list: by conversation start, then conversation, then message index
 * (the list's order, docs/api.md#chats; "All Channels" merges the channels in it).
 */
export function messagesOf(conversations: ConversationRec[]): ChatMessageRec[] {
	const byId = new Map(conversations.map((c) => [c.conversation_id, c]));
	return platform.store.chatMessages
		.filter((m) => byId.has(m.conversation_id))
		.sort((a, b) => {
			const [ca, cb] = [byId.get(a.conversation_id)!, byId.get(b.conversation_id)!];
			return ca.start_time - cb.start_time || ca.conversation_id - cb.conversation_id || a.message_index - b.message_index;
		});
}

/**
 * The start-time windows one channel was read in: contiguous to the second, each shorter than
 * 30 days, together exactly [since, to]; every request carries start_time_since.
 */
export function expectChannelWindows(requests: RecordedRequest[], type: number, since: number, to: number) {
	const own = requests.filter((request) => request.query.conversation_type === String(type));
	expect(own.every((request) => request.query.start_time_since !== undefined && request.query.start_time_to !== undefined)).toBe(true);
	const windows = [...new Map(own.map((request) => [request.query.start_time_since, request.query.start_time_to])).entries()]
		.map(([start, end]) => [instantOf(start, { platform }), instantOf(end, { platform })] as const)
		.sort((a, b) => a[0] - b[0]);
	expect(windows[0][0]).toBe(since);
	expect(windows[windows.length - 1][1]).toBe(to);
	windows.forEach(([start, end], index) => {
		expect(end - start).toBeLessThan(CHAT_LIMIT_MS);
		expect(end).toBeGreaterThan(start);
		if (index > 0) expect(start).toBe(windows[index - 1][1] + 1000);
	});
	return windows;
}

/** Given to useFakePlatform by the runner: the platform every case of this folder reads. */
export function platformStarted(started: FakePlatform): void {
	platform = started;
}
