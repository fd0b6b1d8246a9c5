import type { INodeProperties } from 'n8n-workflow';

import { simplifyRecords } from '../../shared/customFields';
import { recordIdProperty, simplifyProperty } from '../../shared/descriptions';
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
	recordIdProperty('lead', 'get', 'Lead ID', 'leadId', 'The ID of the lead'),
	simplifyProperty('lead', ['get']),
];
