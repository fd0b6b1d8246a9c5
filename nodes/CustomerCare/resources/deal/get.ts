import type { INodeProperties } from 'n8n-workflow';

import { simplifyRecords } from '../../shared/customFields';
import { recordIdProperty, simplifyProperty } from '../../shared/descriptions';
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
	recordIdProperty('deal', 'get', 'Deal ID', 'dealId', 'The ID of the deal'),
	simplifyProperty('deal', ['get']),
];
