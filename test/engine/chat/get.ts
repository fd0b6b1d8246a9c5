/** Chat → Get Conversation and its validation: registered by chat.test.ts, which starts the fake platform once for the folder. */
import { accountOf, jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { instantOf } from '../helpers/platform-clock';
import { CHAT_LIMIT_MS, DAY, TYPE, chatRequests, conversation, conversationsIn, platform } from './helpers/context';

const windowOf = (query: Record<string, string>) => [instantOf(query.start_time_since, { platform }), instantOf(query.start_time_to, { platform })];

describe('Chat → Get Conversation', () => {
	test('a conversation that started in the last 30 days: one request, its messages in order, also one appended days later', async () => {
		const zalo = conversationsIn(Date.now() - 25 * DAY, Date.now() - 2 * DAY, [TYPE.zalo])[0];
		const added = platform.store.addChatMessage({ conversation_id: zalo.conversation_id, content: 'Cảm ơn', from: 'agent' }).message;
		const started = Date.now();
		const run = await runNode({ parameters: conversation({ conversationId: String(zalo.conversation_id), simplify: false }), account: accountOf(platform) });
		expect(run.error).toBeUndefined();
		const requests = chatRequests();
		expect(requests).toHaveLength(1);
		// All Channels tries Live Chat first; the platform ignores the channel beside a conversation ID.
		expect(requests[0].query).toMatchObject({ conversation_id: String(zalo.conversation_id), conversation_type: '0', count: '500', page: '1' });
		const [since, to] = windowOf(requests[0].query);
		expect(to).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000);
		expect(to - since).toBeLessThan(CHAT_LIMIT_MS);
		expect(to - since).toBeGreaterThan(CHAT_LIMIT_MS - 2000);
		const stored = platform.store.chatMessages.filter((message) => message.conversation_id === zalo.conversation_id);
		const output = jsonOf(run);
		expect(output.map((message) => message.message_index)).toEqual(stored.map((_, index) => index + 1));
		expect(output.map((message) => message.id)).toEqual([...stored].sort((a, b) => a.message_index - b.message_index).map((message) => message.id));
		expect(output[output.length - 1].id).toBe(added.id);
		expect(run.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('an older conversation: windows newest first, every channel tried in a window before the next, stops where it is found', async () => {
		const older = conversationsIn(Date.now() - 55 * DAY, Date.now() - 35 * DAY, [TYPE.messenger])[0];
		const run = await runNode({
			parameters: conversation({ conversationId: String(older.conversation_id), startedWithinDays: 90 }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const requests = chatRequests();
		expect(requests.map((request) => request.query.conversation_type)).toEqual(['0', '1', '3', '0']);
		const windows = requests.map((request) => windowOf(request.query));
		expect(windows[1]).toEqual(windows[0]);
		expect(windows[3][1]).toBe(windows[0][0] - 1000);
		expect(windows[3][0]).toBeLessThanOrEqual(older.start_time);
		expect(requests.every((request) => request.query.start_time_since !== undefined)).toBe(true);
		const output = jsonOf(run);
		expect(output.every((message) => message.conversation_id === older.conversation_id && message.channel === 'Messenger/Instagram')).toBe(true);
		expect(output.map((message) => message.message_index)).toEqual(output.map((_, index) => index + 1));
	});

	test('a channel given: only that channel is asked', async () => {
		const live = conversationsIn(Date.now() - 25 * DAY, Date.now(), [TYPE.liveChat])[0];
		const run = await runNode({
			parameters: conversation({ conversationId: String(live.conversation_id), channel: 'liveChat' }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect(chatRequests().map((request) => request.query.conversation_type)).toEqual(['0']);
		expect(jsonOf(run).length).toBe(platform.store.chatMessages.filter((message) => message.conversation_id === live.conversation_id).length);
	});

	test('not found within the days asked: the item fails naming the conversation, after every channel of every window', async () => {
		const run = await runNode({
			parameters: conversation({ conversationId: '999999', startedWithinDays: 45 }),
			account: accountOf(platform),
			input: [{}, {}],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.error?.message)).toEqual([
			'No conversation 999999 started in the last 45 days [item 0]',
			'No conversation 999999 started in the last 45 days [item 1]',
		]);
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(chatRequests()).toHaveLength(2 * 2 * 3);
	});

	test('a platform that does not apply conversation_id: the item fails naming both conversations after one request, none returned as this one', async () => {
		platform.inject({ kind: 'ignoreParameter', parameter: 'conversation_id', path: '/chats/messages' });
		const zalo = conversationsIn(Date.now() - 25 * DAY, Date.now(), [TYPE.zalo])[0];
		const run = await runNode({ parameters: conversation({ conversationId: String(zalo.conversation_id) }), account: accountOf(platform) });
		expect(run.error?.message).toMatch(new RegExp(`^The platform answered messages of conversation \\d+ to a request for conversation ${zalo.conversation_id} \\[item 0\\]$`));
		expect(chatRequests()).toHaveLength(1);
		expect(run.items).toHaveLength(0);
	});

	test.each([
		['a space before it (pasted)', (id: number) => ` ${id}`],
		['a newline after it (an expression ending in one)', (id: number) => `${id}\n`],
	])('a conversation ID with %s: sent as its digits alone, its messages returned', async (_name, written) => {
		const zalo = conversationsIn(Date.now() - 25 * DAY, Date.now(), [TYPE.zalo])[0];
		const run = await runNode({
			parameters: conversation({ conversationId: written(zalo.conversation_id), channel: 'zalo', simplify: false }),
			account: accountOf(platform),
		});
		expect(run.error?.message).toBeUndefined();
		expect(chatRequests().map((request) => request.query.conversation_id)).toEqual([String(zalo.conversation_id)]);
		const stored = platform.store.chatMessages.filter((message) => message.conversation_id === zalo.conversation_id);
		expect(jsonOf(run).map((message) => message.id)).toEqual(stored.map((message) => message.id));
	});

	test.each([
		['a conversation ID that is no number', { conversationId: 'conv-12' }, 'Conversation ID (conversation_id) must be a whole number'],
		['no conversation ID (an expression that gives nothing)', { conversationId: '={{ "" }}' }, 'Conversation ID (conversation_id) is required'],
		['Started Within beyond a year', { conversationId: '500001', startedWithinDays: 400 }, 'Started Within (startedWithinDays) must be between 1 and 365; got 400 [item 0]'],
		['a channel the platform does not have', { conversationId: '500001', channel: 'sms' }, 'Channel (channel) must be one of all, liveChat, messenger, zalo'],
	])('%s: a clear error and no request', async (_name, parameters, message) => {
		const run = await runNode({ parameters: conversation(parameters), account: accountOf(platform) });
		expect(run.error?.message).toContain(message);
		expect(platform.requests()).toHaveLength(0);
	});
});
