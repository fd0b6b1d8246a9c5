// @modes: spec strict
/**
 * Deal → Create, Update, Get, Get Many, Get Pipelines, Get Unqualified Reasons, Get Labels,
 * Get Lost Reasons through n8n's engine against the fake platform: the exact request sent
 * (method, path, query, body), the items returned, order fields and product lines, custom
 * fields by label and code arriving as IDs, Return All and Limit, validation before sending,
 * API errors carried through, the pipeline and stage dropdowns.
 */
import type { IDataObject } from 'n8n-workflow';

import { type FakePlatform, type DealRec, type RecordedRequest } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, jsonOf, loadOptions, runNode } from '../../tools/engine-harness/harness';
import { expectReadable } from './helpers/readable';
import { fromUtcZ } from './helpers/platform-clock';
import { recordsOf } from './helpers/answer-lists';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

/** The account in Ho Chi Minh City time (+07:00), the fake's zone for zone-less times. */
function account() {
	return { ...accountOf(platform), timeZone: 'Asia/Ho_Chi_Minh' };
}

/** Requests other than the custom-field definitions read (cached by the node for 30 s). */
function apiRequests(): RecordedRequest[] {
	// Simplify's reads of the account's labels aside.
	return platform.requests().filter((request) => !/\/(custom_fields|lead\/status|deal\/pipelines)$/.test(request.path));
}

function only(requests: RecordedRequest[]): RecordedRequest {
	expect(requests).toHaveLength(1);
	return requests[0];
}

const deal = (parameters: IDataObject) => ({ resource: 'deal', ...parameters });
const field = (label: string) => platform.store.ticketFields.find((definition) => definition.custom_field_lable === label)!;
const choice = (label: string, choiceLabel: string) => field(label).values!.find((value) => value.lable === choiceLabel)!.id;
const enterprise = () => platform.store.dealPipelines.find((pipeline) => pipeline.name === 'Enterprise')!;
const retail = () => platform.store.dealPipelines.find((pipeline) => pipeline.name === 'Retail')!;

function openDealIn(pipelineId: number): DealRec {
	return platform.store.deals.find((entry) => entry.pipeline_id === pipelineId && entry.closed_type === null)!;
}

