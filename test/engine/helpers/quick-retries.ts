/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Quick retry back-offs for the engine tests (jest.config.js: setupFilesAfterEnv of `engine`).
 * The transport's back-offs after a 500, a timeout or a dropped connection (retry.ts: 1 s, 2 s,
 * 4 s, one `sleep` of n8n-workflow in transport/request/exchange.ts) are slept 1/RETRY_SCALE as long. The
 * tests assert which requests went, how many and in what order, never how long: the node still
 * asks for the same waits (a test that spies `sleep` still reads 1000, 2000, 4000).
 *
 * Only these waits: the throttle's spacing and its pauses after a 429 stay real, because the fake
 * platform counts 15 requests a second on the real clock and would answer 429s a real client
 * never meets. CC_RETRY_SCALE=1 sleeps every back-off in full (the same tests, 3-4 times slower).
 * test/sweep/policyWaits.ts asks `backoffScale` how much shorter a wait is slept; the sweep
 * itself sleeps every back-off in full (RETRY_SCALE 1 in its Jest globals): stretching shortened
 * back-offs back overcounts those of parallel items that overlap in full but not when shortened.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import * as workflow from 'n8n-workflow';

// A project may set its own scale in Jest's `globals` (the sweep: 1, every back-off in full).
const SCALE = Math.max(1, Number(process.env.CC_RETRY_SCALE ?? (globalThis as { RETRY_SCALE?: number }).RETRY_SCALE ?? 20));
/** The one `sleep` of transport/request/exchange.ts is the back-off (`case 'sameHostAfter'`). */
const BACKOFF_FILE = join(__dirname, '..', '..', '..', 'nodes', 'CustomerCare', 'transport', 'request', 'exchange.ts');
const BACKOFF_CALLER = /[\\/]nodes[\\/]CustomerCare[\\/]transport[\\/]request[\\/]exchange\.ts:/;
// When the back-off moves to another file (it was request.ts until the transport was split), this
// says so, instead of every engine test sleeping full back-offs unnoticed.
if (!readFileSync(BACKOFF_FILE, 'utf8').includes('await sleep(step.delayMs)')) {
	throw new Error(`quick-retries.ts: the back-off sleep is no longer in ${BACKOFF_FILE}; point BACKOFF_CALLER at its file`);
}
const NODE_CODE = /[\\/]nodes[\\/]Customer/;
const SHORTEST_BACKOFF_MS = 1000;

/** The first frame of node code on the stack: who asked for this sleep. */
function askedByRetryPolicy(): boolean {
	const frames = (new Error().stack ?? '').split('\n').slice(2);
	const caller = frames.find((frame) => NODE_CODE.test(frame));
	return caller !== undefined && BACKOFF_CALLER.test(caller);
}

let real = 0;

/**
 * How many times shorter the sleep asked for now is slept: SCALE for a back-off of the retry
 * policy (called from inside that sleep, so the stack names its caller), 1 for any other wait.
 */
export function backoffScale(ms: number): number {
	// The back-offs are 1 s, 2 s and 4 s (retry.ts): a shorter sleep (the loop watch's 5 ms tick,
	// the throttle's spacing) is never one, and is spared reading the stack.
	return SCALE > 1 && real === 0 && ms >= SHORTEST_BACKOFF_MS && askedByRetryPolicy() ? SCALE : 1;
}

/**
 * The back-offs of the tests in the calling describe block (or file) are slept in full: for the
 * few tests that check the gaps between the platform's requests (request-policy.test.ts).
 */
export function realRetryBackoffs() {
	beforeAll(() => real++);
	afterAll(() => real--);
}

if (SCALE > 1) {
	let spy: jest.SpyInstance | undefined;
	beforeEach(() => {
		const realSleep = workflow.sleep;
		spy = jest
			.spyOn(workflow as unknown as { sleep: unknown }, 'sleep', 'get')
			.mockReturnValue(async (ms: number) => await realSleep(ms / backoffScale(ms)));
	});
	afterEach(() => spy?.mockRestore());
}
