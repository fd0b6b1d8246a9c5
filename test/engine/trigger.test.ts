// @modes: spec strict backoff
/**
 * The polling trigger run by n8n-core (PollContext + TriggersAndPollers) against the fake
 * platform, with data changed between polls through the platform's store. Time is a test
 * clock that jumps: "a second later" costs nothing.
 */
import { FakePlatform } from '../../tools/fake-platform';
import { clockedNow, useTestClock } from './helpers/clock';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, TriggerRun } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

const clock = useTestClock();
useFakePlatform((started) => (platform = started), { now: clockedNow });

const DAY = 86_400_000;
const second = (ms: number) => Math.floor(ms / 1000) * 1000;

function trigger(event: string, extra: Record<string, unknown> = {}) {
	return new TriggerRun({ event, options: { simplify: false }, ...extra }, accountOf(platform));
}

/** A trigger that has been activated (its first poll ran and set its cursor). */
async function activated(event: string, extra: Record<string, unknown> = {}) {
	const run = trigger(event, extra);
	expect(await run.poll()).toBeNull();
	return run;
}

const idsOf = (items: Array<Record<string, unknown>> | null) => (items ?? []).map((item) => item.ticket_id);

describe('Ticket Updated', () => {
	test('first activation starts from now: no history, no request', async () => {
		const run = trigger('ticketUpdated');
		expect(await run.poll()).toBeNull();
		expect(platform.requests()).toHaveLength(0);
		expect(run.state.cursor).toBeGreaterThan(Date.now() - 5000);
	});

	test('1,200 tickets updated between two polls are emitted once, oldest first', async () => {
		const run = await activated('ticketUpdated');
		const start = second(Date.now()) + 1000;
		const ids = platform.store.tickets.slice(0, 1200).map((ticket) => ticket.ticket_id);
		ids.forEach((id, index) => platform.store.updateTicket(id, { ticket_subject: `changed ${index}` }, start + (index % 3) * 1000));
		clock.set(start + 3000);

		const items = await run.poll();
		expect(items).toHaveLength(1200);
		expect(new Set(idsOf(items))).toEqual(new Set(ids));
		const times = items!.map((item) => Date.parse(String(item.updated_at)));
		expect(times).toEqual([...times].sort((a, b) => a - b));
		// More than 500 changes: the poll paged through all of them.
		expect(platform.requests().length).toBeGreaterThanOrEqual(3);

		expect(await run.poll()).toBeNull();
	});

	test('updates on the cursor second are neither lost nor repeated', async () => {
		const run = await activated('ticketUpdated');
		const [first, other] = platform.store.tickets.slice(10, 12).map((ticket) => ticket.ticket_id);
		const onTheSecond = second(Date.now()) + 1000;
		platform.store.updateTicket(first, { ticket_subject: 'first on the second' }, onTheSecond);
		clock.set(onTheSecond + 1000);
		expect(idsOf(await run.poll())).toEqual([first]);
		expect(run.state.seen).toEqual({ [onTheSecond / 1000]: [String(first)] });
		// Statuses are remembered only for Status Becomes.
		expect(run.state.lastStatus).toBeUndefined();

		// Another change stamped with the very same second reaches the API after that poll.
		platform.store.updateTicket(other, { ticket_subject: 'second on the second' }, onTheSecond);
		expect(idsOf(await run.poll())).toEqual([other]);
		expect(await run.poll()).toBeNull();
	});

	test('the same update seen by two overlapping polls is emitted once', async () => {
		const run = await activated('ticketUpdated');
		const id = platform.store.tickets[20].ticket_id;
		const at = second(Date.now()) + 1000;
		platform.store.updateTicket(id, { ticket_subject: 'seen twice' }, at);
		clock.set(at + 1000);
		// n8n can run a poll twice: both read the same window, one emits.
		const [a, b] = await Promise.all([run.poll(), run.poll()]);
		expect([...idsOf(a), ...idsOf(b)]).toEqual([id]);
		// A later poll re-reads the overlap and still emits nothing.
		expect(await run.poll()).toBeNull();
	});

	test('a poll that fails mid-pagination emits nothing and keeps its cursor; the next emits everything', async () => {
		const run = await activated('ticketUpdated');
		const at = second(Date.now()) + 1000;
		const ids = platform.store.tickets.slice(100, 1300).map((ticket) => ticket.ticket_id);
		for (const id of ids) platform.store.updateTicket(id, { ticket_subject: 'bulk' }, at);
		clock.set(at + 1000);
		const before = JSON.stringify(run.state);

		// Every try after the first two pages fails (a lone 500 is retried and would not fail the poll).
		platform.inject({ kind: 'status', status: 500, message: 'Server Error', path: '/acme/api/v2/tickets', skip: 2 });
		await expect(run.poll()).rejects.toThrow('HTTP 500');
		expect(JSON.stringify(run.state)).toBe(before);
		expect(platform.requests().some((request) => request.status === 500)).toBe(true);
		platform.clearFaults();

		const items = await run.poll();
		expect(new Set(idsOf(items))).toEqual(new Set(ids));
		expect(items).toHaveLength(ids.length);
	});

	test('a 40-day outage is caught up window by window', async () => {
		const run = trigger('ticketUpdated');
		const downSince = second(Date.now() - 40 * DAY);
		// What n8n had saved before it went down 40 days ago.
		run.persisted = {
			'node:Customer Care Trigger': { cursor: downSince, floor: downSince, remembersFrom: downSince, seen: {} },
		};
		run.restart();

		const items = await run.poll();
		const expected = platform.store.tickets
			.filter((ticket) => ticket.updated_at >= downSince - 120_000 && ticket.updated_at >= downSince)
			.map((ticket) => ticket.ticket_id);
		expect(items).toHaveLength(expected.length);
		expect(new Set(idsOf(items))).toEqual(new Set(expected));
		const windows = platform.requests().filter((request) => request.query.page === '1');
		expect(windows).toHaveLength(2);
		for (const window of windows) {
			const span = Date.parse(window.query.updated_to) - Date.parse(window.query.updated_since);
			expect(span).toBeLessThanOrEqual(31 * DAY);
		}
		expect(platform.requests().every((request) => request.status === 200)).toBe(true);
	});

	test('a poll that finds nothing costs one request', async () => {
		// A platform of its own: the other tests' changes would be in the re-read overlap.
		const quiet = await FakePlatform.start({ now: clockedNow });
		try {
			const run = new TriggerRun({ event: 'ticketUpdated' }, accountOf(quiet));
			expect(await run.poll()).toBeNull();
			clock.advance(1000);
			expect(await run.poll()).toBeNull();
			clock.advance(1000);
			expect(await run.poll()).toBeNull();
			expect(quiet.requests()).toHaveLength(2);
			for (const request of quiet.requests()) {
				expect(request).toMatchObject({ path: '/acme/api/v2/tickets', query: { page: '1', count: '500' }, status: 200 });
			}
		} finally {
			await quiet.close();
		}
	});

	test('after a restart, what an unsaved idle poll read is not lost nor repeated', async () => {
		const run = await activated('ticketUpdated');
		const [a, b] = platform.store.tickets.slice(30, 32).map((ticket) => ticket.ticket_id);
		let at = second(Date.now()) + 1000;
		platform.store.updateTicket(a, { ticket_subject: 'saved' }, at);
		clock.set(at + 1000);
		expect(idsOf(await run.poll())).toEqual([a]);
		clock.advance(1000);
		expect(await run.poll()).toBeNull(); // idle: n8n may not save this one
		expect(platform.requests()).toHaveLength(2);

		at = second(Date.now()) + 1000;
		platform.store.updateTicket(b, { ticket_subject: 'after restart' }, at);
		clock.set(at + 1000);
		run.restart();
		expect(idsOf(await run.poll())).toEqual([b]);
	});

	test('Status Becomes emits only when the status turns into a chosen one', async () => {
		const run = await activated('ticketUpdated', { filters: { ticket_statuses: ['pending'] } });
		const id = platform.store.tickets.find((ticket) => ticket.ticket_status === 'open')!.ticket_id;
		let at = second(Date.now()) + 1000;
		platform.store.updateTicket(id, { ticket_status: 'pending' }, at);
		clock.set(at + 1000);
		expect(idsOf(await run.poll())).toEqual([id]);

		at = second(Date.now()) + 1000;
		platform.store.updateTicket(id, { ticket_subject: 'still pending' }, at);
		clock.set(at + 1000);
		expect(await run.poll()).toBeNull();
	});

	test('an Overlap that is not a number of seconds ≥ 0 is refused before any request', async () => {
		const run = trigger('ticketUpdated', { options: { overlapSeconds: '={{ -5 }}' } });
		await expect(run.poll()).rejects.toThrow('Overlap (Seconds) is -5; a number of seconds of 0 or more is allowed');
		expect(platform.requests()).toHaveLength(0);
	});

	test('filters go to the API', async () => {
		const agent = platform.store.agents[0].id;
		const run = await activated('ticketUpdated', { filters: { assignee_id: agent } });
		clock.advance(1000);
		await run.poll();
		expect(platform.requests()[0].query).toMatchObject({ assignee_id: String(agent) });
	});
});