describe('Create', () => {
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

describe('Update', () => {
	test('PUT /api/v1/deal/{id}: comment, stage, fields, order, products, custom field by code', async () => {
		const target = openDealIn(retail().id);
		const stage = retail().stages[2];
		const run = await runNode({
			parameters: deal({
				operation: 'update', simplify: false,
				dealId: String(target.id),
				commentBody: 'Negotiating the price.',
				commentAuthorId: 1003,
				pipelineId: retail().id,
				stageId: stage.id,
				updateFields: { subject: 'Renamed deal', probability: 80, value: 2500000, deal_label: [1202], assignee_id: 1003 },
				order: { order_status: 'shipping', order_tracking_code: 'TRK777' },
				orderProducts: { product: [{ name: 'Monitor 27"', unit_price: 5000000, quantity: 2, discount_markup: 10 }] },
				customFieldsJson: { care_stage: 'DONE' },
			}),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const put = only(apiRequests());
		expect(put.method).toBe('PUT');
		expect(put.path).toBe(`/acme/api/v1/deal/${target.id}`);
		expect(put.body).toEqual({
			deal: {
				comment: { body: 'Negotiating the price.', author_id: 1003, is_public: 0 },
				pipeline_id: retail().id,
				pipeline_stage_id: stage.id,
				subject: 'Renamed deal',
				probability: 80,
				value: 2500000,
				deal_label: [1202],
				assignee_id: 1003,
				order_status: 'shipping',
				order_tracking_code: 'TRK777',
				order_products: [
					{ name: 'Monitor 27"', is_free: 0, unit_price: 5000000, quantity: 2, discount_markup: 10, discount_value: 1000000, total_amount: 9000000 },
				],
				custom_fields: [{ id: 309, value: choice('Care stage', 'Done') }],
			},
		});
		const answer = (put.response as { deal: IDataObject }).deal;
		expect(jsonOf(run)).toEqual([answer]);
		const stored = platform.store.deal(target.id)!;
		expect(stored.subject).toBe('Renamed deal');
		expect(stored.pipeline_stage_id).toBe(stage.id);
		expect(stored.order_status).toBe('shipping');
		expect(stored.order_products).toEqual([
			{ name: 'Monitor 27"', sku: null, is_free: 0, unit_price: 5000000, quantity: 2, discount_markup: 10, discount_value: 1000000, total_amount: 9000000 },
		]);
		expect(stored.comments[stored.comments.length - 1]).toMatchObject({ body: 'Negotiating the price.', author_id: 1003 });
	});

	test('a stage of another pipeline: the API message is carried through', async () => {
		const target = openDealIn(retail().id);
		const run = await runNode({
			parameters: deal({
				operation: 'update',
				dealId: String(target.id),
				commentBody: 'Moving on.',
				commentAuthorId: 1002,
				stageId: enterprise().stages[0].id,
			}),
			account: account(),
		});
		const put = only(apiRequests());
		expect(put.body).toEqual({
			deal: { comment: { body: 'Moving on.', author_id: 1002, is_public: 0 }, pipeline_stage_id: enterprise().stages[0].id },
		});
		expect(put.status).toBe(400);
		expect(run.error?.message).toBe('invalid value: pipeline_stage_id');
		expect(run.error?.httpCode).toBe('400');
	});

	test('a deal that does not exist: the API message', async () => {
		const run = await runNode({
			parameters: deal({ operation: 'update', dealId: '999999', commentBody: 'Hello', commentAuthorId: 1002 }),
			account: account(),
		});
		expect(run.error?.message).toBe('Deal is not exist');
		expect(run.error?.httpCode).toBe('400');
	});

	test.each([
		['no comment', { commentBody: '={{ "" }}' }, 'Comment (comment.body) is required: every update adds a comment [item 0]'],
		['no comment author', { commentAuthorId: '={{ "" }}' }, 'Comment Author (comment.author_id) is required with a comment [item 0]'],
		['a deal ID that is no number', { dealId: '30000x' }, 'Deal ID (dealId) must be a whole number of at most 10 digits; got "30000x" [item 0]'],
		['a negative probability', { updateFields: { probability: -1 } }, 'Probability (probability) must be between 0 and 100; got -1 [item 0]'],
	])('%s: a clear error and no request', async (_name, parameters, message) => {
		const run = await runNode({
			parameters: deal({
				operation: 'update',
				dealId: String(openDealIn(retail().id).id),
				commentBody: 'Hi',
				commentAuthorId: 1002,
				...parameters,
			}),
			account: account(),
		});
		expect(run.error?.message).toBe(message);
		expect(platform.requests()).toHaveLength(0);
	});
});

describe('Get', () => {
	test('GET /api/v1/deal/{id}; Simplify keys custom fields by label, everything else as answered', async () => {
		const target = platform.store.deals.find((entry) => entry.custom_fields.some((value) => value.id === 305) && entry.order_products.length > 0)!;
		const run = await runNode({ parameters: deal({ operation: 'get', dealId: String(target.id) }), account: account() });
		expect(run.error).toBeUndefined();
		const get = only(apiRequests());
		expect(get.method).toBe('GET');
		expect(get.path).toBe(`/acme/api/v1/deal/${target.id}`);
		const raw = (get.response as { deal: IDataObject }).deal;
		const [output] = jsonOf(run);
		const simplified = output.custom_fields;
		expectReadable(platform, 'deal', output, raw);
		const product = target.custom_fields.find((value) => value.id === 305)!;
		expect((simplified as IDataObject).Product).toBe(field('Product').values!.find((value) => value.id === product.value)!.lable);
		expect(output.order_products).toEqual(target.order_products);
	});

	test('Simplify off returns the raw answer', async () => {
		const target = platform.store.deals[0];
		const run = await runNode({
			parameters: deal({ operation: 'get', dealId: String(target.id), simplify: false }),
			account: account(),
		});
		expect(jsonOf(run)).toEqual([(only(apiRequests()).response as { deal: IDataObject }).deal]);
	});

	test('a deal that does not exist: named, it may have been deleted, with the API message', async () => {
		const run = await runNode({ parameters: deal({ operation: 'get', dealId: '999999' }), account: account() });
		expect(run.error?.message).toBe('Deal 999999 was not found: it may have been deleted, or the ID is wrong');
		expect(run.error?.description).toContain('Deal is not exist');
	});
});

describe('Get Many', () => {
	test('Return All reads every deal in pages of 500, in the API order, as many as numFound', async () => {
		const run = await runNode({
			parameters: deal({ operation: 'getAll', returnAll: true, simplify: false }),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const requests = apiRequests().sort((a, b) => Number(a.query.page) - Number(b.query.page));
		const numFound = (requests[0].response as { numFound: number }).numFound;
		expect(numFound).toBe(platform.store.deals.length);
		expect(requests.map((request) => request.query)).toEqual(
			Array.from({ length: Math.ceil(numFound / 500) }, (_, index) => ({ page: String(index + 1), count: '500' })),
		);
		expect(requests.every((request) => request.method === 'GET' && request.path === '/acme/api/v1/deals')).toBe(true);
		const output = jsonOf(run);
		expect(output).toHaveLength(numFound);
		expect(output).toEqual(requests.flatMap((request) => recordsOf(request.response, 'deals')));
		expect(output.map((entry) => entry.id)).toEqual([...platform.store.deals].sort((a, b) => a.id - b.id).map((entry) => entry.id));
	});

	test('Limit reads one page of that size', async () => {
		const run = await runNode({
			parameters: deal({ operation: 'getAll', returnAll: false, limit: 12, simplify: false }),
			account: account(),
		});
		const get = only(apiRequests());
		expect(get.query).toEqual({ page: '1', count: '12' });
		expect(jsonOf(run)).toEqual(recordsOf(get.response, 'deals'));
		expect(jsonOf(run)).toHaveLength(12);
	});

	test('pipelines, stages, closed type and the closed window go in the query', async () => {
		const stages = retail().stages.slice(0, 2).map((stage) => stage.id);
		const run = await runNode({
			parameters: deal({
				operation: 'getAll',
				returnAll: true,
				simplify: false,
				filters: {
					pipeline_ids: [retail().id],
					stage_ids: stages,
					closed_type: 1,
					closed_since: '2000-01-01T07:00:00',
					closed_to: '2099-01-01T00:00:00Z',
				},
			}),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const get = only(apiRequests());
		expect(get.query).toEqual({
			pipeline_ids: String(retail().id),
			stage_ids: stages.join(','),
			closed_type: '1',
			closed_since: fromUtcZ('2000-01-01T00:00:00Z', { platform }),
			closed_to: fromUtcZ('2099-01-01T00:00:00Z', { platform }),
			page: '1',
			count: '500',
		});
		const expected = platform.store.deals
			.filter((entry) => entry.pipeline_id === retail().id && stages.includes(entry.pipeline_stage_id) && entry.closed_type === 1)
			.map((entry) => entry.id);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(run).map((entry) => entry.id)).toEqual(expected);
	});

	test('customer, assignee, service, conversion and the created, updated and converted windows', async () => {
		const sample = platform.store.deals.find((entry) => entry.converted_type === 1 && entry.assignee_id !== null)!;
		const run = await runNode({
			parameters: deal({
				operation: 'getAll',
				returnAll: true,
				simplify: false,
				filters: {
					requester_id: String(sample.requester_id),
					assignee_id: sample.assignee_id,
					service_id: sample.service_id,
					convert_type: 1,
					created_since: '2000-01-01T00:00:00Z',
					created_to: '2099-01-01T00:00:00Z',
					updated_since: '2000-01-01T00:00:00Z',
					updated_to: '2099-01-01T00:00:00Z',
					convert_since: '2000-01-01T00:00:00Z',
					convert_to: '2099-01-01T00:00:00Z',
				},
			}),
			account: account(),
		});
		const get = only(apiRequests());
		expect(get.query).toEqual({
			requester_id: String(sample.requester_id),
			assignee_id: String(sample.assignee_id),
			service_id: String(sample.service_id),
			convert_type: '1',
			created_since: fromUtcZ('2000-01-01T00:00:00Z', { platform }),
			created_to: fromUtcZ('2099-01-01T00:00:00Z', { platform }),
			updated_since: fromUtcZ('2000-01-01T00:00:00Z', { platform }),
			updated_to: fromUtcZ('2099-01-01T00:00:00Z', { platform }),
			convert_since: fromUtcZ('2000-01-01T00:00:00Z', { platform }),
			convert_to: fromUtcZ('2099-01-01T00:00:00Z', { platform }),
			page: '1',
			count: '500',
		});
		expect(jsonOf(run).map((entry) => entry.id)).toContain(sample.id);
	});

	test.each([
		['a closed range that ends before it starts', { closed_since: '2025-02-01T00:00:00Z', closed_to: '2025-01-01T00:00:00Z' }, `Closed To (closed_to) 2025-01-01T00:00:00Z must be after Closed From (closed_since) 2025-02-01T00:00:00Z, by at least a whole second: the platform stamps records to the second [item 0]`],
		['a stage that is no ID', { stage_ids: 'Demo' }, 'Stages (stage_ids) must be a list of numeric IDs; "Demo" is not one [item 0]'],
		['a closed type that does not exist', { closed_type: 4 }, 'Closed As (closed_type) must be one of 1, 2, 3; got "4" [item 0]'],
		['a date that is none', { updated_since: 'yesterday' }, 'Updated From (updated_since) must be a date, such as 2026-01-31T08:00:00Z, 2026-01-31 08:00:00 or {{ $now }}; got "yesterday" [item 0]'],
	])('%s: a clear error and no request', async (_name, filters, message) => {
		const run = await runNode({ parameters: deal({ operation: 'getAll', filters }), account: account() });
		expect(run.error?.message).toBe(message);
		expect(platform.requests()).toHaveLength(0);
	});
});

describe('reference lists', () => {
	test.each([
		['getPipelines', 'GET', '/acme/api/v1/deal/pipelines', 'pipelines', () => platform.store.dealPipelines],
		['getUnqualifiedReasons', 'GET', '/acme/api/v1/deal/unqualified-reasons', 'reasons', () => platform.store.dealUnqualifiedReasons],
		['getLabels', 'GET', '/acme/api/v1/deal/labels', 'labels', () => platform.store.dealLabels],
		['getLostReasons', 'POST', '/acme/api/v1/deal/lost-reasons', 'reasons', () => platform.store.dealLostReasons],
	])('%s: %s %s, one item per entry', async (operation, method, path, key, stored) => {
		const run = await runNode({ parameters: deal({ operation }), account: account() });
		expect(run.error).toBeUndefined();
		const request = only(platform.requests());
		expect(request.method).toBe(method);
		expect(request.path).toBe(path);
		expect(request.query).toEqual({});
		expect(request.body).toEqual(method === 'POST' ? {} : undefined);
		expect(jsonOf(run)).toEqual(recordsOf(request.response, key));
		expect(jsonOf(run)).toEqual(JSON.parse(JSON.stringify(stored())));
	});
});

describe('dropdowns', () => {
	test('getDealPipelines lists the pipelines with their stages', async () => {
		const options = await loadOptions('getDealPipelines', account(), deal({ operation: 'create' }), { path: 'parameters.pipelineId' });
		expect(options.map((option) => [option.name, option.value])).toEqual(platform.store.dealPipelines.map((pipeline) => [pipeline.name, pipeline.id]));
		expect(options[0].description).toBe(`Stages: ${retail().stages.map((stage) => stage.name).join(' → ')}`);
	});

	test('getDealStages follows the chosen pipeline', async () => {
		const options = await loadOptions('getDealStages', account(), deal({ operation: 'create', pipelineId: enterprise().id }), {
			path: 'parameters.stageId',
		});
		expect(options.map((option) => [option.name, option.value])).toEqual(enterprise().stages.map((stage) => [stage.name, stage.id]));
		expect(options[0].description).toBe(`Probability ${enterprise().stages[0].probability}%`);
		expect(options[options.length - 1].description).toBeUndefined();
	});

	test('getDealStages without a pipeline: every stage, named after its pipeline', async () => {
		const options = await loadOptions('getDealStages', account(), deal({ operation: 'update' }), { path: 'parameters.stageId' });
		expect(options.map((option) => option.value)).toEqual(platform.store.dealPipelines.flatMap((pipeline) => pipeline.stages.map((stage) => stage.id)));
		expect(options[0].name).toBe(`${retail().name} › ${retail().stages[0].name}`);
	});

	test('getDealStages of the Get Many filter follows the Pipelines filter', async () => {
		const options = await loadOptions(
			'getDealStages',
			account(),
			deal({ operation: 'getAll', filters: { pipeline_ids: [retail().id] } }),
			{ path: 'parameters.filters.stage_ids' },
		);
		expect(options.map((option) => option.value)).toEqual(retail().stages.map((stage) => stage.id));
	});

	test('getDealLabels and getDealUnqualifiedReasons', async () => {
		const labels = await loadOptions('getDealLabels', account(), deal({ operation: 'create' }));
		expect(labels).toEqual(platform.store.dealLabels.map((label) => ({ name: label.name, value: label.id })));
		const reasons = await loadOptions('getDealUnqualifiedReasons', account(), deal({ operation: 'create' }));
		expect(reasons).toEqual(platform.store.dealUnqualifiedReasons.map((reason) => ({ name: reason.name, value: reason.id })));
	});
});
