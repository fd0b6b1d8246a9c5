import type { INodeProperties } from 'n8n-workflow';

import { sendCustomFields } from '../../shared/customFields';
import { dynamicOptions } from '../../shared/descriptions';
import { validateRequest } from '../../shared/validation';
import { operation } from '../../transport/declarative';
import { alphabetical, checkComment, requireRecordId } from './common';
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
	{ rootProperty: 'lead' },
	{
		preSend: [
			requireRecordId('leadId', 'Lead ID'),
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
	{
		displayName: 'Lead ID',
		name: 'leadId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show },
		description: 'The ID of the lead to update',
	},
	{
		displayName: 'Comment',
		name: 'commentBody',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		displayOptions: { show },
		description: 'Every update adds a comment; this is its text, up to 5000 characters',
		routing: { send: { type: 'body', property: 'lead.comment.body' } },
	},
	dynamicOptions('Comment Author', 'commentAuthorId', 'getAgents', 'The agent who writes the comment', {
		required: true,
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'lead.comment.author_id' } },
	}),
	{
		displayName: 'Comment Is Public',
		name: 'commentIsPublic',
		type: 'boolean',
		default: false,
		displayOptions: { show },
		description:
			'Whether the comment is public (for example mailed to the customer) rather than an internal note',
		routing: { send: { type: 'body', property: 'lead.comment.is_public', value: '={{$value ? 1 : 0}}' } },
	},
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
