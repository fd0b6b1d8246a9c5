import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ListEndpoint } from '../../api/endpoints';
import { checkDateRanges } from '../../checks/dateRanges';
import { labelledOutput } from '../../customFields/labels';
import { labelledRanges, salesListFilters } from '../../description/filters';
import {
	alphabetical,
	collection,
	returnAllAndLimit,
	simplifyProperty,
} from '../../description/properties';
import { operation } from '../../engine/operation';
import { requesterFilterSteps } from '../contact/requester';

/**
 * The Get Many of leads or deals (docs/api.md#leads, #deals): Return All and Limit, the filters
 * both lists take and the resource's own, the date ranges checked, custom fields by label and
 * Simplify.
 */
export function salesGetMany(
	resource: 'lead' | 'deal',
	option: Parameters<typeof operation>[0],
	list: ListEndpoint,
	ownFilters: INodeProperties[],
): { operation: INodePropertyOptions; fields: INodeProperties[] } {
	const dates = list.dates ?? {};
	const fields = [
		...returnAllAndLimit(resource),
		collection(
			'filters',
			{ resource: [resource], operation: ['getAll'] },
			alphabetical([...salesListFilters(`${resource}s`, dates), ...ownFilters]),
		),
		simplifyProperty(resource, ['getAll']),
	];
	return {
		fields,
		operation: operation(option, list, {
			fields,
			simplify: resource,
			checks: [checkDateRanges(labelledRanges(dates)), requesterFilterSteps.check],
			resolve: [requesterFilterSteps.resolve],
			list,
			...labelledOutput,
		}),
	};
}
