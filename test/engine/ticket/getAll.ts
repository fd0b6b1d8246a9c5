/** Ticket → Get Many: registered by ticket.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { FakePlatform } from '../../../tools/fake-platform';
import { accountOf, jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { queryTime } from '../helpers/platform-clock';
import { DAY, platform, iso, sec, apiRequests, byField, ticketsIn, expectContiguousWindows } from './helpers/context';

describe('Ticket → Get Many', () => {
	test('v2 by default: ISO dates in the query, every ticket of the range in the API order, simplified', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 10 * DAY;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', since: iso(since), to: iso(to), returnAll: true },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const lists = apiRequests();
		expect(lists).toHaveLength(1);
		expect(lists[0].path).toBe('/acme/api/v2/tickets');
		expect(lists[0].query).toEqual({ updated_since: queryTime(since, { platform }), updated_to: queryTime(to, { platform }), page: '1', count: '500' });
		const output = jsonOf(run);
		expect(output.map((ticket) => ticket.ticket_id)).toEqual(ticketsIn('updated_at', since, to).map((ticket) => ticket.ticket_id));
		const withFields = output.find((ticket) => Object.keys(ticket.custom_fields as IDataObject).length > 0)!;
		expect(Array.isArray(withFields.custom_fields)).toBe(false);
	});

	test('the V1 option reads /api/v1/tickets, by created date, raw', async () => {
		const to = sec(Date.now() - 2 * DAY);
		const since = to - 5 * DAY;
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				dateField: 'created',
				since: iso(since),
				to: iso(to),
				returnAll: true,
				options: { version: 'v1' },
				simplify: false,
			},
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const lists = apiRequests();
		expect(lists).toHaveLength(1);
		expect(lists[0].path).toBe('/acme/api/v1/tickets');
		expect(lists[0].query).toEqual({ created_since: queryTime(since, { platform }), created_to: queryTime(to, { platform }), page: '1', count: '500' });
		expect(jsonOf(run)).toEqual((lists[0].response as { tickets: IDataObject[] }).tickets);
		expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(ticketsIn('created_at', since, to).map((ticket) => ticket.ticket_id));
	});

	test('a 95-day updated range: ≤ 31-day windows without gap or overlap, every ticket exactly once, no 400', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 95 * DAY;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', since: iso(since), to: iso(to), returnAll: true, simplify: false },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const lists = apiRequests();
		expect(lists.every((request) => request.status === 200 && request.path === '/acme/api/v2/tickets')).toBe(true);
		expect(expectContiguousWindows(lists, 'updated_since', 'updated_to', since, to)).toHaveLength(4);
		const ids = jsonOf(run).map((ticket) => ticket.ticket_id);
		expect(new Set(ids).size).toBe(ids.length);
		const expected = ticketsIn('updated_at', since, to);
		expect(expected.length).toBeGreaterThan(1000);
		expect(ids).toEqual(expected.map((ticket) => ticket.ticket_id));
	});

	test.each([31, 62])('a range of exactly %i days: no window of zero length, so no 400', async (days) => {
		const to = sec(Date.now() - DAY);
		const since = to - days * DAY;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', since: iso(since), to: iso(to), returnAll: true, simplify: false },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const lists = apiRequests();
		expect(lists.every((request) => request.status === 200)).toBe(true);
		const windows = expectContiguousWindows(lists, 'updated_since', 'updated_to', since, to);
		expect(windows.every(([start, end]) => end > start)).toBe(true);
		expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(ticketsIn('updated_at', since, to).map((ticket) => ticket.ticket_id));
	});

	test('Return All over more than 2,000 tickets, in the API order', async () => {
		const to = sec(Date.now() + 60_000);
		const since = to - 140 * DAY;
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				dateField: 'created',
				since: iso(since),
				to: iso(to),
				returnAll: true,
				simplify: false,
			},
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const expected = ticketsIn('created_at', since, to);
		expect(expected.length).toBeGreaterThan(2000);
		expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(expected.map((ticket) => ticket.ticket_id));
		const lists = apiRequests();
		expect(lists.every((request) => request.status === 200 && request.query.count === '500')).toBe(true);
		expect(lists.length).toBeGreaterThanOrEqual(Math.ceil(expected.length / 500));
	});

	test('Return All over more than 2,000 tickets in one window: every page, in the API order', async () => {
		const local = await FakePlatform.start({ size: { tickets: 2300, days: 20 } });
		try {
			const to = sec(Date.now() + 60_000);
			const since = to - 25 * DAY;
			const run = await runNode({
				parameters: { resource: 'ticket', operation: 'getAll', since: iso(since), to: iso(to), returnAll: true, simplify: false },
				account: accountOf(local),
			});
			expect(run.error).toBeUndefined();
			const expected = local.store.tickets.filter((ticket) => ticket.updated_at >= since && ticket.updated_at <= to).sort(byField('updated_at'));
			expect(expected.length).toBe(2300);
			expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(expected.map((ticket) => ticket.ticket_id));
			const pages = local.requests({ path: '/api/v2/tickets' }).map((request) => Number(request.query.page)).sort((a, b) => a - b);
			expect(pages).toEqual([1, 2, 3, 4, 5]);
		} finally {
			await local.close();
		}
	});

	test('Limit returns the first tickets in the API order and asks for no more', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 95 * DAY;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', since: iso(since), to: iso(to), returnAll: false, limit: 30, simplify: false },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(
			ticketsIn('updated_at', since, to).slice(0, 30).map((ticket) => ticket.ticket_id),
		);
		const lists = apiRequests();
		expect(lists).toHaveLength(1);
		expect(lists[0].query).toMatchObject({ page: '1', count: '30' });
	});

	test('filters go into the query', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 30 * DAY;
		const sample = ticketsIn('updated_at', since, to).find(
			(ticket) => ticket.assignee_id !== null && ticket.service_id !== null && ['open', 'pending'].includes(ticket.ticket_status),
		)!;
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				since: iso(since),
				to: iso(to),
				returnAll: true,
				simplify: false,
				filters: { assignee_id: sample.assignee_id, requester_id: sample.requester_id, service_id: sample.service_id, filter_id: 2 },
			},
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect(apiRequests()[0].query).toEqual({
			updated_since: queryTime(since, { platform }),
			updated_to: queryTime(to, { platform }),
			assignee_id: String(sample.assignee_id),
			requester_id: String(sample.requester_id),
			service_id: String(sample.service_id),
			filter_id: '2',
			page: '1',
			count: '500',
		});
		const expected = ticketsIn('updated_at', since, to).filter(
			(ticket) =>
				ticket.assignee_id === sample.assignee_id &&
				ticket.requester_id === sample.requester_id &&
				ticket.service_id === sample.service_id &&
				['open', 'pending'].includes(ticket.ticket_status),
		);
		expect(expected.map((ticket) => ticket.ticket_id)).toContain(sample.ticket_id);
		expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(expected.map((ticket) => ticket.ticket_id));
	});

	// The fake's seed (tools/fake-platform/README.md): live chat is service 204, the Facebook page 206,
	// the Zalo OA 209; a ticket's channel is the one its service serves.
	test.each([
		['zalo', 'v2', 'updated', '3', 209],
		['messenger', 'v1', 'created', '1', 206],
		['liveChat', 'v2', 'created', '0', 204],
	] as const)('Channel %s (%s list, %s): sends conversation_type=%s, and only that channel\'s tickets come back', async (channel, version, dateField, sent, serviceId) => {
		const to = sec(Date.now() - DAY);
		const since = to - 30 * DAY;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', dateField, since: iso(since), to: iso(to), returnAll: true, simplify: false, filters: { conversation_type: channel }, options: { version } },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const lists = apiRequests();
		expect(lists.map((request) => request.path)).toEqual([`/acme/api/${version}/tickets`]);
		expect(lists[0].query).toEqual({
			[`${dateField}_since`]: queryTime(since, { platform }),
			[`${dateField}_to`]: queryTime(to, { platform }),
			conversation_type: sent,
			page: '1',
			count: '500',
		});
		const field = dateField === 'updated' ? 'updated_at' : 'created_at';
		const inRange = ticketsIn(field, since, to);
		const expected = inRange.filter((ticket) => ticket.service_id === serviceId).map((ticket) => ticket.ticket_id);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(inRange.length);
		expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(expected);
	});

	test('Channel from an expression: the number is sent as it is; anything else is refused before sending', async () => {
		const parameters = (conversation_type: string) => ({ resource: 'ticket', operation: 'getAll', since: iso(Date.now() - 5 * DAY), returnAll: true, filters: { conversation_type } });
		const byNumber = await runNode({ parameters: parameters('={{ "3" }}'), account: accountOf(platform) });
		expect(byNumber.error).toBeUndefined();
		expect(apiRequests()[0].query.conversation_type).toBe('3');

		platform.clearLog();
		const refused = await runNode({ parameters: parameters('={{ "facebook" }}'), account: accountOf(platform) });
		expect(refused.error?.message).toBe('Channel (conversation_type) must be one of 0, 1, 3; got "facebook" [item 0]');
		expect(platform.requests()).toHaveLength(0);
	});

	test("a saved filter that depends on the user: the API's message", async () => {
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				since: iso(Date.now() - 5 * DAY),
				returnAll: true,
				filters: { filter_id: 999 },
			},
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe("Can't get this filter!");
	});

	test('To before From: field and item named, nothing sent', async () => {
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				dateField: 'created',
				since: '2026-02-10T00:00:00Z',
				to: '2026-02-01T00:00:00Z',
				returnAll: true,
			},
			account: accountOf(platform),
		});
		// The bounds as the user gave them, whatever form the platform played reads.
		expect(run.error?.message).toBe(
			'To (created_to) 2026-02-01T00:00:00Z must be after From (created_since) 2026-02-10T00:00:00Z, by at least a whole second: the platform stamps records to the second [item 0]',
		);
		expect(platform.requests()).toHaveLength(0);
	});
});
