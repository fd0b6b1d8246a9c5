/**
 * How a poll commits its next state to n8n's static data: in place, once, last. Shared by the
 * list poll (listPoll.ts) and the monitor poll (monitorPoll.ts).
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
