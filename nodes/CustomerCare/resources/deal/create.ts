import type { INodeProperties } from 'n8n-workflow';

import { sendCustomFields } from '../../shared/customFieldInput';
import { commentFields, dynamicOptions } from '../../shared/descriptions';
import { validateRequest, type FieldRule } from '../../shared/validation';
import { operation } from '../../transport/declarative';
import { alphabetical, checkComment, customerKeyProperties, newRecordOptions, requireContact, sharedFieldOptions } from '../lead/common';
import { ORDER_RULES, orderProductsProperty, orderProperty, sendOrderProducts } from './order';

/** Limits of the deal fields (docs/api.md#deals): texts by length, ids and value by digits (int 10). */
export const DEAL_RULES: FieldRule[] = [
	{ path: 'deal.username', label: 'Customer Name', maxLength: 250 },
	{ path: 'deal.subject', label: 'Subject', maxLength: 250 },
	{ path: 'deal.phone', label: 'Phone', text: true, maxLength: 50 },
	{ path: 'deal.email', label: 'Email', maxLength: 50, email: true },
	{ path: 'deal.service_id', label: 'Service', integer: true, min: 0, maxLength: 10 },
	{ path: 'deal.group_id', label: 'Group', integer: true, min: 0, maxLength: 10 },
	{ path: 'deal.assignee_id', label: 'Assignee', integer: true, min: 0, maxLength: 10 },
	{ path: 'deal.pipeline_id', label: 'Pipeline', integer: true, min: 0, maxLength: 10 },
	{ path: 'deal.pipeline_stage_id', label: 'Stage', integer: true, min: 0, maxLength: 10 },
	{ path: 'deal.estimated_closed_date', label: 'Estimated Closed Date', date: 'zoneless' },
	{ path: 'deal.deal_label', label: 'Labels', idArray: true },
	{ path: 'deal.probability', label: 'Probability', integer: true, min: 0, max: 100 },
	{ path: 'deal.value', label: 'Value', integer: true, min: 0, maxLength: 10 },
	{ path: 'deal.comment.body', label: 'Comment', maxLength: 5000 },
	{ path: 'deal.comment.author_id', label: 'Comment Author', integer: true, min: 0 },
	...ORDER_RULES,
];

export const createDeal = operation(
	{
		name: 'Create',
		value: 'create',
		action: 'Create a deal',
		description:
			'Create a deal (a sales opportunity) for a customer found or created by phone or e-mail, in a pipeline and stage, with value, probability, labels, assignee, a comment, an order with product lines and custom fields',
	},
	{ method: 'POST', path: '/api/v1/deal' },
	{
		rootProperty: 'deal',
		fields: () => createDealFields,
		findCreated: {
			noun: 'deal',
			listPath: '/api/v1/deals',
			rootProperty: 'deals',
			idProperty: 'id',
			bodyKey: 'deal',
			subjectProperty: 'subject',
		},
	},
	{
		preSend: [
			validateRequest(DEAL_RULES),
			checkComment('deal', false),
			requireContact('deal', 'deal'),
			sendOrderProducts,
			sendCustomFields('deal'),
		],
	},
);

const show = { resource: ['deal'], operation: ['create'] };

/** Pipeline and stage, shown outside the collections so the stage list can follow the pipeline. */
export function pipelineProperties(operationName: string, defaultText: string): INodeProperties[] {
	const display = { show: { resource: ['deal'], operation: [operationName] } };
	return [
		dynamicOptions('Pipeline', 'pipelineId', 'getDealPipelines', `The sales pipeline of the deal; ${defaultText}`, {
			displayOptions: display,
			routing: { send: { type: 'body', property: 'deal.pipeline_id' } },
		}),
		dynamicOptions(
			'Stage',
			'stageId',
			'getDealStages',
			'The stage of the deal in its pipeline (choose the pipeline first); empty means the first stage of a new pipeline, otherwise unchanged',
			{
				displayOptions: display,
				typeOptions: { loadOptionsMethod: 'getDealStages', loadOptionsDependsOn: ['pipelineId'] },
				routing: { send: { type: 'body', property: 'deal.pipeline_stage_id' } },
			},
		),
	];
}

/** Deal fields that create and update share (docs/api.md#deals), as options of a collection. */
export function dealFieldOptions(): INodeProperties[] {
	return [
		...sharedFieldOptions('deal'),
		{
			displayName: 'Probability (%)',
			name: 'probability',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0, maxValue: 100 },
			description: 'Chance of winning the deal, a whole number from 0 to 100',
			routing: { send: { type: 'body', property: 'deal.probability' } },
		},
		{
			displayName: 'Value',
			name: 'value',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description: 'Order value of the deal, a whole number of up to 10 digits',
			routing: { send: { type: 'body', property: 'deal.value' } },
		},
	];
}

export const createDealFields: INodeProperties[] = [
	...customerKeyProperties('deal', show),
	...pipelineProperties('create', 'empty means the pipeline configured as default'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: alphabetical([
			...dealFieldOptions(),
			...commentFields('deal.comment', { required: false, description: 'A first comment on the deal, up to 5000 characters; needs a Comment Author' }),
			...newRecordOptions('deal'),
		]),
	},
	orderProperty(show),
	orderProductsProperty(show),
];
