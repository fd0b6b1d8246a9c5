// @modes: spec
/**
 * The Custom Fields form (resourceMapper) of Ticket, Lead and Deal Create and Update, through
 * n8n's engine against the fake platform: the form's fields as the editor loads them (one per
 * field, typed, re-read after an admin's change), every field type's value reaching the request
 * by field ID on all six operations with several items and expressions, a single choice given
 * two choices and a field an admin deleted both refused before anything is sent, JSON mode,
 * and the earlier field list and JSON box of older workflows merged with the form.
 */
import type { IDataObject, INodeParameters, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';

import type { CustomFieldDefRec, FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { resetLookups } from '../../nodes/CustomerCare/definitions/lookups';
import { accountOf, jsonOf, resourceMapperFields, runNode } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

/** The fake's own definitions, put back after each test that plays an admin. */
let seededFields: CustomFieldDefRec[];
beforeAll(() => (seededFields = structuredClone(platform.store.ticketFields)));
afterEach(() => (platform.store.ticketFields = structuredClone(seededFields)));

const account = () => ({ ...accountOf(platform), timeZone: 'Asia/Ho_Chi_Minh' });
const field = (label: string) => platform.store.ticketFields.find((definition) => definition.custom_field_lable === label)!;
const choice = (label: string, choiceLabel: string) => field(label).values!.find((value) => value.lable === choiceLabel)!.id;

/** What the editor's form loads for a Create or Update node. */
async function loadForm(parameters: INodeParameters): Promise<ResourceMapperField[]> {
	return (await resourceMapperFields('getCustomFieldColumns', account(), parameters)).fields;
}

/** A form value as the editor saves it: the inputs by field ID, and the fields it showed. */
/** The form's value as the editor saves it (values may be expressions, so typed loosely here). */
function formOf(value: IDataObject, schema: ResourceMapperField[]): ResourceMapperValue {
	return {
		mappingMode: 'defineBelow',
		value: value as ResourceMapperValue['value'],
		matchingColumns: [],
		schema,
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

/** The six operations, each with the least it needs besides custom fields. */
const OPERATIONS: Array<[string, () => IDataObject, string, string]> = [
	['ticket', () => ({ resource: 'ticket', operation: 'create', simplify: false, phone: '0912000501', subject: 'Form ticket' }), 'POST', '/acme/api/v1/tickets'],
	['ticket', () => ({ resource: 'ticket', operation: 'update', simplify: false, ticketId: String(openTicket().ticket_id), commentBody: 'Form update', commentAuthorId: 1003 }), 'PUT', '/acme/api/v1/tickets/'],
	['lead', () => ({ resource: 'lead', operation: 'create', simplify: false, phone: '0912000502', subject: 'Form lead' }), 'POST', '/acme/api/v1/lead'],
	['lead', () => ({ resource: 'lead', operation: 'update', simplify: false, leadId: String(openLead().id), commentBody: 'Form update', commentAuthorId: 1003 }), 'PUT', '/acme/api/v1/lead/'],
	['deal', () => ({ resource: 'deal', operation: 'create', simplify: false, email: 'form.deal@example.com', subject: 'Form deal' }), 'POST', '/acme/api/v1/deal'],
	['deal', () => ({ resource: 'deal', operation: 'update', simplify: false, dealId: String(openDeal().id), commentBody: 'Form update', commentAuthorId: 1003 }), 'PUT', '/acme/api/v1/deal/'],
];

/** A lead in a middle status and an open deal: records an update may change. */
const openLead = () => platform.store.leads.find((entry) => platform.store.leadStatuses.find((status) => status.id === entry.lead_status_id)?.status_type === 0)!;
const openDeal = () => platform.store.deals.find((entry) => entry.closed_type === null)!;

function openTicket() {
	return platform.store.tickets.find(
		(ticket) => ticket.ticket_status === 'open' && ticket.incident_id === null && platform.store.unsolvedChildren(ticket.ticket_id).length === 0,
	)!;
}

const writes = () => platform.requests().filter((request) => request.method === 'POST' || request.method === 'PUT');

describe('the form the editor loads', () => {
	test('one input per field of the account, typed by the field: single choice and stage as single selects, multiple choice as a multi select', async () => {
		const fields = await loadForm({ resource: 'ticket', operation: 'create' });
		const definitions = platform.store.ticketFields;
		expect(fields.map((entry) => [entry.id, entry.displayName, entry.type])).toEqual([
			['301', 'Customer note', 'string'],
			['302', 'Order amount', 'number'],
			['303', 'Quantity', 'number'],
			['304', 'Appointment date', 'dateTime'],
			['305', 'Product', 'options'],
			['306', 'Contact channels', 'multiOptions'],
			['307', 'Landing page', 'string'],
			['308', 'Description', 'string'],
			['309', 'Care stage', 'options'],
			['310', 'Region', 'options'],
		]);
		// Every type the platform has is in the form (TEXT … STAGE); the real platform writes NUMBER and NUMERIC both as Numeric.
		expect(new Set(definitions.map((definition) => definition.type)).size).toBe(platform.platform === 'real' ? 8 : 9);
		for (const entry of fields.filter((candidate) => candidate.options)) {
			const definition = definitions.find((candidate) => String(candidate.custom_field_id) === entry.id)!;
			expect(entry.options!.map((option) => option.value)).toEqual(definition.values!.map((value) => value.id));
		}
		expect(fields.find((entry) => entry.id === '305')!.options).toContainEqual({ name: 'Phone › iPhone', value: 30504, description: 'Code: IPHONE' });
		expect(platform.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/acme/api/v1/tickets/custom_fields' })]);
	});

	test('refreshed: each load reads the account again, so a rename, retype, new field or deletion shows at once', async () => {
		await loadForm({ resource: 'lead', operation: 'update' });
		const fields = platform.store.ticketFields;
		fields.find((definition) => definition.custom_field_id === 301)!.custom_field_lable = 'Customer remark';
		fields.find((definition) => definition.custom_field_id === 303)!.type = 'DATE';
		platform.store.ticketFields = fields.filter((definition) => definition.custom_field_id !== 310);
		platform.store.ticketFields.push({ custom_field_id: 311, custom_field_lable: 'Shoe size', type: 'NUMBER', code: 'shoe' });

		const refreshed = await loadForm({ resource: 'lead', operation: 'update' });
		expect(refreshed.find((entry) => entry.id === '301')!.displayName).toBe('Customer remark');
		expect(refreshed.find((entry) => entry.id === '303')!.type).toBe('dateTime');
		expect(refreshed.find((entry) => entry.id === '310')).toBeUndefined();
		expect(refreshed.find((entry) => entry.id === '311')).toMatchObject({ displayName: 'Shoe size', type: 'number' });
		expect(platform.requests({ path: '/custom_fields' })).toHaveLength(2);
	});
});

describe.each(OPERATIONS)('%s %s: the form reaches the request by field ID', (resource, parametersOf, method, path) => {
	const operation = () => parametersOf().operation as string;

	test(`every field type, two items, values from the editor and from expressions`, async () => {
		const schema = await loadForm({ resource, operation: operation() });
		const run = await runNode({
			parameters: {
				...parametersOf(),
				customFieldsForm: formOf(
					{
						'301': '={{ $json.note }}',
						'302': '={{ $json.amount }}',
						'303': 40,
						'304': '2026-03-05T00:00:00',
						'305': '={{ $json.product }}',
						'306': [choice('Contact channels', 'Facebook'), choice('Contact channels', 'Website')],
						'307': 'https://shop.example/p/1',
						'308': 'Line one\nLine two',
						'309': choice('Care stage', 'In progress'),
						'310': null,
					},
					schema,
				),
			},
			account: account(),
			input: [
				{ note: 'VIP customer', amount: 1500000.5, product: choice('Product', 'Laptop') },
				// An expression may give text: a number as text, a choice by label.
				{ note: 'Second customer', amount: ' 42 ', product: 'thinkpad' },
			],
		});
		expect(run.error).toBeUndefined();

		const sent = writes();
		expect(sent.map((request) => [request.method, request.path.startsWith(path), request.status])).toEqual([
			[method, true, 200],
			[method, true, 200],
		]);
		const common = [
			{ id: 303, value: 40 },
			{ id: 304, value: '2026/03/05' },
		];
		const later = [
			{ id: 306, value: [choice('Contact channels', 'Facebook'), choice('Contact channels', 'Website')] },
			{ id: 307, value: 'https://shop.example/p/1' },
			{ id: 308, value: 'Line one\nLine two' },
			{ id: 309, value: choice('Care stage', 'In progress') },
		];
		// The items' requests may overlap, so they are matched by content, not by log order.
		const sentFields = sent.map((request) => ((request.body as IDataObject)[resource] as IDataObject).custom_fields);
		expect(sentFields).toHaveLength(2);
		expect(sentFields).toEqual(
			expect.arrayContaining([
				[{ id: 301, value: 'VIP customer' }, { id: 302, value: 1500000.5 }, ...common, { id: 305, value: choice('Product', 'Laptop') }, ...later],
				[{ id: 301, value: 'Second customer' }, { id: 302, value: 42 }, ...common, { id: 305, value: choice('Product', 'ThinkPad') }, ...later],
			]),
		);
		// What the node returns: the API's record of each item, paired with its input item.
		expect(jsonOf(run)).toHaveLength(2);
		expect(jsonOf(run)).toEqual(expect.arrayContaining(sent.map((request) => (request.response as IDataObject)[resource])));
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('a single choice given two choices is refused before sending, naming the field and the item; the other item goes on', async () => {
		const schema = await loadForm({ resource, operation: operation() });
		const parameters = {
			...parametersOf(),
			customFieldsForm: formOf({ '305': '={{ $json.product }}', '302': 7 }, schema),
		};
		const input = [{ product: choice('Product', 'Phone') }, { product: [choice('Product', 'Phone'), choice('Product', 'Laptop')] }];

		const failed = await runNode({ parameters, account: account(), input });
		expect(failed.error?.message).toBe(
			`Custom field "Product" (${field('Product').type}) takes exactly one choice; got 2: ${choice('Product', 'Phone')}, ${choice('Product', 'Laptop')} [item 1]`,
		);

		platform.clearLog();
		const continued = await runNode({ parameters, account: account(), input, continueOnFail: true });
		expect(writes()).toHaveLength(1);
		expect(((writes()[0].body as IDataObject)[resource] as IDataObject).custom_fields).toEqual([
			{ id: 302, value: 7 },
			{ id: 305, value: choice('Product', 'Phone') },
		]);
		expect(continued.items[1].json.error).toContain('takes exactly one choice; got 2');
		expect(continued.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	const deletedFieldError =
		/^Custom field "Region" \(ID 310\) no longer exists in the account; open the node and refresh the Custom Fields form, or remove the field\. The account has: Customer note \(301\), .* \[item 0\]$/;

	test('a field an admin deleted after the workflow was built: a clear error naming it, nothing sent', async () => {
		const schema = await loadForm({ resource, operation: operation() });
		platform.store.ticketFields = platform.store.ticketFields.filter((definition) => definition.custom_field_id !== 310);
		resetLookups(); // the definitions are read for this execution (the cache is the next test's)
		const run = await runNode({
			parameters: { ...parametersOf(), customFieldsForm: formOf({ '301': 'Still here', '310': choice310 }, schema) },
			account: account(),
		});
		expect(run.error?.message).toMatch(deletedFieldError);
		expect(writes()).toHaveLength(0);
	});

	test('deleted while the definitions were kept from an earlier execution: the platform refuses the write once, then the same clear error', async () => {
		const schema = await loadForm({ resource, operation: operation() });
		const parameters = { ...parametersOf(), customFieldsForm: formOf({ '301': 'Still here', '310': choice310 }, schema) };
		expect((await runNode({ parameters, account: account() })).error).toBeUndefined();
		platform.clearLog();
		platform.store.ticketFields = platform.store.ticketFields.filter((definition) => definition.custom_field_id !== 310);
		const run = await runNode({ parameters: { ...parametersOf(), customFieldsForm: parameters.customFieldsForm }, account: account() });
		expect(run.error?.message).toMatch(deletedFieldError);
		// One write, refused (docs/api.md: an unknown custom field is `invalid value: custom_fields`), then the definitions read again.
		expect(writes().map((request) => (request.response as IDataObject).message)).toEqual(['invalid value: custom_fields']);
		expect(platform.requests().filter((request) => request.path.endsWith('/custom_fields'))).toHaveLength(1);
	});
});

/** A value of "Region" (310) from the seed, known before a test deletes the field. */
const choice310 = 31003;

describe('the other inputs', () => {
	test('JSON mode sends the JSON and not the form (hidden, so dropped by n8n)', async () => {
		const schema = await loadForm({ resource: 'ticket', operation: 'create' });
		const run = await runNode({
			parameters: {
				...OPERATIONS[0][1](),
				customFieldsInput: 'json',
				customFieldsJson: '={{ JSON.stringify({ "Customer note": $json.note, Product: "LAPTOP" }) }}',
				customFieldsForm: formOf({ '302': 99 }, schema),
			},
			account: account(),
			input: [{ note: 'From JSON' }],
		});
		expect(run.error).toBeUndefined();
		expect(((writes()[0].body as IDataObject).ticket as IDataObject).custom_fields).toEqual([
			{ id: 301, value: 'From JSON' },
			{ id: 305, value: choice('Product', 'Laptop') },
		]);
	});

	test('a workflow built before the form: its field list and JSON box are still sent, merged with the form, which wins', async () => {
		const schema = await loadForm({ resource: 'deal', operation: 'create' });
		const run = await runNode({
			parameters: {
				...OPERATIONS[4][1](),
				customFields: { field: [{ fieldId: 'Region', value: 'Central' }, { fieldId: 302, value: '5' }] },
				customFieldsJson: '{"product": "THINKPAD", "Order amount": 6}',
				customFieldsForm: formOf({ '302': 7, '301': null }, schema),
			},
			account: account(),
		});
		expect(run.error).toBeUndefined();
		expect(((writes()[0].body as IDataObject).deal as IDataObject).custom_fields).toEqual([
			{ id: 310, value: choice('Region', 'Central') },
			{ id: 302, value: 7 },
			{ id: 305, value: choice('Product', 'ThinkPad') },
		]);
	});

	test('an empty form sends no custom fields and reads no definitions', async () => {
		const schema = await loadForm({ resource: 'ticket', operation: 'create' });
		platform.clearLog();
		const run = await runNode({
			parameters: { ...OPERATIONS[0][1](), customFieldsForm: formOf({ '301': null, '302': '', '306': [] }, schema) },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		expect(platform.requests().map((request) => request.method)).toEqual(['POST']);
		expect((writes()[0].body as { ticket: IDataObject }).ticket.custom_fields).toBeUndefined();
	});
});
