/**
 * One poll of a list event (tickets, leads, deals, contacts, calls): the saved cursor plans a window
 * (cursor.ts), the window is read within the poll's budget (boundedRead.ts, listRead.ts), the new
 * changes are kept and filtered, shaped (listOutput.ts), and only then the cursor moves, in the
 * poll's own copy of the static data, which `poll()` commits (staticData.ts). Manual runs go to
 * Fetch Test Event (sampleEvents.ts).
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { toEpochMs } from '../CustomerCare/basics/dates';
import { MAX_PAGE_SIZE, getAccount } from '../CustomerCare/transport';
import { FILES_SHARE, boundedRead } from './boundedRead';
import { completeRead, planPoll, rememberStatuses, type PollState } from './cursor';
import { passesLocalFilters, queryOf } from './eventFilters';
import type { ListEvent } from './events';
import { output } from './listOutput';
import { changesOf, readListWindow, type ListPoll } from './listRead';
import { FILES_END_SHARE, pollBudgetMsOf } from './pollBudget';
import { sample } from './sampleEvents';
import { moveTo } from './staticData';
import { warnOfStampsOutside } from './zoneCheck';

/** The Overlap option's default (the node's description shows it). */
export const DEFAULT_OVERLAP_SECONDS = 120;

/**
 * Requests one poll may make to read its list: 20 pages of 500, about 10,000 changes. It bounds
 * what one execution carries and the time Simplify takes on it, where n8n's budget is large
 * (5 minutes on the in-memory scheduler); a bigger backlog is read over the following polls.
 */
const MAX_LIST_REQUESTS_PER_POLL = 20;

/** The Overlap option in ms: whole seconds (a fraction reads a little more), refused when not a number ≥ 0. */
function overlapMsOf(ctx: IPollFunctions, options: IDataObject): number {
	const seconds = Number(options.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS);
	if (!Number.isFinite(seconds) || seconds < 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Overlap (Seconds) is ${JSON.stringify(options.overlapSeconds)}; a number of seconds of 0 or more is allowed`,
		);
	}
	return Math.ceil(seconds) * 1000;
}

/**
 * One poll: a pure step from the state it is given to (output, next state). Every read the output
 * needs (the list, and with Simplify the definitions and labels) happens before the state moves.
 * The list is read within the poll's budget (boundedRead.ts): what the poll emits and where its
 * cursor goes depend only on the static data n8n gave it and on the platform's data.
 */
export async function pollList(
	ctx: IPollFunctions,
	event: ListEvent,
	/** The poll's own copy of the static data (staticData.ts `startPoll`), moved in place. */
	state: PollState,
	startedAt: number,
): Promise<INodeExecutionData[][] | null> {
	const chosen = ctx.getNodeParameter('filters', {}) as IDataObject;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const account = await getAccount.call(ctx);
	const poll: ListPoll = { ctx, event, account };
	const qs = queryOf(event, chosen, ctx.getNode());
	if (ctx.getMode() === 'manual') return await sample(poll, chosen, qs);

	const overlapMs = overlapMsOf(ctx, options);
	const plannedAt = Date.now();
	const plan = planPoll(state, plannedAt, overlapMs, toEpochMs(options.startFrom, account.clock.zone));
	if (!plan.window) {
		moveTo(state, plan.state);
		return null;
	}

	const budget = {
		startedAt,
		budgetMs: pollBudgetMsOf(ctx),
		maxRequests: MAX_LIST_REQUESTS_PER_POLL,
		pageSize: MAX_PAGE_SIZE,
	};
	// Each chunk is read whole or not at all: a read whose pages kept shifting is dropped (transport/lists/pages.ts).
	const bounded = await boundedRead(plan.window, budget, () => Date.now(), async (chunk, morePages) =>
		await readListWindow(poll, qs, chunk, { morePages, whenUnstable: 'drop' }),
	);
	// The cursor moves only over what was provably read: nothing read whole, nothing moves.
	if (!bounded.read) {
		moveTo(state, plan.state);
		return null;
	}
	const readWindow = bounded.read;
	const readChanges = changesOf(poll, bounded.records, readWindow);
	const { handled, state: read } = completeRead(plan.state, readWindow, readChanges, overlapMs, plannedAt);
	const zoneWarned = warnOfStampsOutside(poll, readWindow, readChanges, plan.state);
	const emitted = handled.filter((change) => passesLocalFilters(event, chosen, change, plan.state));
	// Only Status Becomes needs the statuses seen before.
	const statusesChosen = Array.isArray(chosen.ticket_statuses) && chosen.ticket_statuses.length > 0;
	const afterRead: PollState = { ...read, zoneWarned };
	const next: PollState =
		event.filters.includes('ticket_statuses') && statusesChosen
			? {
					...afterRead,
					lastStatus: rememberStatuses(
						read.lastStatus,
						handled.map((change) => ({
							id: change.id,
							status: String(change.record.ticket_status),
						})),
					),
				}
			: afterRead;
	// Recordings are fetched in what the read left of the budget, so that the poll ends in time:
	// the last file starts by FILES_SHARE of it, and a file still coming at FILES_END_SHARE is given up.
	const files = {
		startBy: budget.startedAt + budget.budgetMs * FILES_SHARE,
		giveUpAt: budget.startedAt + budget.budgetMs * FILES_END_SHARE,
	};
	const result =
		emitted.length === 0
			? null
			: await output(
					poll,
					emitted.map((change) => change.record),
					files,
				);
	moveTo(state, next);
	return result;
}
