/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The waits the node's policy chose, per sweep case: every `sleep` of n8n-workflow the transport
 * calls (retry backoffs, pauses after a 429, the throttle's spacing) as the interval it asked
 * for, told apart by case with AsyncLocalStorage. Their union is the time the policy spent
 * waiting, whatever the machine's load: a busy event loop makes a case slower on the wall clock,
 * never longer here. The event loop's own 5 ms tick (roundTrip.ts LoopWatch) is not a wait.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import * as workflow from 'n8n-workflow';

const LOOP_TICK_MS = 5;

const currentCase = new AsyncLocalStorage<Array<[number, number]>>();

/** Records the sleeps of the cases run inside `withWaits` until the returned function is called. */
export function recordPolicyWaits(): () => void {
	const realSleep = workflow.sleep;
	const spy = jest.spyOn(workflow as unknown as { sleep: unknown }, 'sleep', 'get').mockReturnValue(async (ms: number) => {
		if (ms > LOOP_TICK_MS) currentCase.getStore()?.push([Date.now(), ms]);
		await realSleep(ms);
	});
	return () => spy.mockRestore();
}

/** Runs `work`, and the milliseconds the policy asked to wait during it (overlapping waits once). */
export async function withWaits<T>(work: () => Promise<T>): Promise<{ value: T; waitedMs: number }> {
	const intervals: Array<[number, number]> = [];
	const value = await currentCase.run(intervals, work);
	return { value, waitedMs: unionMs(intervals) };
}

function unionMs(waits: Array<[number, number]>): number {
	const sorted = waits.map(([at, ms]) => [at, at + ms] as const).sort((a, b) => a[0] - b[0]);
	let total = 0;
	let end = -Infinity;
	for (const [from, to] of sorted) {
		// Only the part after the waits already counted.
		total += Math.max(0, to - Math.max(from, end));
		end = Math.max(end, to);
	}
	return total;
}
