import type { INodeProperties } from 'n8n-workflow';

import { sendCustomFields } from '../../shared/customFieldInput';
import { commentFields, recordIdProperty } from '../../shared/descriptions';
import { validateRequest } from '../../shared/validation';
import { operation } from '../../transport/declarative';
import { alphabetical, checkComment } from '../lead/common';
import { DEAL_RULES, dealFieldOptions, pipelineProperties } from './create';
import { orderProductsProperty, orderProperty, sendOrderProducts } from './order';

export const updateDeal = operation(
	{
		name: 'Update',
		value: 'update',
		action: 'Update a deal',
		description:
			'Add a comment to a deal and change its subject, pipeline and stage, value, probability, labels, assignee, estimated close date, order and product lines or custom fields',
	},
	{ method: 'PUT', path: '=/api/v1/deal/{{encodeURIComponent(String($parameter.dealId).trim())}}' },
	{ rootProperty: 'deal', fields: () => updateDealFields },
	{
		preSend: [
			validateRequest(DEAL_RULES),
			checkComment('deal', true),
			sendOrderProducts,
			sendCustomFields('deal'),
		],
	},
);

const show = { resource: ['deal'], operation: ['update'] };

export const updateDealFields: INodeProperties[] = [
	recordIdProperty('deal', 'update', 'Deal ID', 'dealId', 'The ID of the deal to update'),
	...commentFields('deal.comment', { show, required: true, description: 'Every update adds a comment; this is its text, up to 5000 characters' }),
	...pipelineProperties('update', 'empty keeps it'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: alphabetical([
			...dealFieldOptions(),
			{
				displayName: 'Subject',
				name: 'subject',
				type: 'string',
				default: '',
				description: 'New subject, up to 250 characters',
				routing: { send: { type: 'body', property: 'deal.subject' } },
			},
		]),
	},
	orderProperty(show),
	orderProductsProperty(show),
];
