/** Lead → Get: registered by lead.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { expectReadable } from '../helpers/readable';
import { platform, account, apiRequests, only, lead } from './helpers/context';

describe('Lead → Get', () => {
	const withChoices = () =>
		platform.store.leads.find(
			(entry) =>
				entry.custom_fields.some((value) => value.id === 306 && Array.isArray(value.value) && value.value.length > 0) &&
				entry.custom_fields.some((value) => value.id === 305),
		)!;

	test('GET /api/v1/lead/{id}; Simplify maps custom field IDs and choices to labels', async () => {
		const target = withChoices();
		const run = await runNode({ parameters: lead({ operation: 'get', leadId: String(target.id) }), account: account() });
		expect(run.error).toBeUndefined();
		const get = only(apiRequests());
		expect(get.method).toBe('GET');
		expect(get.path).toBe(`/acme/api/v1/lead/${target.id}`);
		expect(get.query).toEqual({});

		const raw = (get.response as { lead: IDataObject }).lead;
		const expected: IDataObject = {};
		for (const value of target.custom_fields) {
			const definition = platform.store.ticketFields.find((candidate) => candidate.custom_field_id === value.id)!;
			const label = (id: unknown) => definition.values?.find((entry) => entry.id === id)?.lable;
			expected[definition.custom_field_lable] = Array.isArray(value.value)
				? value.value.map(label)
				: definition.values
					? label(value.value)
					: value.value;
		}
		const output = jsonOf(run);
		expect(output).toHaveLength(1);
		expect(output[0].custom_fields).toEqual(expected);
		expectReadable(platform, 'lead', output[0], raw);
		expect(expected.Product).toEqual(expect.any(String));
		expect(raw.id).toBe(target.id);
		expect(raw.comments).toEqual(expect.any(Array));
	});

	test('Simplify off returns the raw answer', async () => {
		const target = withChoices();
		const run = await runNode({
			parameters: lead({ operation: 'get', leadId: String(target.id), simplify: false }),
			account: account(),
		});
		const get = only(apiRequests());
		expect(jsonOf(run)).toEqual([(get.response as { lead: IDataObject }).lead]);
	});

	test('a lead that does not exist: named, it may have been deleted, with the API message', async () => {
		const run = await runNode({ parameters: lead({ operation: 'get', leadId: '999999' }), account: account() });
		expect(run.error?.message).toBe('Lead 999999 was not found: it may have been deleted, or the ID is wrong');
		expect(run.error?.description).toContain('Lead is not exist');
		expect(run.error?.httpCode).toBe('400');
	});
});
