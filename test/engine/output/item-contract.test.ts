// @modes: spec strict
/**
 * n8n's item contract through n8n's engine against the fake platform: every output item
 * names the input item it came from (pairedItem), Continue On Fail turns a failing item into
 * a paired error item while the others go through, and every number and ID field is checked
 * before anything is sent (the request log shows nothing for the refused item).
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { type FakePlatform } from '../../../tools/fake-platform';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, runNode, runRoutingNode } from '../../../tools/engine-harness/harness';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

/** The type of "Product" as the platform played writes it (spec: capitals; real: sentence case). */
const productType = () => platform.store.ticketFields.find((field) => field.custom_field_id === 305)!.type;

/** The input item each output item points at. */
function pairs(items: INodeExecutionData[]): unknown[] {
	return items.map((item) => (item.pairedItem as { item: number } | undefined)?.item);
}

/** An open ticket without child tickets: an update of it goes through. */
function openTicket(skip = 0) {
	return platform.store.tickets.filter(
		(ticket) =>
			ticket.ticket_status === 'open' && ticket.incident_id === null && platform.store.unsolvedChildren(ticket.ticket_id).length === 0,
	)[skip];
}

describe('paired items of lists, through WorkflowExecute', () => {
	test('Agent → Get Many for 2 input items: each agent points at the item that asked', async () => {
		const run = await runNode({
			parameters: { resource: 'agent', operation: 'getAll', returnAll: true },
			account: accountOf(platform),
			input: [{ n: 1 }, { n: 2 }],
		});
		expect(run.error).toBeUndefined();
		const agents = platform.store.agents.length;
		expect(agents).toBeGreaterThan(2);
		expect(platform.requests()).toHaveLength(2);
		expect(run.items).toHaveLength(2 * agents);
		expect(pairs(run.items)).toEqual([...Array(agents).fill(0), ...Array(agents).fill(1)]);
	});

	test('Ticket → Get Many with a limit per item (2, then 3): 5 tickets paired 0,0,1,1,1', async () => {
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				dateField: 'updated',
				since: '={{ $now.minus({ days: 30 }).toISO() }}',
				returnAll: false,
				limit: '={{ $json.limit }}',
				simplify: false,
			},
			account: accountOf(platform),
			input: [{ limit: 2 }, { limit: 3 }],
		});
		expect(run.error).toBeUndefined();
		expect(pairs(run.items)).toEqual([0, 0, 1, 1, 1]);
	});

	test.each([
		['Lead → Get Statuses', { resource: 'lead', operation: 'getStatuses' }],
		['Deal → Get Pipelines', { resource: 'deal', operation: 'getPipelines' }],
		['Monitor → Get Many', { resource: 'monitor', operation: 'getAll', returnAll: true }],
		['Service → Get Many', { resource: 'service', operation: 'getAll', returnAll: true }],
	])('%s for 3 input items: every item paired with its asker', async (_name, parameters) => {
		const run = await runNode({ parameters, account: accountOf(platform), input: [{}, {}, {}] });
		expect(run.error).toBeUndefined();
		const each = run.items.length / 3;
		expect(each).toBeGreaterThan(1);
		expect(pairs(run.items)).toEqual([0, 1, 2].flatMap((item) => Array(each).fill(item)));
	});

	test('Continue On Fail: a refused item is a paired error item, the other item lists its agents', async () => {
		const run = await runNode({
			parameters: { resource: 'agent', operation: 'getAll', returnAll: false, limit: '={{ $json.limit }}' },
			account: accountOf(platform),
			input: [{ limit: 'ten' }, { limit: 2 }],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		expect(pairs(run.items)).toEqual([0, 1, 1]);
		expect(run.items[0].json.error).toBe('Limit (limit) must be a whole number of at least 1; got "ten" [item 0]');
		expect(run.items[0].error?.message).toBe(run.items[0].json.error);
		// Only the good item asked.
		expect(platform.requests()).toHaveLength(1);
	});

	test('Continue On Fail: an API error in the middle of a list run is paired too', async () => {
		platform.inject({ kind: 'nok', message: 'Server busy', path: '/api/v1/groups', times: 1, skip: 1 });
		const run = await runNode({
			parameters: { resource: 'group', operation: 'getAll', returnAll: true },
			account: accountOf(platform),
			input: [{}, {}, {}],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		const groups = platform.store.groups.length;
		const errors = run.items.filter((item) => item.error);
		expect(errors).toHaveLength(1);
		expect(run.items).toHaveLength(2 * groups + 1);
		// Every item is paired, with the inputs in order.
		expect(pairs(run.items).every((item) => typeof item === 'number')).toBe(true);
		expect(pairs(run.items)).toEqual([...pairs(run.items)].sort());
	});
});

describe('paired items of single records, as the node itself returns them (RoutingNode, before n8n guesses)', () => {
	test('Ticket → Create for 2 items', async () => {
		const items = await runRoutingNode({
			parameters: { resource: 'ticket', operation: 'create', phone: '={{ $json.phone }}', subject: 'Paired' },
			account: accountOf(platform),
			input: [{ phone: '0912000301' }, { phone: '0912000302' }],
		});
		expect(pairs(items)).toEqual([0, 1]);
		expect(platform.requests({ method: 'POST' })).toHaveLength(2);
	});

	test('Ticket → Update for 2 items', async () => {
		const tickets = [openTicket(0), openTicket(1)];
		const items = await runRoutingNode({
			parameters: {
				resource: 'ticket',
				operation: 'update',
				ticketId: '={{ $json.id }}',
				commentBody: 'Checked',
				commentAuthorId: 1003,
			},
			account: accountOf(platform),
			input: tickets.map((ticket) => ({ id: ticket.ticket_id })),
		});
		expect(pairs(items)).toEqual([0, 1]);
		expect(items.map((item) => item.json.ticket_id)).toEqual(tickets.map((ticket) => ticket.ticket_id));
	});

	test('Ticket → Get for 2 items', async () => {
		const ids = platform.store.tickets.slice(0, 2).map((ticket) => ticket.ticket_id);
		const items = await runRoutingNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: '={{ $json.id }}', simplify: false },
			account: accountOf(platform),
			input: ids.map((id) => ({ id })),
		});
		expect(pairs(items)).toEqual([0, 1]);
		expect(items.map((item) => item.json.ticket_id)).toEqual(ids);
	});

	test('SMS → Send for 2 items', async () => {
		const items = await runRoutingNode({
			parameters: { resource: 'sms', operation: 'send', serviceId: 211, phone: '={{ $json.phone }}', content: 'Hello' },
			account: accountOf(platform),
			input: [{ phone: '0912000303' }, { phone: '0912000304' }],
		});
		expect(pairs(items)).toEqual([0, 1]);
	});

	test('Continue On Fail: refused, failed and good items are all paired, with the error on the item', async () => {
		const good = platform.store.tickets[0].ticket_id;
		const items = await runRoutingNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: '={{ $json.id }}', simplify: false },
			account: accountOf(platform),
			input: [{ id: 'abc' }, { id: 999999 }, { id: good }],
			continueOnFail: true,
		});
		expect(pairs(items)).toEqual([0, 1, 2]);
		expect(items[0].error?.message).toBe('Ticket ID (ticketId) must be a whole number of at most 10 digits; got "abc" [item 0]');
		expect(items[0].json.error).toBe(items[0].error?.message);
		expect(items[1].error).toBeDefined();
		expect(items[1].json.error).toBe(items[1].error?.message);
		expect(items[2].error).toBeUndefined();
		expect(items[2].json.ticket_id).toBe(good);
		// The refused item sent nothing: only the two numeric IDs were asked for. The real
		// platform answers a missing ticket 500: asked once more, then one probe of /groups
		// (docs/api.md#answers-and-errors); the spec's answers 400 at once.
		const missing =
			platform.platform === 'real'
				? ['/acme/api/v1/tickets/999999', '/acme/api/v1/tickets/999999', '/acme/api/v1/groups']
				: ['/acme/api/v1/tickets/999999'];
		expect(platform.requests().map((request) => request.path).sort()).toEqual(
			[`/acme/api/v1/tickets/${good}`, ...missing].sort(),
		);
	});
});

