/**
 * The time one poll may take, as n8n gives it (or our default where it gives none). Read by the
 * lock (pollLock.ts, how long to wait) and by the list poll (listPoll.ts, how much to read).
 */
import type { IPollFunctions } from 'n8n-workflow';

/**
 * A poll's time budget when n8n gives none (versions before `getPollBudgetMs`): 30 s, well
 * inside the durable scheduler's default limit (45 s, of which n8n grants 36 s) and the shortest
 * poll interval (a minute), so a poll ends before its time is up and before the next one starts.
 */
const DEFAULT_POLL_BUDGET_MS = 30_000;

/**
 * The share of the budget at which a poll stops waiting for a file still downloading (Call
 * Ended's recordings, listOutput.ts): the call is emitted without it, and the poll ends in time.
 * The rest is for the output and n8n's own bookkeeping.
 */
export const FILES_END_SHARE = 0.9;

/** The time this poll may take: n8n's budget where it gives one, else our default. */
export function pollBudgetMsOf(ctx: IPollFunctions): number {
	const given = typeof ctx.getPollBudgetMs === 'function' ? Number(ctx.getPollBudgetMs()) : NaN;
	return Number.isFinite(given) && given > 0 ? given : DEFAULT_POLL_BUDGET_MS;
}
