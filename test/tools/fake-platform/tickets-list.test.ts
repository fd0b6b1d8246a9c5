import type { FakePlatform } from '../../../tools/fake-platform';
import { TicketListResponse } from '../../../tools/fake-platform/schemas';
import { DAY, NOW, client, expectError, specClock, startPlatform } from './helpers';
// Pinned to the spec platform: query times and stamps in its form.
const { isoZ, stampMs } = specClock;

const now = NOW.getTime();
const D31 = 31 * DAY;

describe('ticket lists', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	const count = (field: 'created_at' | 'updated_at', since: number, to: number) =>
		platform.store.tickets.filter((t) => t[field] >= since && t[field] <= to).length;
	beforeAll(async () => {
		// Asserts the spec's answer shapes (schemas.ts); the real ones: real-records.test.ts.
		platform = await startPlatform({ platform: 'spec' });
		api = client(platform);
	});
	afterAll(() => platform.close());

	describe('v2 rules and messages', () => {
		it('requires one pair', async () => {
			expectError(await api.get('/api/v2/tickets'), 400, 'Request required [updated_since/updated_to] or [created_since/created_to]');
			expectError(await api.get('/api/v2/tickets', { assignee_id: 1001 }), 400, 'Request required [updated_since/updated_to] or [created_since/created_to]');
		});

		it('names the incomplete pair', async () => {
			expectError(await api.get('/api/v2/tickets', { updated_since: isoZ(now - DAY) }), 400, 'Request required [updated_since/updated_to]');
			expectError(await api.get('/api/v2/tickets', { updated_to: isoZ(now) }), 400, 'Request required [updated_since/updated_to]');
			expectError(await api.get('/api/v2/tickets', { created_since: isoZ(now - DAY) }), 400, 'Request required [created_since/created_to]');
			expectError(await api.get('/api/v2/tickets', { created_to: isoZ(now) }), 400, 'Request required [created_since/created_to]');
			// The updated pair wins even when it is the incomplete one.
			expectError(
				await api.get('/api/v2/tickets', { created_since: isoZ(now - DAY), created_to: isoZ(now), updated_since: isoZ(now - DAY) }),
				400,
				'Request required [updated_since/updated_to]',
			);
		});

		it('allows exactly 31 days, refuses more, refuses an empty or reversed span', async () => {
			const ok = await api.get('/api/v2/tickets', { created_since: isoZ(now - D31), created_to: isoZ(now) });
			expect(ok.status).toBe(200);
			expect(TicketListResponse.parse(ok.body).numFound).toBe(count('created_at', now - D31, now));
			const msg = 'created_since must older than created_to and max 31 days';
			expectError(await api.get('/api/v2/tickets', { created_since: isoZ(now - D31 - 1000), created_to: isoZ(now) }), 400, msg);
			expectError(await api.get('/api/v2/tickets', { created_since: isoZ(now), created_to: isoZ(now) }), 400, msg);
			expectError(await api.get('/api/v2/tickets', { created_since: isoZ(now), created_to: isoZ(now - DAY) }), 400, msg);
			expectError(
				await api.get('/api/v2/tickets', { updated_since: isoZ(now - 40 * DAY), updated_to: isoZ(now) }),
				400,
				'updated_since must older than updated_to and max 31 days',
			);
		});

		it('uses the updated pair when both pairs are given, ascending by updated_at then ticket_id', async () => {
			const r = await api.get('/api/v2/tickets', {
				created_since: isoZ(now - 100 * DAY),
				created_to: isoZ(now - 99 * DAY),
				updated_since: isoZ(now - 5 * DAY),
				updated_to: isoZ(now),
				count: 500,
			});
			const body = TicketListResponse.parse(r.body);
			expect(body.numFound).toBe(count('updated_at', now - 5 * DAY, now));
			const times = body.tickets.map((t) => stampMs(t.updated_at));
			expect(times.every((t) => t >= now - 5 * DAY && t <= now)).toBe(true);
			for (let i = 1; i < body.tickets.length; i++) {
				const a = body.tickets[i - 1];
				const b = body.tickets[i];
				expect(times[i - 1] < times[i] || (times[i - 1] === times[i] && a.ticket_id < b.ticket_id)).toBe(true);
			}
		});

		it('includes both window bounds', async () => {
			const t = platform.store.tickets[1000];
			const r1 = await api.get('/api/v2/tickets', { created_since: isoZ(t.created_at), created_to: isoZ(t.created_at + 1000) });
			expect(TicketListResponse.parse(r1.body).tickets.map((x) => x.ticket_id)).toContain(t.ticket_id);
			const r2 = await api.get('/api/v2/tickets', { created_since: isoZ(t.created_at - 1000), created_to: isoZ(t.created_at), count: 500 });
			expect(TicketListResponse.parse(r2.body).tickets.map((x) => x.ticket_id)).toContain(t.ticket_id);
		});

		it("refuses user-dependent and unknown saved filters with Can't get this filter!, applies others", async () => {
			const w = { created_since: isoZ(now - 30 * DAY), created_to: isoZ(now) };
			for (const id of [999, 998, 12345]) expectError(await api.get('/api/v2/tickets', { ...w, filter_id: id }), 400, "Can't get this filter!");
			const r = TicketListResponse.parse((await api.get('/api/v2/tickets', { ...w, filter_id: 1, count: 500 })).body);
			expect(r.numFound).toBeGreaterThan(0);
			expect(r.tickets.every((t) => t.ticket_status === 'new')).toBe(true);
		});

		it('validates date formats and ids', async () => {
			expectError(await api.get('/api/v2/tickets', { created_since: '2025-05-01', created_to: isoZ(now) }), 400, 'invalid value: created_since');
			expectError(await api.get('/api/v2/tickets', { created_since: '2025-05-01T00:00:00.000Z', created_to: isoZ(now) }), 400, 'invalid value: created_since');
			expectError(await api.get('/api/v2/tickets', { created_since: isoZ(now - DAY), created_to: 'yesterday' }), 400, 'invalid value: created_to');
			expectError(await api.get('/api/v2/tickets', { created_since: isoZ(now - DAY), created_to: isoZ(now), assignee_id: 'me' }), 400, 'invalid value: assignee_id');
			// An unencoded '+' arrives as a space and is refused; an encoded one is a valid offset.
			const raw = await api.raw('GET', `/${platform.domain}/api/v2/tickets?created_since=2025-05-20T07:00:00+07:00&created_to=2025-05-21T00:00:00Z`);
			expectError(raw, 400, 'invalid value: created_since');
			const end = isoZ(Date.parse('2025-05-21T00:00:00Z'));
			const zoned = await api.get('/api/v2/tickets', { created_since: '2025-05-20T07:00:00+07:00', created_to: end });
			const utc = await api.get('/api/v2/tickets', { created_since: isoZ(Date.parse('2025-05-20T00:00:00Z')), created_to: end });
			expect(zoned.body).toEqual(utc.body);
		});

		it('filters by requester, assignee and service', async () => {
			const w = { created_since: isoZ(now - 31 * DAY), created_to: isoZ(now), count: 500 };
			const body = TicketListResponse.parse((await api.get('/api/v2/tickets', { ...w, assignee_id: 1003, service_id: 201 })).body);
			expect(body.numFound).toBe(
				platform.store.tickets.filter((t) => t.created_at >= now - D31 && t.assignee_id === 1003 && t.service_id === 201).length,
			);
			expect(body.tickets.every((t) => t.assignee_id === 1003 && t.service_id === 201 && t.assignee?.id === 1003)).toBe(true);
			const someone = platform.store.tickets[2500].requester_id;
			const byRequester = TicketListResponse.parse((await api.get('/api/v2/tickets', { ...w, requester_id: someone })).body);
			expect(byRequester.tickets.every((t) => t.requester_id === someone && t.requester.id === someone)).toBe(true);
		});
	});

	describe('pagination', () => {
		const w = { created_since: isoZ(now - D31), created_to: isoZ(now) };
		it('defaults to page 1 of 50', async () => {
			const body = TicketListResponse.parse((await api.get('/api/v2/tickets', w)).body);
			expect(body.numFound).toBeGreaterThan(500);
			expect(body.tickets).toHaveLength(50);
		});

		it('caps count at 500 and pages through every match once', async () => {
			const p1 = TicketListResponse.parse((await api.get('/api/v2/tickets', { ...w, count: 1000 })).body);
			expect(p1.tickets).toHaveLength(500);
			const p2 = TicketListResponse.parse((await api.get('/api/v2/tickets', { ...w, count: 500, page: 2 })).body);
			expect(p2.numFound).toBe(p1.numFound);
			expect(p2.tickets).toHaveLength(p1.numFound - 500);
			const ids = [...p1.tickets, ...p2.tickets].map((t) => t.ticket_id);
			expect(new Set(ids).size).toBe(p1.numFound);
			const p3 = TicketListResponse.parse((await api.get('/api/v2/tickets', { ...w, count: 500, page: 3 })).body);
			expect(p3.tickets).toHaveLength(0);
		});

		it('refuses page or count below 1', async () => {
			expectError(await api.get('/api/v2/tickets', { ...w, page: 0 }), 400, 'invalid value: page');
			expectError(await api.get('/api/v2/tickets', { ...w, count: 0 }), 400, 'invalid value: count');
		});
	});

	describe('v1 window adjustment', () => {
		const ids = async (query: Record<string, string | number>) => {
			const all: number[] = [];
			for (let page = 1; ; page++) {
				const b = TicketListResponse.parse((await api.get('/api/v1/tickets', { ...query, count: 500, page })).body);
				all.push(...b.tickets.map((t) => t.ticket_id));
				if (all.length >= b.numFound) return { numFound: b.numFound, ids: all };
			}
		};
		const expected = (field: 'created_at' | 'updated_at', since: number, to: number) =>
			platform.store.tickets.filter((t) => t[field] >= since && t[field] <= to).map((t) => t.ticket_id);

		it('requires created_since or updated_since', async () => {
			expectError(await api.get('/api/v1/tickets'), 400, 'Request required [updated_since] or [created_since]');
			expectError(await api.get('/api/v1/tickets', { created_to: isoZ(now) }), 400, 'Request required [updated_since] or [created_since]');
		});

		it('(1) only an old start: covers the 31 days up to now', async () => {
			const r = await ids({ created_since: isoZ(now - 60 * DAY) });
			expect(r.numFound).toBe(count('created_at', now - D31, now));
			expect(new Set(r.ids)).toEqual(new Set(expected('created_at', now - D31, now)));
		});

		it('(1) only a recent start: used as given', async () => {
			const r = await ids({ created_since: isoZ(now - 10 * DAY) });
			expect(r.numFound).toBe(count('created_at', now - 10 * DAY, now));
		});

		it('(2) start and end more than 31 days apart: start becomes end minus 31 days', async () => {
			const to = now - 10 * DAY;
			const r = await ids({ created_since: isoZ(now - 90 * DAY), created_to: isoZ(to) });
			expect(new Set(r.ids)).toEqual(new Set(expected('created_at', to - D31, to)));
		});

		it('(3) start and end within 31 days: used as given', async () => {
			const r = await ids({ created_since: isoZ(now - 20 * DAY), created_to: isoZ(now - 5 * DAY) });
			expect(new Set(r.ids)).toEqual(new Set(expected('created_at', now - 20 * DAY, now - 5 * DAY)));
		});

		it('(4) created_since and updated_since both given: updated_since wins', async () => {
			const r = await ids({ created_since: isoZ(now - 100 * DAY), updated_since: isoZ(now - 3 * DAY) });
			expect(new Set(r.ids)).toEqual(new Set(expected('updated_at', now - 3 * DAY, now)));
		});

		it('answers the v1 envelope with ISO Z times', async () => {
			const b = TicketListResponse.parse((await api.get('/api/v1/tickets', { updated_since: isoZ(now - DAY) })).body);
			expect(b.tickets.length).toBeLessThanOrEqual(50);
			expect(b.tickets[0].updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
		});
	});
});
