import type { INodeProperties } from 'n8n-workflow';

import { LEAD } from '../../api/endpoints';
import { labelledOutput } from '../../customFields/labels';
import {
	alphabetical,
	collection,
	returnAllAndLimit,
	simplifyProperty,
} from '../../description/properties';
import {
	asQuery,
	convertTypeFilter,
	labelledRanges,
	leadStatusFilter,
	salesListFilters,
} from '../../description/filters';
import { operation } from '../../engine/operation';

import { checkDateRanges } from '../../checks/dateRanges';
import { checked } from '../../checks/declared';

export const getAllLeadsFields: INodeProperties[] = [
	...returnAllAndLimit('lead'),
	collection(
		'filters',
		{ resource: ['lead'], operation: ['getAll'] },
		alphabetical([
			...salesListFilters('leads', LEAD.list.dates),
			asQuery(convertTypeFilter('leads')),
			// The list takes the statuses comma-separated.
			checked(asQuery(leadStatusFilter('status_ids')), { idList: true }),
		]),
	),
	simplifyProperty('lead', ['getAll']),
];

export const getAllLeads = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many leads matching filters, with their statuses',
		description:
			'List leads, filtered by customer, assignee, service, statuses, conversion (to deal or unqualified) and created, updated or converted date ranges',
	},
	LEAD.list,
	{
		fields: getAllLeadsFields,
		simplify: 'lead',
		checks: [checkDateRanges(labelledRanges(LEAD.list.dates))],
		list: LEAD.list,
		...labelledOutput,
	},
);
