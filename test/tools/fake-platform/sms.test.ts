import type { FakePlatform } from '../../../tools/fake-platform';
import { SmsResponse } from '../../../tools/fake-platform/schemas';
import { client, expectError, startPlatform } from './helpers';

describe('sms (4.11)', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	const send = (sms: Record<string, unknown>) => api.post('/api/v1/sms', { sms });
	beforeAll(async () => {
		platform = await startPlatform();
		api = client(platform);
	});
	afterAll(() => platform.close());

	it('creates a ticket for the recipient when no ticket_id is given', async () => {
		const r = await send({ service_id: 211, content: 'Your order has shipped', phone: '0966000111' });
		expect(r.status).toBe(200);
		const { ticket } = SmsResponse.parse(r.body);
		const stored = platform.store.ticket(ticket.ticket_id)!;
		expect(stored).toMatchObject({ ticket_type: 'SMS', service_id: 211, ticket_source: 'SMS' });
		expect(platform.store.customer(ticket.requester_id)?.phone_no).toBe('0966000111');
		expect(stored.comments.at(-1)?.body).toBe('Your order has shipped');
	});

	it('updates the given ticket', async () => {
		const t = platform.store.tickets[5];
		const before = t.comments.length;
		const r = await send({ service_id: '211', content: 'Reminder', phone: '0966000222', ticket_id: t.ticket_id });
		const { ticket } = SmsResponse.parse(r.body);
		expect(ticket).toEqual({ ticket_id: t.ticket_id, ticket_no: t.ticket_no, requester_id: t.requester_id, assignee_id: t.assignee_id });
		expect(t.comments).toHaveLength(before + 1);
		expect(t.ticket_type).toBe('SMS');
	});

	it('validates service, content, phone and ticket', async () => {
		expectError(await api.post('/api/v1/sms', {}), 400, 'invalid value: sms');
		expectError(await send({ service_id: 201, content: 'x', phone: '0966' }), 400, 'invalid value: service_id');
		expectError(await send({ service_id: 4242, content: 'x', phone: '0966' }), 400, 'invalid value: service_id');
		expectError(await send({ service_id: 211, content: 'x'.repeat(1001), phone: '0966' }), 400, 'invalid value: content');
		expectError(await send({ service_id: 211, content: '', phone: '0966' }), 400, 'invalid value: content');
		expectError(await send({ service_id: 211, content: 'x' }), 400, 'invalid value: phone');
		expectError(await send({ service_id: 211, content: 'x', phone: '0966', ticket_id: 1 }), 400, 'Ticket is not exist');
		expect((await send({ service_id: 211, content: 'x'.repeat(1000), phone: '0966' })).status).toBe(200);
	});
});
