/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: spec
/**
 * The chat message list (docs/api.md#chats, the vendor's page as R8 read it): a start-time range
 * on the CONVERSATION's start, required, at most 30 days; one channel per request, Live chat when
 * none is named; the seed's three channels; the control hook that adds a message.
 */
import type { FakePlatform } from '../../../tools/fake-platform';
import { ChatMessagesResponse } from '../../../tools/fake-platform/schemas';
import { DAY, NOW, client, expectError, isoZ, startPlatform } from './helpers';

const now = NOW.getTime();
const SECOND = 1000;
/** 'YYYY-MM-DD HH:mm:ss' of an instant in the fake's default account zone (+07:00). */
const local = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('chat messages', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	const list = async (query: Record<string, string | number>) => {
		const r = await api.get('/api/v1/chats/messages', query);
		expect(r.status).toBe(200);
		return ChatMessagesResponse.parse(r.body);
	};
	const control = async (body: unknown) => {
		const res = await fetch(`${platform.baseUrl}/__control/chats/messages`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		});
		return { status: res.status, body: (await res.json()) as any };
	};
	/** The messages of `type`'s conversations started in [since, to], from the store. */
	const expected = (since: number, to: number, type: 0 | 1 | 3) => {
		const started = new Set(
			platform.store.conversations.filter((c) => c.conversation_type === type && c.start_time >= since && c.start_time <= to).map((c) => c.conversation_id),
		);
		return platform.store.chatMessages.filter((m) => started.has(m.conversation_id));
	};
	beforeAll(async () => {
		platform = await startPlatform({ strict: false });
		api = client(platform);
	});
	afterAll(() => platform.close());

	it('seeds the three channels with conversations that run for days, requesters among the contacts, Zalo ones with their official account', () => {
		const { conversations, chatMessages, customers } = platform.store;
		for (const type of [0, 1, 3]) expect(conversations.filter((c) => c.conversation_type === type).length).toBeGreaterThanOrEqual(10);
		expect(conversations.length).toBeLessThan(100);
		expect(chatMessages.length).toBeGreaterThan(100);
		expect(chatMessages.length).toBeLessThan(1000);
		const spans = conversations.map((c) => {
			const times = chatMessages.filter((m) => m.conversation_id === c.conversation_id).map((m) => m.time);
			return Math.max(...times) - c.start_time;
		});
		expect(spans.filter((span) => span > 2 * DAY).length).toBeGreaterThan(3);
		const contactIds = new Set(customers.map((c) => c.id));
		expect(conversations.every((c) => c.requester_id === null || contactIds.has(c.requester_id))).toBe(true);
		expect(conversations.filter((c) => c.requester_id !== null).length).toBeGreaterThan(conversations.length / 2);
		expect(conversations.every((c) => (c.conversation_type === 3) === (c.oa_id !== null && c.oa_name !== null))).toBe(true);
		expect(Math.min(...conversations.map((c) => c.start_time))).toBeLessThan(now - 40 * DAY);
	});

	it('answers code ok, numFound and every field, times zone-less local; the range bounds the conversation start', async () => {
		const [since, to] = [now - 25 * DAY, now - 5 * DAY];
		const b = await list({ start_time_since: isoZ(since), start_time_to: isoZ(to), conversation_type: 3, count: 500 });
		const want = expected(since, to, 3);
		expect(want.length).toBeGreaterThan(0);
		expect(b.numFound).toBe(want.length);
		expect(b.chats.map((m) => m.id).sort()).toEqual(want.map((m) => m.id).sort());
		for (const m of b.chats) {
			const conversation = platform.store.conversation(m.conversation_id)!;
			expect(m.start_time).toBe(local(conversation.start_time));
			expect(m.time).toBe(local(platform.store.chatMessages.find((x) => x.id === m.id)!.time));
			expect(m.conversation_type).toBe(3);
			expect(m.oa_id).toBe(conversation.oa_id);
			expect((m.sender_agent_id === null) !== (m.sender_visitor_id === null)).toBe(true);
			expect(m.sender_agent_id === null ? m.sender_visitor_name : m.sender_agent_name).toEqual(expect.any(String));
		}
		const noZalo = await list({ start_time_since: isoZ(now - 30 * DAY), conversation_type: 1, count: 500 });
		expect(noZalo.chats.every((m) => m.oa_id === null && m.oa_name === null)).toBe(true);
	});

	it('refuses a missing start_time_since and a range over 30 days or ending before it starts; start_time_to is now when absent', async () => {
		expectError(await api.get('/api/v1/chats/messages'), 400, 'Request required [start_time_since]');
		expectError(await api.get('/api/v1/chats/messages', { start_time_to: isoZ(now) }), 400, 'Request required [start_time_since]');
		const span = 'start_time_since & start_time_to cannot exceed 30 days apart';
		expectError(await api.get('/api/v1/chats/messages', { start_time_since: isoZ(now - 40 * DAY), start_time_to: isoZ(now - 10 * DAY + SECOND) }), 400, span);
		expectError(await api.get('/api/v1/chats/messages', { start_time_since: isoZ(now - 31 * DAY) }), 400, span);
		expectError(await api.get('/api/v1/chats/messages', { start_time_since: isoZ(now - DAY), start_time_to: isoZ(now - 2 * DAY) }), 400, span);
		const full = await list({ start_time_since: isoZ(now - 40 * DAY), start_time_to: isoZ(now - 10 * DAY), count: 500 });
		expect(full.numFound).toBe(expected(now - 40 * DAY, now - 10 * DAY, 0).length);
		const toNow = await list({ start_time_since: isoZ(now - 20 * DAY), count: 500 });
		expect(toNow.numFound).toBe(expected(now - 20 * DAY, now, 0).length);
	});

	it('reads one channel per request: Live chat when conversation_type is absent; conversation_id ignores the type', async () => {
		const w = { start_time_since: isoZ(now - 30 * DAY), count: 500 };
		const absent = await list(w);
		expect(absent.numFound).toBeGreaterThan(0);
		expect(absent.chats.every((m) => m.conversation_type === 0)).toBe(true);
		expect(await list({ ...w, conversation_type: 0 })).toEqual(absent);
		for (const type of [1, 3] as const) {
			const b = await list({ ...w, conversation_type: type });
			expect(b.numFound).toBe(expected(now - 30 * DAY, now, type).length);
			expect(b.chats.every((m) => m.conversation_type === type)).toBe(true);
		}
		expectError(await api.get('/api/v1/chats/messages', { ...w, conversation_type: 2 }), 400, 'invalid value: conversation_type');
		const zalo = (await list({ ...w, conversation_type: 3 })).chats[0];
		const byId = await list({ ...w, conversation_id: zalo.conversation_id, conversation_type: 0 });
		expect(byId.chats.map((m) => m.message_index)).toEqual(byId.chats.map((_, i) => i + 1));
		expect(byId.chats.every((m) => m.conversation_id === zalo.conversation_id)).toBe(true);
	});

	it('filters by requester, last agent and services; pages by count (at most 500) and page', async () => {
		const w = { start_time_since: isoZ(now - 30 * DAY), conversation_type: 1, count: 500 };
		const all = await list(w);
		const sample = all.chats.find((m) => m.requester_id !== null && m.last_agent_user_id !== null)!;
		const byRequester = await list({ ...w, requester_id: sample.requester_id! });
		expect(byRequester.numFound).toBe(all.chats.filter((m) => m.requester_id === sample.requester_id).length);
		const byAgent = await list({ ...w, last_agent_user_id: sample.last_agent_user_id! });
		expect(byAgent.numFound).toBe(all.chats.filter((m) => m.last_agent_user_id === sample.last_agent_user_id).length);
		expect((await list({ ...w, services: `${sample.service_id},211` })).numFound).toBe(all.numFound);
		expect((await list({ ...w, services: '211' })).numFound).toBe(0);
		const first = await list({ ...w, count: 5 });
		const second = await list({ ...w, count: 5, page: 2 });
		expect([...first.chats, ...second.chats]).toEqual(all.chats.slice(0, 10));
		expect((await list({ ...w, count: 900 })).chats).toHaveLength(Math.min(all.numFound, 500));
		expect((await list({ start_time_since: isoZ(now - 30 * DAY) })).chats.length).toBeLessThanOrEqual(50);
	});

	it('an ignoreParameter fault answers as if the parameter had not been sent: every channel reads as Live chat', async () => {
		const w = { start_time_since: isoZ(now - 30 * DAY), count: 500 };
		platform.inject({ kind: 'ignoreParameter', parameter: 'conversation_type', path: '/chats/messages', times: 1 });
		const ignored = await list({ ...w, conversation_type: 3 });
		expect(ignored).toEqual(await list({ ...w, conversation_type: 0 }));
		expect((await list({ ...w, conversation_type: 3 })).chats.every((m) => m.conversation_type === 3)).toBe(true);
	});

	it('POST /__control/chats/messages appends to an old conversation (listed under its start) or starts a new one', async () => {
		const old = platform.store.conversations.find((c) => c.conversation_type === 3 && c.start_time < now - 10 * DAY)!;
		const lastIndex = Math.max(...platform.store.chatMessages.filter((m) => m.conversation_id === old.conversation_id).map((m) => m.message_index));
		const added = await control({ conversation_id: old.conversation_id, content: 'huỷ đơn', from: 'customer', at: now - 60 * SECOND });
		expect(added.status).toBe(200);
		expect(added.body.message).toMatchObject({ conversation_id: old.conversation_id, message_index: lastIndex + 1, content: 'huỷ đơn', conversation_type: 3, time: local(now - 60 * SECOND), start_time: local(old.start_time) });
		const around = { start_time_since: isoZ(old.start_time - SECOND), start_time_to: isoZ(old.start_time + SECOND), conversation_type: 3 };
		expect((await list(around)).chats.map((m) => m.content)).toContain('huỷ đơn');
		const reply = await control({ conversation_id: old.conversation_id, content: 'Dạ', from: 'agent', agent_user_id: 1003 });
		expect(reply.body.message).toMatchObject({ sender_agent_id: 1003, sender_visitor_id: null, last_agent_user_id: 1003, message_index: lastIndex + 2 });

		const fresh = await control({ conversation_type: 1, content: 'Hi', from: 'customer', requester_id: platform.store.customers[3].id });
		expect(fresh.body.message).toMatchObject({ message_index: 1, conversation_type: 1, requester_id: platform.store.customers[3].id, time: local(now), start_time: local(now) });
		expect((await list({ start_time_since: isoZ(now - SECOND), conversation_type: 1 })).chats.map((m) => m.id)).toEqual([fresh.body.message.id]);

		expect((await control({ content: 'x', from: 'bot' })).status).toBe(400);
		expect((await control({ content: '', from: 'customer' })).status).toBe(400);
		expect((await control({ content: 'x', from: 'customer', conversation_type: 2 })).status).toBe(400);
		expect((await control({ content: 'x', from: 'customer', conversation_id: 1 })).status).toBe(404);
	});
});
