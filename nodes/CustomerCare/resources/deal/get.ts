import type { INodeProperties } from 'n8n-workflow';

import { simplifyRecords } from '../../shared/customFields';
import { simplifyProperty } from '../../shared/descriptions';
import { checked, RECORD_ID } from '../../shared/validation';
import { operation } from '../../transport/declarative';

export const getDeal = operation(
	{
		name: 'Get',
		value: 'get',
		action: 'Get a deal',
		description:
			'Get one deal by its ID: customer, pipeline and stage, value, probability, closing (won, lost, unqualified), order and products, comments and custom fields',
	},
	{ method: 'GET', path: '=/api/v1/deal/{{encodeURIComponent(String($parameter.dealId).trim())}}' },
	{ rootProperty: 'deal', transform: simplifyRecords, fields: () => getDealFields },
);

export const getDealFields: INodeProperties[] = [
	checked(
		{
			displayName: 'Deal ID',
			name: 'dealId',
			type: 'string',
			required: true,
			default: '',
			displayOptions: { show: { resource: ['deal'], operation: ['get'] } },
			description: 'The ID of the deal (a whole number)',
		},
		RECORD_ID,
	),
	simplifyProperty('deal', ['get']),
];
