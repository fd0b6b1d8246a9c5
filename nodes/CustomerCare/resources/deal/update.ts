import type { INodeProperties } from 'n8n-workflow';

import { DEAL, pathWithId } from '../../api/endpoints';
import { customFieldProperties, sendCustomFields } from '../../customFields/input';
import {
	alphabetical,
	collection,
	simplifyProperty,
} from '../../description/properties';
import { operation } from '../../engine/operation';
import { checkComment } from '../sales/checks';
import { subjectProperty, updateHeadFields } from '../sales/fields';
import { dealFieldOptions, orderProperty, pipelineProperties } from './fields';
import { orderProductsProperty, sendOrderProducts } from './orderProducts';

const show = { resource: ['deal'], operation: ['update'] };

export const updateDealFields: INodeProperties[] = [
	...updateHeadFields('deal'),
	...pipelineProperties('update', 'empty keeps it'),
	collection(
		'updateFields',
		show,
		alphabetical([
			...dealFieldOptions(),
			subjectProperty('deal', 'New subject, up to 250 characters'),
		]),
	),
	orderProperty(show),
	orderProductsProperty(show),
	...customFieldProperties('deal', ['update']),
	simplifyProperty('deal', ['update']),
];

export const updateDeal = operation(
	{
		name: 'Update',
		value: 'update',
		action: 'Update a deal',
		description:
			'Add a comment to a deal and change its subject, pipeline and stage, value, probability, labels, assignee, estimated close date, order and product lines or custom fields; returns the updated deal',
	},
	{ ...DEAL.update, path: pathWithId(DEAL.update, 'dealId') },
	{
		fields: updateDealFields,
		simplify: 'deal',
		checks: [checkComment('deal', true), sendOrderProducts],
		definitionSteps: [sendCustomFields('deal')],
	},
);
