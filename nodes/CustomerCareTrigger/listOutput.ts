/**
 * What a list event emits: its records shaped as the action node's Get Many shapes them
 * (output/simplify.ts), for the poll (listPoll.ts) and for Fetch Test Event (sampleEvents.ts).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { carriesCustomFields, withFieldLabels } from '../CustomerCare/customFields/labels';
import { readLookups } from '../CustomerCare/definitions/lookups';
import { presentLookupsOf, presentRecords } from '../CustomerCare/output/simplify';
import type { ListPoll } from './listRead';

/** The emitted records as the action node's Get Many shows them: Simplify on, labelled and in the account's time. */
export async function output(
	{ ctx, event, account }: ListPoll,
	records: IDataObject[],
): Promise<INodeExecutionData[][]> {
	if (!(ctx.getNodeParameter('options.simplify', true) as boolean))
		return [ctx.helpers.returnJsonArray(records)];
	// Contact list items carry no custom fields: no definitions to read (they would be the tickets').
	const lookups = await readLookups(ctx, account, [
		...(carriesCustomFields(records) ? (['fieldDefinitions'] as const) : []),
		...presentLookupsOf(event.record),
	]);
	const labelled = withFieldLabels(records, lookups.fieldDefinitions);
	return [ctx.helpers.returnJsonArray(presentRecords(labelled, event.record, account.clock, lookups))];
}
