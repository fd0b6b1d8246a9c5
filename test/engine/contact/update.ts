/** Contact → Update: registered by contact.test.ts, which starts the fake platform once for the folder. */
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, account, contact, apiRequests, seededWithMobile } from './helpers/context';

describe('Contact → Update', () => {
	test('PUT /contacts/{id}: the fields given and custom fields; the contact returned', async () => {
		const seeded = seededWithMobile();
		const run = await runNode({
			parameters: contact({
				operation: 'update',
				contactId: { __rl: true, mode: 'id', value: String(seeded.id) },
				updateFields: { username: 'Renamed', phone_no3: '84 912 000 998' },
				customFieldsInput: 'json',
				customFieldsJson: '{"Company": "Globex"}',
				simplify: false,
			}),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const put = apiRequests().find((request) => request.method === 'PUT')!;
		expect(put.path).toBe(`/acme/api/v1/contacts/${seeded.id}`);
		expect(put.body).toEqual({ contact: { username: 'Renamed', phone_no3: '0912000998', custom_fields: [{ id: 401, value: 'Globex' }] } });
		expect(platform.store.customer(seeded.id)!.username).toBe('Renamed');
		expect(jsonOf(run)[0].phone_no3).toBe('0912000998');
	});
});
