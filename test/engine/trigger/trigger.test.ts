/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: spec strict backoff
/**
 * The polling trigger run by n8n-core (PollContext + TriggersAndPollers) against the fake platform,
 * data changed between polls through the platform's store, on a test clock that jumps.
 */
import { FakePlatform } from '../../../tools/fake-platform';
import { clockedNow, useTestClock } from '../helpers/clock';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, TriggerRun } from '../../../tools/engine-harness/harness';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import './agentStatusChanged';
// Bounded polls (a catch-up under a small poll budget), with a fake of their own: one n8n load for the folder.
import './bounded-polls';

/**
 * The polling trigger run by n8n-core (PollContext + TriggersAndPollers) against the fake
 * platform, with data changed between polls through the platform's store. Time is a test
 * clock that jumps: "a second later" costs nothing.
 */
describe('Customer Care Trigger', () => {
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

		test.each([
			['without numFound', 'missing'],
			['with an absurd numFound (1e12)', 'absurd'],
			['with numFound "1,234"', 'text'],
		] as const)('1,200 tickets updated between two polls, every list answer %s: each emitted once, none lost, the cursor past them only once read', async (_label, countAs) => {
			const run = await activated('ticketUpdated');
			const start = second(Date.now()) + 1000;
			const ids = platform.store.tickets.slice(0, 1200).map((ticket) => ticket.ticket_id);
			ids.forEach((id, index) => platform.store.updateTicket(id, { ticket_subject: `counted ${index}` }, start + (index % 3) * 1000));
			clock.set(start + 3000);
			platform.inject({ kind: 'wrongCount', countAs, path: '/acme/api/v2/tickets' });

			const items = await run.poll();
			expect(new Set(idsOf(items))).toEqual(new Set(ids));
			expect(items).toHaveLength(1200);
			// Read one page after another until the short third one: nothing planned from the count.
			expect(platform.requests({ path: '/acme/api/v2/tickets' }).map((request) => request.query.page)).toEqual(['1', '2', '3']);
			expect(run.state.cursor).toBe(start + 3000);
			expect(await run.poll()).toBeNull();
		});

		test('1,200 tickets updated between two polls, every list answer saying numFound 500 (one full page): each emitted once, none lost', async () => {
			const run = await activated('ticketUpdated');
			const start = second(Date.now()) + 1000;
			const ids = platform.store.tickets.slice(0, 1200).map((ticket) => ticket.ticket_id);
			ids.forEach((id, index) => platform.store.updateTicket(id, { ticket_subject: `one page said ${index}` }, start + (index % 3) * 1000));
			clock.set(start + 3000);
			platform.inject({ kind: 'wrongCount', countAs: 'onePage', path: '/acme/api/v2/tickets' });

			const emitted: unknown[] = [];
			for (let poll = 0; poll < 5; poll++) emitted.push(...idsOf((await run.poll()) ?? []));
			expect(emitted).toHaveLength(1200);
			expect(new Set(emitted)).toEqual(new Set(ids));
		});

		test('every other list answer without numFound, so no read of the part holds still: the poll emits nothing and keeps its cursor; the next emits every change once', async () => {
			const run = await activated('ticketUpdated');
			const start = second(Date.now()) + 1000;
			const ids = platform.store.tickets.slice(0, 1200).map((ticket) => ticket.ticket_id);
			ids.forEach((id, index) => platform.store.updateTicket(id, { ticket_subject: `unsteady ${index}` }, start + (index % 2) * 1000));
			clock.set(start + 2000);
			const cursorBefore = run.state.cursor;
			// The 2nd, 4th, 6th … list request answers without a count: every read of 3 pages sees its count change.
			for (let n = 0; n < 200; n++) platform.inject({ kind: 'wrongCount', path: '/acme/api/v2/tickets', skip: 2 * n + 1, times: 1 });

			expect(await run.poll()).toBeNull();
			expect(run.state.cursor).toBe(cursorBefore);
			platform.clearFaults();

			const items = await run.poll();
			expect(new Set(idsOf(items))).toEqual(new Set(ids));
			expect(items).toHaveLength(1200);
		});

		test('a platform that ignores "page": the poll fails saying so, keeps its cursor, and the next emits every change once', async () => {
			const run = await activated('ticketUpdated');
			const at = second(Date.now()) + 1000;
			const ids = platform.store.tickets.slice(100, 1300).map((ticket) => ticket.ticket_id);
			for (const id of ids) platform.store.updateTicket(id, { ticket_subject: 'paged' }, at);
			clock.set(at + 1000);
			const before = JSON.stringify(run.state);

			platform.inject({ kind: 'ignorePage', path: '/acme/api/v2/tickets' });
			await expect(run.poll()).rejects.toThrow('The platform ignored "page": page 2 of GET /api/v2/tickets repeats the records of page 1');
			expect(JSON.stringify(run.state)).toBe(before);
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

		test('Channel: sends conversation_type and emits only the tickets of that chat channel; a value that is no channel is refused before any request', async () => {
			// Seed: the Zalo OA is service 209, the website live chat 204 (a ticket's channel is its service's).
			const run = await activated('ticketUpdated', { filters: { conversation_type: 'zalo' } });
			const [zalo, liveChat] = [209, 204].map((serviceId) => platform.store.tickets.find((ticket) => ticket.service_id === serviceId)!.ticket_id);
			const at = second(Date.now()) + 1000;
			for (const id of [zalo, liveChat]) platform.store.updateTicket(id, { ticket_subject: 'a chat came in' }, at);
			clock.set(at + 1000);
			expect(idsOf(await run.poll())).toEqual([zalo]);
			const lists = platform.requests({ path: '/tickets' });
			expect(lists.length).toBeGreaterThan(0);
			for (const request of lists) expect(request.query.conversation_type).toBe('3');

			platform.clearLog();
			const refused = trigger('ticketCreated', { filters: { conversation_type: '={{ "sms" }}' } });
			await expect(refused.poll()).rejects.toThrow('Channel (conversation_type) must be one of liveChat, messenger, zalo; got "sms"');
			expect(platform.requests()).toHaveLength(0);
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
			// Simplify off: the call as listed (`caller_number` comes with Simplify, test/engine/simplify/simplify.test.ts).
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

		test('Monitor Status Changed: monitors whose ids name what every object inherits (constructor, __proto__, toString) fire no change when they appear, and each real change once', async () => {
			const run = await activated('monitorStatusChanged', { options: {} });
			expect(await run.poll()).toBeNull();

			// Monitors the heartbeat starts to list, with ids a plain object's prototype holds.
			const template = platform.store.monitors[0];
			const ids = ['constructor', '__proto__', 'toString'];
			for (const [index, id] of ids.entries()) {
				platform.store.monitors.push({ ...template, id: id as unknown as number, name: `Monitor ${id}`, status: index === 1 ? 0 : 1 });
			}
			try {
				expect(await run.poll()).toBeNull();

				platform.store.setMonitorStatus('constructor' as unknown as number, 0);
				platform.store.setMonitorStatus('__proto__' as unknown as number, 1);
				const changed = await run.poll();
				expect(changed?.map((monitor) => [monitor.id, monitor.previous_status, monitor.status])).toEqual([
					['constructor', 1, 0],
					['__proto__', 0, 1],
				]);
				expect(await run.poll()).toBeNull();
			} finally {
				platform.store.monitors = platform.store.monitors.filter((monitor) => !ids.includes(String(monitor.id)));
			}
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
});

/**
 * Contact Created and Contact Updated, run by n8n-core's PollContext against the fake platform.
 * The contact list filters on updated_at only (docs/api.md#contacts), so Contact Created reads the
 * updated window and counts a contact whose created_at falls in it (README, docs/guarantees.md):
 * - an update of a contact created before the window is no Contact Created;
 * - a contact created then updated before one poll reads it is one Created and one Updated;
 * - every change once per event, across polls, overlapping reads, pages that shift while read,
 *   and a failure at any request of a poll.
 * Expected ids come from the store the test changed, never from the node.
 */
describe('Contact Created and Contact Updated', () => {
	let platform: FakePlatform;
	const clock = useTestClock();
	useFakePlatform((started) => (platform = started), { now: clockedNow });

	const LIST = '/acme/api/v1/contacts';
	const second = (ms: number) => Math.floor(ms / 1000) * 1000;
	const keep = <T>(kept: T) => kept;

	function trigger(event: 'contactCreated' | 'contactUpdated') {
		return new TriggerRun({ event, options: { simplify: false } }, accountOf(platform));
	}

	/** Both events, activated now (their first poll sets the cursor and reads nothing). */
	async function activatedPair() {
		// Past the second the fake was seeded in (its first contact is stamped with it).
		clock.advance(2000);
		const created = trigger('contactCreated');
		const updated = trigger('contactUpdated');
		expect(await created.poll()).toBeNull();
		expect(await updated.poll()).toBeNull();
		return { created, updated };
	}

	const idsOf = (items: IDataObject[] | null) => (items ?? []).map((item) => Number(item.id));

	let made = 0;
	/** A new contact in the store, created (and so updated) at `at`. */
	const newContact = (at: number) => platform.store.createContact({ username: `Contact ${++made}`, email: `c${made}@example.com` }, at).id;
	const updateContact = (id: number, at: number) => platform.store.updateContact(id, { username: `changed at ${at}` }, keep, at).id;
	/** A contact the store held before the test's triggers were activated. */
	const oldContactIds = (count: number, offset = 0) => platform.store.customers.slice(offset, offset + count).map((c) => c.id);

	/** Polls both events `polls` times, a minute apart; every id each emitted, in order. */
	async function pollBoth(pair: { created: TriggerRun; updated: TriggerRun }, polls: number) {
		const emitted = { created: [] as number[], updated: [] as number[] };
		for (let poll = 0; poll < polls; poll++) {
			emitted.created.push(...idsOf(await pair.created.poll()));
			emitted.updated.push(...idsOf(await pair.updated.poll()));
			clock.advance(60_000);
		}
		return emitted;
	}

	describe('Contact Created and Contact Updated', () => {
		test('contacts created and updated across polls: each creation once as Created, each update once as Updated', async () => {
			const pair = await activatedPair();
			let at = second(Date.now()) + 1000;
			const first = [newContact(at), newContact(at + 1000)];
			clock.set(at + 2000);
			expect(idsOf(await pair.created.poll())).toEqual(first);
			expect(idsOf(await pair.updated.poll())).toEqual(first);

			// Next poll, within the 120 s overlap: the first contacts are updated, two more are created.
			at = second(Date.now()) + 1000;
			updateContact(first[0], at);
			const second2 = [newContact(at + 1000), newContact(at + 1000)];
			clock.set(at + 2000);
			expect(idsOf(await pair.created.poll())).toEqual(second2);
			expect(idsOf(await pair.updated.poll())).toEqual([first[0], ...second2]);

			// Minutes later, past the overlap: the first contacts are updated again.
			clock.advance(5 * 60_000);
			at = second(Date.now()) + 1000;
			first.forEach((id) => updateContact(id, at));
			clock.set(at + 1000);
			expect(await pair.created.poll()).toBeNull();
			expect(idsOf(await pair.updated.poll())).toEqual(first);

			const quiet = await pollBoth(pair, 4);
			expect(quiet).toEqual({ created: [], updated: [] });
		});

		test('an update of a contact created before the window is no Contact Created, but one Contact Updated', async () => {
			const pair = await activatedPair();
			const old = oldContactIds(3, 10);
			const at = second(Date.now()) + 1000;
			old.forEach((id) => updateContact(id, at));
			clock.set(at + 1000);
			expect(await pair.created.poll()).toBeNull();
			expect(idsOf(await pair.updated.poll())).toEqual(old);
			expect(await pollBoth(pair, 3)).toEqual({ created: [], updated: [] });
		});

		test('a contact created then updated before one poll reads it: one Created (stamped with its creation), one Updated', async () => {
			const pair = await activatedPair();
			const at = second(Date.now()) + 1000;
			const id = newContact(at);
			updateContact(id, at + 30_000);
			updateContact(id, at + 45_000);
			clock.set(at + 46_000);
			const created = (await pair.created.poll())!;
			expect(idsOf(created)).toEqual([id]);
			const updated = (await pair.updated.poll())!;
			expect(idsOf(updated)).toEqual([id]);
			// Both are the list's record as it is now: created_at the creation, updated_at the last update.
			expect(created[0]).toEqual(updated[0]);
			expect(Date.parse(String(created[0].updated_at)) - Date.parse(String(created[0].created_at))).toBe(45_000);
			expect(await pollBoth(pair, 3)).toEqual({ created: [], updated: [] });
		});

		test('Simplify on (the default): no custom-field definitions read, times with the offset', async () => {
			const run = new TriggerRun({ event: 'contactCreated' }, accountOf(platform));
			expect(await run.poll()).toBeNull();
			const at = second(Date.now()) + 1000;
			const id = newContact(at);
			clock.set(at + 1000);
			platform.clearLog();
			const items = (await run.poll())!;
			expect(idsOf(items)).toEqual([id]);
			expect(String(items[0].created_at)).toMatch(/[+-]\d{2}:\d{2}$/);
			// Contact list items have no custom fields (docs/api.md#contacts): the list is the only request.
			expect(platform.requests().map((request) => request.path)).toEqual([LIST]);
		});

		test('Fetch Test Event: Created shows the creations (old contacts updated are none), Updated every update', async () => {
			clock.advance(30 * 86_400_000); // nothing changed since
			const now = second(Date.now());
			const fresh = newContact(now - 600_000);
			const old = oldContactIds(2, 30);
			old.forEach((id, n) => updateContact(id, now - 300_000 + n * 1000));
			// Fewer than 3 creations in the hour, so the sample looks back a day, then a week: still only the one.
			expect(idsOf(await trigger('contactCreated').poll('manual'))).toEqual([fresh]);
			expect(idsOf(await trigger('contactUpdated').poll('manual'))).toEqual([fresh, ...old]);
		});
	});

	describe('pages that shift while read', () => {
		/** Runs `mutate` once, just before the platform answers the first request for page 2 of the contact list. */
		function beforePage2(mutate: () => void) {
			type Handle = (req: { url?: string }, res: unknown, server: unknown) => Promise<void>;
			const core = (platform as unknown as { core: { handle: Handle } }).core;
			const original = core.handle.bind(core);
			let done = false;
			core.handle = async (req: { url?: string }, res: unknown, server: unknown) => {
				const url = new URL(req.url ?? '/', 'http://127.0.0.1');
				if (!done && url.pathname === LIST && url.searchParams.get('page') === '2') {
					done = true;
					mutate();
				}
				return await original(req, res, server);
			};
			return () => (core.handle = original);
		}

		/** 600 contacts created in the window read (two pages in updated order); the first is updated again while page 2 is asked for. */
		async function shiftedRead(run: TriggerRun, createdAt: number, readAt: number) {
			const created = Array.from({ length: 600 }, (_, n) => newContact(createdAt + Math.floor(n / 100) * 1000));
			const moved = created[0];
			clock.set(readAt);
			platform.clearLog();
			const restore = beforePage2(() => updateContact(moved, Date.now() + 1000));
			const emitted: number[] = [];
			try {
				emitted.push(...idsOf(await run.poll()));
			} finally {
				restore();
			}
			// The moved contact left the window, numFound moved: the read was done again (transport/lists/pages.ts).
			expect(platform.requests({ path: LIST }).filter((request) => request.query.page === '1').length).toBeGreaterThanOrEqual(2);
			for (let poll = 0; poll < 4; poll++) {
				clock.advance(60_000);
				emitted.push(...idsOf(await run.poll()));
			}
			return { created, moved, emitted };
		}

		test.each(['contactCreated', 'contactUpdated'] as const)(
			'%s: a contact updated past the window while page 2 is asked for; every contact once, the moved one on the next poll',
			async (event) => {
				const run = trigger(event);
				expect(await run.poll()).toBeNull();
				const at = second(Date.now()) + 1000;
				const { created, moved, emitted } = await shiftedRead(run, at, at + 10_000);
				expect([...emitted].sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));
				expect(emitted[emitted.length - 1]).toBe(moved);
			},
		);

		// KNOWN LIMIT (docs/guarantees.md#what-is-guaranteed): the list shows a contact only at its last
		// update. Created more than the overlap before the poll and updated again while the poll reads,
		// it is past the window of its creation when next listed: Contact Updated emits it, Created never.
		test.failing('KNOWN LIMIT: Contact Created misses a contact created more than the overlap before the poll and updated during its read', async () => {
			const run = trigger('contactCreated');
			const now = second(Date.now()) + 1000;
			// Steady state: the last poll read up to five minutes ago.
			run.persisted = { 'node:Customer Care Trigger': { cursor: now - 300_000, floor: now - 86_400_000, remembersFrom: now - 420_000, seen: {} } };
			run.restart();
			const { moved, emitted } = await shiftedRead(run, now - 250_000, now);
			expect(emitted.filter((id) => id === moved)).toHaveLength(1);
		});
	});

	describe('a failure at any request of a poll', () => {
		const PAGES = 3;
		// A persistent 500 on both servers fails the read past its retries; a missing root fails it at once.
		const FAULTS = [
			{ name: '500 that persists', fault: { kind: 'status', status: 500, message: 'Server Error', target: 'any' } },
			{ name: 'answer without its records', fault: { kind: 'missingRoot', times: 1 } },
		] as const;
		const CASES = (['contactCreated', 'contactUpdated'] as const).flatMap((event) =>
			FAULTS.flatMap(({ name, fault }) => Array.from({ length: PAGES }, (_, request) => ({ event, name, fault, request }))),
		);

		test.each(CASES)('$event, $name at request $request: the poll fails and keeps its state; every change once after it', async ({ event, fault, request }) => {
			clock.advance(10 * 60_000);
			const run = trigger(event);
			expect(await run.poll()).toBeNull();
			const at = second(Date.now()) + 1000;
			// Three pages: 1,050 new contacts, and 30 old ones updated (changes of Contact Updated only).
			const created = Array.from({ length: 1050 }, (_, n) => newContact(at + Math.floor(n / 350) * 1000));
			const old = oldContactIds(30, 100 + (made % 1000));
			old.forEach((id) => updateContact(id, at + 3000));
			const expected = event === 'contactCreated' ? created : [...created, ...old];
			clock.set(at + 5000);
			const before = JSON.stringify(run.persisted);
			platform.clearLog();
			platform.inject({ ...fault, path: '/api/v1/contacts', skip: request });
			await expect(run.poll()).rejects.toThrow();
			expect(platform.requests({ path: LIST }).length).toBeGreaterThan(request);
			expect(JSON.stringify(run.persisted)).toBe(before);
			platform.clearFaults();

			const emitted: number[] = [];
			for (let poll = 0; poll < 3; poll++) {
				emitted.push(...idsOf(await run.poll()));
				clock.advance(60_000);
			}
			expect(emitted).toHaveLength(expected.length);
			expect(new Set(emitted)).toEqual(new Set(expected));
		});
	});
});

/**
 * The trigger's ID filters take what an expression gives: one number (`602` or `={{ 602 }}`)
 * filters like a list of one, on the query the API filters by and on the records it emits.
 * Before the trigger's split a single number was dropped, and every lead or deal was emitted
 * Expected values from docs/api.md#leads (`status_ids`) and #deals (`closed_type`).
 */
describe('ID filters given one number', () => {
	let platform: FakePlatform;
	const T0 = Date.parse('2027-01-04T03:00:00Z');
	const clock = useTestClock();
	beforeAll(() => clock.set(T0));
	useFakePlatform((started) => (platform = started), { now: clockedNow });

	let hour = 0;
	/** Activates the trigger, makes the changes, and polls once: the items and the queries sent. */
	async function pollAfter(parameters: IDataObject, change: (at: number) => void) {
		clock.set(T0 + ++hour * 3_600_000);
		const run = new TriggerRun({ ...parameters, options: { simplify: false } } as never, accountOf(platform), `wf-${hour}`);
		await run.poll();
		const at = T0 + ++hour * 3_600_000;
		change(at);
		clock.set(at + 5000);
		platform.clearLog();
		const items = (await run.poll()) ?? [];
		return { items, queries: platform.requests().map((request) => request.query as IDataObject) };
	}

	describe('one number as an ID filter', () => {
		test.each([['a number', (id: number) => id], ['an expression', (id: number) => `={{ ${id} }}`]])(
			'Lead Updated, Lead Statuses as %s: asks for that status only, emits only its leads',
			async (_, given) => {
				const store = platform.store;
				const status = store.leadStatuses[1].id;
				const { items, queries } = await pollAfter({ event: 'leadUpdated', filters: { lead_status_ids: given(status) } }, (at) =>
					store.leads.slice(0, 40).forEach((lead) => store.updateLead(lead.id, { subject: `changed ${at}` }, at)),
				);
				expect(queries.length).toBeGreaterThan(0);
				expect(queries.every((query) => String(query.status_ids) === String(status))).toBe(true);
				const changed = store.leads.slice(0, 40).filter((lead) => String(lead.lead_status_id) === String(status));
				expect(items.map((item) => item.id).sort()).toEqual(changed.map((lead) => lead.id).sort());
			},
		);
	});
});

/**
 * A read the output needs fails after the list was read. With Simplify on
 * (the default) the trigger reads the custom-field definitions, and for leads and deals the lead
 * statuses or the pipelines, after the list. That read fails here past its retries (a 500 that
 * persists). The invariants: the failing poll throws and leaves the static data exactly as it
 * was, in memory and as saved; across the failing poll and the polls after it every change is
 * emitted exactly once.
 */
describe('a read the output needs fails after the list was read', () => {
	let platform: FakePlatform;

	const clock = useTestClock();
	useFakePlatform((started) => (platform = started), { now: clockedNow });

	const second = (ms: number) => Math.floor(ms / 1000) * 1000;
	/** Longer than the 2 minutes the trigger keeps definitions: the failing poll reads them again. */
	const PAST_LOOKUP_CACHE_MS = 121_000;

	interface Case {
		name: string;
		parameters: INodeParameters;
		/** The list the event reads and the read Simplify needs after it (where the fault goes). */
		listPath: string;
		faultPath: string;
		idField: string;
		/** Makes `count` changes the event reports, stamped `at`; returns their ids. */
		change: (count: number, at: number, round: number) => number[];
	}

	const distinct = <T>(records: T[], used: Set<number>, idOf: (record: T) => number, count: number) => {
		const chosen = records.filter((record) => !used.has(idOf(record))).slice(0, count);
		chosen.forEach((record) => used.add(idOf(record)));
		return chosen;
	};

	const usedTickets = new Set<number>();
	const usedLeads = new Set<number>();
	const usedDeals = new Set<number>();

	const CASES: Case[] = [
		{
			name: 'Ticket Updated: the custom-field definitions fail',
			parameters: { event: 'ticketUpdated' },
			listPath: '/acme/api/v2/tickets',
			faultPath: '/api/v1/tickets/custom_fields',
			idField: 'ticket_id',
			change: (count, at, round) =>
				distinct(platform.store.tickets, usedTickets, (ticket) => ticket.ticket_id, count).map(
					(ticket) => platform.store.updateTicket(ticket.ticket_id, { ticket_subject: `round ${round}` }, at).ticket_id,
				),
		},
		{
			name: 'Ticket Updated with Status Becomes: the custom-field definitions fail',
			parameters: { event: 'ticketUpdated', filters: { ticket_statuses: ['pending'] } },
			listPath: '/acme/api/v2/tickets',
			faultPath: '/api/v1/tickets/custom_fields',
			idField: 'ticket_id',
			change: (count, at) =>
				distinct(
					platform.store.tickets.filter((ticket) => ticket.ticket_status === 'open'),
					usedTickets,
					(ticket) => ticket.ticket_id,
					count,
				).map((ticket) => platform.store.updateTicket(ticket.ticket_id, { ticket_status: 'pending' }, at).ticket_id),
		},
		{
			name: 'Lead Updated: the lead statuses fail',
			parameters: { event: 'leadUpdated' },
			listPath: '/acme/api/v1/leads',
			faultPath: '/api/v1/lead/status',
			idField: 'id',
			change: (count, at, round) =>
				distinct(platform.store.leads, usedLeads, (lead) => lead.id, count).map(
					(lead) => platform.store.updateLead(lead.id, { subject: `round ${round}` }, at).id,
				),
		},
		{
			name: 'Deal Updated: the pipelines fail',
			parameters: { event: 'dealUpdated' },
			listPath: '/acme/api/v1/deals',
			faultPath: '/api/v1/deal/pipelines',
			idField: 'id',
			change: (count, at, round) =>
				distinct(platform.store.deals, usedDeals, (deal) => deal.id, count).map(
					(deal) => platform.store.updateDeal(deal.id, { subject: `round ${round}` }, at).id,
				),
		},
	];

	const copy = (value: IDataObject) => JSON.parse(JSON.stringify(value)) as IDataObject;

	describe.each(CASES)('$name', ({ parameters, listPath, faultPath, idField, change }) => {
		test('the failing poll leaves the static data as it was; every change is emitted exactly once', async () => {
			const run = new TriggerRun(parameters, accountOf(platform));
			expect(await run.poll()).toBeNull();

			// A poll that emits, so that there is a saved state to keep.
			let at = second(Date.now()) + 1000;
			const first = change(1, at, 1);
			clock.set(at + 1000);
			expect((await run.poll())?.map((item) => item[idField])).toEqual(first);
			const savedBefore = copy(run.persisted);
			expect(Object.keys(savedBefore)).not.toHaveLength(0);

			// Changes of the next window; the list read succeeds, the read Simplify needs after it fails.
			clock.advance(PAST_LOOKUP_CACHE_MS);
			at = second(Date.now()) + 1000;
			const lost = change(30, at, 2);
			clock.set(at + 1000);
			const inMemoryBefore = copy(run.state);
			platform.clearLog();
			platform.inject({ kind: 'status', status: 500, message: 'Server Error', path: faultPath });
			await expect(run.poll()).rejects.toThrow();
			expect(platform.requests({ path: listPath }).every((request) => request.status === 200)).toBe(true);
			expect(platform.requests({ path: listPath }).length).toBeGreaterThan(0);
			expect(platform.requests().some((request) => request.path.endsWith(faultPath) && request.status === 500)).toBe(true);
			expect(run.state).toEqual(inMemoryBefore);
			expect(run.persisted).toEqual(savedBefore);
			platform.clearFaults();

			// Later changes, then the polls after the failure: each change comes out once.
			at = second(Date.now()) + 1000;
			const later = change(5, at, 3);
			clock.set(at + 1000);
			const emitted: unknown[] = [];
			for (let poll = 0; poll < 3; poll++) {
				emitted.push(...((await run.poll()) ?? []).map((item) => item[idField]));
				clock.advance(1000);
			}
			expect([...emitted].sort()).toEqual([...lost, ...later].sort());
		});
	});
});

describe('pages that shift while a chunk is read', () => {
	/**
	 * "Nothing skipped ... records that reach the API late (within the
	 * overlap) ... lead/deal lists sorted by id not by stamp".
	 *
	 * readAllPages judges a chunk's read stable when every page reports the numFound of page 1.
	 * A list sorted by id shifts under the reader when one record leaves the window (updated again,
	 * its new stamp is past the window) while another enters it (a change that reaches the API
	 * late, within the overlap): numFound is the same, but every record between the two moves one
	 * place, so the first record of page 2 is now the last of page 1, which was already read. The
	 * read is taken as whole, the cursor moves past it, its second is settled: it is never emitted.
	 */


	let platform: FakePlatform;
	const clock = useTestClock();
	useFakePlatform((started) => (platform = started), { now: clockedNow });

	const STATE_KEY = 'node:Customer Care Trigger';
	const LIST = '/acme/api/v1/leads';
	const second = (ms: number) => Math.floor(ms / 1000) * 1000;

	/** Runs `mutate` once, just before the platform answers the first request for page 2 of the lead list. */
	function beforePage2(mutate: () => void) {
		const core = (platform as unknown as { core: { handle: (...args: any[]) => Promise<void> } }).core;
		const original = core.handle.bind(core);
		let done = false;
		core.handle = async (req: { url?: string }, res: unknown, server: unknown) => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			if (!done && url.pathname === LIST && url.searchParams.get('page') === '2') {
				done = true;
				mutate();
			}
			return await original(req, res, server);
		};
		return () => (core.handle = original);
	}

	/** Emissions of the lead first on page 2, over four polls, with or without the shift during the first read. */
	async function boundaryEmissions(shift: boolean) {
		const now = second(Date.now());
		// Steady state: the last poll ended a minute ago; the next one reads [now − 180 s, now].
		const since = now - 180_000;
		// 600 leads changed in the settled part of the window (older than now − overlap − 1 s).
		const leads = [...platform.store.leads].sort((a, b) => a.id - b.id);
		for (const lead of leads) if (lead.updated_at >= since) platform.store.updateLead(lead.id, {}, since - 3_600_000);
		const changed = leads.slice(0, 600);
		changed.forEach((lead, index) => platform.store.updateLead(lead.id, {}, since + Math.floor(index / 12) * 1000));
		const inWindow = [...platform.store.leads].filter((l) => l.updated_at >= since && l.updated_at <= now).sort((a, b) => a.id - b.id);
		expect(inWindow).toHaveLength(600);
		const first = inWindow[0];
		const atBoundary = inWindow[500]; // first record of page 2
		const late = leads[leads.length - 1]; // highest id: lands on the last page

		const restore = beforePage2(() => {
			if (!shift) return;
			// The first lead changes again (its new stamp is after the window) ...
			platform.store.updateLead(first.id, {}, now + 5_000);
			// ... and a change stamped 10 s ago reaches the API now (within the 120 s overlap).
			platform.store.updateLead(late.id, {}, now - 10_000);
		});
		const run = new TriggerRun({ event: 'leadUpdated', options: { simplify: false } }, accountOf(platform));
		run.persisted = { [STATE_KEY]: { cursor: now - 60_000, floor: now - 86_400_000, remembersFrom: since, seen: {} } };
		run.restart();
		run.pollBudgetMs = 30_000;

		const emitted: Array<{ id: number; at: string }> = [];
		try {
			for (let poll = 0; poll < 4; poll++) {
				emitted.push(...((await run.poll()) ?? []).map((item: IDataObject) => ({ id: Number(item.id), at: String(item.updated_at) })));
				clock.advance(60_000);
			}
		} finally {
			restore();
		}
		const pages = platform.requests({ path: LIST }).filter((r) => Number(r.query.page) === 1 || Number(r.query.page) === 2);
		expect(pages.length).toBeGreaterThanOrEqual(2);
		return emitted.filter((change) => change.id === atBoundary.id);
	}

	test('control: without the shift, the lead first on page 2 is emitted once', async () => {
		expect(await boundaryEmissions(false)).toHaveLength(1);
	});

	// KNOWN LIMIT (docs/guarantees.md#what-is-guaranteed): a read is judged stable by numFound on every page.
	test.failing('KNOWN LIMIT: a lead list that shifts by one between page 1 and page 2 (numFound unchanged) loses a change for good', async () => {
		// The lead at the page boundary was not touched during the read: its change must be emitted once.
		expect(await boundaryEmissions(true)).toHaveLength(1);
	});
});
