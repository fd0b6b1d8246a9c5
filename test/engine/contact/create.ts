/** Contact → Create: registered by contact.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, account, contact, apiRequests, seededWithMobile, newPhone, contactsWithPhone } from './helpers/context';

describe('Contact → Create', () => {
	test('POST /contacts: {contact: {…}}, the phone national, custom fields by label as IDs', async () => {
		const phone = newPhone();
		const run = await runNode({
			parameters: contact({
				operation: 'create',
				phone_no: `+84 ${phone.slice(1, 4)} ${phone.slice(4)}`,
				username: 'Lan Pham',
				email: 'lan.pham@example.com',
				additionalFields: { phone_no2: '0912.000.999', organization_id: '7' },
				customFieldsInput: 'json',
				customFieldsJson: '{"Company": "Acme", "Age": "41"}',
				simplify: false,
			}),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const post = apiRequests().find((request) => request.method === 'POST')!;
		expect(apiRequests()).toHaveLength(1);
		expect(post.path).toBe('/acme/api/v1/contacts');
		expect(post.body).toEqual({
			contact: {
				phone_no: phone,
				username: 'Lan Pham',
				email: 'lan.pham@example.com',
				phone_no2: '0912000999',
				organization_id: 7,
				custom_fields: [
					{ id: 401, value: 'Acme' },
					{ id: 402, value: 41 },
				],
			},
		});
		expect(jsonOf(run)).toEqual([(post.response as { contact: IDataObject }).contact]);
		expect(contactsWithPhone(phone)).toHaveLength(1);
	});

	test('neither phone nor e-mail: refused before any request', async () => {
		const run = await runNode({ parameters: contact({ operation: 'create', username: 'Nobody' }), account: account() });
		expect(run.error?.message).toMatch(/^Phone \(phone_no\) or Email \(email\) is required.*\[item 0\]$/);
		expect(platform.requests()).toHaveLength(0);
	});

	test('a phone another contact has: an error naming that contact, sent once, nothing created', async () => {
		const seeded = seededWithMobile();
		const before = platform.store.customers.length;
		const run = await runNode({ parameters: contact({ operation: 'create', phone_no: seeded.phone_no, username: 'Twin' }), account: account() });
		expect(run.error?.message).toBe('phone_no already exist');
		expect((run.error as { description?: string }).description).toContain(`The existing record's ID is ${seeded.id}`);
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		expect(platform.store.customers.length).toBe(before);
	});
});
