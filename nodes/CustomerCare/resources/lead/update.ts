import type { INodeProperties } from 'n8n-workflow';

import { LEAD, pathWithId } from '../../api/endpoints';
import { customFieldProperties, sendCustomFields } from '../../customFields/input';
import {
	alphabetical,
	collection,
	simplifyProperty,
} from '../../description/properties';
import { operation } from '../../engine/operation';
import { checkComment, checkUnqualifyReason } from '../sales/checks';
import {
	leadStatusOptions,
	sharedFieldOptions,
	subjectProperty,
	updateHeadFields,
} from '../sales/fields';

const show = { resource: ['lead'], operation: ['update'] };

export const updateLeadFields: INodeProperties[] = [
	...updateHeadFields('lead'),
	collection(
		'updateFields',
		show,
		alphabetical([
			...sharedFieldOptions('lead'),
			...leadStatusOptions(),
			subjectProperty('lead', 'New subject, up to 250 characters'),
		]),
	),
	...customFieldProperties('lead', ['update']),
	simplifyProperty('lead', ['update']),
];

export const updateLead = operation(
	{
		name: 'Update',
		value: 'update',
		action: 'Update a lead',
		description:
			'Add a comment to a lead and change its subject, status (e.g. converted or unqualified, with a reason), assignee, labels, estimated close date or custom fields; returns the updated lead',
	},
	{ ...LEAD.update, path: pathWithId(LEAD.update, 'leadId') },
	{
		fields: updateLeadFields,
		simplify: 'lead',
		checks: [checkComment('lead', true)],
		definitionSteps: [checkUnqualifyReason, sendCustomFields('lead')],
	},
);
