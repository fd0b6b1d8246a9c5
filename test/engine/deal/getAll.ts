/** Deal → Get Many: registered by deal.test.ts, which starts the fake platform once for the folder. */
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { fromUtcZ } from '../helpers/platform-clock';
import { recordsOf } from '../helpers/answer-lists';
import { platform, account, apiRequests, only, deal, retail } from './helpers/context';

describe('Deal → Get Many', () => {
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
