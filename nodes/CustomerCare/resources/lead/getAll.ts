import type { INodeProperties } from 'n8n-workflow';

import { labelledList } from '../../shared/customFields';
import { dynamicOptions, returnAllAndLimit, simplifyProperty } from '../../shared/descriptions';
import { checkDateRanges, validateRequest, type FieldRule } from '../../shared/validation';
import { operation } from '../../transport/declarative';
import { alphabetical, DATE_FILTERS } from './common';

/** Rules of the filters both list endpoints share (GET /api/v1/leads, GET /api/v1/deals). */
export function listFilterRules(dates: Array<{ field: string; since: string; to: string }>): FieldRule[] {
	return [
		{ in: 'qs', path: 'requester_id', label: 'Requester ID', integer: true, min: 0, maxLength: 10 },
		{ in: 'qs', path: 'assignee_id', label: 'Assignee', integer: true, min: 0, maxLength: 10 },
		{ in: 'qs', path: 'service_id', label: 'Service', integer: true, min: 0, maxLength: 10 },
		...dates.flatMap(({ field, since, to }): FieldRule[] => [
			{ in: 'qs', path: since, label: `${field} From`, date: 'isoZ' },
			{ in: 'qs', path: to, label: `${field} To`, date: 'isoZ' },
		]),
		{ in: 'qs', path: 'convert_type', label: 'Conversion', integer: true, oneOf: [1, 2] },
	];
}

/** The date-range filters of a list, as options of its Filters collection. */
export function dateFilterOptions(
	dates: Array<{ field: string; since: string; to: string }>,
	noun: string,
): INodeProperties[] {
	return dates.flatMap(({ field, since, to }): INodeProperties[] => [
		{
			displayName: `${field} From`,
			name: since,
			type: 'dateTime',
			default: '',
			description: `Only ${noun} ${field.toLowerCase()} at or after this time`,
			routing: { send: { type: 'query', property: since } },
		},
		{
			displayName: `${field} To`,
			name: to,
			type: 'dateTime',
			default: '',
			description: `Only ${noun} ${field.toLowerCase()} at or before this time`,
			routing: { send: { type: 'query', property: to } },
		},
	]);
}

/** Requester, assignee and service filters. */
export function partyFilterOptions(noun: string): INodeProperties[] {
	return [
		dynamicOptions('Assignee', 'assignee_id', 'getAgents', `Only ${noun} handled by this agent`, {
			routing: { send: { type: 'query', property: 'assignee_id' } },
		}),
		{
			displayName: 'Requester ID',
			name: 'requester_id',
			type: 'string',
			default: '',
			description: `Only ${noun} of this customer (customer ID)`,
			routing: { send: { type: 'query', property: 'requester_id' } },
		},
		dynamicOptions('Service', 'service_id', 'getServices', `Only ${noun} of this channel`, {
			routing: { send: { type: 'query', property: 'service_id' } },
		}),
	];
}

export const getAllLeads = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many leads',
		description:
			'List leads, filtered by customer, assignee, service, statuses, conversion (to deal or unqualified) and created, updated or converted date ranges',
	},
	{ method: 'GET', path: '/api/v1/leads' },
	{ list: { rootProperty: 'leads', paged: true, idProperty: 'id' }, ...labelledList, fields: () => getAllLeadsFields },
	{
		preSend: [
			validateRequest([
				...listFilterRules(DATE_FILTERS),
				{ in: 'qs', path: 'status_ids', label: 'Status', idList: true },
			]),
			checkDateRanges(DATE_FILTERS.map(({ field, since, to }) => ({ since, to, sinceLabel: `${field} From`, toLabel: `${field} To` }))),
		],
	},
);

const show = { resource: ['lead'], operation: ['getAll'] };

export const getAllLeadsFields: INodeProperties[] = [
	...returnAllAndLimit('lead'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: alphabetical([
			...partyFilterOptions('leads'),
			...dateFilterOptions(DATE_FILTERS, 'leads'),
			{
				displayName: 'Conversion',
				name: 'convert_type',
				type: 'options',
				options: [
					{ name: 'Converted to Deal', value: 1 },
					{ name: 'Unqualified', value: 2 },
				],
				default: 1,
				description: 'Only leads converted this way',
				routing: { send: { type: 'query', property: 'convert_type' } },
			},
			{
				displayName: 'Status Names or IDs',
				name: 'status_ids',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getLeadStatuses' },
				default: [],
				description:
					'Only leads in one of these statuses. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				routing: { send: { type: 'query', property: 'status_ids' } },
			},
		]),
	},
	simplifyProperty('lead', ['getAll']),
];
