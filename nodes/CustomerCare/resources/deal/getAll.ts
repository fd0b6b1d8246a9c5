import { DEAL } from '../../api/endpoints';
import { checked } from '../../checks/declared';
import { asQuery, closedTypeFilter, convertTypeFilter, pipelineFilter, stageFilter } from '../../description/filters';
import { salesGetMany } from '../sales/getMany';

export const { operation: getAllDeals, fields: getAllDealsFields } = salesGetMany(
	'deal',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many deals',
		description:
			'List deals, filtered by customer, assignee, service, pipelines, stages, closing (won, lost, unqualified), conversion and created, updated, converted or closed date ranges, each with its stage and value',
	},
	DEAL.list,
	[
		asQuery(closedTypeFilter),
		asQuery({
			...convertTypeFilter('deals'),
			description: 'Only deals whose lead was converted this way',
		}),
		// The list takes pipelines and stages comma-separated.
		checked(asQuery(pipelineFilter), { idList: true }),
		checked(asQuery(stageFilter), { idList: true }),
	],
);
