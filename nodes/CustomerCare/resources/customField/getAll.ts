import type { INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../shared/descriptions';
import { operation } from '../../transport/declarative';

export const getAllCustomFields = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many custom field definitions',
		description:
			'List the custom-field definitions (ID, label, type, code and choice values) configured for tickets, contacts or organizations',
	},
	// The object parameter below sets the path.
	{ method: 'GET', path: '/api/v1/tickets/custom_fields' },
	{ list: { rootProperty: 'custom_fields', idProperty: 'custom_field_id' }, fields: () => getAllCustomFieldsFields },
);

export const getAllCustomFieldsFields: INodeProperties[] = [
	{
		displayName: 'Object',
		name: 'object',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customField'], operation: ['getAll'] } },
		options: [
			{ name: 'Ticket', value: 'tickets' },
			{ name: 'Contact', value: 'contacts' },
			{ name: 'Organization', value: 'organizations' },
		],
		default: 'tickets',
		description: 'Whose custom fields to list',
		routing: { request: { url: '=/api/v1/{{$value}}/custom_fields' } },
	},
	...returnAllAndLimit('customField'),
];
