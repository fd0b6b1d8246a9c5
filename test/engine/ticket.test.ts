// @modes: spec strict
/**
 * Ticket → Create, Update, Get, Get Many through n8n's engine against the fake platform:
 * exact bodies and queries, custom fields by label / code / ID with coerced values, the
 * unsolved-children error, Simplify, long ranges read window by window, Return All and
 * Limit, validation before sending, the custom-field dropdowns.
 */
import type { IDataObject } from 'n8n-workflow';

import { FakePlatform, type RecordedRequest, type TicketRec } from '../../tools/fake-platform';
import { resetThrottles } from '../../nodes/CustomerCare/transport/throttle';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, jsonOf, loadOptions, runNode } from '../../tools/engine-harness/harness';
import { ACCOUNT_ZONE, expectReadable } from './helpers/readable';
import { instantOf, queryTime } from './helpers/platform-clock';

const DAY = 24 * 3600 * 1000;
/** A window sent stays a second inside the API's 31 days (docs/api.md#where-the-spec-is-unclear). */
const MAX_WINDOW_MS = 31 * DAY - 1000;

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

function iso(ms: number): string {
	return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

function sec(ms: number): number {
	return Math.floor(ms / 1000) * 1000;
}

/** Requests other than the custom-field definitions read (cached by the node for 30 s). */
function apiRequests(): RecordedRequest[] {
	return platform.requests().filter((request) => !request.path.endsWith('/custom_fields'));
}

/** The API's list order: by the window's date, then by ticket ID. */
function byField(field: 'created_at' | 'updated_at') {
	return (a: TicketRec, b: TicketRec) => a[field] - b[field] || a.ticket_id - b.ticket_id;
}

function ticketsIn(field: 'created_at' | 'updated_at', since: number, to: number) {
	return platform.store.tickets.filter((ticket) => ticket[field] >= since && ticket[field] <= to).sort(byField(field));
}

/** Windows are contiguous to the second, each at most 31 days, together exactly [since, to]. */
function expectContiguousWindows(requests: RecordedRequest[], sinceKey: string, toKey: string, since: number, to: number) {
	const windows = [...new Map(requests.map((request) => [request.query[sinceKey], request.query[toKey]])).entries()]
		.map(([start, end]) => [instantOf(start, { platform }), instantOf(end, { platform })] as const)
		.sort((a, b) => a[0] - b[0]);
	expect(windows[0][0]).toBe(since);
	expect(windows[windows.length - 1][1]).toBe(to);
	for (let index = 0; index < windows.length; index++) {
		const [start, end] = windows[index];
		expect(end - start).toBeLessThanOrEqual(MAX_WINDOW_MS);
		expect(end).toBeGreaterThanOrEqual(start);
		if (index > 0) expect(start).toBe(windows[index - 1][1] + 1000);
	}
	return windows;
}

const field = (label: string) => platform.store.ticketFields.find((definition) => definition.custom_field_lable === label)!;
const choice = (label: string, choiceLabel: string) => field(label).values!.find((value) => value.lable === choiceLabel)!.id;

describe('Create', () => {
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

describe('Update', () => {
	test('sends the comment, the changed fields and custom fields', async () => {
		const ticket = platform.store.tickets.find((candidate) => candidate.ticket_status === 'open' && candidate.incident_id === null && platform.store.unsolvedChildren(candidate.ticket_id).length === 0)!;
		const comments = ticket.comments.length;
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'update', simplify: false,
				ticketId: String(ticket.ticket_id),
				commentBody: 'Replacement sent.',
				commentAuthorId: 1003,
				commentIsPublic: true,
				updateFields: { ticket_status: 'pending', ticket_priority: 'High', ticket_subject: 'Replacement on its way' },
				customFieldsJson: { 'Care stage': 'DONE' },
			},
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const puts = platform.requests({ method: 'PUT' });
		expect(puts).toHaveLength(1);
		expect(puts[0].path).toBe(`/acme/api/v1/tickets/${ticket.ticket_id}`);
		expect(puts[0].body).toEqual({
			ticket: {
				ticket_comment: { body: 'Replacement sent.', author_id: 1003, is_public: 1 },
				ticket_status: 'pending',
				ticket_priority: 'High',
				ticket_subject: 'Replacement on its way',
				custom_fields: [{ id: 309, value: choice('Care stage', 'Done') }],
			},
		});
		expect(jsonOf(run)).toEqual([(puts[0].response as { ticket: IDataObject }).ticket]);
		expect(ticket.ticket_status).toBe('pending');
		expect(ticket.comments).toHaveLength(comments + 1);
		expect(ticket.custom_fields).toContainEqual({ id: 309, value: choice('Care stage', 'Done') });
	});

	test('the comment is required: a clear error and no request', async () => {
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'update',
				ticketId: String(platform.store.tickets[0].ticket_id),
				commentBody: '={{ "" }}',
				commentAuthorId: 1003,
			},
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe('Comment (body) is required [item 0]');
		expect(platform.requests()).toHaveLength(0);
	});

	test('solving a parent with unsolved children and Solve Child Tickets off: the API message and the child IDs', async () => {
		const parent = platform.store.tickets.find((candidate) => platform.store.unsolvedChildren(candidate.ticket_id).length > 0)!;
		const children = platform.store.unsolvedChildren(parent.ticket_id).map((child) => child.ticket_id);
		const status = parent.ticket_status;
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'update',
				ticketId: String(parent.ticket_id),
				commentBody: 'Closing the incident.',
				commentAuthorId: 1002,
				updateFields: { ticket_status: 'solved', solved_incidents: false },
			},
			account: accountOf(platform),
		});
		expect((platform.requests({ method: 'PUT' })[0].body as { ticket: IDataObject }).ticket).toMatchObject({
			ticket_status: 'solved',
			solved_incidents: false,
		});
		expect(run.error?.message).toBe('unsolved_incidents_ticket');
		expect(run.error?.httpCode).toBe('400');
		for (const id of children) expect(run.error?.description).toContain(String(id));
		expect(parent.ticket_status).toBe(status);

		platform.clearLog();
		resetThrottles();
		const solveAll = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'update',
				ticketId: String(parent.ticket_id),
				commentBody: 'Closing the incident and its children.',
				commentAuthorId: 1002,
				updateFields: { ticket_status: 'solved', solved_incidents: true },
			},
			account: accountOf(platform),
		});
		expect(solveAll.error).toBeUndefined();
		expect(parent.ticket_status).toBe('solved');
		expect(platform.store.unsolvedChildren(parent.ticket_id)).toHaveLength(0);
	});

	test('a ticket that does not exist: the API message', async () => {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'update', ticketId: '999999', commentBody: 'Hello', commentAuthorId: 1002 },
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe('Ticket is not exist');
		expect(run.error?.httpCode).toBe('400');
	});
});

