/**
 * What a list event emits: its records shaped as the action node's Get Many shapes them
 * (output/simplify.ts), for the poll (listPoll.ts) and for Fetch Test Event (sampleEvents.ts);
 * for Call Ended with Download Recording, each call's recording file as Get Many adds it.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { carriesCustomFields, withFieldLabels } from '../CustomerCare/customFields/labels';
import { readDefinitions } from '../CustomerCare/definitions/accountDefinitions';
import { simplifyDefinitionsOf, simplifyRecords } from '../CustomerCare/output/simplify';
import { recordingFieldOf, withRecording } from '../CustomerCare/resources/call/recording';
import { redact } from '../CustomerCare/transport';
import type { ListPoll } from './listRead';

/** The emitted records as the action node's Get Many shows them: Simplify on, labelled and in the account's time. */
export async function output(
	poll: ListPoll,
	records: IDataObject[],
	files: FilesTime = { startBy: Infinity, giveUpAt: Infinity },
): Promise<INodeExecutionData[][]> {
	const { ctx, event, account } = poll;
	let shaped = records;
	if (ctx.getNodeParameter('options.simplify', true) as boolean) {
		// Contact list items carry no custom fields: no definitions to read (they would be the tickets').
		const definitions = await readDefinitions(ctx, account, [
			...(carriesCustomFields(records) ? (['fieldDefinitions'] as const) : []),
			...simplifyDefinitionsOf(event.record),
		]);
		const labelled = withFieldLabels(records, definitions.fieldDefinitions);
		shaped = simplifyRecords(labelled, event.record, account.clock, definitions);
	}
	const field = event.recordings ? recordingFieldOf(ctx) : undefined;
	if (!field) return [ctx.helpers.returnJsonArray(shaped)];
	return [await withRecordings(poll, shaped, field, files)];
}

/** A poll's time for files (epoch ms, by `Date.now()`). */
export interface FilesTime {
	/** No file is started from then on: later calls are emitted without their file. */
	startBy: number;
	/** A file still coming then is given up: its call is emitted without it. */
	giveUpAt: number;
}

const READ_IT_LATER = 'Call → Get Many with Download Recording, filtered by its Call ID, reads it.';

/** A poll that found more files than its time allows emits the rest without them, and moves on. */
const TIME_UP = `Not downloaded: this poll had no time left for more files (n8n gives a poll a limited time). ${READ_IT_LATER}`;

/** A file still coming when the poll's time ran out: its call is emitted without it. */
const TIME_RAN_OUT = `Not downloaded: this poll's time ran out while the file was coming (n8n gives a poll a limited time). ${READ_IT_LATER}`;

/** How often a poll waiting for a file looks at the time (as pollLock.ts does). */
const TIME_LOOK_MS = 50;

/**
 * `work`'s outcome, or `undefined` once `Date.now()` reaches `until` first. The work given up
 * goes on to its own end (a download is bounded by its own time, transport/request/fileDownload.ts)
 * and is ignored; the poll does not wait for it.
 */
async function byTime<T>(work: Promise<T>, until: number): Promise<T | undefined> {
	let settled = false;
	const watched = work.finally(() => (settled = true));
	const timeUp = (async () => {
		while (!settled && Date.now() < until) await sleep(TIME_LOOK_MS);
		return undefined;
	})();
	const first = await Promise.race([watched, timeUp]);
	if (!settled) watched.catch(() => undefined);
	return first;
}

/**
 * Each call with its recording, one after another (one file at most on its way). A poll has no
 * Continue On Fail: a failed download is told on its call, which is emitted all the same, so
 * that one broken file can neither hold back the other calls nor stop the trigger's cursor.
 */
async function withRecordings(
	{ ctx, account }: ListPoll,
	calls: IDataObject[],
	field: string,
	files: FilesTime,
): Promise<INodeExecutionData[]> {
	const items: INodeExecutionData[] = [];
	for (const call of calls) {
		if (Date.now() >= files.startBy) {
			items.push({ json: { ...call, recording: { available: false, reason: TIME_UP } } });
			continue;
		}
		try {
			const done = await byTime(withRecording(ctx, call, { account, field }), files.giveUpAt);
			if (!done) {
				items.push({ json: { ...call, recording: { available: false, reason: TIME_RAN_OUT } } });
				continue;
			}
			const { json, binary } = done;
			items.push(binary ? { json, binary } : { json });
		} catch (error) {
			const reason = redact((error as Error).message, account.token);
			items.push({ json: { ...call, recording: { available: false, reason } } });
		}
	}
	return items;
}
