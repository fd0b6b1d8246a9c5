import type { INodeProperties } from 'n8n-workflow';

import { sendCustomFields } from '../../shared/customFieldInput';
import { dynamicOptions } from '../../shared/descriptions';
import { validateRequest, type FieldRule } from '../../shared/validation';
import { operation } from '../../transport/declarative';
import { alphabetical, customerKeyProperties, newRecordOptions, requireContact, sharedFieldOptions } from './common';
import { checkUnqualifyReason } from './statuses';

/** Limits of the lead fields (docs/api.md#leads): texts by length, ids by digits (int 10). */
export const LEAD_RULES: FieldRule[] = [
	{ path: 'lead.username', label: 'Customer Name', maxLength: 250 },
	{ path: 'lead.subject', label: 'Subject', maxLength: 250 },
	{ path: 'lead.phone', label: 'Phone', text: true, maxLength: 50 },
	{ path: 'lead.email', label: 'Email', maxLength: 50, email: true },
	{ path: 'lead.service_id', label: 'Service', integer: true, min: 0, maxLength: 10 },
	{ path: 'lead.group_id', label: 'Group', integer: true, min: 0, maxLength: 10 },
	{ path: 'lead.assignee_id', label: 'Assignee', integer: true, min: 0, maxLength: 10 },
	{ path: 'lead.lead_status_id', label: 'Lead Status', integer: true, min: 0, maxLength: 10 },
	{ path: 'lead.estimated_closed_date', label: 'Estimated Closed Date', date: 'zoneless' },
	{ path: 'lead.lead_label', label: 'Labels', idArray: true },
	{ path: 'lead.unqualify_reason', label: 'Unqualify Reason', integer: true, min: 0, maxLength: 10 },
];

export const createLead = operation(
	{
		name: 'Create',
		value: 'create',
		action: 'Create a lead',
		description:
			'Create a lead (a sales prospect) for a customer found or created by phone or e-mail, with subject, status, labels, assignee, group, service, estimated close date, a note and custom fields',
	},
	{ method: 'POST', path: '/api/v1/lead' },
	{
		rootProperty: 'lead',
		fields: () => createLeadFields,
		findCreated: {
			noun: 'lead',
			listPath: '/api/v1/leads',
			rootProperty: 'leads',
			idProperty: 'id',
			bodyKey: 'lead',
			subjectProperty: 'subject',
		},
	},
	{
		preSend: [
			validateRequest([...LEAD_RULES, { path: 'lead.comment', label: 'Comment', maxLength: 5000 }]),
			requireContact('lead', 'lead'),
			checkUnqualifyReason,
			sendCustomFields('lead'),
		],
	},
);

const show = { resource: ['lead'], operation: ['create'] };

/** Lead fields that create and update share (docs/api.md#leads), as options of a collection. */
export function leadFieldOptions(): INodeProperties[] {
	return [
		...sharedFieldOptions('lead'),
		dynamicOptions(
			'Lead Status',
			'lead_status_id',
			'getLeadStatuses',
			'The status of the lead; a new lead gets the first status when none is chosen',
			{ routing: { send: { type: 'body', property: 'lead.lead_status_id' } } },
		),
		dynamicOptions(
			'Unqualify Reason',
			'unqualify_reason',
			'getLeadUnqualifiedReasons',
			'Why the lead was disqualified. Only with a final Lead Status (converted or unqualified): with another status the request is refused.',
			{ routing: { send: { type: 'body', property: 'lead.unqualify_reason' } } },
		),
	];
}

export const createLeadFields: INodeProperties[] = [
	...customerKeyProperties('lead', show),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: alphabetical([
			...leadFieldOptions(),
			{
				displayName: 'Comment',
				name: 'comment',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description: 'A note on the lead, up to 5000 characters',
				routing: { send: { type: 'body', property: 'lead.comment' } },
			},
			...newRecordOptions('lead'),
		]),
	},
];
