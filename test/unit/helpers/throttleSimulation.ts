/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Requests through one AccountThrottle on jest's fake clock (the test must have called
 * jest.useFakeTimers): each starts at `startAt`, arrives at the server `toServer` ms after the
 * throttle let it go, and its answer is back `back` ms after that. Returns the arrivals, to count
 * the server's busiest second. Shared by test/unit/transport/rate/throttle.test.ts and
 * test/unit/transport/rate/throttle-rate-budget.test.ts.
 */
import { AccountThrottle, type Release } from '../../../nodes/CustomerCare/transport/rate/throttle';

export interface Planned {
	startAt: number;
	/** From the moment the throttle lets it go until the server counts it. */
	toServer: number;
	/** From its arrival until the answer is back in the throttle. */
	back: number;
	/**
	 * A timed-out attempt (Request Options → Timeout): the client gives the slot back as
	 * 'noAnswer' this long after it let the request go, whether or not the server has counted it.
	 */
	timeoutAfter?: number;
}

export async function simulate(limit: number, plan: Planned[]) {
	const throttle = new AccountThrottle(limit);
	const arrivals: number[] = [];
	const requests = plan.map(async ({ toServer, back, startAt, timeoutAfter }) => {
		await new Promise((resolve) => setTimeout(resolve, startAt));
		const release = (await throttle.acquire()) as Release;
		if (typeof release !== 'function') throw new Error('blocked');
		const server = (async () => {
			await new Promise((resolve) => setTimeout(resolve, toServer));
			arrivals.push(Date.now());
		})();
		if (timeoutAfter !== undefined) {
			await new Promise((resolve) => setTimeout(resolve, timeoutAfter));
			release({ kind: 'noAnswer', answered: false });
			await server;
			return;
		}
		await server;
		await new Promise((resolve) => setTimeout(resolve, back));
		release({ kind: 'answered' });
	});
	const all = Promise.all(requests);
	await jest.runAllTimersAsync();
	await all;
	return arrivals;
}
