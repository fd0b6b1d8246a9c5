import type { INodeProperties } from 'n8n-workflow';

import { TICKET } from '../../api/endpoints';
import { labelledOutput } from '../../customFields/labels';
import {
	collection,
	dateRangeFields,
	returnAllAndLimit,
	simplifyProperty,
} from '../../description/properties';
import {
	asQuery,
	assigneeFilter,
	requesterContactFilter,
	serviceFilter,
	ticketChannelQuery,
} from '../../description/filters';
import { requesterFilterSteps } from '../contact/requester';
import { operation } from '../../engine/operation';
import { checkDateRanges } from '../../checks/dateRanges';

const show = { resource: ['ticket'], operation: ['getAll'] };

export const getAllTicketsFields: INodeProperties[] = [
	...dateRangeFields(
		'ticket',
		[
			{
				name: 'Updated',
				value: 'updated',
				description: 'Tickets changed in the range',
			},
			{
				name: 'Created',
				value: 'created',
				description: 'Tickets created in the range',
			},
		],
		'Which date the range applies to',
	),
	...returnAllAndLimit('ticket'),
	collection('filters', show, [
		asQuery(assigneeFilter('tickets')),
		ticketChannelQuery,
		requesterContactFilter('tickets'),
		{
			displayName: 'Saved Filter ID',
			name: 'filter_id',
			type: 'number',
			default: 0,
			description:
				"A filter saved in the platform. Filters that depend on the logged-in user or the user's group cannot be used.",
			routing: { send: { type: 'query', property: 'filter_id' } },
		},
		asQuery(serviceFilter('tickets')),
	]),
	collection('options', show, [
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
	]),
	simplifyProperty('ticket', ['getAll']),
];

export const getAllTickets = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many tickets',
		description:
			'List the tickets created or updated in a date range (any length: longer than 31 days is read window by window), filtered by requester, assignee, service, chat channel or saved filter, each with its status and requester',
	},
	TICKET.list,
	{
		fields: getAllTicketsFields,
		simplify: 'ticketListItem',
		checks: [
			checkDateRanges(Object.values(TICKET.list.dates), { required: true }),
			requesterFilterSteps.check,
		],
		resolve: [requesterFilterSteps.resolve],
		list: TICKET.list,
		...labelledOutput,
	},
);
