import { FakePlatform } from '../../../tools/fake-platform';
import { TicketListResponse } from '../../../tools/fake-platform/schemas';
import { NOW, client, startPlatform } from './helpers';

describe('request log', () => {
	let platform: FakePlatform;
	beforeAll(async () => {
		// Asserts the spec's answer shapes (schemas.ts); the real ones: real-records.test.ts.
		platform = await startPlatform({ platform: 'spec' });
	});
	afterAll(() => platform.close());

	it('records method, path, query, lower-cased headers, parsed body, status and response', async () => {
		const api = client(platform);
		await api.get('/api/v2/tickets', { created_since: '2025-05-30T00:00:00Z', created_to: '2025-05-31T00:00:00Z', count: 2 });
		await api.post('/api/v1/tickets', { ticket: { phone: '0912345678' } });
		await client(platform, { base: platform.backupUrl }).get('/api/v1/groups');
		await fetch(`${platform.statusUrl}/api/v1/heartbeat?pretty=1`);
		await api.raw('POST', `/${platform.domain}/api/v1/sms`, 'not json');
		const all = platform.requests();
		expect(all.map((r) => [r.server, r.method, r.path, r.status])).toEqual([
			['primary', 'GET', '/acme/api/v2/tickets', 200],
			['primary', 'POST', '/acme/api/v1/tickets', 200],
			['backup', 'GET', '/acme/api/v1/groups', 200],
			['primary', 'GET', '/status/api/v1/heartbeat', 200],
			['primary', 'POST', '/acme/api/v1/sms', 400],
		]);
		const [list, create, , hb, bad] = all;
		expect(list.query).toEqual({ created_since: '2025-05-30T00:00:00Z', created_to: '2025-05-31T00:00:00Z', count: '2' });
		expect(list.headers.authorization).toBe(`Bearer ${platform.token}`);
		expect(TicketListResponse.parse(list.response).tickets).toHaveLength(2);
		expect(create.body).toEqual({ ticket: { phone: '0912345678' } });
		expect(create.headers['content-type']).toBe('application/json');
		expect(hb.headers.authorization).toBeUndefined();
		expect(bad.body).toBe('not json');
		expect(bad.response).toEqual({ code: 'errors', message: 'Invalid Format' });
		expect(all.map((r) => r.seq)).toEqual([...all.map((r) => r.seq)].sort((a, b) => a - b));
		expect(all.every((r) => typeof r.at === 'number' && r.at > 0)).toBe(true);
		expect(platform.requests({ server: 'backup' })).toHaveLength(1);
		expect(platform.requests({ method: 'post' })).toHaveLength(2);
		expect(platform.requests({ path: /tickets$/ })).toHaveLength(2);
		platform.clearLog();
		expect(platform.requests()).toEqual([]);
	});
});

describe('deterministic seed', () => {
	const snapshot = (p: FakePlatform) => {
		const s = p.store;
		return JSON.stringify([s.agents, s.groups, s.services, s.ticketFields, s.customers, s.tickets, s.leads, s.deals, s.calls, s.monitors]);
	};

	it('gives the same data for the same seed and clock, and other data for another seed', async () => {
		const a = await FakePlatform.start({ now: () => NOW, backup: false });
		const b = await FakePlatform.start({ now: () => NOW, backup: false });
		const c = await FakePlatform.start({ now: () => NOW, backup: false, seed: 7 });
		try {
			expect(snapshot(a)).toBe(snapshot(b));
			expect(snapshot(a)).not.toBe(snapshot(c));
			const q = { created_since: '2025-05-10T00:00:00Z', created_to: '2025-05-20T00:00:00Z', count: 500 };
			const ra = await client(a).get('/api/v2/tickets', q);
			const rb = await client(b).get('/api/v2/tickets', q);
			expect(ra.text).toBe(rb.text);
			expect(a.backupUrl).toBe('');
		} finally {
			await Promise.all([a.close(), b.close(), c.close()]);
		}
	});

	it('honours size, days and the defaults', async () => {
		const small = await FakePlatform.start({ now: () => NOW, backup: false, size: { tickets: 30, leads: 5, deals: 4, calls: 10, days: 10 } });
		try {
			const s = small.store;
			expect([s.tickets.length, s.leads.length, s.deals.length, s.calls.length]).toEqual([30, 5, 4, 10]);
			const oldest = NOW.getTime() - 10 * 86_400_000;
			expect(s.tickets.every((t) => t.created_at >= oldest && t.created_at <= t.updated_at && t.updated_at <= NOW.getTime())).toBe(true);
		} finally {
			await small.close();
		}
		const full = await FakePlatform.start({ now: () => NOW, backup: false });
		try {
			const s = full.store;
			expect([s.tickets.length, s.leads.length, s.deals.length, s.calls.length]).toEqual([2600, 2200, 1200, 3000]);
			expect(full.domain).toBe('acme');
			expect(full.token).toBe('fake-token-123');
			expect(full.statusUrl).toBe(`${full.baseUrl}/status`);
			expect(full.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			for (const list of [s.tickets, s.leads, s.deals]) expect(list.every((r) => r.created_at <= r.updated_at)).toBe(true);
			expect(s.calls.every((c) => c.start_time <= c.end_time && c.end_time <= NOW.getTime())).toBe(true);
		} finally {
			await full.close();
		}
	});
});
