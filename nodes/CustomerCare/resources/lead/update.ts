import type { INodeProperties } from 'n8n-workflow';

import { sendCustomFields } from '../../shared/customFieldInput';
import { commentFields, recordIdProperty } from '../../shared/descriptions';
import { validateRequest } from '../../shared/validation';
import { operation } from '../../transport/declarative';
import { alphabetical, checkComment } from './common';
import { LEAD_RULES, leadFieldOptions } from './create';
import { checkUnqualifyReason } from './statuses';

export const updateLead = operation(
	{
		name: 'Update',
		value: 'update',
		action: 'Update a lead',
		description:
			'Add a comment to a lead and change its subject, status (e.g. converted or unqualified, with a reason), assignee, labels, estimated close date or custom fields',
	},
	{ method: 'PUT', path: '=/api/v1/lead/{{encodeURIComponent(String($parameter.leadId).trim())}}' },
	{ rootProperty: 'lead', fields: () => updateLeadFields },
	{
		preSend: [
			validateRequest([
				...LEAD_RULES,
				{ path: 'lead.comment.body', label: 'Comment', maxLength: 5000 },
				{ path: 'lead.comment.author_id', label: 'Comment Author', integer: true, min: 0 },
			]),
			checkComment('lead', true),
			checkUnqualifyReason,
			sendCustomFields('lead'),
		],
	},
);

const show = { resource: ['lead'], operation: ['update'] };

export const updateLeadFields: INodeProperties[] = [
	recordIdProperty('lead', 'update', 'Lead ID', 'leadId', 'The ID of the lead to update'),
	...commentFields('lead.comment', { show, required: true, description: 'Every update adds a comment; this is its text, up to 5000 characters' }),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: alphabetical([
			...leadFieldOptions(),
			{
				displayName: 'Subject',
				name: 'subject',
				type: 'string',
				default: '',
				description: 'New subject, up to 250 characters',
				routing: { send: { type: 'body', property: 'lead.subject' } },
			},
		]),
	},
];
