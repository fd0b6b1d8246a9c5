// @modes: spec strict backoff
/**
 * Contact → Find by Phone, Get, Get Many, Create, Update, Find or Create through n8n's engine
 * against the fake platform: the request sent, the items returned, each written form of a
 * phone, "not found" as no item or an error, bad input refused before any request, and Find
 * or Create under a race and a lost answer (never two contacts for one phone, never a create
 * sent twice).
 *
 * What the platform answers is docs/api.md#contacts: `contactsByPhone?phoneNo=` answers
 * `{code:"ok", contact}` or a 200 `{code:"errors", message:"Not found user"}`; a create whose
 * phone another contact has answers `phone_no already exist` with `extra_data.duplicate_id`.
 */
import type { IDataObject } from 'n8n-workflow';

import { type CustomerRec, type FakePlatform, type RecordedRequest } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, jsonOf, runNode } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const account = () => ({ ...accountOf(platform), timeZone: 'Asia/Ho_Chi_Minh' });
const contact = (parameters: IDataObject) => ({ resource: 'contact', ...parameters });

/** Requests other than the definitions the node reads for custom fields. */
function apiRequests(): RecordedRequest[] {
	return platform.requests().filter((request) => !request.path.endsWith('/custom_fields'));
}

/** A seeded contact whose phone is a Vietnamese mobile written as stored: `0` and nine digits. */
function seededWithMobile(): CustomerRec & { phone_no: string } {
	return platform.store.customers.find((c) => /^0\d{9}$/.test(c.phone_no ?? '')) as CustomerRec & { phone_no: string };
}

/** A phone no contact has: a national mobile number made from a counter. */
let unused = 0;
function newPhone(): string {
	for (;;) {
		const phone = `0389${String(100000 + unused++).padStart(6, '0')}`;
		if (!platform.store.customerByPhone(phone)) return phone;
	}
}

const contactsWithPhone = (phone: string) =>
	platform.store.customers.filter((c) => [c.phone_no, c.phone_no2, c.phone_no3].includes(phone));

