import type { INodeProperties } from 'n8n-workflow';

import { labelledList } from '../../shared/customFields';
import { returnAllAndLimit, simplifyProperty } from '../../shared/descriptions';
import { checkDateRanges, validateRequest } from '../../shared/validation';
import { operation } from '../../transport/declarative';
import { alphabetical, DATE_FILTERS } from '../lead/common';
import { dateFilterOptions, listFilterRules, partyFilterOptions } from '../lead/getAll';

const DEAL_DATE_FILTERS = [...DATE_FILTERS, { field: 'Closed', since: 'closed_since', to: 'closed_to' }];

export const getAllDeals = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many deals',
		description:
			'List deals, filtered by customer, assignee, service, pipelines, stages, closing (won, lost, unqualified), conversion and created, updated, converted or closed date ranges',
	},
	{ method: 'GET', path: '/api/v1/deals' },
	{ list: { rootProperty: 'deals', paged: true, idProperty: 'id' }, ...labelledList, fields: () => getAllDealsFields },
	{
		preSend: [
			validateRequest([
				...listFilterRules(DEAL_DATE_FILTERS),
				{ in: 'qs', path: 'pipeline_ids', label: 'Pipelines', idList: true },
				{ in: 'qs', path: 'stage_ids', label: 'Stages', idList: true },
				{ in: 'qs', path: 'closed_type', label: 'Closed As', integer: true, oneOf: [1, 2, 3] },
			]),
			checkDateRanges(DEAL_DATE_FILTERS.map(({ field, since, to }) => ({ since, to, sinceLabel: `${field} From`, toLabel: `${field} To` }))),
		],
	},
);

const show = { resource: ['deal'], operation: ['getAll'] };

export const getAllDealsFields: INodeProperties[] = [
	...returnAllAndLimit('deal'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: alphabetical([
			...partyFilterOptions('deals'),
			...dateFilterOptions(DEAL_DATE_FILTERS, 'deals'),
			{
				displayName: 'Closed As',
				name: 'closed_type',
				type: 'options',
				options: [
					{ name: 'Won', value: 1 },
					{ name: 'Lost', value: 2 },
					{ name: 'Unqualified', value: 3 },
				],
				default: 1,
				description: 'Only deals closed this way',
				routing: { send: { type: 'query', property: 'closed_type' } },
			},
			{
				displayName: 'Conversion',
				name: 'convert_type',
				type: 'options',
				options: [
					{ name: 'Converted to Deal', value: 1 },
					{ name: 'Unqualified', value: 2 },
				],
				default: 1,
				description: 'Only deals whose lead was converted this way',
				routing: { send: { type: 'query', property: 'convert_type' } },
			},
			{
				displayName: 'Pipeline Names or IDs',
				name: 'pipeline_ids',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getDealPipelines' },
				default: [],
				description:
					'Only deals in one of these pipelines. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				routing: { send: { type: 'query', property: 'pipeline_ids' } },
			},
			{
				displayName: 'Stage Names or IDs',
				name: 'stage_ids',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getDealStages', loadOptionsDependsOn: ['filters.pipeline_ids'] },
				default: [],
				description:
					'Only deals in one of these stages (of the pipelines chosen above, or of any pipeline). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				routing: { send: { type: 'query', property: 'stage_ids' } },
			},
		]),
	},
	simplifyProperty('deal', ['getAll']),
];
