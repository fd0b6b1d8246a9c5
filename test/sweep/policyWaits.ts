/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The waits the node's policy chose, per sweep case: every `sleep` of n8n-workflow the transport
 * calls (retry backoffs, pauses after a 429, the throttle's spacing) as the interval it asked
 * for, told apart by case with AsyncLocalStorage. Their union is the time the policy spent
 * waiting, whatever the machine's load: a busy event loop makes a case slower on the wall clock,
 * never longer here. The event loop's own 5 ms tick (roundTrip.ts LoopWatch) is not a wait.
 *
 * A retry back-off slept shorter (test/engine/helpers/quick-retries.ts) still counts at the
 * length asked for: its stretch of the timeline counts `scale` times, so the union is the one
 * the full back-offs would have made.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import * as workflow from 'n8n-workflow';

import { backoffScale } from '../engine/helpers/quick-retries';

const LOOP_TICK_MS = 5;

/** A wait as slept: from `from` to `to` on the real clock, each millisecond of it worth `weight`. */
interface Wait {
	from: number;
	to: number;
	weight: number;
}

const currentCase = new AsyncLocalStorage<Wait[]>();

/** Records the sleeps of the cases run inside `withWaits` until the returned function is called. */
export function recordPolicyWaits(): () => void {
	const realSleep = workflow.sleep;
	const spy = jest.spyOn(workflow as unknown as { sleep: unknown }, 'sleep', 'get').mockReturnValue(async (ms: number) => {
		if (ms > LOOP_TICK_MS) {
			const scale = backoffScale(ms);
			const from = Date.now();
			currentCase.getStore()?.push({ from, to: from + ms / scale, weight: scale });
		}
		await realSleep(ms);
	});
	return () => spy.mockRestore();
}

/** Runs `work`, and the milliseconds the policy asked to wait during it (overlapping waits once). */
export async function withWaits<T>(work: () => Promise<T>): Promise<{ value: T; waitedMs: number }> {
	const waits: Wait[] = [];
	const value = await currentCase.run(waits, work);
	return { value, waitedMs: Math.round(unionMs(waits)) };
}

/** The measure of the waits' union, each stretch counted at the highest weight of the waits covering it. */
function unionMs(waits: Wait[]): number {
	const edges = [...new Set(waits.flatMap((wait) => [wait.from, wait.to]))].sort((a, b) => a - b);
	let total = 0;
	for (let i = 0; i + 1 < edges.length; i++) {
		const [from, to] = [edges[i], edges[i + 1]];
		const weight = Math.max(0, ...waits.filter((wait) => wait.from <= from && wait.to >= to).map((wait) => wait.weight));
		total += (to - from) * weight;
	}
	return total;
}
