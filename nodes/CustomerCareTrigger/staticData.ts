/**
 * How a poll commits its next state to n8n's static data: each poll works on its own copy, and
 * commits it once, last, only if no other poll has committed a change since it started (a
 * compare-and-set on `generation`). Used by `poll()` (CustomerCareTrigger.node.ts) around both
 * the list poll (listPoll.ts) and the monitor poll (monitorPoll.ts).
 *
 * Why: on n8n's in-memory scheduler, overlapping ticks share one static-data object, and the
 * next poll stops waiting for a slow one after a quarter of its budget (pollLock.ts). Both then
 * start from the same state. The one that commits first wins; the other, when it ends, has read
 * and built its output from a state that is gone: it emits nothing and writes nothing, so it can
 * neither move the cursor back nor emit again what the winner emitted. What it read and the
 * winner did not lies past the winner's cursor, and the next poll reads it.
 */
import type { IDataObject } from 'n8n-workflow';

import type { PollState } from './cursor';

/**
 * Moves the static data to the next state, in place (n8n keeps and saves that very object).
 * Called once per poll, after everything the poll returns was built: a poll that throws
 * before it leaves the static data as it was, so its changes are read again by the next poll.
 */
export function moveTo(state: PollState, next: PollState) {
	if (next === state) return;
	for (const key of Object.keys(state) as Array<keyof PollState>)
		if (!(key in next) || next[key] === undefined) delete state[key];
	for (const [key, value] of Object.entries(next))
		if (value !== undefined) (state as IDataObject)[key] = value as IDataObject;
}

/**
 * Marks the poll's copy as the state of `event`. A state another event built (the node was
 * switched to another event and back) is dropped, but for its generation: its cursor, ids or
 * snapshot say nothing of this event, and would make the first poll after the switch emit the
 * differences from long ago. The event then starts afresh: its first poll emits nothing.
 */
export function watchedBy(state: PollState, event: string) {
	if (state.event !== undefined && state.event !== event) moveTo(state, { generation: state.generation });
	state.event = event;
}

/** What a poll started from: the generation of the static data then, and its own copy to work on. */
export interface PollStart {
	generation: number;
	/** The poll's copy of the static data (plain JSON); the poll moves it, `commitPoll` commits it. */
	state: PollState;
}

const generationOf = (state: PollState) => state.generation ?? 0;

/** JSON with its keys sorted: two states are the same when these are equal. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value as IDataObject)
			.filter(([, item]) => item !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** A poll starts: the generation it starts from and a copy of the static data of its own. */
export function startPoll(live: PollState): PollStart {
	return { generation: generationOf(live), state: JSON.parse(JSON.stringify(live)) as PollState };
}

/**
 * Commits the poll's state to the static data `live`, in place, if no poll committed a change
 * since `start`; a change bumps the generation. True when the poll may emit what it built;
 * false when a later poll got there first: the poll must emit nothing (its state is not written).
 * A poll that changed nothing commits without a write (n8n saves, and with durable cursors
 * commits, only static data that changed: docs/scheduler.md §2).
 */
export function commitPoll(live: PollState, start: PollStart, next: PollState = start.state): boolean {
	if (generationOf(live) !== start.generation) return false;
	if (canonical({ ...next, generation: start.generation }) === canonical({ ...live, generation: start.generation }))
		return true;
	moveTo(live, { ...next, generation: start.generation + 1 });
	return true;
}
