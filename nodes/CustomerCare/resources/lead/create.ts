import type { INodeProperties } from 'n8n-workflow';

import { LEAD } from '../../api/endpoints';
import { customFieldProperties, sendCustomFields } from '../../customFields/input';
import {
	alphabetical,
	collection,
	simplifyProperty,
} from '../../description/properties';
import { operation } from '../../engine/operation';
import { checkUnqualifyReason, pickedContactSteps, requireContact } from '../sales/checks';
import {
	customerKeyProperties,
	leadStatusOptions,
	newRecordOptions,
	sharedFieldOptions,
} from '../sales/fields';
import { checked } from '../../checks/declared';

const show = { resource: ['lead'], operation: ['create'] };

export const createLeadFields: INodeProperties[] = [
	...customerKeyProperties('lead', show),
	collection(
		'additionalFields',
		show,
		alphabetical([
			...sharedFieldOptions('lead'),
			...leadStatusOptions(),
			checked(
				{
					displayName: 'Comment',
					name: 'comment',
					type: 'string',
					typeOptions: { rows: 4 },
					default: '',
					description: 'A note on the lead, up to 5000 characters',
					routing: { send: { type: 'body', property: 'lead.comment' } },
				},
				{ maxLength: 5000 },
			),
			...newRecordOptions('lead'),
		]),
	),
	// Leads and deals use the ticket custom-field definitions (docs/api.md#where-the-spec-is-silent-our-assumptions).
	...customFieldProperties('lead', ['create']),
	simplifyProperty('lead', ['create']),
];

export const createLead = operation(
	{
		name: 'Create',
		value: 'create',
		action: 'Create a lead',
		description:
			'Create a lead (a sales prospect) for a customer found or created by phone or e-mail, with subject, status, labels, assignee, group, service, estimated close date, a note and custom fields; returns the new lead with its ID',
	},
	LEAD.create,
	{
		fields: createLeadFields,
		simplify: 'lead',
		checks: [pickedContactSteps('lead').check, requireContact('lead')],
		resolve: [pickedContactSteps('lead').resolve],
		definitionSteps: [checkUnqualifyReason, sendCustomFields('lead')],
		findCreated: {
			noun: 'lead',
			listPath: LEAD.list.path,
			rootProperty: LEAD.list.rootProperty,
			idProperty: LEAD.list.idProperty,
			bodyKey: 'lead',
			subjectProperty: 'subject',
		},
	},
);
