/** Deal → Update: registered by deal.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, account, apiRequests, only, deal, choice, enterprise, retail, openDealIn } from './helpers/context';

describe('Deal → Update', () => {
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
