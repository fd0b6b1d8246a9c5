/**
 * The zone heuristic: a read whose stamps mostly fall outside the window asked for means the
 * credential's clock does not match the platform's (docs/api.md#times). It only logs; what is
 * emitted does not depend on it (cursor.ts emits such changes once all the same).
 */
import { stampsOutsideMessage } from '../CustomerCare/basics/clock';
import { outsideWindow, type Change, type PollState, type ReadWindow } from './cursor';
import type { ListPoll } from './listRead';

/** A stamp this far outside the window counts as outside: more than an edge second, less than any zone offset. */
const OUTSIDE_MARGIN_MS = 60_000;

/**
 * Says once, in n8n's log, that most changes of a read are stamped outside the window the poll
 * asked for: the platform selects by its own clock, so the stamps contradict the credential's
 * Platform Clock or Account Time Zone. The changes are emitted all the same, each once
 * (cursor.ts). Poll executions take no hints, hence the log. Returns whether the state should
 * remember that it was said: until a read whose stamps fit again.
 */
export function warnOfStampsOutside(
	{ ctx, event, account }: ListPoll,
	window: ReadWindow,
	changes: Change[],
	state: PollState,
): boolean | undefined {
	if (changes.length === 0) return state.zoneWarned;
	const widened = { since: window.since - OUTSIDE_MARGIN_MS, to: window.to + OUTSIDE_MARGIN_MS };
	const outside = outsideWindow(widened, changes);
	if (outside * 2 <= changes.length) return outside === 0 ? undefined : state.zoneWarned;
	if (state.zoneWarned) return true;
	// Signed: after the window (positive) or before it (negative), the furthest stamp's distance.
	const shift = changes
		.map((change) => (change.at > window.to ? change.at - window.to : Math.min(change.at - window.since, 0)))
		.reduce((furthest, distance) => (Math.abs(distance) > Math.abs(furthest) ? distance : furthest), 0);
	ctx.logger.warn(
		`Customer Care Trigger "${ctx.getNode().name}": ${stampsOutsideMessage(outside, changes.length, `${event.noun}s`, window, shift, account.clock)}`,
		{ workflowId: ctx.getWorkflow().id, nodeName: ctx.getNode().name },
	);
	return true;
}
