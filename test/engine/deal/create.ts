/** Deal → Create: registered by deal.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, account, apiRequests, only, deal, choice, enterprise } from './helpers/context';

describe('Deal → Create', () => {
	test('POST /api/v1/deal with every field, the order and its products; custom fields by label and code arrive as IDs', async () => {
		const stage = enterprise().stages[1];
		const run = await runNode({
			parameters: deal({
				operation: 'create', simplify: false,
				subject: 'Fleet of 40 laptops',
				phone: '0912000311',
				email: 'hoa.deal@example.com',
				pipelineId: enterprise().id,
				stageId: stage.id,
				additionalFields: {
					username: 'Hoa Nguyen',
					assignee_id: 1002,
					group_id: 11,
					service_id: 207,
					estimated_closed_date: '2026-05-20T03:00:00Z',
					deal_label: [1201, 1203],
					probability: 35,
					value: 1500000000,
					commentBody: 'Quote sent.',
					commentAuthorId: 1002,
					commentIsPublic: true,
				},
				order: {
					order_address_detail: '12 Lê Lợi',
					order_buyer_note: 'Deliver after 5 pm',
					order_city_id: '={{ 79 }}',
					order_district_id: '760',
					order_ward_id: '26734',
					order_receiver_name: 'Hoa Nguyen',
					order_receiver_phone: '0912000311',
					order_shipping_fee: 30000.5,
					order_status: 'confirmed',
					order_tracking_code: 'TRK123456',
					order_tracking_url: 'https://track.example/TRK123456',
				},
				orderProducts: {
					product: [
						{ name: 'Laptop 14"', sku: 'SKU-1401', is_free: false, unit_price: 20000000, quantity: 40, discount_markup: 5, discount_value: 0, total_amount: 0 },
						{ name: 'Gift bag', sku: '', is_free: true, unit_price: 0, quantity: 40, discount_markup: 0, discount_value: 0, total_amount: 0 },
						{ name: 'Dock', sku: 'SKU-9', is_free: false, unit_price: 1000, quantity: 3, discount_markup: 0, discount_value: 100, total_amount: 2800 },
					],
				},
				customFields: { field: [{ fieldId: 'Region', value: 'Central' }] },
				customFieldsJson: '{"product": "THINKPAD", "Order amount": 1500000000}',
			}),
			account: account(),
		});
		expect(run.error).toBeUndefined();

		const post = only(apiRequests());
		expect(post.method).toBe('POST');
		expect(post.path).toBe('/acme/api/v1/deal');
		expect(post.query).toEqual({});
		expect(post.body).toEqual({
			deal: {
				subject: 'Fleet of 40 laptops',
				phone: '0912000311',
				email: 'hoa.deal@example.com',
				pipeline_id: enterprise().id,
				pipeline_stage_id: stage.id,
				username: 'Hoa Nguyen',
				assignee_id: 1002,
				group_id: 11,
				service_id: 207,
				estimated_closed_date: '2026-05-20 10:00:00',
				deal_label: [1201, 1203],
				probability: 35,
				value: 1500000000,
				comment: { body: 'Quote sent.', author_id: 1002, is_public: 1 },
				order_address_detail: '12 Lê Lợi',
				order_buyer_note: 'Deliver after 5 pm',
				order_city_id: '79',
				order_district_id: '760',
				order_ward_id: '26734',
				order_receiver_name: 'Hoa Nguyen',
				order_receiver_phone: '0912000311',
				order_shipping_fee: 30000.5,
				order_status: 'confirmed',
				order_tracking_code: 'TRK123456',
				order_tracking_url: 'https://track.example/TRK123456',
				order_products: [
					{ name: 'Laptop 14"', sku: 'SKU-1401', is_free: 0, unit_price: 20000000, quantity: 40, discount_markup: 5, discount_value: 40000000, total_amount: 760000000 },
					{ name: 'Gift bag', is_free: 1, unit_price: 0, quantity: 40, discount_markup: 0, discount_value: 0, total_amount: 0 },
					{ name: 'Dock', sku: 'SKU-9', is_free: 0, unit_price: 1000, quantity: 3, discount_markup: 0, discount_value: 100, total_amount: 2800 },
				],
				custom_fields: [
					{ id: 310, value: choice('Region', 'Central') },
					{ id: 305, value: choice('Product', 'ThinkPad') },
					{ id: 302, value: 1500000000 },
				],
			},
		});
		expect(post.status).toBe(200);

		const answer = (post.response as { deal: IDataObject }).deal;
		expect(jsonOf(run)).toEqual([answer]);
		const stored = platform.store.deal(answer.id as number)!;
		expect(stored.pipeline_id).toBe(enterprise().id);
		expect(stored.pipeline_stage_id).toBe(stage.id);
		expect(stored.probability).toBe(35);
		expect(stored.labels).toEqual([1201, 1203]);
		expect(stored.order_products).toHaveLength(3);
		expect(stored.order_products[0]).toMatchObject({ discount_value: 40000000, total_amount: 760000000 });
		expect(answer.estimated_closed_date).toBe('2026-05-20 10:00:00');
		expect(stored.custom_fields).toEqual(expect.arrayContaining([{ id: 305, value: choice('Product', 'ThinkPad') }]));
	});

	test('only an e-mail: the body holds nothing else (no comment, no products)', async () => {
		const run = await runNode({
			parameters: deal({ operation: 'create', simplify: false, email: 'only@example.com', additionalFields: { commentIsPublic: true } }),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const post = only(platform.requests());
		expect(post.body).toEqual({ deal: { email: 'only@example.com' } });
		const answer = (post.response as { deal: IDataObject }).deal;
		expect(jsonOf(run)).toEqual([answer]);
		expect(answer.pipeline_id).toBe(platform.store.dealPipelines[0].id);
	});

	test.each([
		['a probability over 100', { additionalFields: { probability: 101 } }, 'Probability (probability) must be between 0 and 100; got 101 [item 0]'],
		['a probability with decimals', { additionalFields: { probability: 12.5 } }, 'Probability (probability) must be a whole number; got "12.5" [item 0]'],
		['a value of 11 digits', { additionalFields: { value: 12345678901 } }, 'Value (value) is 11 characters long; at most 10 are allowed [item 0]'],
		['a subject over 250 characters', { subject: 's'.repeat(251) }, 'Subject (subject) is 251 characters long; at most 250 are allowed [item 0]'],
		['an e-mail that is none', { email: 'nobody' }, 'Email (email) must be an e-mail address; got "nobody" [item 0]'],
		['a comment without author', { additionalFields: { commentBody: 'Hi' } }, 'Comment Author (comment.author_id) is required with a comment [item 0]'],
		['a comment over 5000 characters', { additionalFields: { commentBody: 'c'.repeat(5001), commentAuthorId: 1002 } }, 'Comment (body) is 5001 characters long; at most 5000 are allowed [item 0]'],
		['an address over 255 characters', { order: { order_address_detail: 'a'.repeat(256) } }, 'Order Address Detail (order_address_detail) is 256 characters long; at most 255 are allowed [item 0]'],
		['a buyer note over 500 characters', { order: { order_buyer_note: 'n'.repeat(501) } }, 'Order Buyer Note (order_buyer_note) is 501 characters long; at most 500 are allowed [item 0]'],
		['a city ID over 10 characters', { order: { order_city_id: '12345678901' } }, 'Order City ID (order_city_id) is 11 characters long; at most 10 are allowed [item 0]'],
		['a receiver name over 200 characters', { order: { order_receiver_name: 'r'.repeat(201) } }, 'Order Receiver Name (order_receiver_name) is 201 characters long; at most 200 are allowed [item 0]'],
		['a receiver phone over 20 characters', { order: { order_receiver_phone: '0'.repeat(21) } }, 'Order Receiver Phone (order_receiver_phone) is 21 characters long; at most 20 are allowed [item 0]'],
		['an order status over 50 characters', { order: { order_status: 's'.repeat(51) } }, 'Order Status (order_status) is 51 characters long; at most 50 are allowed [item 0]'],
		['a tracking code over 50 characters', { order: { order_tracking_code: 't'.repeat(51) } }, 'Order Tracking Code (order_tracking_code) is 51 characters long; at most 50 are allowed [item 0]'],
		['a tracking URL over 500 characters', { order: { order_tracking_url: `https://t.example/${'u'.repeat(490)}` } }, 'Order Tracking URL (order_tracking_url) is 508 characters long; at most 500 are allowed [item 0]'],
		['a product without name', { orderProducts: { product: [{ name: '', unit_price: 1, quantity: 1 }] } }, 'Order Products › Name (order_products[0].name) is required [item 0]'],
		['a product quantity of 0', { orderProducts: { product: [{ name: 'A', unit_price: 1, quantity: 1 }, { name: 'B', unit_price: 1, quantity: 0 }] } }, 'Order Products › Quantity (order_products[1].quantity) must be between 1 and ∞; got 0 [item 0]'],
		['a product markup over 100', { orderProducts: { product: [{ name: 'A', unit_price: 1, quantity: 1, discount_markup: 120 }] } }, 'Order Products › Discount Markup (%) (order_products[0].discount_markup) must be between 0 and 100; got 120 [item 0]'],
		['labels that are no IDs', { additionalFields: { deal_label: '={{ "1201,upsell" }}' } }, 'Labels (deal_label) must be a list of numeric IDs; "upsell" is not one [item 0]'],
		['neither phone nor e-mail', { email: '' }, 'Phone (phone), Email (email) or a Contact (contact) is required: it finds or creates the customer of the deal [item 0]'],
	])('%s: a clear error and no request', async (_name, parameters, message) => {
		const run = await runNode({
			parameters: deal({ operation: 'create', email: 'buyer@example.com', ...parameters }),
			account: account(),
		});
		expect(run.error?.message).toBe(message);
		expect(platform.requests()).toHaveLength(0);
	});
});