describe('Get', () => {
	const withChoices = () =>
		platform.store.tickets.find(
			(ticket) =>
				ticket.custom_fields.some((value) => value.id === 306 && Array.isArray(value.value) && value.value.length > 0) &&
				ticket.custom_fields.some((value) => value.id === 305),
		)!;

	test('GET /api/v1/tickets/{id}; Simplify maps custom field IDs and choices to labels', async () => {
		const ticket = withChoices();
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: String(ticket.ticket_id) },
			account: accountOf(platform, { timeZone: ACCOUNT_ZONE }),
		});
		expect(run.error).toBeUndefined();
		const gets = apiRequests();
		expect(gets).toHaveLength(1);
		expect(gets[0].method).toBe('GET');
		expect(gets[0].path).toBe(`/acme/api/v1/tickets/${ticket.ticket_id}`);

		const raw = (gets[0].response as { ticket: IDataObject }).ticket;
		const expected: IDataObject = {};
		// The real platform lists every field on a ticket, unset ones as null (../shared/real-platform.md §2.3).
		const shown = platform.platform === 'real'
			? platform.store.ticketFields.map((definition) => ticket.custom_fields.find((value) => value.id === definition.custom_field_id) ?? { id: definition.custom_field_id, value: null })
			: ticket.custom_fields;
		for (const value of shown) {
			const definition = platform.store.ticketFields.find((candidate) => candidate.custom_field_id === value.id)!;
			const label = (id: unknown) => definition.values?.find((entry) => entry.id === id)?.lable;
			expected[definition.custom_field_lable] = value.value === null
				? null
				: Array.isArray(value.value)
					? value.value.map(label)
					: definition.values
						? label(value.value)
						: value.value;
		}
		const output = jsonOf(run);
		expect(output).toHaveLength(1);
		expect(output[0].custom_fields).toEqual(expected);
		expect(output[0]).not.toHaveProperty('custom_filed');
		expectReadable(platform, 'ticketDetail', output[0], raw);
		expect(expected.Product).toEqual(expect.any(String));
		expect((expected['Contact channels'] as string[]).every((entry) => typeof entry === 'string')).toBe(true);
	});

	test('Simplify off returns the raw answer', async () => {
		const ticket = withChoices();
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: String(ticket.ticket_id), simplify: false },
			account: accountOf(platform),
		});
		const gets = apiRequests();
		expect(jsonOf(run)).toEqual([(gets[0].response as { ticket: IDataObject }).ticket]);
		expect(jsonOf(run)[0].custom_filed).toEqual(expect.any(Array));
	});

	test('a ticket that does not exist: named, it may have been deleted (500 real, 400 spec: not-found.test.ts)', async () => {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: '999999' },
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe('Ticket 999999 was not found: it may have been deleted, or the ID is wrong');
		expect(run.error?.httpCode).toBe(platform.platform === 'real' ? '500' : '400');
	});
});

