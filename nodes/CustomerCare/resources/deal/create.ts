import type { INodeProperties } from 'n8n-workflow';

import { DEAL } from '../../api/endpoints';
import { customFieldProperties, sendCustomFields } from '../../customFields/input';
import {
	alphabetical,
	collection,
	commentFields,
	simplifyProperty,
} from '../../description/properties';
import { operation } from '../../engine/operation';
import { checkComment, pickedContactSteps, requireContact } from '../sales/checks';
import { customerKeyProperties, newRecordOptions } from '../sales/fields';
import { dealFieldOptions, orderProperty, pipelineProperties } from './fields';
import { orderProductsProperty, sendOrderProducts } from './orderProducts';

const show = { resource: ['deal'], operation: ['create'] };

export const createDealFields: INodeProperties[] = [
	...customerKeyProperties('deal', show),
	...pipelineProperties('create', 'empty means the pipeline configured as default'),
	collection(
		'additionalFields',
		show,
		alphabetical([
			...dealFieldOptions(),
			...commentFields('deal.comment', {
				required: false,
				description: 'A first comment on the deal, up to 5000 characters; needs a Comment Author',
				maxLength: 5000,
			}),
			...newRecordOptions('deal'),
		]),
	),
	orderProperty(show),
	orderProductsProperty(show),
	// Leads and deals use the ticket custom-field definitions (docs/api.md#where-the-spec-is-silent-our-assumptions).
	...customFieldProperties('deal', ['create']),
	simplifyProperty('deal', ['create']),
];

export const createDeal = operation(
	{
		name: 'Create',
		value: 'create',
		action: 'Create a deal',
		description:
			'Create a deal (a sales opportunity) for a customer found or created by phone or e-mail, in a pipeline and stage, with value, probability, labels, assignee, a comment, an order with product lines and custom fields; returns the new deal with its ID',
	},
	DEAL.create,
	{
		fields: createDealFields,
		simplify: 'deal',
		checks: [
			checkComment('deal', false),
			pickedContactSteps('deal').check,
			requireContact('deal'),
			sendOrderProducts,
		],
		resolve: [pickedContactSteps('deal').resolve],
		definitionSteps: [sendCustomFields('deal')],
		findCreated: {
			noun: 'deal',
			listPath: DEAL.list.path,
			rootProperty: DEAL.list.rootProperty,
			idProperty: DEAL.list.idProperty,
			bodyKey: 'deal',
			subjectProperty: 'subject',
		},
	},
);