describe('other events', () => {
	test('Ticket Created watches the creation window', async () => {
		const run = await activated('ticketCreated');
		const at = second(Date.now()) + 1000;
		const ticket = platform.store.createTicket({ ticket_subject: 'brand new', phone: '0900000001' }, at);
		clock.set(at + 1000);
		expect(idsOf(await run.poll())).toEqual([ticket.ticket_id]);
		expect(platform.requests()[0].query).toHaveProperty('created_since');
	});

	test('Lead Created and Deal Closed', async () => {
		const leads = await activated('leadCreated');
		const deals = await activated('dealClosed', { filters: { closed_types: [1] } });
		const at = second(Date.now()) + 1000;
		const lead = platform.store.createLead({ subject: 'new lead', phone: '0900000002' }, at);
		const open = platform.store.deals.find((deal) => deal.closed_at === null)!;
		platform.store.updateDeal(open.id, { closed_at: at, closed_type: 1 }, at);
		clock.set(at + 1000);

		expect((await leads.poll())!.map((item) => item.id)).toEqual([lead.id]);
		expect((await deals.poll())!.map((item) => item.id)).toEqual([open.id]);
		const dealQuery = platform.requests({ path: '/acme/api/v1/deals' })[0].query;
		expect(dealQuery).toMatchObject({ closed_type: '1' });
		expect(dealQuery).toHaveProperty('closed_since');
	});

	test('Missed Call asks for missed calls ended in the window', async () => {
		const run = await activated('missedCall');
		const at = second(Date.now()) + 1000;
		const call = platform.store.createCall({ call_status: 'miss', start_time: at - 30_000, end_time: at, missed_reason: 'missed_customer' });
		clock.set(at + 1000);
		const emitted = (await run.poll())!;
		expect(emitted.map((item) => item.id)).toEqual([call.id]);
		// Simplify off: the call as listed (`caller_number` comes with Simplify, test/engine/simplify-trigger.test.ts).
		expect(emitted[0]).toMatchObject({ caller: call.caller });
		expect(emitted[0]).not.toHaveProperty('caller_number');
		expect(platform.requests()[0].query).toMatchObject({ call_status: 'miss' });
		expect(platform.requests()[0].query).toHaveProperty('end_time_since');
		// start_time_since is "marked required": sent as a window of 31 days less a second that ends
		// with the end_time window (docs/api.md#where-the-spec-is-unclear).
		const callRequests = platform.requests({ path: '/acme/api/v1/calls' });
		expect(callRequests.length).toBeGreaterThan(0);
		for (const { query } of callRequests) {
			expect(query.start_time_to).toBe(query.end_time_to);
			expect(Date.parse(query.start_time_to) - Date.parse(query.start_time_since)).toBe(31 * 24 * 3600 * 1000 - 1000);
		}
	});

	test('Monitor Status Changed: DOWN, then UP, gives two events, one request per poll', async () => {
		const monitor = platform.store.monitors[1];
		// Simplify on: the UP/DOWN labels.
		const run = await activated('monitorStatusChanged', { options: {} });
		expect(await run.poll()).toBeNull();

		platform.store.setMonitorStatus(monitor.id, 0);
		const down = await run.poll();
		expect(down).toEqual([expect.objectContaining({ id: monitor.id, status: 0, status_label: 'DOWN', previous_status_label: 'UP' })]);

		platform.store.setMonitorStatus(monitor.id, 1);
		const up = await run.poll();
		expect(up).toEqual([expect.objectContaining({ id: monitor.id, status: 1, status_label: 'UP', previous_status_label: 'DOWN' })]);

		expect(platform.requests().map((request) => request.path)).toEqual(Array(4).fill('/status/api/v1/heartbeat'));
	});
});