describe('Find by Phone', () => {
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

describe('Get', () => {
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

describe('Get Many', () => {
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

describe('Create', () => {
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

describe('Update', () => {
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

describe('Find or Create', () => {
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

describe('the requester wherever it is asked for', () => {
	const byPhone = (phone: string) => ({ __rl: true, mode: 'phone', value: phone });
	const byId = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });
	const sent = () => apiRequests().map((request) => `${request.method} ${request.path.replace('/acme', '')}`);

	test('Ticket → Create, Requester By Phone (+84 form): one lookup, then the ticket for that contact\'s ID', async () => {
		const seeded = seededWithMobile();
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', subject: 'Called about an order', additionalFields: { requester_id: byPhone(`+84 ${seeded.phone_no.slice(1)}`) }, simplify: false },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		expect(sent()).toEqual(['GET /api/v1/contactsByPhone', 'POST /api/v1/tickets']);
		expect(apiRequests()[0].query).toEqual({ phoneNo: seeded.phone_no });
		expect((apiRequests()[1].body as { ticket: IDataObject }).ticket.requester_id).toBe(seeded.id);
		expect(platform.store.ticket(jsonOf(run)[0].ticket_id as number)!.requester_id).toBe(seeded.id);
	});

	test('Ticket → Create, Requester By ID (an earlier workflow\'s plain number too): sent as it is, no lookup', async () => {
		const seeded = seededWithMobile();
		for (const requester of [byId(seeded.id), seeded.id]) {
			platform.clearLog();
			const run = await runNode({
				parameters: { resource: 'ticket', operation: 'create', subject: 'By ID', additionalFields: { requester_id: requester }, simplify: false },
				account: account(),
			});
			expect(run.error).toBeUndefined();
			expect(sent()).toEqual(['POST /api/v1/tickets']);
			expect((apiRequests()[0].body as { ticket: IDataObject }).ticket.requester_id).toBe(seeded.id);
		}
	});

	test('Ticket → Create, a phone no one has: an error naming it, and no ticket', async () => {
		const phone = newPhone();
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', subject: 'Nobody', additionalFields: { requester_id: byPhone(phone) } },
			account: account(),
		});
		expect(run.error?.message).toBe(`No contact has the phone ${phone} (Requester, By Phone): pick the contact from the list, or give their ID [item 0]`);
		expect(sent()).toEqual(['GET /api/v1/contactsByPhone', 'GET /api/v1/contactsByPhone']);
	});

	test('Ticket → Create, By Phone that is no phone: refused before any request', async () => {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', subject: 'Typo', additionalFields: { requester_id: byPhone('09O1234567') } },
			account: account(),
		});
		expect(run.error?.message).toMatch(/^Requester \(requester_id\) "09O1234567" is not a phone number/);
		expect(platform.requests()).toHaveLength(0);
	});

	test('Ticket → Get Many, Requester By Phone: the contact\'s ID in the list\'s query', async () => {
		const seeded = seededWithMobile();
		const run = await runNode({
			parameters: {
				resource: 'ticket', operation: 'getAll', dateField: 'created', since: '2020-01-01T00:00:00Z', limit: 5,
				filters: { requester_id: byPhone(seeded.phone_no) },
			},
			account: account(),
		});
		expect(run.error).toBeUndefined();
		expect(sent()[0]).toBe('GET /api/v1/contactsByPhone');
		const lists = apiRequests().slice(1);
		expect(lists.length).toBeGreaterThan(0);
		expect(lists.every((request) => request.path === '/acme/api/v2/tickets' && request.query.requester_id === String(seeded.id))).toBe(true);
	});

	test('Deal → Get Many, Requester By ID: requester_id in the query, no lookup', async () => {
		const seeded = seededWithMobile();
		const run = await runNode({ parameters: { resource: 'deal', operation: 'getAll', limit: 3, filters: { requester_id: byId(seeded.id) } }, account: account() });
		expect(run.error).toBeUndefined();
		// Simplify reads the pipelines for its labels; no contact is read.
		expect(sent().filter((request) => request.includes('contact'))).toEqual([]);
		expect(sent()[0]).toBe('GET /api/v1/deals');
		expect(apiRequests()[0].query.requester_id).toBe(String(seeded.id));
	});

	test('Lead → Create for a picked contact: its phone and e-mail read once and sent', async () => {
		const seeded = platform.store.createContact({ phone_no: newPhone(), email: 'picked@example.com', username: 'Picked' });
		const run = await runNode({
			parameters: { resource: 'lead', operation: 'create', subject: 'Upsell', additionalFields: { contact: byId(seeded.id) }, simplify: false },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		expect(sent()).toEqual([`GET /api/v1/contacts/${seeded.id}`, 'POST /api/v1/lead']);
		expect((apiRequests()[1].body as { lead: IDataObject }).lead).toEqual({ subject: 'Upsell', phone: seeded.phone_no, email: 'picked@example.com' });
	});

	test('Deal → Create, Contact By Phone: the phone sent national, no lookup', async () => {
		const phone = newPhone();
		const run = await runNode({
			parameters: { resource: 'deal', operation: 'create', subject: 'New deal', additionalFields: { contact: byPhone(`84 ${phone.slice(1)}`) }, simplify: false },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		expect(sent()).toEqual(['POST /api/v1/deal']);
		expect((apiRequests()[0].body as { deal: IDataObject }).deal.phone).toBe(phone);
	});
});

describe('red team of the contact operations (helper-22): found only for the phone looked for, a lost refusal, odd answers', () => {
	test('RT1: the new contact\'s Second Phone is someone\'s: an error naming them, not "found"', async () => {
		const phone = newPhone();
		const someone = seededWithMobile();
		const run = await runNode({
			parameters: contact({ operation: 'findOrCreate', phone_no: phone, additionalFields: { phone_no2: someone.phone_no } }),
			account: account(),
		});
		expect(run.error?.message).toBe(`phone_no already exist: contact ${someone.id} has one of the new contact's phones`);
		expect(contactsWithPhone(phone)).toHaveLength(0);
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
	});

	test('RT2: a contact stored as 84…: Find or Create finds it, creates none', async () => {
		const phone = newPhone();
		const stored = platform.store.createContact({ phone_no: `84${phone.slice(1)}`, username: 'Stored international' });
		const run = await runNode({ parameters: contact({ operation: 'findOrCreate', phone_no: phone, simplify: false }), account: account() });
		expect(jsonOf(run)).toEqual([expect.objectContaining({ id: stored.id, found: true })]);
		expect(platform.requests({ method: 'POST' })).toHaveLength(0);
	});

	test('RT14: Create\'s answer lost, the phone someone\'s long before: the refusal, naming them', async () => {
		const someone = seededWithMobile();
		platform.inject({ kind: 'lostAnswer', method: 'POST', path: '/api/v1/contacts', times: 1 });
		const run = await runNode({ parameters: contact({ operation: 'create', phone_no: someone.phone_no }), account: account() });
		expect(run.error?.message).toBe(`phone_no already exist: contact ${someone.id} has the phone ${someone.phone_no}`);
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
	});

	test('RT33: By ID with a leading 0 is a phone given by mistake: refused before any request', async () => {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', subject: 'S', additionalFields: { requester_id: { __rl: true, mode: 'id', value: '0901234567' } } },
			account: account(),
		});
		expect(run.error?.message).toBe('Requester (requester_id) "0901234567" looks like a phone, not a contact ID: give it By Phone [item 0]');
		expect(platform.requests()).toHaveLength(0);
	});
});
