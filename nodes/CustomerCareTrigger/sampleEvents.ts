/**
 * "Fetch Test Event" of a list event: the most recent matching changes, read without touching
 * the cursor. Apart from the poll (listPoll.ts), which only hands manual runs over to it.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { compareChanges, secondOf, type Change } from './cursor';
import { passesLocalFilters } from './eventFilters';
import { output } from './listOutput';
import { changesOf, readListWindow, type ListPoll } from './listRead';

const SAMPLE_SIZE = 3;
/** Fetch Test Event looks back this far, widening until it has a sample: an hour, a day, a week. */
const SAMPLE_LOOKBACK_HOURS = [1, 24, 7 * 24];

/** "Fetch Test Event": the most recent matching changes of the last days; the cursor is not touched. */
export async function sample(poll: ListPoll, chosen: IDataObject, qs: IDataObject) {
	const { ctx, event } = poll;
	const now = Date.now();
	let newest: Change[] = [];
	for (const hours of SAMPLE_LOOKBACK_HOURS) {
		const window = { since: secondOf(now - hours * 3_600_000), to: secondOf(now) };
		const read = await readListWindow(poll, qs, window);
		newest = changesOf(poll, read.records ?? [], window)
			.filter((change) => passesLocalFilters(event, chosen, change, {}))
			.sort(compareChanges)
			.slice(-SAMPLE_SIZE);
		if (newest.length === SAMPLE_SIZE) break;
	}
	if (newest.length === 0) {
		const days = SAMPLE_LOOKBACK_HOURS[SAMPLE_LOOKBACK_HOURS.length - 1] / 24;
		throw new NodeOperationError(
			ctx.getNode(),
			`No ${event.noun} matched "${event.name}" in the last ${days} days`,
			{
				description: `Make a matching change in the platform, then fetch a test event again.`,
			},
		);
	}
	return await output(
		poll,
		newest.map((change) => change.record),
	);
}
