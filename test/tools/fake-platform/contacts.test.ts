// @modes: spec
/**
 * The fake's contact endpoints answer in the shapes of the real platform's public clients
 * (docs/api.md#contacts, real-platform.md §2.2-2.5); the expected keys and messages below are
 * written from those documents, not read from the fake.
 */
import type { FakePlatform } from '../../../tools/fake-platform';
import { client, DAY, isoZ, NOW, startPlatform, stampMs } from './helpers';

// real-platform.md §2.3 "Contacts": the detail's keys.
const DETAIL_KEYS = [
	'account_id', 'id', 'username', 'email', 'email2', 'phone_no', 'phone_no2', 'phone_no3', 'facebook', 'gender',
	'organization_id', 'created_at', 'updated_at', 'role_id', 'campaign_handler_id', 'custom_fields', 'organization', 'psid',
].sort();
const ZONELESS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('contacts (real-platform.md §2.2-2.5)', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	// The details of an error answered in a 200: `extra_data` on the real platform, `extraDataJson` in the spec's reading.
	const detailsKey = () => (platform.platform === 'real' ? 'extra_data' : 'extraDataJson');
	beforeAll(async () => {
		platform = await startPlatform();
		api = client(platform);
	});
	afterAll(() => platform.close());

	test('list: root `contacts`, items {id, created_at Z, updated_at Z, username, phone_no?}, the updated window, pages in updated order', async () => {
		const since = NOW.getTime() - 30 * DAY;
		const query = { updated_since: isoZ(since), updated_to: isoZ(NOW.getTime()), count: 20, order_by: 'updated_at', order_type: 'asc' };
		const first = await api.get('/api/v1/contacts', { ...query, page: 1 });
		expect(first.status).toBe(200);
		expect(first.body.code).toBe('ok');
		const inWindow = platform.store.customers.filter((c) => c.updated_at >= since && c.updated_at <= NOW.getTime());
		expect(first.body.numFound).toBe(inWindow.length);
		expect(inWindow.length).toBeGreaterThan(20);
		for (const item of first.body.contacts) {
			expect(Object.keys(item).sort()).toEqual(item.phone_no === undefined ? ['created_at', 'id', 'updated_at', 'username'] : ['created_at', 'id', 'phone_no', 'updated_at', 'username']);
			expect(item.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
			const stored = platform.store.customer(item.id)!;
			expect(stampMs(item.updated_at)).toBe(stored.updated_at);
		}
		const second = await api.get('/api/v1/contacts', { ...query, page: 2 });
		const stamps = [...first.body.contacts, ...second.body.contacts].map((item: { updated_at: string }) => stampMs(item.updated_at));
		expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
		expect(new Set([...first.body.contacts, ...second.body.contacts].map((item: { id: number }) => item.id)).size).toBe(40);
	});

	test('detail: root `contact`, every key of the real detail, zone-less stamps; an unknown id is a 200 "Not found user"', async () => {
		const stored = platform.store.customers[3];
		const reply = await api.get(`/api/v1/contacts/${stored.id}`);
		expect(reply.status).toBe(200);
		expect(Object.keys(reply.body.contact).sort()).toEqual(DETAIL_KEYS);
		expect(reply.body.contact).toMatchObject({ id: stored.id, username: stored.username, phone_no: stored.phone_no, psid: [] });
		expect(reply.body.contact.updated_at).toMatch(ZONELESS);
		const missing = await api.get('/api/v1/contacts/999999');
		expect({ status: missing.status, body: missing.body }).toEqual({ status: 200, body: { code: 'errors', message: 'Not found user' } });
	});

	test('contactsByPhone: the contact with that phone (first, second or third), else a 200 "Not found user"', async () => {
		const stored = platform.store.customers[10];
		const byFirst = await api.get('/api/v1/contactsByPhone', { phoneNo: stored.phone_no! });
		expect(byFirst.body).toMatchObject({ code: 'ok', contact: { id: stored.id } });
		const withSecond = platform.store.customers.find((c) => c.phone_no2)!;
		const bySecond = await api.get('/api/v1/contactsByPhone', { phoneNo: withSecond.phone_no2! });
		expect(bySecond.body.contact.id).toBe(withSecond.id);
		const none = await api.get('/api/v1/contactsByPhone', { phoneNo: '0111222333' });
		expect({ status: none.status, body: none.body }).toEqual({ status: 200, body: { code: 'errors', message: 'Not found user' } });
	});

	// The customer the examples and the AI example's questions name (examples/README.md): the
	// phone has an answer on a fresh start, and only one contact has it.
	test('seed: customer 50350 is Trần Thị Mai, mai.tran@example.com, 0987654321, the only contact with that phone, with a Zalo conversation of the last days', async () => {
		const found = await api.get('/api/v1/contactsByPhone', { phoneNo: '0987654321' });
		expect(found.body).toMatchObject({ code: 'ok', contact: { id: 50350, username: 'Trần Thị Mai', email: 'mai.tran@example.com', phone_no: '0987654321' } });
		const holders = platform.store.customers.filter((c) => [c.phone_no, c.phone_no2, c.phone_no3].includes('0987654321'));
		expect(holders.map((c) => c.id)).toEqual([50350]);
		// Her Zalo conversation of the last days: she writes, an agent answers, she writes again a day later.
		const chats = await api.get('/api/v1/chats/messages', { start_time_since: isoZ(NOW.getTime() - 7 * DAY), conversation_type: 3, requester_id: 50350, count: 500 });
		expect(chats.body.code).toBe('ok');
		const mine = chats.body.chats as Array<{ requester_id: number; conversation_id: number; sender_agent_id: unknown; content: string }>;
		expect(mine.map((m) => [m.requester_id, m.sender_agent_id === null ? 'customer' : 'agent'])).toEqual([[50350, 'customer'], [50350, 'agent'], [50350, 'customer']]);
		expect(new Set(mine.map((m) => m.conversation_id)).size).toBe(1);
		expect(mine[0].content).toContain('invoice');
	});

	test('create: `{contact:{…}}` answers `contact.id`; a phone some contact has answers 200 "phone_no already exist" with duplicate_id', async () => {
		const before = platform.store.customers.length;
		const created = await api.post('/api/v1/contacts', { contact: { phone_no: '0912000777', username: 'Lan', email: 'lan@example.com' } });
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({ code: 'ok', contact: { username: 'Lan', phone_no: '0912000777', email: 'lan@example.com' } });
		expect(platform.store.customers).toHaveLength(before + 1);
		const again = await api.post('/api/v1/contacts', { contact: { phone_no: '0912000777', username: 'Lan again' } });
		expect({ status: again.status, body: again.body }).toEqual({
			status: 200,
			body: { code: 'errors', message: 'phone_no already exist', [detailsKey()]: { duplicate_id: created.body.contact.id } },
		});
		expect(platform.store.customers).toHaveLength(before + 1);
	});

	test('create and update take custom fields by id; update moves updated_at and keeps what it was not given', async () => {
		const company = platform.store.contactFields.find((definition) => definition.custom_field_lable === 'Company')!;
		const created = await api.post('/api/v1/contacts', { contact: { phone_no: '0912000888', custom_fields: [{ id: company.custom_field_id, value: 'Acme' }] } });
		const id = created.body.contact.id;
		expect(created.body.contact.custom_fields).toEqual([expect.objectContaining({ id: company.custom_field_id, lable: 'Company', value: 'Acme' })]);
		platform.store.customer(id)!.updated_at -= DAY;
		const updatedBefore = platform.store.customer(id)!.updated_at;
		const updated = await api.put(`/api/v1/contacts/${id}`, { contact: { username: 'Minh' } });
		expect(updated.body.contact).toMatchObject({ id, username: 'Minh', phone_no: '0912000888' });
		expect(updated.body.contact.custom_fields).toEqual([expect.objectContaining({ value: 'Acme' })]);
		expect(platform.store.customer(id)!.updated_at).toBeGreaterThan(updatedBefore);
		const taken = platform.store.customers[0].phone_no!;
		const clash = await api.put(`/api/v1/contacts/${id}`, { contact: { phone_no: taken } });
		expect(clash.body).toMatchObject({ code: 'errors', message: 'phone_no already exist' });
		const bad = await api.post('/api/v1/contacts', { contact: { username: 'No phone, no e-mail' } });
		expect(bad.status).toBe(400);
	});

	test('control: POST /__control/contacts and PATCH /__control/contacts/:id change the store at `at`, as the API would', async () => {
		const control = async (method: string, path: string, body: unknown) => {
			const reply = await fetch(`${platform.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
			return { status: reply.status, body: (await reply.json()) as { contact: { id: number }; message?: string } };
		};
		const createdAt = NOW.getTime() - 2 * DAY;
		const created = await control('POST', '/__control/contacts', { phone_no: '0912000999', username: 'Lan', at: createdAt });
		expect(created.status).toBe(200);
		const id = created.body.contact.id;
		expect(platform.store.customer(id)).toMatchObject({ username: 'Lan', created_at: createdAt, updated_at: createdAt });
		const updated = await control('PATCH', `/__control/contacts/${id}`, { username: 'Lan B', at: createdAt + 1000 });
		expect(updated.status).toBe(200);
		expect(platform.store.customer(id)).toMatchObject({ username: 'Lan B', phone_no: '0912000999', created_at: createdAt, updated_at: createdAt + 1000 });
		const clash = await control('POST', '/__control/contacts', { phone_no: '0912000999' });
		expect(clash.status).toBe(409);
		expect(clash.body.message).toBe('phone_no already exist');
		expect((await control('PATCH', '/__control/contacts/987654321', {})).status).toBe(404);
	});
});
