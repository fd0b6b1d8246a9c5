import type { INodeProperties } from 'n8n-workflow';

import { DEAL } from '../../api/endpoints';
import { labelledOutput } from '../../customFields/labels';
import {
	alphabetical,
	collection,
	returnAllAndLimit,
	simplifyProperty,
} from '../../description/properties';
import {
	asQuery,
	closedTypeFilter,
	convertTypeFilter,
	labelledRanges,
	pipelineFilter,
	stageFilter,
	salesListFilters,
} from '../../description/filters';
import { operation } from '../../engine/operation';

import { checkDateRanges } from '../../checks/dateRanges';
import { checked } from '../../checks/declared';

export const getAllDealsFields: INodeProperties[] = [
	...returnAllAndLimit('deal'),
	collection(
		'filters',
		{ resource: ['deal'], operation: ['getAll'] },
		alphabetical([
			...salesListFilters('deals', DEAL.list.dates),
			asQuery(closedTypeFilter),
			asQuery({
				...convertTypeFilter('deals'),
				description: 'Only deals whose lead was converted this way',
			}),
			// The list takes pipelines and stages comma-separated.
			checked(asQuery(pipelineFilter), { idList: true }),
			checked(asQuery(stageFilter), { idList: true }),
		]),
	),
	simplifyProperty('deal', ['getAll']),
];

export const getAllDeals = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many deals matching filters, with their stages and values',
		description:
			'List deals, filtered by customer, assignee, service, pipelines, stages, closing (won, lost, unqualified), conversion and created, updated, converted or closed date ranges',
	},
	DEAL.list,
	{
		fields: getAllDealsFields,
		simplify: 'deal',
		checks: [checkDateRanges(labelledRanges(DEAL.list.dates))],
		list: DEAL.list,
		...labelledOutput,
	},
);
