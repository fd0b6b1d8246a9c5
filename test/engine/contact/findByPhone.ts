/** Contact → Find by Phone: registered by contact.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, account, contact, apiRequests, seededWithMobile, newPhone } from './helpers/context';

describe('Contact → Find by Phone', () => {
	// The forms of docs/api.md#contacts and the issue: national, with the country code, with +84
	// and spaces, with dots, with 0084. Each is made from the stored number here, by hand.
	const forms: Array<[string, (national: string) => string]> = [
		['national', (n) => n],
		['84 and nine digits', (n) => `84${n.slice(1)}`],
		['+84 with spaces', (n) => `+84 ${n.slice(1, 3)} ${n.slice(3, 6)} ${n.slice(6)}`],
		['dots', (n) => `${n.slice(0, 4)}.${n.slice(4, 7)}.${n.slice(7)}`],
		['0084 and dashes', (n) => `0084-${n.slice(1, 3)}-${n.slice(3)}`],
		['+84 then the national 0', (n) => `+84 ${n}`],
	];

	test.each(forms)('written %s: sent as the national number, one request, the contact returned', async (_form, write) => {
		const seeded = seededWithMobile();
		const run = await runNode({
			parameters: contact({ operation: 'findByPhone', phone: write(seeded.phone_no), simplify: false }),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const [lookup] = apiRequests();
		expect(apiRequests()).toHaveLength(1);
		expect(lookup.method).toBe('GET');
		expect(lookup.path).toBe('/acme/api/v1/contactsByPhone');
		expect(lookup.query).toEqual({ phoneNo: seeded.phone_no });
		expect(jsonOf(run)).toEqual([(lookup.response as { contact: IDataObject }).contact]);
		expect(jsonOf(run)[0].id).toBe(seeded.id);
	});

	test('a second phone finds its contact too', async () => {
		const seeded = platform.store.customers.find((c) => c.phone_no2)!;
		const run = await runNode({ parameters: contact({ operation: 'findByPhone', phone: seeded.phone_no2 }), account: account() });
		expect(jsonOf(run).map((item) => item.id)).toEqual([seeded.id]);
	});

	test('Simplify (default): times with the account offset, custom fields keyed by label', async () => {
		const seeded = platform.store.createContact({ phone_no: newPhone(), username: 'With Fields', custom_fields: [{ id: 401, value: 'Acme' }] });
		const run = await runNode({ parameters: contact({ operation: 'findByPhone', phone: seeded.phone_no }), account: account() });
		expect(run.error).toBeUndefined();
		const [item] = jsonOf(run);
		expect(item.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/);
		// Contact field 401 is "Company" in the fake's contact definitions (GET /contacts/custom_fields).
		expect(item.custom_fields).toEqual({ Company: 'Acme' });
		expect(platform.requests({ path: '/api/v1/contacts/custom_fields' })).toHaveLength(1);
		expect(platform.requests({ path: '/api/v1/tickets/custom_fields' })).toHaveLength(0);
	});

	test('no one has it: no item by default, and the run succeeds; asked national, then with the country code', async () => {
		const phone = newPhone();
		const run = await runNode({ parameters: contact({ operation: 'findByPhone', phone }), account: account() });
		expect(run.error).toBeUndefined();
		expect(jsonOf(run)).toEqual([]);
		expect(apiRequests().map((request) => request.query)).toEqual([{ phoneNo: phone }, { phoneNo: `84${phone.slice(1)}` }]);
	});

	test('a contact another tool stored as 84…: found by the second lookup', async () => {
		const phone = newPhone();
		const stored = platform.store.createContact({ phone_no: `84${phone.slice(1)}`, username: 'Stored international' });
		const run = await runNode({ parameters: contact({ operation: 'findByPhone', phone }), account: account() });
		expect(jsonOf(run).map((item) => item.id)).toEqual([stored.id]);
		expect(apiRequests()).toHaveLength(2);
	});

	test('no one has it, If Not Found = Fail the Item: an error naming the phone; Continue On Fail keeps the other items paired', async () => {
		const seeded = seededWithMobile();
		const missing = newPhone();
		const failing = await runNode({
			parameters: contact({ operation: 'findByPhone', phone: missing, ifNotFound: 'error' }),
			account: account(),
		});
		expect(failing.error?.message).toBe(`No contact has the phone ${missing} [item 0]`);

		const run = await runNode({
			parameters: contact({ operation: 'findByPhone', phone: '={{ $json.phone }}', ifNotFound: 'error' }),
			input: [{ phone: `+84 ${missing.slice(1)}` }, { phone: seeded.phone_no }],
			continueOnFail: true,
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const items = run.items;
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0].json.error).toBe(`No contact has the phone ${missing} [item 0]`);
		expect(items[1].json.id).toBe(seeded.id);
	});

	test.each(['abc', '12345', '0901 234 567 890 123 4', 'phone: 0901234567'])('"%s" is no phone: refused before any request, naming the field and the item', async (written) => {
		const run = await runNode({ parameters: contact({ operation: 'findByPhone', phone: written }), account: account() });
		expect(run.error?.message).toMatch(/^Phone \(phoneNo\) ".*" is not a phone number: give 6 to 15 digits.*\[item 0\]$/);
		expect(platform.requests()).toHaveLength(0);
	});
});
