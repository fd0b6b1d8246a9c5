/**
 * Oracles for a Ticket → Get Many Return All, shared by the tests that check Simplify on a list of
 * many pages. Built from the platform's own answers and docs/api.md#custom-fields, never from the
 * node's tables.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FakePlatform, RecordedRequest } from '../../../tools/fake-platform';

export const TICKET_LIST = '/acme/api/v2/tickets';

/** The answered ticket pages in the order the node merges them: windows oldest first, pages in order. */
export function ticketPagesInOrder(platform: FakePlatform): RecordedRequest[] {
	return platform
		.requests({ path: TICKET_LIST })
		.filter((request) => request.status === 200)
		.sort((a, b) => a.query.created_since.localeCompare(b.query.created_since) || Number(a.query.page) - Number(b.query.page));
}

export interface Definition {
	custom_field_id: number;
	custom_field_lable: string;
	values?: Array<{ id: number; lable: string }>;
}

/** docs/api.md#custom-fields: with Simplify, `{label: value}`, a choice's id (or ids) shown as its `lable`. */
export function labelled(raw: unknown, definitions: Definition[]): IDataObject {
	const expected: IDataObject = {};
	for (const entry of raw as Array<{ id: number; value: unknown }>) {
		const definition = definitions.find((candidate) => candidate.custom_field_id === entry.id)!;
		const label = (id: unknown) => definition.values?.find((choice) => String(choice.id) === String(id))?.lable ?? id;
		expected[definition.custom_field_lable] = Array.isArray(entry.value)
			? (entry.value.map(label) as IDataObject[string])
			: definition.values
				? (label(entry.value) as IDataObject[string])
				: (entry.value as IDataObject[string]);
	}
	return expected;
}
