/** Contact as the requester, wherever it is asked for: registered by contact.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, account, apiRequests, seededWithMobile, newPhone } from './helpers/context';

describe('Contact as the requester, wherever it is asked for', () => {
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
