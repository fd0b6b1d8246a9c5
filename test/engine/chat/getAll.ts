/** Chat → Get Many and its validation: registered by chat.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { accountOf, jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { queryTime, simplifyStamp } from '../helpers/platform-clock';
import {
	DAY,
	TYPE,
	chatMessages,
	chatRequests,
	conversationsIn,
	expectChannelWindows,
	iso,
	messagesOf,
	platform,
	sec,
} from './helpers/context';

const answeredItems = () => chatRequests().flatMap((request) => (request.response as { chats: IDataObject[] }).chats);

describe('Chat → Get Many', () => {
	test('All Channels over 75 days: each channel asked on its own (conversation_type 0, 1, 3), in 30-day windows, pages of 500; every message once, by conversation start', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 75 * DAY;
		const run = await runNode({
			parameters: chatMessages({ since: iso(since), to: iso(to), returnAll: true, simplify: false }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();

		const requests = chatRequests();
		expect(requests.every((request) => request.status === 200 && request.query.count === '500')).toBe(true);
		expect(requests.map((request) => request.query.conversation_type)).toEqual(['0', '0', '0', '1', '1', '1', '3', '3', '3']);
		for (const type of Object.values(TYPE)) expect(expectChannelWindows(requests, type, since, to)).toHaveLength(3);

		const expected = messagesOf(conversationsIn(since, to));
		expect(new Set(expected.map((message) => platform.store.conversation(message.conversation_id)!.conversation_type))).toEqual(new Set([0, 1, 3]));
		const output = jsonOf(run);
		expect(output.map((message) => message.id)).toEqual(expected.map((message) => message.id));
		// Simplify off: the API's items as they came.
		const answered = new Map(answeredItems().map((item) => [item.id, item]));
		expect(output).toEqual(output.map((message) => answered.get(message.id)));
		expect(run.items.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test.each([
		['Zalo', 'zalo', TYPE.zalo],
		['Live Chat, sent as conversation_type=0 although the platform takes it as the default', 'liveChat', TYPE.liveChat],
	])('%s: one channel, named in every request, and only its messages', async (_name, channel, type) => {
		const to = sec(Date.now());
		const since = to - 20 * DAY;
		const run = await runNode({
			parameters: chatMessages({ channel, since: iso(since), to: iso(to), returnAll: true, simplify: false }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const requests = chatRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({
			start_time_since: queryTime(since, { platform }),
			start_time_to: queryTime(to, { platform }),
			conversation_type: String(type),
			page: '1',
			count: '500',
		});
		const expected = messagesOf(conversationsIn(since, to, [type]));
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(run).map((message) => message.id)).toEqual(expected.map((message) => message.id));
	});

	test('To left empty: the range ends now, and the message just added to an old conversation is there', async () => {
		const since = sec(Date.now() - 40 * DAY);
		const old = conversationsIn(since, Date.now() - 10 * DAY, [TYPE.messenger])[0];
		const added = platform.store.addChatMessage({ conversation_id: old.conversation_id, content: 'huỷ đơn', from: 'customer' }).message;
		const before = sec(Date.now());
		const run = await runNode({
			parameters: chatMessages({ channel: 'messenger', since: iso(since), returnAll: true, simplify: false }),
			account: accountOf(platform),
		});
		const after = sec(Date.now());
		expect(run.error).toBeUndefined();
		const requests = chatRequests();
		const end = Math.max(...requests.map((request) => Date.parse(simplifyStamp(request.query.start_time_to, { platform }))));
		expect(end).toBeGreaterThanOrEqual(before);
		expect(end).toBeLessThanOrEqual(after);
		expect(expectChannelWindows(requests, TYPE.messenger, since, end)).toHaveLength(2);
		const ids = jsonOf(run).map((message) => message.id);
		expect(ids).toContain(added.id);
		expect(ids).toEqual(messagesOf(conversationsIn(since, end, [TYPE.messenger])).map((message) => message.id));
	});

	test('Limit with All Channels: the first messages of the merged channels, each read asking no more than the limit', async () => {
		const to = sec(Date.now());
		const since = to - 75 * DAY;
		const run = await runNode({
			parameters: chatMessages({ since: iso(since), to: iso(to), returnAll: false, limit: 7, simplify: false }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect(jsonOf(run).map((message) => message.id)).toEqual(messagesOf(conversationsIn(since, to)).slice(0, 7).map((message) => message.id));
		const requests = chatRequests();
		expect(requests.every((request) => request.query.count === '7' && request.query.start_time_since !== undefined)).toBe(true);
		expect(new Set(requests.map((request) => request.query.conversation_type))).toEqual(new Set(['0', '1', '3']));
	});

	test('filters: requester (By ID), last agent, services and conversation are sent as the list takes them', async () => {
		const to = sec(Date.now());
		const since = to - 59 * DAY;
		const sample = conversationsIn(since, to, [TYPE.zalo], (c) => c.requester_id !== null && c.last_agent_user_id !== null)[0];
		const run = await runNode({
			parameters: chatMessages({
				channel: 'zalo',
				since: iso(since),
				to: iso(to),
				returnAll: true,
				simplify: false,
				filters: {
					requester_id: { __rl: true, mode: 'id', value: String(sample.requester_id) },
					last_agent_user_id: sample.last_agent_user_id,
					services: [209, 204],
				},
			}),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const requests = chatRequests();
		expect(requests).toHaveLength(2);
		for (const request of requests) {
			expect(request.query).toMatchObject({ conversation_type: '3', requester_id: String(sample.requester_id), last_agent_user_id: String(sample.last_agent_user_id), services: '209,204' });
		}
		const expected = messagesOf(
			conversationsIn(since, to, [TYPE.zalo], (c) => c.requester_id === sample.requester_id && c.last_agent_user_id === sample.last_agent_user_id),
		);
		expect(jsonOf(run).map((message) => message.id)).toEqual(expected.map((message) => message.id));
	});

	test('a conversation ID with All Channels: the platform ignores the channel then, and its messages come once', async () => {
		const to = sec(Date.now());
		const since = to - 25 * DAY;
		const zalo = conversationsIn(since, to, [TYPE.zalo])[0];
		const run = await runNode({
			parameters: chatMessages({ since: iso(since), to: iso(to), returnAll: true, simplify: false, filters: { conversation_id: String(zalo.conversation_id) } }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect(chatRequests().map((request) => [request.query.conversation_type, request.query.conversation_id])).toEqual(
			['0', '1', '3'].map((type) => [type, String(zalo.conversation_id)]),
		);
		expect(jsonOf(run).map((message) => message.id)).toEqual(messagesOf([zalo]).map((message) => message.id));
	});

	test('a platform that does not apply conversation_type: the item fails naming the channel asked and the one answered, no Live Chat given for Zalo', async () => {
		platform.inject({ kind: 'ignoreParameter', parameter: 'conversation_type', path: '/chats/messages' });
		const to = sec(Date.now());
		const run = await runNode({
			parameters: chatMessages({ channel: 'zalo', since: iso(to - 25 * DAY), to: iso(to), returnAll: true }),
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe(
			'The platform answered Live Chat messages (conversation_type 0) to a request for Zalo (conversation_type=3) [item 0]',
		);
		expect(run.items).toHaveLength(0);
	});

	test('a platform that ignores the channel and sends no conversation_type: All Channels fails naming a message answered for two channels, none returned twice', async () => {
		platform.inject({ kind: 'ignoreParameter', parameter: 'conversation_type', omitField: 'conversation_type', path: '/chats/messages' });
		const to = sec(Date.now());
		const run = await runNode({
			parameters: chatMessages({ since: iso(to - 25 * DAY), to: iso(to), returnAll: true }),
			account: accountOf(platform),
		});
		expect(run.error?.message).toMatch(
			/^The platform answered message \d+ to the requests for Live Chat \(conversation_type=0\) and for Messenger\/Instagram \(conversation_type=1\): it did not apply the channel filter \[item 0\]$/,
		);
		expect(run.items).toHaveLength(0);
	});

	test('Simplify: who wrote it, the text, the channel, the times in the account zone, requester, ticket, agent, service, and the Zalo account', async () => {
		const to = sec(Date.now());
		const since = to - 30 * DAY + 1000;
		const run = await runNode({
			parameters: chatMessages({ since: iso(since), to: iso(to), returnAll: true }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const raw = new Map(answeredItems().map((item) => [item.id, item]));
		const channels: Record<number, string> = { 0: 'Live Chat', 1: 'Messenger/Instagram', 3: 'Zalo' };
		const output = jsonOf(run);
		expect(new Set(output.map((message) => message.channel))).toEqual(new Set(Object.values(channels)));
		for (const shown of output) {
			const api = raw.get(shown.id)!;
			const stored = platform.store.chatMessages.find((message) => message.id === shown.id)!;
			const conversationRec = platform.store.conversation(stored.conversation_id)!;
			const byAgent = stored.from === 'agent';
			expect(shown).toEqual({
				id: stored.id,
				conversation_id: stored.conversation_id,
				message_index: stored.message_index,
				channel: channels[conversationRec.conversation_type],
				from: stored.from,
				sender_name: byAgent ? platform.store.agent(stored.agent_user_id)!.username : conversationRec.visitor_name,
				sender_id: byAgent ? stored.agent_user_id : conversationRec.visitor_id,
				text: stored.content,
				message_type: stored.type,
				time: simplifyStamp(api.time as string, { platform }),
				conversation_started_at: simplifyStamp(api.start_time as string, { platform }),
				requester_id: conversationRec.requester_id,
				ticket_id: conversationRec.ticket_id,
				agent_id: conversationRec.last_agent_user_id,
				service_id: conversationRec.service_id,
				...(conversationRec.conversation_type === 3 ? { zalo_account: conversationRec.oa_name, zalo_account_id: conversationRec.oa_id } : {}),
			});
			expect(Date.parse(shown.time as string)).toBe(stored.time);
		}
	});
});

describe('Chat → Get Many: validation before sending', () => {
	test.each([
		[
			'To before From',
			{ since: '2026-02-10T00:00:00Z', to: '2026-02-01T00:00:00Z' },
			'To (start_time_to) 2026-02-01T00:00:00Z must be after From (start_time_since) 2026-02-10T00:00:00Z, by at least a whole second',
		],
		['no From (an expression that gives nothing)', { since: '={{ "" }}' }, 'From (start_time_since) is required'],
		['a From that is no date', { since: 'last week' }, 'From (start_time_since) must be a date'],
		['a conversation ID that is no number', { since: '2026-02-01T00:00:00Z', filters: { conversation_id: 'abc' } }, 'Conversation ID (conversation_id) must be a whole number'],
		['a channel the platform does not have', { since: '2026-02-01T00:00:00Z', channel: 'email' }, 'Channel (channel) must be one of all, liveChat, messenger, zalo'],
		['a service that is no ID', { since: '2026-02-01T00:00:00Z', filters: { services: ['chat'] } }, 'must be a list of numeric IDs'],
		['a requester By ID that is a phone', { since: '2026-02-01T00:00:00Z', filters: { requester_id: { __rl: true, mode: 'id', value: '0901234567' } } }, 'looks like a phone'],
	])('%s: a clear error and no request', async (_name, parameters, message) => {
		const run = await runNode({ parameters: chatMessages({ returnAll: true, ...parameters }), account: accountOf(platform) });
		expect(run.error?.message).toContain(message);
		expect(platform.requests()).toHaveLength(0);
	});

	test('a Conversation ID filter with a space around it: sent as its digits alone, its messages returned', async () => {
		const to = sec(Date.now());
		const since = to - 20 * DAY;
		const zalo = conversationsIn(since, to, [TYPE.zalo])[0];
		const run = await runNode({
			parameters: chatMessages({ channel: 'zalo', since: iso(since), to: iso(to), returnAll: true, simplify: false, filters: { conversation_id: ` ${zalo.conversation_id} ` } }),
			account: accountOf(platform),
		});
		expect(run.error?.message).toBeUndefined();
		expect(chatRequests().map((request) => request.query.conversation_id)).toEqual([String(zalo.conversation_id)]);
		expect(jsonOf(run).map((message) => message.id)).toEqual(messagesOf([zalo]).map((message) => message.id));
	});

	test('with Continue On Fail only the bad item fails, its index named; every item paired', async () => {
		const to = sec(Date.now());
		const run = await runNode({
			parameters: chatMessages({ channel: 'zalo', since: iso(to - 20 * DAY), to: '={{ $json.to }}', returnAll: false, limit: 2 }),
			account: accountOf(platform),
			input: [{ to: iso(to) }, { to: iso(to - 30 * DAY) }, { to: iso(to) }],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		const failed = run.items.filter((item) => item.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].error?.message).toContain('[item 1]');
		expect(failed[0].pairedItem).toEqual({ item: 1 });
		const good = run.items.filter((item) => !item.error);
		expect(good.map((item) => (item.pairedItem as { item: number }).item)).toEqual([0, 0, 2, 2]);
		expect(chatRequests()).toHaveLength(2);
	});
});
