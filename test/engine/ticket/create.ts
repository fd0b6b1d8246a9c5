/** Ticket → Create: registered by ticket.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { accountOf, jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, apiRequests, field, choice } from './helpers/context';

describe('Ticket → Create', () => {
	test('sends the exact body, custom fields by label, code and ID coerced by type', async () => {
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'create', simplify: false,
				subject: 'Broken laptop screen',
				phone: '0912000111',
				email: 'lan.customer@example.com',
				comment: 'The screen flickers.',
				additionalFields: {
					assignee_id: 1002,
					group_id: 11,
					service_id: 207,
					ticket_priority: 'High',
					ticket_status: 'open',
					is_public: true,
					follow_user: [1003, 1004],
					duedate: '2026-03-10 09:30:00',
					ref_url: 'https://shop.example/contact',
				},
				customFields: {
					field: [
						{ fieldId: 'Order amount', value: '1500000.5' },
						// By label: the real platform's Date field has no code (../shared/real-platform.md §2.3).
						{ fieldId: 'Appointment date', value: '2026-03-05' },
						{ fieldId: field('Contact channels').custom_field_id, choices: [choice('Contact channels', 'Facebook'), choice('Contact channels', 'Website')] },
						{ fieldId: 'Product', value: 'laptop' },
						{ fieldId: 'Quantity', value: '3' },
					],
				},
				customFieldsJson: '{"Region": "SOUTH", "care_stage": "In progress", "note": "VIP customer", "306": "Zalo, HOTLINE"}',
			},
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();

		const posts = platform.requests({ method: 'POST' });
		expect(posts).toHaveLength(1);
		expect(posts[0].path).toBe('/acme/api/v1/tickets');
		expect(posts[0].body).toEqual({
			ticket: {
				ticket_subject: 'Broken laptop screen',
				phone: '0912000111',
				email: 'lan.customer@example.com',
				ticket_comment: 'The screen flickers.',
				assignee_id: 1002,
				group_id: 11,
				service_id: 207,
				ticket_priority: 'High',
				ticket_status: 'open',
				is_public: 1,
				follow_user: '1003,1004',
				duedate: '2026-03-10 09:30:00',
				ref_url: 'https://shop.example/contact',
				custom_fields: [
					{ id: 302, value: 1500000.5 },
					{ id: 304, value: '2026/03/05' },
					// Given twice (by ID in the list, by ID again in JSON): the last one wins.
					{ id: 306, value: [choice('Contact channels', 'Zalo'), choice('Contact channels', 'Hotline')] },
					{ id: 305, value: choice('Product', 'Laptop') },
					{ id: 303, value: 3 },
					{ id: 310, value: choice('Region', 'South') },
					{ id: 309, value: choice('Care stage', 'In progress') },
					{ id: 301, value: 'VIP customer' },
				],
			},
		});
		expect(posts[0].status).toBe(200);

		const answer = posts[0].response as { ticket: IDataObject };
		expect(jsonOf(run)).toEqual([answer.ticket]);
		const stored = platform.store.ticket(answer.ticket.ticket_id as number)!;
		expect(stored.custom_fields).toEqual(
			expect.arrayContaining([
				{ id: 304, value: '2026/03/05' },
				{ id: 302, value: 1500000.5 },
				{ id: 306, value: [choice('Contact channels', 'Zalo'), choice('Contact channels', 'Hotline')] },
			]),
		);
		expect(stored.ticket_subject).toBe('Broken laptop screen');
	});

	test('multi-choice by ID list from the dropdown, DATEs given as YYYY/MM/DD and as ISO', async () => {
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'create',
				phone: '0912000112',
				customFields: {
					field: [
						{ fieldId: 306, choices: [choice('Contact channels', 'Facebook'), choice('Contact channels', 'Website')] },
						{ fieldId: 304, value: '2026/12/31' },
						{ fieldId: 'order_amount', value: 42 },
						{ fieldId: 'Appointment date', value: '2026-11-30T10:00:00Z' },
					],
				},
			},
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect((platform.requests({ method: 'POST' })[0].body as { ticket: IDataObject }).ticket.custom_fields).toEqual([
			{ id: 306, value: [choice('Contact channels', 'Facebook'), choice('Contact channels', 'Website')] },
			// The same field twice: the last value wins, in the first one's place.
			{ id: 304, value: '2026/11/30' },
			{ id: 302, value: 42 },
		]);
	});

	test.each([
		['a field that does not exist', { field: [{ fieldId: 'Shoe size', value: '42' }] }, 'Custom field "Shoe size" does not exist; the account has: Customer note (301)'],
		['a choice that does not exist', { field: [{ fieldId: 'Product', value: 'Toaster' }] }, '"Toaster" is not a choice of custom field "Product"; allowed: Phone, Laptop'],
		['a NUMBER that is no number', { field: [{ fieldId: 'Order amount', value: 'a lot' }] }, 'Custom field "Order amount" ({type}) must be a number; got "a lot"'],
		['a DATE that is no date', { field: [{ fieldId: 'Appointment date', value: 'soon' }] }, 'Custom field "Appointment date" ({type}) must be a date'],
		['a TEXT over 255', { field: [{ fieldId: 'Customer note', value: 'n'.repeat(256) }] }, 'Custom field "Customer note" ({type}) is 256 characters long; at most 255 are allowed'],
	])('%s: a clear error naming it, before anything but the definitions is read', async (_name, customFields, message) => {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', phone: '0912000113', customFields },
			account: accountOf(platform),
		});
		// The type as the platform played writes it (spec: NUMBER; real: Numeric).
		const named = platform.store.ticketFields.find((definition) => definition.custom_field_lable === customFields.field[0].fieldId);
		expect(run.error?.message).toContain(message.replace('{type}', String(named?.type)));
		expect(run.error?.message).toContain('[item 0]');
		expect(apiRequests()).toHaveLength(0);
		expect(platform.requests().every((request) => request.method === 'GET' && request.path === '/acme/api/v1/tickets/custom_fields')).toBe(true);
	});

	test('a phone an expression gives as a number (a spreadsheet column) is sent as text', async () => {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', phone: '={{ $json.phone }}', subject: 'From the sheet' },
			account: accountOf(platform),
			input: [{ phone: 84912000199 }],
		});
		expect(run.error).toBeUndefined();
		expect((platform.requests({ method: 'POST' })[0].body as { ticket: IDataObject }).ticket.phone).toBe('84912000199');
	});

	test('no phone, e-mail or requester: a clear error and no request', async () => {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', subject: 'Who?' },
			account: accountOf(platform),
		});
		expect(run.error?.message).toContain('Requester Phone (phone), Requester Email (email) or Requester (requester_id) is required');
		expect(platform.requests()).toHaveLength(0);
	});

	test('a subject over 255 characters: field, limit and item named, nothing sent', async () => {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', phone: '0912000114', subject: '={{ $json.subject }}' },
			account: accountOf(platform),
			input: [{ subject: 'fine' }, { subject: 's'.repeat(256) }],
		});
		expect(run.error?.message).toBe('Subject (ticket_subject) is 256 characters long; at most 255 are allowed [item 1]');
		// The first item was sent before the second failed.
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		expect((platform.requests({ method: 'POST' })[0].body as { ticket: IDataObject }).ticket.ticket_subject).toBe('fine');
	});

	test('a status create does not accept: the allowed values are named, nothing sent', async () => {
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'create',
				phone: '0912000115',
				additionalFields: { ticket_status: '={{ "closed" }}' },
			},
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe('Status (ticket_status) must be one of new, open, pending, solved; got "closed" [item 0]');
		expect(platform.requests()).toHaveLength(0);
	});
});