/**
 * Runs an operation for 2 items with Continue On Fail: item 0 good, item 1 bad. The bad
 * item must come back as a paired error item with `message`, the good one must go through.
 */
async function oneGoodOneBad(parameters: INodeParameters, input: [IDataObject, IDataObject], message: string) {
	const run = await runNode({ parameters, account: accountOf(platform), input, continueOnFail: true });
	expect(run.error).toBeUndefined();
	expect(run.items).toHaveLength(2);
	expect(run.items[0].error).toBeUndefined();
	expect(run.items[1].json.error).toBe(message);
	expect(pairs(run.items)).toEqual([0, 1]);
	return run;
}

/** The writes (POST/PUT) the platform received. */
function writes() {
	return platform.requests().filter((request) => request.method === 'POST' || request.method === 'PUT');
}

describe('number and ID fields are checked before sending', () => {
	const create = (field: string, expression: string): INodeParameters => ({
		resource: 'ticket',
		operation: 'create',
		phone: '0912000310',
		subject: '={{ $json.subject }}',
		additionalFields: { [field]: expression },
	});

	test.each([
		['Campaign ID', 'campaign_id', 'Campaign ID (campaign_id) must be a whole number; got "abc" [item 1]'],
		['Member Status ID', 'member_status_id', 'Member Status ID (member_status_id) must be a whole number; got "abc" [item 1]'],
		['Requester ID', 'requester_id', 'Requester (requester_id) must be a contact ID, a whole number of at most 10 digits, or a phone given By Phone; got "abc" [item 1]'],
		['Assignee', 'assignee_id', 'Assignee (assignee_id) must be a whole number; got "abc" [item 1]'],
		['Group', 'group_id', 'Group (group_id) must be a whole number; got "abc" [item 1]'],
		['Service', 'service_id', 'Service (service_id) must be a whole number; got "abc" [item 1]'],
	])('Ticket → Create with %s "abc" from an expression: refused, the other item created', async (_name, field, message) => {
		const good: Record<string, number> = {
			campaign_id: 1,
			member_status_id: 1,
			requester_id: platform.store.customers[0].id,
			assignee_id: 1003,
			group_id: platform.store.groups[0].group_id,
			service_id: 201,
		};
		const value = good[field];
		await oneGoodOneBad(
			create(field, `={{ $json.subject === "good" ? ${value} : "abc" }}`),
			[{ subject: 'good' }, { subject: 'bad' }],
			message,
		);
		const posts = writes();
		expect(posts).toHaveLength(1);
		const sent = (posts[0].body as { ticket: IDataObject }).ticket;
		expect(sent.ticket_subject).toBe('good');
		expect(sent[field]).toBe(value);
	});

	test.each([
		['campaign_id', '={{ "12" }}', 12],
		['assignee_id', '={{ " 1003 " }}', 1003],
	])('Ticket → Create: %s given as text by an expression is sent as a number', async (field, expression, sent) => {
		const run = await runNode({ parameters: create(field, expression), account: accountOf(platform), input: [{ subject: 'x' }] });
		expect(run.error).toBeUndefined();
		expect((writes()[0].body as { ticket: IDataObject }).ticket[field]).toBe(sent);
	});

	test('Ticket → Create without Continue On Fail: the run fails naming field and item, and nothing is sent', async () => {
		const run = await runNode({ parameters: create('campaign_id', '={{ "abc" }}'), account: accountOf(platform), input: [{ subject: 'x' }] });
		expect(run.error?.message).toBe('Campaign ID (campaign_id) must be a whole number; got "abc" [item 0]');
		expect(platform.requests()).toHaveLength(0);
	});

	test.each([
		['Member Status ID', 'member_status_id', 'Member Status ID (member_status_id) must be a whole number; got "abc" [item 1]'],
		['Assignee', 'assignee_id', 'Assignee (assignee_id) must be a whole number; got "abc" [item 1]'],
	])('Ticket → Update with %s "abc": refused, the other item updated', async (_name, field, message) => {
		const tickets = [openTicket(2), openTicket(3)];
		await oneGoodOneBad(
			{
				resource: 'ticket',
				operation: 'update',
				ticketId: '={{ $json.id }}',
				commentBody: 'Checked',
				commentAuthorId: 1003,
				updateFields: { [field]: '={{ $json.value }}' },
			},
			[
				{ id: tickets[0].ticket_id, value: field === 'assignee_id' ? 1003 : 2 },
				{ id: tickets[1].ticket_id, value: 'abc' },
			],
			message,
		);
		expect(writes().map((request) => request.path)).toEqual([`/acme/api/v1/tickets/${tickets[0].ticket_id}`]);
	});

	test.each([
		['Ticket → Get', { resource: 'ticket', operation: 'get', ticketId: '={{ $json.id }}' }, 'Ticket ID (ticketId)', '/tickets/'],
		['Lead → Get', { resource: 'lead', operation: 'get', leadId: '={{ $json.id }}' }, 'Lead ID (leadId)', '/lead/'],
		['Deal → Get', { resource: 'deal', operation: 'get', dealId: '={{ $json.id }}' }, 'Deal ID (dealId)', '/deal/'],
	])('%s with ID "abc": no GET of it, the other item read', async (_name, parameters, field, segment) => {
		const good =
			segment === '/tickets/'
				? platform.store.tickets[0].ticket_id
				: segment === '/lead/'
					? platform.store.leads[0].id
					: platform.store.deals[0].id;
		await oneGoodOneBad(
			parameters as INodeParameters,
			[{ id: good }, { id: 'abc' }],
			`${field} must be a whole number of at most 10 digits; got "abc" [item 1]`,
		);
		// Simplify's reads of the account's labels (custom fields, lead statuses, pipelines) aside.
		const reads = platform
			.requests()
			.filter((request) => request.path.includes(segment) && !/\/(custom_fields|lead\/status|deal\/pipelines)$/.test(request.path));
		expect(reads.map((request) => request.path)).toEqual([expect.stringMatching(new RegExp(`${segment}${good}$`))]);
	});

	test.each([
		['Service → Get Many, Service ID filter', { resource: 'service', operation: 'getAll', returnAll: true, filters: { service_id: '={{ $json.value }}' } }, 'Service ID (service_id) must be a whole number; got "abc" [item 1]'],
		// The service type ids of docs/api.md#services (no 5).
		['Service → Get Many, Type filter', { resource: 'service', operation: 'getAll', returnAll: true, filters: { type: '={{ $json.value }}' } }, 'Type (type) must be one of 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13; got "abc" [item 1]'],
		['Ticket → Get Many, Saved Filter ID', { resource: 'ticket', operation: 'getAll', dateField: 'updated', since: '={{ $now.minus({ days: 2 }).toISO() }}', returnAll: false, limit: 1, filters: { filter_id: '={{ $json.value }}' } }, 'Saved Filter ID (filter_id) must be a whole number; got "abc" [item 1]'],
		['Call → Get Many, Call Type', { resource: 'call', operation: 'getAll', dateField: 'start_time', since: '={{ $now.minus({ days: 2 }).toISO() }}', returnAll: false, limit: 1, filters: { call_type: '={{ $json.value }}' } }, 'Call Type (call_type) must be one of 0, 1, 3; got "abc" [item 1]'],
		['Deal → Get Many, Pipelines', { resource: 'deal', operation: 'getAll', returnAll: false, limit: 1, filters: { pipeline_ids: '={{ $json.value }}' } }, 'Pipelines (pipeline_ids) must be a list of numeric IDs; "abc" is not one [item 1]'],
	])('%s "abc": refused before sending, the other item listed', async (_name, parameters, message) => {
		// The good item's value: a valid one, or none (a saved filter the platform knows is not the point here).
		const good = message.startsWith('Call Type') ? 0 : message.startsWith('Type') ? 1 : message.startsWith('Service ID') ? 201 : '';
		const run = await runNode({
			parameters: parameters as INodeParameters,
			account: accountOf(platform),
			input: [{ value: good }, { value: 'abc' }],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		const errors = run.items.filter((item) => item.error);
		expect(errors.map((item) => item.json.error)).toEqual([message]);
		expect(pairs(errors)).toEqual([1]);
		expect(pairs(run.items.filter((item) => !item.error)).every((item) => item === 0)).toBe(true);
		// Nothing of the bad item reached the platform.
		expect(platform.requests().some((request) => JSON.stringify(request.query ?? {}).includes('abc'))).toBe(false);
		expect(platform.requests().length).toBeGreaterThan(0);
	});
});

describe('a single-choice custom field takes one choice', () => {
	test('{"Product": ["Phone", "Tablet"]} in the JSON form: refused, the item with one choice created', async () => {
		await oneGoodOneBad(
			{
				resource: 'ticket',
				operation: 'create',
				phone: '0912000320',
				subject: '={{ $json.subject }}',
				customFieldsJson: '={{ JSON.stringify({ Product: $json.product }) }}',
			},
			[
				{ subject: 'one', product: ['Phone'] },
				{ subject: 'two', product: ['Phone', 'Tablet'] },
			],
			`Custom field "Product" (${productType()}) takes exactly one choice; got 2: Phone, Tablet [item 1]`,
		);
		const posts = writes();
		expect(posts).toHaveLength(1);
		expect((posts[0].body as { ticket: IDataObject }).ticket.ticket_subject).toBe('one');
	});

	test('two choices picked in the editor list for a single-choice field: refused, nothing sent', async () => {
		const product = platform.store.ticketFields.find((field) => field.custom_field_id === 305)!;
		const [phone, tablet] = ['Phone', 'Tablet'].map((label) => product.values!.find((value) => value.lable === label)!.id);
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'create',
				phone: '0912000321',
				customFields: { field: [{ fieldId: 305, choices: [phone, tablet] }] },
			},
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe(
			`Custom field "Product" (${productType()}) takes exactly one choice; got 2: ${phone}, ${tablet} [item 0]`,
		);
		expect(writes()).toHaveLength(0);
	});
});
