/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The promise of docs/rate-budget.md that no server second holds more
 * than 15 of one process's requests, "whatever the delays on the way", and the lock-out guard.
 *
 * Simulated clock (jest's fake timers drive Date.now and n8n-workflow's sleep), as
 * test/unit/transport/rate/throttle.test.ts does: each request leaves the throttle, arrives at the server
 * `toServer` ms later, and its slot is given back `back` ms after that. The server's busiest
 * second is counted over the arrivals (the fake platform's own busiestSecond).
 *
 * The first test showed a defect of the code it was written against (25 requests in one server
 * second); it passes since the fix (docs/rate-budget.md, "A request without an answer").
 */
import { busiestSecond } from '../../../../tools/fake-platform';
import { AccountThrottle, type Release } from '../../../../nodes/CustomerCare/transport/rate/throttle';
import { simulate, type Planned } from '../../helpers/throttleSimulation';

beforeEach(() => jest.useFakeTimers({ now: 1_800_000_000_000 }));
afterEach(() => jest.useRealTimers());


test('a timed-out request the server counts after the client gave up still holds its place for the server second', async () => {
	// Five quick round trips calibrate (40 ms). Then a burst of reads meets a slow server: it reads
	// (and counts) each request 1.2 s after it left, while the node's Timeout (200 ms) has long
	// given the slot back as 'noAnswer'. Then the server is quick again: the timed-out requests
	// arrive together with the next second's requests.
	const plan: Planned[] = [];
	for (let i = 0; i < 5; i++) plan.push({ startAt: 0, toServer: 20, back: 20 });
	for (let i = 0; i < 10; i++) plan.push({ startAt: 500, toServer: 1200, back: 0, timeoutAfter: 200 });
	for (let i = 0; i < 30; i++) plan.push({ startAt: 700, toServer: 20, back: 20 });
	const arrivals = await simulate(15, plan);
	expect(arrivals).toHaveLength(plan.length);
	expect(busiestSecond(arrivals)).toBeLessThanOrEqual(15);
});

test('held: credit calibrated on slow list pages (server work 300 ms), then quick single-record reads with 250 ms jitter out (the first quick answer lowers the credit)', async () => {
	// A Return All calibrates: every page takes the server 300 ms to compute (its least work for a
	// page of 100 records), the way out is 10 ms. Credit ≈ 290 ms. Then single-record reads whose
	// work is 5 ms: their answers come back 285 ms sooner than the calibration allows for, with
	// ordinary jitter on the way out (0 or 250 ms). Every round trip is real; the loop is on time.
	const plan: Planned[] = [];
	for (let i = 0; i < 6; i++) plan.push({ startAt: i * 70, toServer: 10, back: 300 });
	for (let i = 0; i < 45; i++) plan.push({ startAt: 1000, toServer: 10 + (i % 3 === 0 ? 250 : 0), back: 5 });
	const arrivals = await simulate(15, plan);
	expect(arrivals).toHaveLength(plan.length);
	expect(busiestSecond(arrivals)).toBeLessThanOrEqual(15);
});

/**
 * Steady requests whose way out takes 200 ms until 1.5 s, then `quickMs`; the wall clock jumps
 * `stepBy` ahead then. The throttle reads Date.now(); the server keeps its own clock: arrivals are
 * counted on the simulated time without the step.
 */
async function pathQuickensAt1500(stepBy: number, quickMs: number) {
	const throttle = new AccountThrottle(15);
	const arrivals: number[] = [];
	let quick = false;
	let stepMs = 0;
	const serverNow = () => Date.now() - stepMs;
	const requests = Array.from({ length: 40 }, async () => {
		const release = (await throttle.acquire()) as Release;
		await new Promise((resolve) => setTimeout(resolve, quick ? quickMs : 200));
		arrivals.push(serverNow());
		await new Promise((resolve) => setTimeout(resolve, 10));
		release({ kind: 'answered' });
	});
	setTimeout(() => {
		quick = true;
		stepMs = stepBy;
		jest.setSystemTime(Date.now() + stepBy);
	}, 1_500);
	const all = Promise.all(requests);
	await jest.runAllTimersAsync();
	await all;
	return busiestSecond(arrivals);
}

test('held: a forward step of the wall clock by 1 s (NTP, a VM resumed) while the calibration holds: the spacing keeps 15', async () => {
	expect(await pathQuickensAt1500(1000, 185)).toBeLessThanOrEqual(15);
});

// The documented limit (docs/rate-budget.md "When the assumption fails"): the way out gets 50 ms
// quicker after the calibration. Shown to measure how little it takes: one server second gets 16
// (17 at 100 ms quicker). test.failing: passes while main lets the 16th through.
test.failing('DOCUMENTED LIMIT: the way out gets 50 ms quicker after the five calibrating round trips: a 16th request', async () => {
	expect(await pathQuickensAt1500(0, 150)).toBeLessThanOrEqual(15);
});
