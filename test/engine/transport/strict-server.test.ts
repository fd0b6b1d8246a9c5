/**
 * What a strict server needs, through n8n's engine against the fake in strict mode, which refuses a
 * missing required parameter, an unknown query parameter and a window of 31 days or more.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import type { FakePlatform } from '../../../tools/fake-platform';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { clockedNow, useTestClock } from '../helpers/clock';
import { accountOf, jsonOf, listSearch, runNode, TriggerRun } from '../../../tools/engine-harness/harness';
import { boundedRead } from '../../../nodes/CustomerCareTrigger/boundedRead';
import { propertyRuns } from '../../unit/helpers/property';

/**
 * What a strict server needs (docs/api.md#where-the-spec-is-unclear), through n8n's engine
 * against the fake in strict mode, which refuses a missing parameter the spec marks required
 * (calls: start_time_since), an unknown query parameter and a window of 31 days or more. Every
 * request of the long reads below is answered 200, and what the node returns is what the store
 * holds (the expected records are read from the fake's store, never from the node's code).
 */
describe('every request a strict server accepts', () => {
	const SECOND = 1000;
	const DAY = 24 * 3600 * SECOND;
	const sec = (ms: number) => Math.floor(ms / SECOND) * SECOND;
	const iso = (ms: number) => new Date(sec(ms)).toISOString().replace('.000Z', 'Z');

	let platform: FakePlatform;
	const clock = useTestClock();
	useFakePlatform((started) => (platform = started), { strict: true, now: clockedNow });

	/**
	 * No request was refused (a strict refusal is a 400 or a 422; a 429 of the rate limit is waited
	 * out and sent again), and there was at least one.
	 */
	function expectAllAccepted() {
		const requests = platform.requests();
		expect(requests.length).toBeGreaterThan(0);
		const refused = requests.filter((request) => request.status !== 200 && request.status !== 429);
		expect(refused.map((request) => [request.status, request.response])).toEqual([]);
		return requests.filter((request) => request.status === 200);
	}

	test('the fake runs strict here', () => {
		expect(platform.strict).toBe(true);
	});

	test('Call Get Many by end time over 70 days: start_time_since sent, every window under 31 days, every call once', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 70 * DAY;
		const run = await runNode({
			parameters: { resource: 'call', operation: 'getAll', dateField: 'end_time', since: iso(since), to: iso(to), returnAll: true },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const requests = expectAllAccepted();
		for (const { query } of requests) {
			expect(query.start_time_since).toBeDefined();
			expect(Date.parse(query.end_time_to) - Date.parse(query.end_time_since)).toBeLessThan(31 * DAY);
			expect(Date.parse(query.start_time_to) - Date.parse(query.start_time_since)).toBeLessThan(31 * DAY);
		}
		const expected = platform.store.calls.filter((call) => call.end_time >= since && call.end_time <= to).map((call) => call.id);
		expect(expected.length).toBeGreaterThan(100);
		expect(jsonOf(run).map((call) => call.id).sort((a, b) => Number(a) - Number(b))).toEqual(expected.sort((a, b) => a - b));
	});

	test('Ticket Get Many over exactly 62 days: windows under 31 days, every ticket once', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 62 * DAY;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', since: iso(since), to: iso(to), returnAll: true, simplify: false },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const requests = expectAllAccepted();
		expect(new Set(requests.map((request) => request.query.updated_since ?? request.query.created_since)).size).toBe(3);
		const field = requests[0].query.updated_since !== undefined ? 'updated_at' : 'created_at';
		const expected = platform.store.tickets.filter((ticket) => ticket[field] >= since && ticket[field] <= to);
		expect(jsonOf(run).map((ticket: IDataObject) => ticket.ticket_id).sort()).toEqual(expected.map((ticket) => ticket.ticket_id).sort());
	});

	test('Call Ended trigger, Start From 40 days back: every poll request accepted, calls emitted', async () => {
		const run = new TriggerRun(
			{ event: 'callEnded', options: { simplify: false, startFrom: iso(Date.now() - 40 * DAY) } },
			accountOf(platform),
		);
		const emitted = (await run.poll()) ?? [];
		expectAllAccepted();
		expect(emitted.length).toBeGreaterThan(0);
		const call = platform.store.createCall({}, sec(Date.now()) + SECOND);
		clock.set(sec(Date.now()) + 3 * SECOND);
		platform.clearLog();
		expect(((await run.poll()) ?? []).map((item) => item.id)).toContain(call.id);
		expectAllAccepted();
	});

	test('the ticket picker reads back a year in windows the strict fake takes', async () => {
		const found = await listSearch('searchTickets', accountOf(platform), { resource: 'ticket', operation: 'get' }, { filter: 'no ticket has this text' });
		expect(found.results).toEqual([]);
		const requests = expectAllAccepted();
		expect(requests.length).toBeGreaterThan(10);
	});

	describe('Ticket Create: phone is "marked required", e-mail (*), and a requester ID may replace both', () => {
		test('e-mail only is sent as given (no phone is made up); both modes of the fake take it', async () => {
			const run = await runNode({
				parameters: { resource: 'ticket', operation: 'create', simplify: false, subject: 'Invoice copy', email: 'strict.reader@example.com', comment: 'Please resend.' },
				account: accountOf(platform),
			});
			expect(run.error).toBeUndefined();
			const [post] = expectAllAccepted();
			expect(post.body).toEqual({ ticket: { ticket_subject: 'Invoice copy', email: 'strict.reader@example.com', ticket_comment: 'Please resend.' } });
		});

		test('none of phone, e-mail or requester ID: refused before anything is sent', async () => {
			const run = await runNode({
				parameters: { resource: 'ticket', operation: 'create', simplify: false, subject: 'Nobody', comment: 'x' },
				account: accountOf(platform),
			});
			expect(run.error?.message).toContain('Requester Phone (phone), Requester Email (email) or Requester (requester_id) is required');
			expect(platform.requests()).toHaveLength(0);
		});
	});
});

