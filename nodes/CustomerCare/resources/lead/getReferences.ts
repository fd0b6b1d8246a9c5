import { LEAD } from '../../api/endpoints';
import { operation } from '../../engine/operation';

export const getLeadStatusesOperation = operation(
	{
		name: 'Get Statuses',
		value: 'getStatuses',
		action: 'Get lead statuses',
		description:
			'List the lead statuses of the account (label, ID, status_type: 1 first, 0 middle, 2 converted, 3 unqualified); use the IDs to set or filter a lead status',
	},
	LEAD.statuses,
);

export const getLeadUnqualifiedReasonsOperation = operation(
	{
		name: 'Get Unqualified Reasons',
		value: 'getUnqualifiedReasons',
		action: 'Get lead unqualified reasons',
		description:
			'List the reasons a lead can be disqualified for, with their IDs; use an ID as the Unqualify Reason of a lead in a final status',
	},
	LEAD.unqualifiedReasons,
);

export const getLeadLabelsOperation = operation(
	{
		name: 'Get Labels',
		value: 'getLabels',
		action: 'Get lead labels',
		description: 'List the labels a lead can carry, with their IDs; use the IDs as the Labels of a lead',
	},
	LEAD.labels,
);
