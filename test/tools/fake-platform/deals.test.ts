// @modes: spec
import type { FakePlatform } from '../../../tools/fake-platform';
import { DealListResponse, DealResponse } from '../../../tools/fake-platform/schemas';
import { DAY, NOW, client, expectError, isoZ, startPlatform } from './helpers';

const now = NOW.getTime();

describe('deals (4.9)', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	const create = (deal: Record<string, unknown>) => api.post('/api/v1/deal', { deal });
	const update = (id: number, deal: Record<string, unknown>) =>
		api.put(`/api/v1/deal/${id}`, { deal: { comment: { body: 'progress', author_id: 1001, is_public: 1 }, ...deal } });
	beforeAll(async () => {
		platform = await startPlatform();
		api = client(platform);
	});
	afterAll(() => platform.close());

	it('creates a deal with the default pipeline and stage, order fields and products', async () => {
		const r = await create({
			phone: '0977000111',
			subject: 'Laptop fleet',
			value: 150000000,
			deal_label: [1201],
			order_receiver_name: 'Mr. Receiver',
			order_receiver_phone: '0977000112',
			order_shipping_fee: 30000,
			order_status: 'new',
			order_products: [
				{ name: 'Laptop', sku: 'LT-1', unit_price: 20000000, quantity: 5, discount_markup: 10 },
				{ name: 'Bag', unit_price: 0, quantity: 5, is_free: 1 },
			],
			comment: { body: 'quote sent', author_id: 1002 },
		});
		expect(r.status).toBe(200);
		const { deal } = DealResponse.parse(r.body);
		expect(deal).toMatchObject({ pipeline_id: 901, pipeline_stage_id: 911, probability: 10, value: 150000000, labels: [1201], order_shipping_fee: 30000, closed_type: null });
		expect(deal.order_products[0]).toEqual({ name: 'Laptop', sku: 'LT-1', is_free: 0, unit_price: 20000000, quantity: 5, discount_markup: 10, discount_value: 10000000, total_amount: 90000000 });
		expect(deal.order_products[1]).toMatchObject({ is_free: 1, sku: null, total_amount: 0 });
		expect(deal.comments).toHaveLength(1);
		expect(DealResponse.parse((await api.get(`/api/v1/deal/${deal.id}`)).body).deal.id).toBe(deal.id);
	});

	it('validates probability, lengths, pipeline/stage and products', async () => {
		const base = { email: 'buyer@x.example' };
		expectError(await create({ ...base, probability: 101 }), 400, 'invalid value: probability');
		expectError(await create({ ...base, probability: -1 }), 400, 'invalid value: probability');
		expectError(await create({ ...base, probability: 50.5 }), 400, 'invalid value: probability');
		expect(DealResponse.parse((await create({ ...base, probability: 100 })).body).deal.probability).toBe(100);
		expect(DealResponse.parse((await create({ ...base, probability: 0 })).body).deal.probability).toBe(0);
		expectError(await create({ ...base, value: 12345678901 }), 400, 'invalid value: value');
		expectError(await create({ ...base, subject: 's'.repeat(251) }), 400, 'invalid value: subject');
		expectError(await create({ ...base, order_address_detail: 'a'.repeat(256) }), 400, 'invalid value: order_address_detail');
		expectError(await create({ ...base, order_buyer_note: 'a'.repeat(501) }), 400, 'invalid value: order_buyer_note');
		expectError(await create({ ...base, order_city_id: '12345678901' }), 400, 'invalid value: order_city_id');
		expectError(await create({ ...base, order_receiver_name: 'a'.repeat(201) }), 400, 'invalid value: order_receiver_name');
		expectError(await create({ ...base, order_receiver_phone: '1'.repeat(21) }), 400, 'invalid value: order_receiver_phone');
		expectError(await create({ ...base, order_status: 'a'.repeat(51) }), 400, 'invalid value: order_status');
		expectError(await create({ ...base, order_tracking_code: 'a'.repeat(51) }), 400, 'invalid value: order_tracking_code');
		expectError(await create({ ...base, order_tracking_url: 'a'.repeat(501) }), 400, 'invalid value: order_tracking_url');
		expectError(await create({ ...base, order_shipping_fee: 'free' }), 400, 'invalid value: order_shipping_fee');
		expectError(await create({ ...base, order_products: [{ name: 'x', unit_price: 1, quantity: 0 }] }), 400, 'invalid value: order_products');
		expectError(await create({ ...base, order_products: [{ unit_price: 1, quantity: 1 }] }), 400, 'invalid value: order_products');
		expectError(await create({ ...base, order_products: [{ name: 'x', unit_price: 1, quantity: 1, is_free: 2 }] }), 400, 'invalid value: order_products');
		expectError(await create({ ...base, pipeline_id: 999 }), 400, 'invalid value: pipeline_id');
		expectError(await create({ ...base, pipeline_id: 901, pipeline_stage_id: 921 }), 400, 'invalid value: pipeline_stage_id');
		expectError(await create({ ...base, deal_label: [801] }), 400, 'invalid value: deal_label');
		expectError(await create({ ...base, comment: { body: 'x', author_id: 3 } }), 400, 'invalid value: author_id');
		expectError(await create({ subject: 'nobody' }), 400, 'Request required [phone] or [email]');
		const r = await create({ ...base, pipeline_id: 902, pipeline_stage_id: 923 });
		expect(DealResponse.parse(r.body).deal).toMatchObject({ pipeline_id: 902, pipeline_stage_id: 923 });
	});

	it('updates: comment required, stage history, unknown id', async () => {
		const deal = platform.store.deals.find((d) => d.pipeline_id === 901 && d.pipeline_stage_id === 911)!;
		expectError(await api.put(`/api/v1/deal/${deal.id}`, { deal: { value: 1 } }), 400, 'invalid value: comment');
		expectError(await update(deal.id, { pipeline_stage_id: 921 }), 400, 'invalid value: pipeline_stage_id');
		expectError(await update(deal.id, { probability: 200 }), 400, 'invalid value: probability');
		expectError(await update(1, {}), 400, 'Deal is not exist');
		expectError(await api.get('/api/v1/deal/1'), 400, 'Deal is not exist');
		const r = await update(deal.id, { pipeline_stage_id: 913, value: 99, order_tracking_url: 'https://t.example/1' });
		expect(DealResponse.parse(r.body).deal).toMatchObject({ pipeline_stage_id: 913, last_deal_stage_id: 911, probability: 70, value: 99, order_tracking_url: 'https://t.example/1' });
		const moved = await update(deal.id, { pipeline_id: 902 });
		expect(DealResponse.parse(moved.body).deal).toMatchObject({ pipeline_id: 902, pipeline_stage_id: 921, last_deal_stage_id: 913 });
	});

	it('lists with every filter', async () => {
		const store = platform.store;
		const all = DealListResponse.parse((await api.get('/api/v1/deals', { count: 600 })).body);
		expect(all.deals).toHaveLength(500);
		expect(all.numFound).toBe(store.deals.length);

		for (const closed of [1, 2, 3] as const) {
			const r = DealListResponse.parse((await api.get('/api/v1/deals', { closed_type: closed, count: 500 })).body);
			expect(r.numFound).toBe(store.deals.filter((d) => d.closed_type === closed).length);
			expect(r.numFound).toBeGreaterThan(0);
		}
		const p = DealListResponse.parse((await api.get('/api/v1/deals', { pipeline_ids: '902', stage_ids: '921,922', count: 500 })).body);
		expect(p.numFound).toBe(store.deals.filter((d) => d.pipeline_id === 902 && [921, 922].includes(d.pipeline_stage_id)).length);
		const cv = DealListResponse.parse((await api.get('/api/v1/deals', { convert_type: 1 })).body);
		expect(cv.numFound).toBe(store.deals.filter((d) => d.converted_type === 1).length);
		const since = now - 20 * DAY;
		const cl = DealListResponse.parse((await api.get('/api/v1/deals', { closed_since: isoZ(since), closed_to: isoZ(now), count: 500 })).body);
		expect(cl.numFound).toBe(store.deals.filter((d) => d.closed_at !== null && d.closed_at >= since && d.closed_at <= now).length);
		expect(cl.deals.every((d) => d.closed_at !== null)).toBe(true);
		const cr = DealListResponse.parse((await api.get('/api/v1/deals', { created_since: isoZ(since), created_to: isoZ(now), service_id: 201 })).body);
		expect(cr.numFound).toBe(store.deals.filter((d) => d.created_at >= since && d.service_id === 201).length);
		expectError(await api.get('/api/v1/deals', { closed_type: 4 }), 400, 'invalid value: closed_type');
		expectError(await api.get('/api/v1/deals', { pipeline_ids: 'retail' }), 400, 'invalid value: pipeline_ids');
		expectError(await api.get('/api/v1/deals', { closed_since: 'yesterday' }), 400, 'invalid value: closed_since');
	});
});
