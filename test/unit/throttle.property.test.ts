/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The per-second budget holds on the server's side, whatever delays the requests meet
 * between leaving the throttle, arriving at the server and their answer coming back
 * (a stalled event loop, jitter, slow answers). Simulated clock: jest's fake timers drive
 * Date.now and the sleeps of n8n-workflow.
 */
import fc from 'fast-check';

import { busiestSecond } from '../../tools/fake-platform';
import { AccountThrottle } from '../../nodes/CustomerCare/transport/throttle';

const SEED = Number(process.env.FC_SEED ?? 20261123);

beforeEach(() => jest.useFakeTimers({ now: 1_800_000_000_000 }));
afterEach(() => jest.useRealTimers());

/** Runs the requests through one throttle; returns when each arrived at the server. */
async function simulate(limit: number, delays: Array<{ toServer: number; back: number; startAt: number }>) {
	const throttle = new AccountThrottle(limit);
	const arrivals: number[] = [];
	const requests = delays.map(async ({ toServer, back, startAt }) => {
		await new Promise((resolve) => setTimeout(resolve, startAt));
		const release = await throttle.acquire();
		if (typeof release !== 'function') throw new Error('blocked');
		await new Promise((resolve) => setTimeout(resolve, toServer));
		arrivals.push(Date.now());
		await new Promise((resolve) => setTimeout(resolve, back));
		release();
		throttle.onAnswer();
	});
	const all = Promise.all(requests);
	await jest.runAllTimersAsync();
	await all;
	return arrivals;
}

test('no server second ever holds more than the limit, whatever the delays on the way', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.constantFrom(5, 15),
			fc.array(
				fc.record({
					// A request can sit up to 400 ms after the throttle let it go (a stalled loop) …
					toServer: fc.integer({ min: 0, max: 400 }),
					// … and its answer take up to 400 ms more.
					back: fc.integer({ min: 0, max: 400 }),
					startAt: fc.integer({ min: 0, max: 3000 }),
				}),
				{ minLength: 1, maxLength: 60 },
			),
			async (limit, delays) => {
				const arrivals = await simulate(limit, delays);
				expect(arrivals).toHaveLength(delays.length);
				expect(busiestSecond(arrivals)).toBeLessThanOrEqual(limit);
			},
		),
		{ seed: SEED, numRuns: 40 },
	);
});
