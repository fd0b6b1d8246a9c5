/** Contact → Get: registered by contact.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { account, contact, apiRequests, seededWithMobile } from './helpers/context';

describe('Contact → Get', () => {
	test('GET /contacts/{id} from the picker; the detail returned', async () => {
		const seeded = seededWithMobile();
		const run = await runNode({
			parameters: contact({ operation: 'get', contactId: { __rl: true, mode: 'id', value: String(seeded.id) }, simplify: false }),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const [read] = apiRequests();
		expect(apiRequests()).toHaveLength(1);
		expect(read.path).toBe(`/acme/api/v1/contacts/${seeded.id}`);
		expect(jsonOf(run)).toEqual([(read.response as { contact: IDataObject }).contact]);
		// Every key of the real detail (docs/api.md#contacts).
		expect(Object.keys(jsonOf(run)[0]).sort()).toEqual(
			['account_id', 'id', 'username', 'email', 'email2', 'phone_no', 'phone_no2', 'phone_no3', 'facebook', 'gender', 'organization_id', 'created_at', 'updated_at', 'role_id', 'campaign_handler_id', 'custom_fields', 'organization', 'psid'].sort(),
		);
	});

	test('an unknown ID (a 200 "Not found user"): "Contact … was not found", nothing retried', async () => {
		const run = await runNode({ parameters: contact({ operation: 'get', contactId: '999999' }), account: account() });
		expect(run.error?.message).toMatch(/^Contact 999999 was not found/);
		expect(apiRequests()).toHaveLength(1);
	});
});
