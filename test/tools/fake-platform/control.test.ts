/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
import type { FakePlatform, RecordedRequest } from '../../../tools/fake-platform';
import { AgentsResponse, CallListResponse, DealListResponse, HeartbeatResponse, LeadListResponse, TicketListResponse } from '../../../tools/fake-platform/schemas';
import { NOW, client, expectError, specClock, startPlatform, type Reply } from './helpers';
// Pinned to the spec platform: query times and stamps in its form.
const { isoZ } = specClock;

const now = NOW.getTime();

describe('control API', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	const control = async (method: string, path: string, body?: unknown): Promise<Pick<Reply, 'status' | 'body'>> => {
		const res = await fetch(`${platform.baseUrl}/__control${path}`, {
			method,
			headers: { 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: res.status, body: await res.json() };
	};
	beforeAll(async () => {
		// Asserts the spec's answer shapes (schemas.ts); the real ones: real-records.test.ts.
		platform = await startPlatform({ platform: 'spec' });
		api = client(platform);
	});
	afterAll(() => platform.close());

	it('creates and updates tickets; the lists reflect it', async () => {
		const created = await control('POST', '/tickets', { ticket_subject: 'From control', ticket_status: 'open', phone: '0900000001', at: '2025-05-31T10:00:00Z' });
		expect(created.status).toBe(200);
		const id = created.body.ticket.ticket_id;
		const w = { created_since: isoZ(Date.parse('2025-05-31T10:00:00Z')), created_to: isoZ(Date.parse('2025-05-31T10:00:01Z')) };
		const listed = TicketListResponse.parse((await api.get('/api/v2/tickets', w)).body);
		expect(listed.tickets.map((t) => t.ticket_id)).toContain(id);
		const patched = await control('PATCH', `/tickets/${id}`, { ticket_status: 'solved', at: '2025-05-31T12:00:00Z' });
		expect(patched.body.ticket.updated_at).toBe(Date.parse('2025-05-31T12:00:00Z'));
		// v2 refuses a zero-length span; the next test lists the update with a one-second window.
		expectError(
			await api.get('/api/v2/tickets', { updated_since: isoZ(Date.parse('2025-05-31T12:00:00Z')), updated_to: isoZ(Date.parse('2025-05-31T12:00:00Z')) }),
			400,
			'updated_since must older than updated_to and max 31 days',
		);
	});

	it('updated tickets appear in the updated window; touch-tickets updates n tickets at once', async () => {
		const r = await api.get('/api/v2/tickets', { updated_since: isoZ(Date.parse('2025-05-31T11:59:59Z')), updated_to: isoZ(Date.parse('2025-05-31T12:00:00Z')) });
		const b = TicketListResponse.parse(r.body);
		expect(b.tickets.map((t) => t.ticket_subject)).toContain('From control');
		const touched = await control('POST', '/touch-tickets', { n: 7, at: now - 1000 });
		expect(touched.body.ids).toHaveLength(7);
		const t = TicketListResponse.parse((await api.get('/api/v2/tickets', { updated_since: isoZ(now - 1000), updated_to: isoZ(now) })).body);
		expect(t.tickets.map((x) => x.ticket_id).sort()).toEqual([...touched.body.ids].sort());
		expect(platform.store.touchTickets(3, new Date(now))).toHaveLength(3);
	});

	it('creates and updates leads, deals and calls', async () => {
		const lead = (await control('POST', '/leads', { subject: 'ctl lead', email: 'ctl@x.example' })).body.lead;
		await control('PATCH', `/leads/${lead.id}`, { lead_status_id: 604 });
		const leads = LeadListResponse.parse((await api.get('/api/v1/leads', { convert_since: isoZ(now), convert_to: isoZ(now) })).body);
		expect(leads.leads.map((l) => l.id)).toEqual([lead.id]);
		expect(leads.leads[0]).toMatchObject({ converted_type: 1, last_lead_status_id: 601 });

		const deal = (await control('POST', '/deals', { subject: 'ctl deal', phone: '0900000002' })).body.deal;
		const closed = await control('PATCH', `/deals/${deal.id}`, { closed_type: 1, at: now - 60_000 });
		expect(closed.body.deal.closed_at).toBe(now - 60_000);
		const deals = DealListResponse.parse((await api.get('/api/v1/deals', { closed_since: isoZ(now - 60_000), closed_to: isoZ(now - 60_000) })).body);
		expect(deals.deals.map((d) => d.id)).toEqual([deal.id]);

		const call = (await control('POST', '/calls', { call_status: 'miss', missed_reason: 'missed_agent_timeout', at: now - 30_000 })).body.call;
		const calls = CallListResponse.parse((await api.get('/api/v1/calls', { end_time_since: isoZ(now - 30_000), call_status: 'miss' })).body);
		expect(calls.calls.map((c) => c.id)).toEqual([call.id]);
		expect(calls.calls[0]).toMatchObject({ missed_reason: 'missed_agent_timeout', path: null });
	});

	it('sets monitor status', async () => {
		expect((await control('POST', '/monitors/1', { status: 0 })).status).toBe(200);
		const hb = HeartbeatResponse.parse(await (await fetch(`${platform.statusUrl}/api/v1/heartbeat`)).json());
		expect(hb.monitors[0].status).toBe(0);
		expect((await control('POST', '/monitors/1', { status: 2 })).status).toBe(400);
		expect((await control('POST', '/monitors/99', { status: 1 })).status).toBe(404);
	});

	it('changes an agent\'s state per channel; NO ANSWER only on the call channel; all three LOGOUT is not logged in', async () => {
		const listed = async (id: number) => AgentsResponse.parse((await api.get('/api/v1/agents')).body).agents.find((agent) => agent.id === id)!;
		// Agent 1001 starts AVAILABLE on every channel (seed).
		const changed = await control('POST', '/agents/1001', { call_status: 'NO ANSWER', chat_status: 'NOT AVAILABLE' });
		expect(changed.status).toBe(200);
		expect(await listed(1001)).toMatchObject({ call_status: 'NO ANSWER', chat_status: 'NOT AVAILABLE', ticket_status: 'AVAILABLE', login_status: 'AVAILABLE' });

		await control('POST', '/agents/1001', { call_status: 'LOGOUT', chat_status: 'LOGOUT', ticket_status: 'LOGOUT' });
		expect(await listed(1001)).toMatchObject({ call_status: 'LOGOUT', chat_status: 'LOGOUT', ticket_status: 'LOGOUT', login_status: 'NOTAVAILABLE' });
		await control('POST', '/agents/1001', { ticket_status: 'AVAILABLE' });
		expect(await listed(1001)).toMatchObject({ ticket_status: 'AVAILABLE', login_status: 'AVAILABLE' });

		// Refused, and nothing changes: NO ANSWER on chat or ticket, an unknown state or key, an empty body.
		for (const body of [{ chat_status: 'NO ANSWER' }, { ticket_status: 'NO ANSWER' }, { call_status: 'BUSY' }, { call_status: 'available' }, { status: 'LOGOUT' }, { call_status: 'LOGOUT', login_status: 'AVAILABLE' }, {}]) {
			const refused = await control('POST', '/agents/1001', body);
			expect([refused.status, refused.body.code]).toEqual([400, 'errors']);
		}
		expect(await listed(1001)).toMatchObject({ call_status: 'LOGOUT', chat_status: 'LOGOUT', ticket_status: 'AVAILABLE' });
		expect((await control('POST', '/agents/999', { call_status: 'AVAILABLE' })).status).toBe(404);
	});

	it('manages faults, the rate limit and the log; is neither logged nor on the backup', async () => {
		platform.clearLog();
		await control('POST', '/faults', { kind: 'status', status: 500, path: '/api/v1/groups', times: 1 });
		expectError(await api.get('/api/v1/groups'), 500, 'Internal Server Error');
		await control('POST', '/faults', { kind: 'nok' });
		await control('DELETE', '/faults');
		expect((await api.get('/api/v1/groups')).status).toBe(200);

		await control('POST', '/rate-limit', { perSecond: 1 });
		await new Promise((r) => setTimeout(r, 1100));
		expect((await api.get('/api/v1/groups')).status).toBe(200);
		expect((await api.get('/api/v1/groups')).status).toBe(429);
		await control('POST', '/rate-limit', { perSecond: 1_000_000, reset: true });
		expect((await api.get('/api/v1/groups')).status).toBe(200);

		const log = (await control('GET', '/log')).body.requests as RecordedRequest[];
		expect(log.map((r) => r.status)).toEqual([500, 200, 200, 429, 200]);
		expect(log.every((r) => !r.path.startsWith('/__control'))).toBe(true);
		await control('DELETE', '/log');
		expect(platform.requests()).toEqual([]);
		const backup = await fetch(`${platform.backupUrl}/__control/log`);
		expect(backup.status).toBe(404);
		expect(await backup.json()).toEqual({ code: 'errors', message: 'Domain not found' });
	});
});
