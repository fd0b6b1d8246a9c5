import type { INodeProperties } from 'n8n-workflow';

import { CUSTOM_FIELD, CUSTOM_FIELD_OBJECTS } from '../../api/endpoints';
import { returnAllAndLimit } from '../../description/properties';
import { operation } from '../../engine/operation';

const OBJECT_NAMES = {
	tickets: 'Ticket',
	contacts: 'Contact',
	organizations: 'Organization',
};

export const getAllCustomFieldsFields: INodeProperties[] = [
	{
		displayName: 'Object',
		name: 'object',
		type: 'options',
		noDataExpression: true,
		displayOptions: {
			show: { resource: ['customField'], operation: ['getAll'] },
		},
		options: CUSTOM_FIELD_OBJECTS.map((object) => ({
			name: OBJECT_NAMES[object],
			value: object,
		})),
		default: 'tickets',
		description: 'Whose custom fields to list',
		// The same list for each object: its path names the object (docs/api.md#custom-fields).
		routing: {
			request: { url: `=${CUSTOM_FIELD.list('{{$value}}' as 'tickets').path}` },
		},
	},
	...returnAllAndLimit('customField'),
];

export const getAllCustomFields = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many custom fields',
		description:
			'List the custom-field definitions (ID, label, type, code and choice values) configured for tickets, contacts or organizations',
	},
	// The Object parameter above sets the path.
	CUSTOM_FIELD.list('tickets'),
	{ fields: getAllCustomFieldsFields, list: CUSTOM_FIELD.list('tickets') },
);