/**
 * Windows stay a second inside 31 days: the trigger's first chunk when the
 * window it must read is exactly 31 days long (Start From exactly 31 days before now, or a
 * trigger paused 31 days minus its overlap). Against the strict fake, which refuses a window of
 * 31 days or more.
 */
describe('the trigger\'s first chunk of exactly 31 days stays a second inside them', () => {
	const SECOND = 1000;
	const DAY = 24 * 3600 * SECOND;
	const sec = (ms: number) => Math.floor(ms / SECOND) * SECOND;
	const iso = (ms: number) => new Date(sec(ms)).toISOString().replace('.000Z', 'Z');

	let platform: FakePlatform;
	const clock = useTestClock();
	useFakePlatform((started) => (platform = started), { strict: true, now: clockedNow });

	/** Windows (`to` − `since`) the poll asked the ticket list for; the limit is < 31 days (docs/api.md). */
	function ticketWindows() {
		return platform.requests({ path: '/acme/api/v2/tickets' }).map((request) => ({
			span: Date.parse(request.query.created_to) - Date.parse(request.query.created_since),
			status: request.status,
			message: (request.response as { message?: string }).message,
		}));
	}

	// chunkEnd() stretched a chunk to the window's end when less than two seconds would be
	// left after it; for a window of exactly 31 days the chunk becomes 31 days, which a strict server
	// refuses ("created_since must older than created_to and max 31 days"), on every poll.
	test('Ticket Created, Start From exactly 31 days before now: every window under 31 days, none refused', async () => {
		const now = sec(Date.now()) + 5 * SECOND;
		clock.set(now);
		const run = new TriggerRun({ event: 'ticketCreated', options: { simplify: false, startFrom: iso(now - 31 * DAY) } }, accountOf(platform));
		const outcome = await run.poll().then(
			() => 'emitted',
			(error: Error) => error.message,
		);
		const windows = ticketWindows();
		expect(windows.length).toBeGreaterThan(0);
		expect({ outcome, windows: windows.filter((window) => window.span >= 31 * DAY || window.status !== 200) }).toEqual({ outcome: 'emitted', windows: [] });
	});

	// The same, pure: every chunk boundedRead asks for spans less than 31 days, for any window.
	test('boundedRead: no chunk of 31 days or more, for any window (fast-check)', async () => {
		await fc.assert(
			fc.asyncProperty(fc.integer({ min: 1, max: 100 * 24 * 3600 }), async (seconds) => {
				const window = { since: 1_700_000_000_000, to: 1_700_000_000_000 + seconds * SECOND };
				const spans: number[] = [];
				await boundedRead(window, { startedAt: 0, budgetMs: 1e12, maxRequests: 1000, pageSize: 50 }, () => 0, async (chunk) => {
					spans.push(chunk.to - chunk.since);
					return { records: [], numFound: 0, requests: 1 };
				});
				expect(Math.max(...spans)).toBeLessThan(31 * DAY);
			}),
			{ ...propertyRuns(300), examples: [[31 * 24 * 3600]] },
		);
	});
});