describe('Get Many', () => {
	test('v2 by default: ISO dates in the query, every ticket of the range in the API order, simplified', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 10 * DAY;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', since: iso(since), to: iso(to), returnAll: true },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const lists = apiRequests();
		expect(lists).toHaveLength(1);
		expect(lists[0].path).toBe('/acme/api/v2/tickets');
		expect(lists[0].query).toEqual({ updated_since: queryTime(since, { platform }), updated_to: queryTime(to, { platform }), page: '1', count: '500' });
		const output = jsonOf(run);
		expect(output.map((ticket) => ticket.ticket_id)).toEqual(ticketsIn('updated_at', since, to).map((ticket) => ticket.ticket_id));
		const withFields = output.find((ticket) => Object.keys(ticket.custom_fields as IDataObject).length > 0)!;
		expect(Array.isArray(withFields.custom_fields)).toBe(false);
	});

	test('the V1 option reads /api/v1/tickets, by created date, raw', async () => {
		const to = sec(Date.now() - 2 * DAY);
		const since = to - 5 * DAY;
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				dateField: 'created',
				since: iso(since),
				to: iso(to),
				returnAll: true,
				options: { version: 'v1' },
				simplify: false,
			},
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const lists = apiRequests();
		expect(lists).toHaveLength(1);
		expect(lists[0].path).toBe('/acme/api/v1/tickets');
		expect(lists[0].query).toEqual({ created_since: queryTime(since, { platform }), created_to: queryTime(to, { platform }), page: '1', count: '500' });
		expect(jsonOf(run)).toEqual((lists[0].response as { tickets: IDataObject[] }).tickets);
		expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(ticketsIn('created_at', since, to).map((ticket) => ticket.ticket_id));
	});

	test('a 95-day updated range: ≤ 31-day windows without gap or overlap, every ticket exactly once, no 400', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 95 * DAY;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', since: iso(since), to: iso(to), returnAll: true, simplify: false },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const lists = apiRequests();
		expect(lists.every((request) => request.status === 200 && request.path === '/acme/api/v2/tickets')).toBe(true);
		expect(expectContiguousWindows(lists, 'updated_since', 'updated_to', since, to)).toHaveLength(4);
		const ids = jsonOf(run).map((ticket) => ticket.ticket_id);
		expect(new Set(ids).size).toBe(ids.length);
		const expected = ticketsIn('updated_at', since, to);
		expect(expected.length).toBeGreaterThan(1000);
		expect(ids).toEqual(expected.map((ticket) => ticket.ticket_id));
	});

	test.each([31, 62])('a range of exactly %i days: no window of zero length, so no 400', async (days) => {
		const to = sec(Date.now() - DAY);
		const since = to - days * DAY;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', since: iso(since), to: iso(to), returnAll: true, simplify: false },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const lists = apiRequests();
		expect(lists.every((request) => request.status === 200)).toBe(true);
		const windows = expectContiguousWindows(lists, 'updated_since', 'updated_to', since, to);
		expect(windows.every(([start, end]) => end > start)).toBe(true);
		expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(ticketsIn('updated_at', since, to).map((ticket) => ticket.ticket_id));
	});

	test('Return All over more than 2,000 tickets, in the API order', async () => {
		const to = sec(Date.now() + 60_000);
		const since = to - 140 * DAY;
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				dateField: 'created',
				since: iso(since),
				to: iso(to),
				returnAll: true,
				simplify: false,
			},
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const expected = ticketsIn('created_at', since, to);
		expect(expected.length).toBeGreaterThan(2000);
		expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(expected.map((ticket) => ticket.ticket_id));
		const lists = apiRequests();
		expect(lists.every((request) => request.status === 200 && request.query.count === '500')).toBe(true);
		expect(lists.length).toBeGreaterThanOrEqual(Math.ceil(expected.length / 500));
	});

	test('Return All over more than 2,000 tickets in one window: every page, in the API order', async () => {
		const local = await FakePlatform.start({ size: { tickets: 2300, days: 20 } });
		try {
			const to = sec(Date.now() + 60_000);
			const since = to - 25 * DAY;
			const run = await runNode({
				parameters: { resource: 'ticket', operation: 'getAll', since: iso(since), to: iso(to), returnAll: true, simplify: false },
				account: accountOf(local),
			});
			expect(run.error).toBeUndefined();
			const expected = local.store.tickets.filter((ticket) => ticket.updated_at >= since && ticket.updated_at <= to).sort(byField('updated_at'));
			expect(expected.length).toBe(2300);
			expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(expected.map((ticket) => ticket.ticket_id));
			const pages = local.requests({ path: '/api/v2/tickets' }).map((request) => Number(request.query.page)).sort((a, b) => a - b);
			expect(pages).toEqual([1, 2, 3, 4, 5]);
		} finally {
			await local.close();
		}
	});

	test('Limit returns the first tickets in the API order and asks for no more', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 95 * DAY;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', since: iso(since), to: iso(to), returnAll: false, limit: 30, simplify: false },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(
			ticketsIn('updated_at', since, to).slice(0, 30).map((ticket) => ticket.ticket_id),
		);
		const lists = apiRequests();
		expect(lists).toHaveLength(1);
		expect(lists[0].query).toMatchObject({ page: '1', count: '30' });
	});

	test('filters go into the query', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 30 * DAY;
		const sample = ticketsIn('updated_at', since, to).find(
			(ticket) => ticket.assignee_id !== null && ticket.service_id !== null && ['open', 'pending'].includes(ticket.ticket_status),
		)!;
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				since: iso(since),
				to: iso(to),
				returnAll: true,
				simplify: false,
				filters: { assignee_id: sample.assignee_id, requester_id: sample.requester_id, service_id: sample.service_id, filter_id: 2 },
			},
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect(apiRequests()[0].query).toEqual({
			updated_since: queryTime(since, { platform }),
			updated_to: queryTime(to, { platform }),
			assignee_id: String(sample.assignee_id),
			requester_id: String(sample.requester_id),
			service_id: String(sample.service_id),
			filter_id: '2',
			page: '1',
			count: '500',
		});
		const expected = ticketsIn('updated_at', since, to).filter(
			(ticket) =>
				ticket.assignee_id === sample.assignee_id &&
				ticket.requester_id === sample.requester_id &&
				ticket.service_id === sample.service_id &&
				['open', 'pending'].includes(ticket.ticket_status),
		);
		expect(expected.map((ticket) => ticket.ticket_id)).toContain(sample.ticket_id);
		expect(jsonOf(run).map((ticket) => ticket.ticket_id)).toEqual(expected.map((ticket) => ticket.ticket_id));
	});

	test("a saved filter that depends on the user: the API's message", async () => {
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				since: iso(Date.now() - 5 * DAY),
				returnAll: true,
				filters: { filter_id: 999 },
			},
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe("Can't get this filter!");
	});

	test('To before From: field and item named, nothing sent', async () => {
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				dateField: 'created',
				since: '2026-02-10T00:00:00Z',
				to: '2026-02-01T00:00:00Z',
				returnAll: true,
			},
			account: accountOf(platform),
		});
		// The bounds as the user gave them, whatever form the platform played reads.
		expect(run.error?.message).toBe(
			'To (created_to) 2026-02-01T00:00:00Z must be after From (created_since) 2026-02-10T00:00:00Z, by at least a whole second: the platform stamps records to the second [item 0]',
		);
		expect(platform.requests()).toHaveLength(0);
	});
});

