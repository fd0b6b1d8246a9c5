/**
 * Red team, issue 23 "Windows stay a second inside 31 days": the trigger's first chunk when the
 * window it must read is exactly 31 days long (Start From exactly 31 days before now, or a
 * trigger paused 31 days minus its overlap). Against the strict fake, which refuses a window of
 * 31 days or more.
 */
import fc from 'fast-check';

import type { FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { clockedNow, useTestClock } from './helpers/clock';
import { accountOf, TriggerRun } from '../../tools/engine-harness/harness';
import { boundedRead } from '../../nodes/CustomerCareTrigger/boundedRead';
import { propertyRuns } from '../unit/helpers/property';

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

// Red team F2 (fixed): chunkEnd() stretched a chunk to the window's end when less than two seconds would be
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
