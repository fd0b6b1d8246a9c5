/** The fields of a deal that its Create and Update share (docs/api.md#deals): pipeline and stage, value, the order. */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { alphabetical, bodyTextProperty, dynamicOptions } from '../../description/properties';
import { INT_10, sharedFieldOptions } from '../sales/fields';
import { checked, type FieldCheck } from '../../checks/declared';

/** Pipeline and stage, shown outside the collections so the stage list can follow the pipeline. */
export function pipelineProperties(operationName: string, defaultText: string): INodeProperties[] {
	const display = { show: { resource: ['deal'], operation: [operationName] } };
	return [
		checked(
			dynamicOptions(
				'Pipeline',
				'pipelineId',
				'getDealPipelines',
				`The sales pipeline of the deal; ${defaultText}`,
				{
					displayOptions: display,
					routing: { send: { type: 'body', property: 'deal.pipeline_id' } },
				},
			),
			INT_10,
		),
		checked(
			dynamicOptions(
				'Stage',
				'stageId',
				'getDealStages',
				'The stage of the deal in its pipeline (choose the pipeline first); empty means the first stage of a new pipeline, otherwise unchanged',
				{
					displayOptions: display,
					typeOptions: {
						loadOptionsMethod: 'getDealStages',
						loadOptionsDependsOn: ['pipelineId'],
					},
					routing: {
						send: { type: 'body', property: 'deal.pipeline_stage_id' },
					},
				},
			),
			INT_10,
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
		checked(
			{
				displayName: 'Value',
				name: 'value',
				type: 'number',
				default: 0,
				typeOptions: { minValue: 0 },
				description: 'Order value of the deal, a whole number of up to 10 digits',
				routing: { send: { type: 'body', property: 'deal.value' } },
			},
			{ maxLength: 10 },
		),
	];
}

/* ---------- the order (docs/api.md#deals): shipping details and product lines ---------- */

/** A field of the order, with its limit: texts by length, location IDs sent as text. */
function orderField(
	displayName: string,
	name: string,
	description: string,
	check: FieldCheck,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	const property = bodyTextProperty(displayName, name, description, `deal.${name}`, extra);
	// The user reads "Order Receiver Name", since the field sits in the deal's body.
	return checked(property, { label: `Order ${displayName}`, ...check });
}

/** The Order collection of Create and Update. */
export function orderProperty(show: IDisplayOptions['show']): INodeProperties {
	return {
		displayName: 'Order',
		name: 'order',
		type: 'collection',
		placeholder: 'Add Order Field',
		default: {},
		displayOptions: { show },
		description: 'Delivery details of the order attached to the deal',
		options: alphabetical([
			orderField(
				'Address Detail',
				'order_address_detail',
				'Delivery address (street, number), up to 255 characters',
				{ maxLength: 255 },
			),
			orderField(
				'Buyer Note',
				'order_buyer_note',
				"The buyer's note, up to 500 characters",
				{ maxLength: 500 },
				{ typeOptions: { rows: 3 } },
			),
			orderField(
				'City ID',
				'order_city_id',
				'Province ID from the location list, up to 10 characters',
				{ text: true, maxLength: 10 },
			),
			orderField(
				'District ID',
				'order_district_id',
				'District ID from the location list, up to 10 characters',
				{ text: true, maxLength: 10 },
			),
			orderField(
				'Receiver Name',
				'order_receiver_name',
				'Who receives the delivery, up to 200 characters',
				{ maxLength: 200 },
			),
			orderField(
				'Receiver Phone',
				'order_receiver_phone',
				"The receiver's phone, up to 20 characters",
				{ text: true, maxLength: 20 },
			),
			orderField(
				'Shipping Fee',
				'order_shipping_fee',
				'Shipping fee (a number, may have decimals)',
				{ min: 0 },
				{
					type: 'number',
					default: 0,
					typeOptions: { minValue: 0, numberPrecision: 2 },
				},
			),
			orderField(
				'Status',
				'order_status',
				"Order status, a value of the account's order status list, up to 50 characters",
				{ text: true, maxLength: 50 },
			),
			orderField(
				'Tracking Code',
				'order_tracking_code',
				'Shipment tracking code, up to 50 characters',
				{ text: true, maxLength: 50 },
			),
			orderField(
				'Tracking URL',
				'order_tracking_url',
				'Shipment tracking page, up to 500 characters',
				{ maxLength: 500 },
			),
			orderField(
				'Ward ID',
				'order_ward_id',
				'Ward ID from the location list, up to 10 characters',
				{ text: true, maxLength: 10 },
			),
		]),
	};
}
