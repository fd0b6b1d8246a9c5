import type { INodeProperties } from 'n8n-workflow';

import { simplifyRecords } from '../../shared/customFields';
import { simplifyProperty } from '../../shared/descriptions';
import { checked, RECORD_ID } from '../../shared/validation';
import { operation } from '../../transport/declarative';

export const getLead = operation(
	{
		name: 'Get',
		value: 'get',
		action: 'Get a lead',
		description:
			'Get one lead by its ID: customer, status, labels, assignee, conversion, estimated close date, comments and custom fields',
	},
	{ method: 'GET', path: '=/api/v1/lead/{{encodeURIComponent(String($parameter.leadId).trim())}}' },
	{ rootProperty: 'lead', transform: simplifyRecords, fields: () => getLeadFields },
);

export const getLeadFields: INodeProperties[] = [
	checked(
		{
			displayName: 'Lead ID',
			name: 'leadId',
			type: 'string',
			required: true,
			default: '',
			displayOptions: { show: { resource: ['lead'], operation: ['get'] } },
			description: 'The ID of the lead (a whole number)',
		},
		RECORD_ID,
	),
	simplifyProperty('lead', ['get']),
];
