import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { pathWithId, type Endpoint } from '../api/endpoints';
import type { RecordKind } from '../api/records';
import { labelledOutputOf } from '../customFields/labels';
import { recordIdProperty, simplifyProperty } from '../description/properties';
import { operation } from '../engine/operation';

/**
 * The Get operation of a record with custom fields (ticket, lead, deal, contact): its ID in the
 * path, and its custom fields keyed by label when Simplify is on (a contact's by the contact
 * definitions, the others' by the ticket ones).
 */
export function getRecordOperation(
	resource: 'ticket' | 'lead' | 'deal' | 'contact',
	record: RecordKind,
	endpoint: Endpoint,
	id: { name: string; description: string },
	description: string,
): { operation: INodePropertyOptions; fields: INodeProperties[] } {
	const fields = [
		recordIdProperty(
			resource,
			'get',
			`${resource.charAt(0).toUpperCase()}${resource.slice(1)} ID`,
			id.name,
			id.description,
		),
		simplifyProperty(resource, ['get']),
	];
	return {
		fields,
		operation: operation(
			{
				name: 'Get',
				value: 'get',
				action: `Get a ${resource}`,
				description,
			},
			{ ...endpoint, path: pathWithId(endpoint, id.name) },
			{
				fields,
				...labelledOutputOf(resource === 'contact' ? 'contactFieldDefinitions' : 'fieldDefinitions'),
				simplify: record,
			},
		),
	};
}
