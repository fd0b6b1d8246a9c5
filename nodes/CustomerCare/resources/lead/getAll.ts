import { LEAD } from '../../api/endpoints';
import { checked } from '../../checks/declared';
import { asQuery, convertTypeFilter, leadStatusFilter } from '../../description/filters';
import { salesGetMany } from '../sales/getMany';

export const { operation: getAllLeads, fields: getAllLeadsFields } = salesGetMany(
	'lead',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many leads',
		description:
			'List leads, filtered by customer, assignee, service, statuses, conversion (to deal or unqualified) and created, updated or converted date ranges, each with its status',
	},
	LEAD.list,
	[
		asQuery(convertTypeFilter('leads')),
		// The list takes the statuses comma-separated.
		checked(asQuery(leadStatusFilter('status_ids')), { idList: true }),
	],
);
