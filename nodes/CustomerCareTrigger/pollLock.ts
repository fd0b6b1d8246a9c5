/**
 * The in-process lock of the trigger's polls: a second poll of one trigger node waits, a bounded
 * time, for the first. Apart from the polls themselves, so that `poll()` reads as the wiring it is.
 */
import { sleep } from 'n8n-workflow';

/** A poll waits at most this share of its budget for a poll of the same node still running here. */
const WAIT_SHARE = 0.25;
const WAIT_STEP_MS = 50;

/**
 * Polls of one trigger node in this process: a second one waits for the first and reads its
 * cursor. That matters on n8n's in-memory scheduler, where overlapping ticks share one static-data
 * object. On the durable scheduler each poll has its own copy of the committed state, and a poll
 * n8n abandoned may still be running here: the wait is bounded, so such a poll only delays the
 * next one a little and never decides what it emits (docs/scheduler.md §3, §4). A poll that
 * outlasts the wait and then ends after the next one committed writes and emits nothing
 * (staticData.ts `commitPoll`).
 */
const pollsInFlight = new Map<string, Promise<unknown>>();

/**
 * Runs `poll` once the poll of `key` still running here (if any) has settled, or once
 * WAIT_SHARE of `budgetMs` has passed, whichever comes first.
 */
export async function oneAtATime<T>(key: string, budgetMs: number, poll: () => Promise<T>): Promise<T> {
	const maxWaitMs = budgetMs * WAIT_SHARE;
	const previous = pollsInFlight.get(key);
	const afterPrevious = async () => {
		if (previous) {
			let settled = false;
			void previous.then(
				() => (settled = true),
				() => (settled = true),
			);
			const until = Date.now() + maxWaitMs;
			while (!settled && Date.now() < until) await sleep(WAIT_STEP_MS);
		}
		return await poll();
	};
	const current = afterPrevious();
	pollsInFlight.set(key, current);
	try {
		return await current;
	} finally {
		if (pollsInFlight.get(key) === current) pollsInFlight.delete(key);
	}
}
