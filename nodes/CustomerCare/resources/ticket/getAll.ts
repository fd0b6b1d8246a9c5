import type { INodeProperties } from 'n8n-workflow';

import { labelledList } from '../../shared/customFields';
import { dateRangeFields, dynamicOptions, returnAllAndLimit, simplifyProperty } from '../../shared/descriptions';
import { checkDateRanges, validateRequest } from '../../shared/validation';
import { operation } from '../../transport/declarative';


export const getAllTickets = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many tickets',
		description:
			'List the tickets created or updated in a date range (any length: longer than 31 days is read window by window), filtered by requester, assignee, service or saved filter',
	},
	{ method: 'GET', path: '/api/v2/tickets' },
	{
		list: {
			rootProperty: 'tickets',
			paged: true,
			idProperty: 'ticket_id',
			// When both pairs are given the updated pair wins (docs/api.md#tickets).
			windowPairs: [
				['updated_since', 'updated_to'],
				['created_since', 'created_to'],
			],
		},
		...labelledList,
		fields: () => getAllTicketsFields,
	},
	{
		preSend: [
			validateRequest([
				{ in: 'qs', path: 'updated_since', label: 'From', date: 'isoZ' },
				{ in: 'qs', path: 'updated_to', label: 'To', date: 'isoZ' },
				{ in: 'qs', path: 'created_since', label: 'From', date: 'isoZ' },
				{ in: 'qs', path: 'created_to', label: 'To', date: 'isoZ' },
			]),
			checkDateRanges(
				[
					{ since: 'updated_since', to: 'updated_to' },
					{ since: 'created_since', to: 'created_to' },
				],
				{ required: true },
			),
		],
	},
);

const show = { resource: ['ticket'], operation: ['getAll'] };

export const getAllTicketsFields: INodeProperties[] = [
	...dateRangeFields(
		'ticket',
		[
			{ name: 'Updated', value: 'updated', description: 'Tickets changed in the range' },
			{ name: 'Created', value: 'created', description: 'Tickets created in the range' },
		],
		'Which date the range applies to',
	),
	...returnAllAndLimit('ticket'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: [
			dynamicOptions('Assignee', 'assignee_id', 'getAgents', 'Only tickets handled by this agent', {
				routing: { send: { type: 'query', property: 'assignee_id' } },
			}),
			{
				displayName: 'Requester ID',
				name: 'requester_id',
				type: 'number',
				default: 0,
				description: 'Only tickets of this customer',
				routing: { send: { type: 'query', property: 'requester_id' } },
			},
			{
				displayName: 'Saved Filter ID',
				name: 'filter_id',
				type: 'number',
				default: 0,
				description:
					"A filter saved in the platform. Filters that depend on the logged-in user or the user's group cannot be used.",
				routing: { send: { type: 'query', property: 'filter_id' } },
			},
			dynamicOptions('Service', 'service_id', 'getServices', 'Only tickets of this channel', {
				routing: { send: { type: 'query', property: 'service_id' } },
			}),
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'API Version',
				name: 'version',
				type: 'options',
				options: [
					{ name: 'V2 (Default)', value: 'v2' },
					{ name: 'V1', value: 'v1' },
				],
				default: 'v2',
				description: 'Which ticket list to read; both take the same filters',
				routing: { request: { url: '=/api/{{$value}}/tickets' } },
			},
		],
	},
	simplifyProperty('ticket', ['getAll']),
];
