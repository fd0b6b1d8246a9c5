/**
 * SMS → Send through n8n's engine against the fake platform: the exact body, the ticket it
 * returns (new, or the existing one given), validation before sending, API errors carried
 * through, the SMS-service dropdown.
 */
import { type FakePlatform } from '../../../tools/fake-platform';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, jsonOf, loadOptions, runNode } from '../../../tools/engine-harness/harness';

let platform: FakePlatform;
let smsServiceId: number;

useFakePlatform((started) => {
	platform = started;
	smsServiceId = platform.store.services.find((service) => service.service_type === 'SMS')!.service_id;
});

const send = (parameters: Record<string, unknown>) => ({
	resource: 'sms',
	operation: 'send',
	serviceId: smsServiceId,
	phone: '0912345678',
	content: 'Your order has shipped.',
	...parameters,
});

describe('Send', () => {
	test('sends {sms: {service_id, phone, content}} and returns the new ticket', async () => {
		const run = await runNode({ parameters: send({}), account: accountOf(platform) });
		expect(run.error).toBeUndefined();

		const requests = platform.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('POST');
		expect(requests[0].path).toBe('/acme/api/v1/sms');
		expect(requests[0].headers['content-type']).toBe('application/json');
		expect(requests[0].body).toEqual({
			sms: { service_id: smsServiceId, phone: '0912345678', content: 'Your order has shipped.' },
		});

		const output = jsonOf(run);
		expect(output).toEqual([(requests[0].response as { ticket: unknown }).ticket]);
		const ticket = platform.store.ticket(output[0].ticket_id as number)!;
		expect(ticket.ticket_type).toBe('SMS');
		expect(ticket.comments[ticket.comments.length - 1].body).toBe('Your order has shipped.');
		expect(output[0]).toEqual({
			ticket_id: ticket.ticket_id,
			ticket_no: ticket.ticket_no,
			requester_id: ticket.requester_id,
			assignee_id: ticket.assignee_id,
		});
	});

	test('a Ticket ID attaches the SMS to that ticket', async () => {
		const existing = platform.store.tickets[10];
		const comments = existing.comments.length;
		const run = await runNode({
			parameters: send({ additionalFields: { ticket_id: String(existing.ticket_id) } }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect(platform.requests()[0].body).toEqual({
			sms: {
				service_id: smsServiceId,
				phone: '0912345678',
				content: 'Your order has shipped.',
				ticket_id: existing.ticket_id,
			},
		});
		expect(jsonOf(run)).toEqual([
			{
				ticket_id: existing.ticket_id,
				ticket_no: existing.ticket_no,
				requester_id: existing.requester_id,
				assignee_id: existing.assignee_id,
			},
		]);
		expect(existing.comments).toHaveLength(comments + 1);
		expect(existing.ticket_type).toBe('SMS');
	});

	test('one SMS per input item, values from expressions', async () => {
		const run = await runNode({
			parameters: send({ phone: '={{ $json.phone }}', content: '=Hello {{ $json.name }}' }),
			account: accountOf(platform),
			input: [
				{ phone: '0911000001', name: 'An' },
				{ phone: '0911000002', name: 'Binh' },
			],
		});
		expect(run.error).toBeUndefined();
		expect(platform.requests().map((request) => request.body)).toEqual([
			{ sms: { service_id: smsServiceId, phone: '0911000001', content: 'Hello An' } },
			{ sms: { service_id: smsServiceId, phone: '0911000002', content: 'Hello Binh' } },
		]);
		expect(jsonOf(run)).toHaveLength(2);
	});

	test('a phone and a content an expression gives as numbers are sent as text', async () => {
		const run = await runNode({ parameters: send({ phone: '={{ 84912345678 }}', content: '={{ 482913 }}' }), account: accountOf(platform) });
		expect(run.error).toBeUndefined();
		expect(platform.requests()[0].body).toEqual({ sms: { service_id: smsServiceId, phone: '84912345678', content: '482913' } });
	});

	test('content of exactly 1000 characters is sent', async () => {
		const run = await runNode({ parameters: send({ content: 'x'.repeat(1000) }), account: accountOf(platform) });
		expect(run.error).toBeUndefined();
		expect(platform.requests()).toHaveLength(1);
	});
});

describe('validation before sending', () => {
	test.each([
		['content over 1000 characters', { content: 'x'.repeat(1001) }, 'Content (content) is 1001 characters long; at most 1000 are allowed [item 0]'],
		['no content', { content: '={{ "" }}' }, 'Content (content) is required [item 0]'],
		['no phone', { phone: '={{ "" }}' }, 'Phone (phone) is required [item 0]'],
		['a service that is no ID', { serviceId: '={{ "SMS" }}' }, 'SMS Service (service_id) must be a whole number; got "SMS" [item 0]'],
		['a ticket ID that is no number', { additionalFields: { ticket_id: '12a' } }, 'Ticket ID (ticket_id) must be a whole number of at most 10 digits; got "12a" [item 0]'],
	])('%s: a clear error and no request', async (_name, parameters, message) => {
		const run = await runNode({ parameters: send(parameters), account: accountOf(platform) });
		expect(run.error?.message).toBe(message);
		expect(platform.requests()).toHaveLength(0);
	});

	test('with Continue On Fail the item index is named and the other items are sent', async () => {
		const run = await runNode({
			parameters: send({ content: '={{ $json.text }}' }),
			account: accountOf(platform),
			input: [{ text: 'ok' }, { text: 'y'.repeat(1200) }],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		const failed = run.items.filter((item) => item.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].error?.message).toBe('Content (content) is 1200 characters long; at most 1000 are allowed [item 1]');
		expect(platform.requests()).toHaveLength(1);
	});
});

describe('API errors', () => {
	test('a ticket that does not exist: the API message', async () => {
		const run = await runNode({
			parameters: send({ additionalFields: { ticket_id: '999999' } }),
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe('Ticket is not exist');
		expect(run.error?.httpCode).toBe('400');
		expect(platform.requests()).toHaveLength(1);
	});

	test('a service that is not an SMS service: the API message', async () => {
		const hotline = platform.store.services.find((service) => service.type === 1)!;
		const run = await runNode({ parameters: send({ serviceId: hotline.service_id }), account: accountOf(platform) });
		expect(run.error?.message).toBe('invalid value: service_id');
		expect(run.error?.description).toContain('POST /api/v1/sms answered 400');
	});
});

describe('load-options', () => {
	test('getSmsServices lists the SMS services', async () => {
		const options = await loadOptions('getSmsServices', accountOf(platform), {});
		const sms = platform.store.services.filter((service) => service.service_type === 'SMS');
		expect(sms.length).toBeGreaterThan(0);
		expect(options).toEqual(
			sms.map((service) => ({ name: `${service.service_name} (SMS)`, value: service.service_id })),
		);
	});

	test('getSmsServices falls back to every service when none is an SMS service', async () => {
		const services = platform.store.services;
		platform.store.services = services.filter((service) => service.service_type !== 'SMS');
		try {
			const options = await loadOptions('getSmsServices', accountOf(platform), {});
			expect(options.map((option) => option.value).sort()).toEqual(
				platform.store.services.map((service) => service.service_id).sort(),
			);
		} finally {
			platform.store.services = services;
		}
	});
});