describe('Fetch Test Event', () => {
	test('returns a small recent sample and leaves the cursor alone', async () => {
		const run = trigger('ticketUpdated');
		const items = await run.poll('manual');
		expect(items!.length).toBeGreaterThan(0);
		expect(items!.length).toBeLessThanOrEqual(3);
		expect(run.state.cursor).toBeUndefined();
	});

	test('reads every page through the list reader, the last hour first, then the last day', async () => {
		clock.advance(30 * DAY); // nothing changed since
		const now = second(Date.now());
		const ids = platform.store.tickets.slice(1500, 2100).map((ticket) => ticket.ticket_id);
		ids.forEach((id, n) => platform.store.updateTicket(id, { ticket_subject: 'sample' }, now - 3000_000 + n * 5000));
		const newest = ids.slice(-3);

		const fromTheHour = await trigger('ticketUpdated').poll('manual');
		expect(idsOf(fromTheHour)).toEqual(newest);
		const hourPages = platform.requests({ path: '/tickets' });
		expect(hourPages.map((request) => request.query.page)).toEqual(['1', '2']);
		for (const request of hourPages) {
			expect(Date.parse(request.query.updated_to) - Date.parse(request.query.updated_since)).toBe(3600_000);
		}

		platform.clearLog();
		clock.advance(2 * 3600_000);
		const fromTheDay = await trigger('ticketUpdated').poll('manual');
		expect(idsOf(fromTheDay)).toEqual(newest);
		const spans = platform
			.requests({ path: '/tickets' })
			.map((request) => [request.query.page, (Date.parse(request.query.updated_to) - Date.parse(request.query.updated_since)) / 3600_000]);
		expect(spans).toEqual([
			['1', 1],
			['1', 24],
			['2', 24],
		]);
	});

	test('says so clearly when there is nothing to show', async () => {
		const run = trigger('leadCreated', { filters: { requester_id: 987654321 } });
		await expect(run.poll('manual')).rejects.toThrow('No lead matched "Lead Created" in the last 7 days');
	});
});
