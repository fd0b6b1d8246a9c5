/** Lead → Get Many: registered by lead.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { fromUtcZ } from '../helpers/platform-clock';
import { recordsOf } from '../helpers/answer-lists';
import { CONVERTED_TYPE_WORDS } from '../helpers/documented-records';
import { platform, account, apiRequests, only, lead } from './helpers/context';

describe('Lead → Get Many', () => {
	test('Return All reads every lead in pages of 500, in the API order, as many as numFound', async () => {
		const run = await runNode({
			parameters: lead({ operation: 'getAll', returnAll: true, simplify: false }),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const requests = apiRequests();
		const numFound = (requests[0].response as { numFound: number }).numFound;
		expect(numFound).toBe(platform.store.leads.length);
		expect(numFound).toBeGreaterThan(2000);
		expect(requests).toHaveLength(Math.ceil(numFound / 500));
		expect(requests.every((request) => request.method === 'GET' && request.path === '/acme/api/v1/leads')).toBe(true);
		expect(requests.map((request) => request.query).sort((a, b) => Number(a.page) - Number(b.page))).toEqual(
			Array.from({ length: requests.length }, (_, index) => ({ page: String(index + 1), count: '500' })),
		);

		const output = jsonOf(run);
		expect(output).toHaveLength(numFound);
		const inApiOrder = [...platform.store.leads].sort((a, b) => a.id - b.id).map((entry) => entry.id);
		expect(output.map((entry) => entry.id)).toEqual(inApiOrder);
		const pages = [...requests].sort((a, b) => Number(a.query.page) - Number(b.query.page));
		expect(output).toEqual(pages.flatMap((request) => recordsOf(request.response, 'leads')));
	});

	test('Limit reads one page of that size', async () => {
		const run = await runNode({
			parameters: lead({ operation: 'getAll', returnAll: false, limit: 7, simplify: false }),
			account: account(),
		});
		const get = only(apiRequests());
		expect(get.query).toEqual({ page: '1', count: '7' });
		expect(jsonOf(run)).toEqual(recordsOf(get.response, 'leads'));
		expect(jsonOf(run)).toHaveLength(7);
	});

	test('every filter goes in the query: statuses comma-separated, dates as ISO with Z', async () => {
		const since = Date.parse('2020-01-01T00:00:00Z');
		const run = await runNode({
			parameters: lead({
				operation: 'getAll',
				returnAll: true,
				simplify: false,
				filters: {
					assignee_id: 1002,
					status_ids: [602, 603],
					created_since: '2020-01-01T07:00:00',
					created_to: '2099-12-31T00:00:00Z',
					updated_since: '2020-01-01T00:00:00Z',
				},
			}),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const get = only(apiRequests());
		expect(get.query).toEqual({
			assignee_id: '1002',
			status_ids: '602,603',
			created_since: fromUtcZ('2020-01-01T00:00:00Z', { platform }),
			created_to: fromUtcZ('2099-12-31T00:00:00Z', { platform }),
			updated_since: fromUtcZ('2020-01-01T00:00:00Z', { platform }),
			page: '1',
			count: '500',
		});
		const expected = platform.store.leads
			.filter((entry) => entry.assignee_id === 1002 && [602, 603].includes(entry.lead_status_id) && entry.created_at >= since)
			.map((entry) => entry.id);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(run).map((entry) => entry.id)).toEqual(expected);
	});

	test('conversion, requester, service and the converted window', async () => {
		const sample = platform.store.leads.find((entry) => entry.converted_type === 2)!;
		const run = await runNode({
			parameters: lead({
				operation: 'getAll',
				returnAll: true,
				simplify: false,
				filters: {
					requester_id: String(sample.requester_id),
					service_id: sample.service_id,
					convert_type: 2,
					convert_since: '2000-01-01T00:00:00Z',
					convert_to: '2099-01-01T00:00:00Z',
				},
			}),
			account: account(),
		});
		const get = only(apiRequests());
		expect(get.query).toEqual({
			requester_id: String(sample.requester_id),
			service_id: String(sample.service_id),
			convert_type: '2',
			convert_since: fromUtcZ('2000-01-01T00:00:00Z', { platform }),
			convert_to: fromUtcZ('2099-01-01T00:00:00Z', { platform }),
			page: '1',
			count: '500',
		});
		expect(jsonOf(run).map((entry) => entry.id)).toContain(sample.id);
		// Simplify off: converted_type as the platform answered it, 2 or its word (docs/api.md "Where the spec is unclear").
		const convertedAs = (value: unknown) => (typeof value === 'string' ? CONVERTED_TYPE_WORDS[value.toLowerCase() as keyof typeof CONVERTED_TYPE_WORDS] : value);
		expect(jsonOf(run).every((entry) => convertedAs(entry.converted_type) === 2 && entry.requester_id === sample.requester_id)).toBe(true);
		expect(jsonOf(run).every((entry) => platform.store.lead(Number(entry.id))?.converted_type === 2)).toBe(true);
	});

	test('Simplify keys the custom fields of every lead by label', async () => {
		const run = await runNode({ parameters: lead({ operation: 'getAll', limit: 50 }), account: account() });
		const output = jsonOf(run);
		expect(output).toHaveLength(50);
		expect(output.every((entry) => !Array.isArray(entry.custom_fields))).toBe(true);
	});

	test.each([
		['a range that ends before it starts', { created_since: '2025-02-01T00:00:00Z', created_to: '2025-01-01T00:00:00Z' }, `Created To (created_to) 2025-01-01T00:00:00Z must be after Created From (created_since) 2025-02-01T00:00:00Z, by at least a whole second: the platform stamps records to the second [item 0]`],
		['a status that is no ID', { status_ids: '602,new' }, 'Status (status_ids) must be a list of numeric IDs; "new" is not one [item 0]'],
		['a requester ID that is no number', { requester_id: 'Lan' }, 'Requester (requester_id) must be a contact ID, a whole number of at most 10 digits, or a phone given By Phone; got "Lan" [item 0]'],
	])('%s: a clear error and no request', async (_name, filters, message) => {
		const run = await runNode({ parameters: lead({ operation: 'getAll', filters }), account: account() });
		expect(run.error?.message).toBe(message);
		expect(platform.requests()).toHaveLength(0);
	});

	describe('a count the platform gets wrong, or pages it ignores', () => {
		/** A created range that holds exactly `count` leads (one read: the lead list is not split into windows). */
		function rangeOf(count: number) {
			const created = platform.store.leads.map((entry) => entry.created_at).sort((a, b) => a - b);
			for (let end = created.length - 20; end >= count; end--) {
				const start = end - count + 1;
				if (created[start - 1] < created[start] && created[end] < created[end + 1]) return { since: created[start], to: created[end] };
			}
			throw new Error(`no range of ${count} leads`);
		}
		const getMany = (since: number, to: number, more: IDataObject = { returnAll: true }) =>
			runNode({
				parameters: lead({
					operation: 'getAll',
					simplify: false,
					filters: { created_since: new Date(since).toISOString(), created_to: new Date(to).toISOString() },
					...more,
				}),
				account: account(),
			});
		const inRange = (since: number, to: number) =>
			platform.store.leads.filter((entry) => entry.created_at >= since && entry.created_at <= to).sort((a, b) => a.id - b.id).map((entry) => entry.id);
		const pagesAsked = () => apiRequests().map((request) => request.query.page);
		const ignoredPage = 'The platform ignored "page": page 2 of GET /api/v1/leads repeats the records of page 1';

		test.each([
			['without numFound', 'missing'],
			['with an absurd numFound (1e12)', 'absurd'],
			['with numFound "1,234"', 'text'],
		] as const)('1,200 leads, every answer %s: Return All returns all 1,200, pages read one after another until the short one', async (_label, countAs) => {
			const { since, to } = rangeOf(1200);
			platform.inject({ kind: 'wrongCount', countAs, path: '/acme/api/v1/leads' });
			const run = await getMany(since, to);
			expect(run.error).toBeUndefined();
			expect(jsonOf(run).map((entry) => entry.id)).toEqual(inRange(since, to));
			expect(jsonOf(run)).toHaveLength(1200);
			expect(pagesAsked()).toEqual(['1', '2', '3']);
		});

		test('1,200 leads, every answer saying numFound 500 (one full page): Return All reads on past the full page and returns all 1,200', async () => {
			const { since, to } = rangeOf(1200);
			platform.inject({ kind: 'wrongCount', countAs: 'onePage', path: '/acme/api/v1/leads' });
			const run = await getMany(since, to);
			expect(run.error).toBeUndefined();
			expect(jsonOf(run).map((entry) => entry.id)).toEqual(inRange(since, to));
		});

		test('a platform that ignores "page" (Return All): the item fails saying so, after the pages the count planned', async () => {
			const { since, to } = rangeOf(1200);
			platform.inject({ kind: 'ignorePage', path: '/acme/api/v1/leads' });
			const run = await getMany(since, to);
			expect(run.error?.message).toBe(ignoredPage);
			expect(pagesAsked().sort()).toEqual(['1', '2', '3']);
		});

		test('a platform that ignores "page" and gives no count (Return All): the item fails at page 2, never reads on', async () => {
			const { since, to } = rangeOf(1200);
			platform.inject({ kind: 'ignorePage', countAs: 'missing', path: '/acme/api/v1/leads' });
			const run = await getMany(since, to);
			expect(run.error?.message).toBe(ignoredPage);
			expect(pagesAsked()).toEqual(['1', '2']);
		});

		test('a platform that ignores "page" (Limit 1,100): the item fails at page 2 instead of returning page 1 alone', async () => {
			const { since, to } = rangeOf(1200);
			platform.inject({ kind: 'ignorePage', path: '/acme/api/v1/leads' });
			const run = await getMany(since, to, { returnAll: false, limit: 1100 });
			expect(run.error?.message).toBe(ignoredPage);
			expect(pagesAsked()).toEqual(['1', '2']);
		});

		test('Continue On Fail: the item whose pages repeat becomes an error item, the other item is read whole', async () => {
			const { since, to } = rangeOf(1200);
			// Every page 2 is answered as page 1: the first item needs one, the second (one page of 400) none.
			platform.inject({ kind: 'ignorePage', path: '/acme/api/v1/leads' });
			const run = await runNode({
				parameters: lead({
					operation: 'getAll',
					simplify: false,
					returnAll: false,
					limit: '={{ $json.limit }}',
					filters: { created_since: new Date(since).toISOString(), created_to: new Date(to).toISOString() },
				}),
				account: account(),
				input: [{ limit: 1100 }, { limit: 400 }],
				continueOnFail: true,
			});
			const items = jsonOf(run);
			expect(items[0].error).toBe(ignoredPage);
			expect(items.slice(1).map((entry) => entry.id)).toEqual(inRange(since, to).slice(0, 400));
		});
	});
});
