/** Deal → Get: registered by deal.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { expectReadable } from '../helpers/readable';
import { platform, account, apiRequests, only, deal, field } from './helpers/context';

describe('Deal → Get', () => {
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
