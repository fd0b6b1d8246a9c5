/** Contact → Find or Create: registered by contact.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, account, contact, apiRequests, seededWithMobile, newPhone, contactsWithPhone } from './helpers/context';

describe('Contact → Find or Create', () => {
	const findOrCreate = (phone: string, extra: IDataObject = {}) =>
		contact({ operation: 'findOrCreate', phone_no: phone, username: 'New Customer', simplify: false, ...extra });

	test('someone has the phone: that contact with found: true, one lookup and no create', async () => {
		const seeded = seededWithMobile();
		const run = await runNode({ parameters: findOrCreate(`84${seeded.phone_no.slice(1)}`), account: account() });
		expect(run.error).toBeUndefined();
		expect(jsonOf(run)).toEqual([expect.objectContaining({ id: seeded.id, found: true })]);
		expect(apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual(['GET /acme/api/v1/contactsByPhone']);
	});

	test('no one has it: created, found: false; a lookup then one create', async () => {
		const phone = newPhone();
		const run = await runNode({ parameters: findOrCreate(phone), account: account() });
		expect(run.error).toBeUndefined();
		expect(apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /acme/api/v1/contactsByPhone',
			'GET /acme/api/v1/contactsByPhone',
			'POST /acme/api/v1/contacts',
		]);
		const [created] = contactsWithPhone(phone);
		expect(jsonOf(run)).toEqual([expect.objectContaining({ id: created.id, found: false, username: 'New Customer' })]);
	});

	test('two executions race on one new phone: one contact, both outputs name it, the second found: true', async () => {
		const phone = newPhone();
		// Each create is carried out a second after it arrives: both lookups are done by then, each
		// finds no one, and both create.
		platform.inject({ kind: 'latency', method: 'POST', path: '/api/v1/contacts', ms: 1000, times: 2 });
		const runs = await Promise.all([
			runNode({ parameters: findOrCreate(phone), account: account() }),
			runNode({ parameters: findOrCreate(phone), account: account() }),
		]);
		expect(runs.map((run) => run.error)).toEqual([undefined, undefined]);
		expect(platform.requests({ method: 'POST' })).toHaveLength(2);
		expect(contactsWithPhone(phone)).toHaveLength(1);
		const [only] = contactsWithPhone(phone);
		const outputs = runs.map((run) => jsonOf(run)[0]);
		expect(outputs.map((item) => item.id)).toEqual([only.id, only.id]);
		expect(outputs.map((item) => item.found).sort()).toEqual([false, true]);
	});

	test('the create\'s answer is lost after the platform created it: never sent again, the contact found by its phone', async () => {
		const phone = newPhone();
		platform.inject({ kind: 'lostAnswer', method: 'POST', path: '/api/v1/contacts', times: 1 });
		const run = await runNode({ parameters: findOrCreate(phone), account: account() });
		expect(run.error).toBeUndefined();
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		expect(contactsWithPhone(phone)).toHaveLength(1);
		expect(jsonOf(run)).toEqual([
			expect.objectContaining({ id: contactsWithPhone(phone)[0].id, found: false, foundAfterLostAnswer: true }),
		]);
	});

	test('the create was dropped before the platform did it: never sent again, an error that says so', async () => {
		const phone = newPhone();
		platform.inject({ kind: 'drop', method: 'POST', path: '/api/v1/contacts', times: 1 });
		const run = await runNode({ parameters: findOrCreate(phone), account: account() });
		expect(run.error?.message).toMatch(/may have applied this POST \/api\/v1\/contacts/);
		expect((run.error as { description?: string }).description).toContain(`A search by its phone ${phone} found no contact (yet): it was probably not created`);
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		expect(contactsWithPhone(phone)).toHaveLength(0);
	});

	test('without a phone: refused before any request', async () => {
		// An expression that gives nothing (the editor itself refuses an empty Phone).
		const run = await runNode({
			parameters: contact({ operation: 'findOrCreate', phone_no: '={{ $json.phone }}', username: 'No Phone' }),
			input: [{}],
			account: account(),
		});
		expect(run.error?.message).toMatch(/^Phone \(phone_no\) is required.*\[item 0\]$/);
		expect(platform.requests()).toHaveLength(0);
	});
});
