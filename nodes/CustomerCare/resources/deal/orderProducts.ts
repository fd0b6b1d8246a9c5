/**
 * A deal's order lines (docs/api.md#deals): the Order Products list of Create and Update, and
 * the lines as the API takes them, each checked, with discount and total filled in.
 */
import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import type { ItemContext } from '../../engine/spec';
import { recordOf } from '../sales/checks';

/** The Order Products list of Create and Update. */
export function orderProductsProperty(show: IDisplayOptions['show']): INodeProperties {
	return {
		displayName: 'Order Products',
		name: 'orderProducts',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Product',
		default: {},
		displayOptions: { show },
		description:
			'Product lines of the order. On update, the lines given replace the existing ones; none given keeps them.',
		options: [
			{
				displayName: 'Product',
				name: 'product',
				values: [
					{
						displayName: 'Discount Markup (%)',
						name: 'discount_markup',
						type: 'number',
						default: 0,
						typeOptions: { minValue: 0, maxValue: 100, numberPrecision: 2 },
						description: 'Discount in percent of unit price × quantity',
					},
					{
						displayName: 'Discount Value',
						name: 'discount_value',
						type: 'number',
						default: 0,
						typeOptions: { minValue: 0, numberPrecision: 2 },
						description: 'Discount as an amount; 0 computes it from the markup',
					},
					{
						displayName: 'Free Gift',
						name: 'is_free',
						type: 'boolean',
						default: false,
						description:
							'Whether the line is a free gift (sent as is_free 1) rather than a normal sale (0)',
					},
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						description: 'Product name (required)',
					},
					{
						displayName: 'Quantity',
						name: 'quantity',
						type: 'number',
						description: 'How many units, a whole number of at least 1',
						default: 1,
						typeOptions: { minValue: 1 },
					},
					{
						displayName: 'SKU',
						name: 'sku',
						type: 'string',
						default: '',
						description: 'Stock keeping unit code',
					},
					{
						displayName: 'Total Amount',
						name: 'total_amount',
						type: 'number',
						default: 0,
						typeOptions: { minValue: 0, numberPrecision: 2 },
						description:
							'Line total; 0 computes it as unit price × quantity − discount (0 for a free gift)',
					},
					{
						displayName: 'Unit Price',
						name: 'unit_price',
						type: 'number',
						description: 'Price of one unit',
						default: 0,
						typeOptions: { minValue: 0, numberPrecision: 2 },
					},
				],
			},
		],
	};
}

function round2(value: number): number {
	return Math.round(value * 100) / 100;
}

/**
 * The Order Products lines as `deal.order_products` (docs/api.md#deals), each
 * checked, `is_free` as 1/0, and discount and total filled in when left at 0, so every line
 * the API receives is complete.
 */
export function sendOrderProducts(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
	{ fail }: ItemContext,
) {
	const lines = (
		(this.getNodeParameter('orderProducts', {}) as { product?: IDataObject[] }).product ?? []
	).filter((line) => line && Object.keys(line).length > 0);
	if (lines.length === 0) return;
	const products = lines.map((line, index) => {
		const at = (field: string, label: string) =>
			`Order Products › ${label} (order_products[${index}].${field})`;
		const number = (
			field: string,
			label: string,
			fallback: number,
			rule: { min: number; max?: number; integer?: boolean },
		) => {
			const raw = line[field];
			const value = raw === undefined || raw === null || raw === '' ? fallback : Number(raw);
			if (!Number.isFinite(value) || (rule.integer && !Number.isInteger(value))) {
				fail(
					`${at(field, label)} must be ${rule.integer ? 'a whole number' : 'a number'}; got "${String(raw)}"`,
				);
			}
			if (value < rule.min || (rule.max !== undefined && value > rule.max)) {
				fail(
					`${at(field, label)} must be between ${rule.min} and ${rule.max ?? '∞'}; got ${value}`,
				);
			}
			return value;
		};
		const name = String(line.name ?? '').trim();
		if (!name) fail(`${at('name', 'Name')} is required`);
		const isFree =
			line.is_free === true ||
			line.is_free === 1 ||
			line.is_free === '1' ||
			line.is_free === 'true';
		const unitPrice = number('unit_price', 'Unit Price', 0, { min: 0 });
		const quantity = number('quantity', 'Quantity', 1, {
			min: 1,
			integer: true,
		});
		const markup = number('discount_markup', 'Discount Markup (%)', 0, {
			min: 0,
			max: 100,
		});
		const gross = unitPrice * quantity;
		const discount =
			number('discount_value', 'Discount Value', 0, { min: 0 }) || round2((gross * markup) / 100);
		const total =
			number('total_amount', 'Total Amount', 0, { min: 0 }) ||
			(isFree ? 0 : round2(Math.max(0, gross - discount)));
		const sku = String(line.sku ?? '').trim();
		const product: IDataObject = {
			name,
			...(sku ? { sku } : {}),
			is_free: isFree ? 1 : 0,
			unit_price: unitPrice,
			quantity,
			discount_markup: markup,
			discount_value: discount,
			total_amount: total,
		};
		return product;
	});
	recordOf(request, 'deal').order_products = products;
}
