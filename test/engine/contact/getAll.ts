/** Contact → Get Many: registered by contact.test.ts, which starts the fake platform once for the folder. */
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, account, contact, apiRequests } from './helpers/context';

describe('Contact → Get Many', () => {
	test('Limit 5: one page of 5, newest updated first when asked', async () => {
		const run = await runNode({
			parameters: contact({ operation: 'getAll', limit: 5, filters: { order_by: 'updated_at', order_type: 'desc' }, simplify: false }),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const [list] = apiRequests();
		expect(list.path).toBe('/acme/api/v1/contacts');
		expect(list.query).toEqual({ order_by: 'updated_at', order_type: 'desc', page: '1', count: '5' });
		const items = jsonOf(run);
		expect(items).toHaveLength(5);
		const newest = [...platform.store.customers].sort((a, b) => b.updated_at - a.updated_at || b.id - a.id).slice(0, 5);
		expect(items.map((item) => item.id)).toEqual(newest.map((c) => c.id));
	});

	test('Return All over an updated range: every contact updated in it, once', async () => {
		const to = platform.store.nowMs();
		const since = to - 20 * 24 * 3600 * 1000;
		const run = await runNode({
			parameters: contact({
				operation: 'getAll',
				returnAll: true,
				filters: { updated_since: new Date(since).toISOString(), updated_to: new Date(to).toISOString() },
			}),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const expected = platform.store.customers.filter((c) => c.updated_at >= Math.ceil(since / 1000) * 1000 && c.updated_at <= to);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(run).map((item) => item.id).sort()).toEqual(expected.map((c) => c.id).sort());
		expect(apiRequests().every((request) => request.query.updated_since !== undefined && request.query.updated_to !== undefined)).toBe(true);
	});

	test('a range that ends before it starts is refused before any request', async () => {
		const run = await runNode({
			parameters: contact({ operation: 'getAll', filters: { updated_since: '2026-05-02T00:00:00Z', updated_to: '2026-05-01T00:00:00Z' } }),
			account: account(),
		});
		expect(run.error?.message).toMatch(/Updated To \(updated_to\) .* must be after Updated From \(updated_since\)/);
		expect(platform.requests()).toHaveLength(0);
	});
});