describe('custom-field load-options', () => {
	test('getCustomFields lists the definitions with their type', async () => {
		const options = await loadOptions('getCustomFields', accountOf(platform), {});
		expect(options).toEqual(
			platform.store.ticketFields.map((definition) => ({
				name: `${definition.custom_field_lable} (${definition.type})`,
				value: definition.custom_field_id,
				description: definition.code ? `Code: ${definition.code}` : undefined,
			})),
		);
	});

	test('getCustomFieldValues lists the choices of the field chosen in the same row', async () => {
		const product = field('Product');
		const options = await loadOptions(
			'getCustomFieldValues',
			accountOf(platform),
			{ resource: 'ticket', operation: 'create', customFields: { field: [{ fieldId: product.custom_field_id }] } },
			{ path: 'parameters.customFields.field[0].choices' },
		);
		const byId = new Map(product.values!.map((value) => [value.id, value]));
		expect(options).toEqual(
			product.values!.map((value) => ({
				name: (value.parent_value_id ?? -1) > 0 ? `${byId.get(value.parent_value_id!)!.lable} › ${value.lable}` : value.lable,
				value: value.id,
				description: value.code ? `Code: ${value.code}` : undefined,
			})),
		);
		expect(options.map((option) => option.name)).toContain('Phone › iPhone');
	});

	test('getCustomFieldValues is empty before a field is chosen', async () => {
		const options = await loadOptions(
			'getCustomFieldValues',
			accountOf(platform),
			{ resource: 'ticket', operation: 'create', customFields: { field: [{ fieldId: '' }] } },
			{ path: 'parameters.customFields.field[0].choices' },
		);
		expect(options).toEqual([]);
	});
});
