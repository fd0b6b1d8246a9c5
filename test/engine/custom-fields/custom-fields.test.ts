// @modes: spec
/**
 * Custom fields through n8n's engine against the fake platform: the Custom Fields form, definitions
 * as the real platform writes them, and hostile definitions and reference records.
 */
import type { IDataObject, INodeParameters, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';
import type { CustomFieldDefRec, FakePlatform } from '../../../tools/fake-platform';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { resetDefinitions } from '../../../nodes/CustomerCare/definitions/accountDefinitions';
import { accountOf, jsonOf, resourceMapperFields, runNode, loadOptions } from '../../../tools/engine-harness/harness';

/**
 * The Custom Fields form (resourceMapper) of Ticket, Lead and Deal Create and Update, through
 * n8n's engine against the fake platform: the form's fields as the editor loads them (one per
 * field, typed, re-read after an admin's change), every field type's value reaching the request
 * by field ID on all six operations with several items and expressions, a single choice given
 * two choices and a field an admin deleted both refused before anything is sent, JSON mode,
 * and the earlier field list and JSON box of older workflows merged with the form.
 */
describe('the Custom Fields form', () => {
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
			resetDefinitions(); // the definitions are read for this execution (the cache is the next test's)
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

		const notAnObject = (got: string, item: number) =>
			`Custom Fields (JSON) (customFieldsJson) must be a JSON object such as {"Customer Tier": "Gold"}; got ${got} [item ${item}]`;

		test.each([
			['["Customer note"]', 'a list (["Customer note"])'],
			['"Gold"', 'a text ("Gold")'],
			['42', 'the number 42'],
			['null', 'null'],
			['={{ [301, 302] }}', 'a list ([301,302])'],
			['{"Customer note": ', 'text that is not JSON'],
			['={{ new Date(0) }}', 'a date (1970-01-01T00:00:00.000Z)'],
			['={{ DateTime.fromMillis(0, { zone: "UTC" }) }}', 'a date (1970-01-01T00:00:00.000Z)'],
			['={{ new Date(NaN) }}', 'an object of type Date'],
		])('the JSON box holding %s: refused before any request, naming the box, what it got and the item', async (box, got) => {
			platform.clearLog();
			const run = await runNode({
				parameters: { ...OPERATIONS[0][1](), customFieldsInput: 'json', customFieldsJson: box },
				account: account(),
			});
			expect(run.error?.message).toBe(notAnObject(got, 0));
			expect(platform.requests().map((request) => `${request.method} ${request.path}`)).toEqual([]);
		});

		test('Continue On Fail: the items whose JSON box holds a list, a text, a number or null fail alone, naming their item; the others are written', async () => {
			const input = [
				{ fields: { 'Customer note': 'first' } },
				{ fields: ['Customer note', 'second'] },
				{ fields: 'Customer note' },
				{ fields: 42 },
				{ fields: null },
				{ fields: { 'Customer note': 'last' } },
			];
			const run = await runNode({
				parameters: { ...OPERATIONS[0][1](), customFieldsInput: 'json', customFieldsJson: '={{ $json.fields }}' },
				account: account(),
				input,
				continueOnFail: true,
			});
			// The items' requests may reach the platform in either order.
			expect(writes().map((request) => ((request.body as IDataObject).ticket as IDataObject).custom_fields)).toEqual(
				expect.arrayContaining([[{ id: 301, value: 'first' }], [{ id: 301, value: 'last' }]]),
			);
			expect(writes()).toHaveLength(2);
			expect(run.items.map((item) => item.json.error)).toEqual([
				undefined,
				notAnObject('a list (["Customer note","second"])', 1),
				notAnObject('text that is not JSON', 2),
				notAnObject('the number 42', 3),
				notAnObject('null', 4),
				undefined,
			]);
			expect(run.items.map((item) => item.pairedItem)).toEqual(input.map((_, item) => ({ item })));
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
});

/**
 * Custom-field definitions as the real platform writes them (../shared/real-platform.md §2.3,
 * R1 `98af89a:samples/...`), through n8n's engine against the fake in its `real` mode: type
 * names in sentence case (`Single drop-down list`, `Date`, `Numeric`, `Text Area`), keys left
 * out (a `Date` without `code` or `values`, choices as `{id, lable}`), a definition without any
 * `type` or `values` (4 of 11 contact ones; here an admin adds one like them to tickets),
 * ticket records listing every field with unset ones null and a single choice as text holding
 * its id. Simplify on Get and Get Many, the form, the dropdowns and writes all work with them.
 */
describe('definitions as the real platform writes them', () => {
	let platform: FakePlatform;

	useFakePlatform((started) => (platform = started), { platform: 'real' });

	const DAY = 86_400_000;
	const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

	/** A free-text field with no `type` and no `values`, as the platform writes some (real-platform.md §2.3). */
	const ADDRESS = { custom_field_id: 5840, custom_field_lable: 'Delivery address' };
	const ADDRESS_VALUE = '12 Hàng Bông, Hoàn Kiếm';

	let seeded: { fields: CustomFieldDefRec[]; tickets: string };
	beforeAll(() => (seeded = { fields: structuredClone(platform.store.ticketFields), tickets: JSON.stringify(platform.store.tickets.map((ticket) => ticket.custom_fields)) }));
	beforeEach(() => {
		platform.store.ticketFields = [...structuredClone(seeded.fields), { ...ADDRESS }];
		// One ticket holds an address, as a record of such a field would.
		platform.store.tickets[0].custom_fields.push({ id: ADDRESS.custom_field_id, value: ADDRESS_VALUE });
	});
	afterEach(() => {
		platform.store.ticketFields = structuredClone(seeded.fields);
		const values = JSON.parse(seeded.tickets) as Array<typeof platform.store.tickets[number]['custom_fields']>;
		platform.store.tickets.forEach((ticket, index) => (ticket.custom_fields = values[index]));
	});

	const field = (label: string) => platform.store.ticketFields.find((definition) => definition.custom_field_lable === label)!;
	const choice = (label: string, choiceLabel: string) => field(label).values!.find((value) => value.lable === choiceLabel)!.id;

	/**
	 * What Simplify must show for a stored ticket (docs/api.md#custom-fields): every field by its
	 * label, a choice by its label, unset fields null (the real platform lists them all).
	 */
	function labelled(ticketId: number): IDataObject {
		const stored = platform.store.ticket(ticketId)!.custom_fields;
		const expected: IDataObject = {};
		for (const definition of platform.store.ticketFields) {
			const value = stored.find((entry) => entry.id === definition.custom_field_id)?.value ?? null;
			const label = (id: number) => definition.values!.find((entry) => entry.id === id)!.lable;
			expected[definition.custom_field_lable] =
				value === null ? null : Array.isArray(value) ? value.map(label) : definition.values ? label(value as number) : value;
		}
		return expected;
	}

	test('the fake answers the real shapes: sentence-case types, a definition without type, single choices as text', async () => {
		const types = platform.store.ticketFields.map((definition) => definition.type);
		expect(types).toEqual(expect.arrayContaining(['Single drop-down list', 'Date', 'Numeric', 'Text Area', undefined]));
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: String(platform.store.tickets[0].ticket_id), simplify: false },
			account: accountOf(platform),
		});
		const raw = jsonOf(run)[0].custom_filed as Array<{ id: number; type: string; value: unknown }>;
		expect(raw.map((entry) => entry.id)).toEqual(platform.store.ticketFields.map((definition) => definition.custom_field_id));
		expect(raw.filter((entry) => entry.type === 'Single drop-down list' && entry.value !== null).every((entry) => typeof entry.value === 'string')).toBe(true);
	});

	test('Ticket Get with Simplify: every field by its label, choices by theirs, the field without type too', async () => {
		const ticket = platform.store.tickets[0];
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: String(ticket.ticket_id) },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const output = jsonOf(run)[0];
		expect(output.custom_fields).toEqual(labelled(ticket.ticket_id));
		expect((output.custom_fields as IDataObject)['Delivery address']).toBe(ADDRESS_VALUE);
		expect(output).not.toHaveProperty('custom_filed');
	});

	test('Ticket Get Many with Simplify: every ticket labelled, a chosen single choice by its label', async () => {
		const to = Date.now() - DAY;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', since: iso(to - 25 * DAY), to: iso(to), returnAll: true, filters: {} },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const output = jsonOf(run);
		expect(output.length).toBeGreaterThan(0);
		for (const ticket of output) expect(ticket.custom_fields).toEqual(labelled(ticket.ticket_id as number));
		const products = new Set(field('Product').values!.map((value) => value.lable));
		expect(output.some((ticket) => products.has((ticket.custom_fields as IDataObject).Product as string))).toBe(true);
	});

	test('the form: one input per field, the field without type and the Text Area as text inputs, no "undefined" anywhere', async () => {
		const { fields } = await resourceMapperFields('getCustomFieldColumns', accountOf(platform), { resource: 'ticket', operation: 'create' });
		expect(fields.map((entry) => [entry.id, entry.displayName, entry.type])).toEqual(
			expect.arrayContaining([
				['5840', 'Delivery address', 'string'],
				['308', 'Description', 'string'],
				['304', 'Appointment date', 'dateTime'],
				['303', 'Quantity', 'number'],
				['305', 'Product', 'options'],
			]),
		);
		expect(fields).toHaveLength(platform.store.ticketFields.length);
		expect(JSON.stringify(fields)).not.toContain('undefined');
	});

	test('the dropdowns: fields named with their type or "free text", choices of a field whose values are {id, lable}', async () => {
		const names = (await loadOptions('getCustomFields', accountOf(platform), {})).map((option) => option.name);
		expect(names).toContain('Delivery address (free text)');
		expect(names).toContain('Description (Text Area)');
		expect(names.join()).not.toContain('undefined');
		const region = field('Region');
		expect(region.values!.some((value) => Object.keys(value).join() === 'id,lable')).toBe(true);
		const options = await loadOptions(
			'getCustomFieldValues',
			accountOf(platform),
			{ resource: 'ticket', operation: 'create', customFields: { field: [{ fieldId: region.custom_field_id }] } },
			{ path: 'parameters.customFields.field[0].choices' },
		);
		expect(options.map((option) => [option.name, option.value])).toEqual(region.values!.map((value) => [value.lable, value.id]));
	});

	test('Create: a Text Area over 255 characters and the field without type are sent as given; the platform takes them', async () => {
		const story = 'The customer described the fault at length. '.repeat(30);
		const schema = (await resourceMapperFields('getCustomFieldColumns', accountOf(platform), { resource: 'ticket', operation: 'create' })).fields;
		const form: ResourceMapperValue = {
			mappingMode: 'defineBelow',
			value: { '308': story, '5840': ADDRESS_VALUE, '305': choice('Product', 'Laptop') },
			matchingColumns: [],
			schema,
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		};
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', simplify: false, phone: '0912000777', subject: 'Long story', customFieldsForm: form },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const [post] = platform.requests({ method: 'POST' });
		expect(post.status).toBe(200);
		// In the form's order, which keys by field ID.
		expect(((post.body as IDataObject).ticket as IDataObject).custom_fields).toEqual([
			{ id: 305, value: choice('Product', 'Laptop') },
			{ id: 308, value: story },
			{ id: 5840, value: ADDRESS_VALUE },
		]);
	});

	test('Update: fields given by label in JSON, a choice by its label, the field without type', async () => {
		const ticket = platform.store.tickets.find((candidate) => candidate.ticket_status === 'open' && candidate.incident_id === null && platform.store.unsolvedChildren(candidate.ticket_id).length === 0)!;
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'update',
				simplify: false,
				ticketId: String(ticket.ticket_id),
				commentBody: 'Address confirmed.',
				commentAuthorId: 1003,
				customFieldsInput: 'json',
				customFieldsJson: { 'Delivery address': 'x'.repeat(400), Region: 'North', Quantity: '2' },
			},
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const [put] = platform.requests({ method: 'PUT' });
		expect(put.status).toBe(200);
		expect(((put.body as IDataObject).ticket as IDataObject).custom_fields).toEqual([
			{ id: 5840, value: 'x'.repeat(400) },
			{ id: 310, value: choice('Region', 'North') },
			{ id: 303, value: 2 },
		]);
	});
});

/**
 * Hostile custom-field definitions and reference records through
 * n8n's engine against the fake (both modes: definitions are stored, so they answer the same).
 * Oracles from docs/api.md#custom-fields: a field of unknown or missing type is free text, its
 * label in outputs, never "undefined" in a dropdown, the form, Simplify or an error.
 */
describe('hostile definitions and reference records', () => {
	let platform: FakePlatform;
	useFakePlatform((started) => (platform = started));

	let saved: { fields: CustomFieldDefRec[]; values: string; leadStatuses: string; groups: string };
	beforeAll(() => {
		saved = {
			fields: structuredClone(platform.store.ticketFields),
			values: JSON.stringify(platform.store.tickets.map((ticket) => ticket.custom_fields)),
			leadStatuses: JSON.stringify(platform.store.leadStatuses),
			groups: JSON.stringify(platform.store.groups),
		};
	});
	afterEach(() => {
		platform.store.ticketFields = structuredClone(saved.fields);
		const values = JSON.parse(saved.values) as Array<(typeof platform.store.tickets)[number]['custom_fields']>;
		platform.store.tickets.forEach((ticket, index) => (ticket.custom_fields = values[index]));
		platform.store.leadStatuses = JSON.parse(saved.leadStatuses);
		platform.store.groups = JSON.parse(saved.groups);
	});

	const noUndefined = (value: unknown) => expect(JSON.stringify(value)).not.toMatch(/undefined|\[object Object\]|NaN/);

	/** Definitions no sane admin writes, but that a JSON answer can hold. */
	const hostile = () => [
		{ custom_field_id: 0, custom_field_lable: 'Zero', type: 'TEXTAREA' },
		{ custom_field_id: -5, custom_field_lable: 'Negative', type: 'text area' },
		{ custom_field_id: '9100', custom_field_lable: 'Digits id', type: 'single DROP-down list', values: [{ id: '1' }, { id: 2, lable: null }, null, { lable: 'no id' }, { id: 'x', lable: 'bad id' }] },
		{ custom_field_id: 'abc', custom_field_lable: 'Not an id' },
		{ custom_field_id: 9101, custom_field_lable: null, type: null, values: null },
		{ custom_field_id: 9102, custom_field_lable: 'Values an object', type: 'Multiple drop-down list', values: { map: () => ({ 1: 'a' }) } },
		{ custom_field_id: 9103, custom_field_lable: 'Type an object', type: { name: 'TEXT' }, code: 12 },
		{ custom_field_id: 9104, custom_field_lable: 'Nested nulls', type: 'Single drop-down list', values: [{ id: 7, lable: 'Seven', code: null, parent_value_id: null }] },
		{ custom_field_id: 9105, custom_field_lable: 'Unknown kind', type: 'Checkbox matrix' },
	] as unknown as CustomFieldDefRec[];

	test('hostile definitions: no crash and no "undefined" in the field dropdown, the choice dropdown or the form', async () => {
		platform.store.ticketFields = [...structuredClone(saved.fields), ...hostile()];
		const fields = await loadOptions('getCustomFields', accountOf(platform), {});
		noUndefined(fields);
		expect(fields.map((option) => option.name)).toEqual(expect.arrayContaining(['Zero (TEXTAREA)', 'Field 9101 (free text)', 'Unknown kind (Checkbox matrix)']));
		for (const id of [9100, 9102, 9104]) {
			const choices = await loadOptions('getCustomFieldValues', accountOf(platform), { fieldId: id }, { path: 'parameters.customFieldsUi.field[0].fieldValue' });
			noUndefined(choices);
		}
		const { fields: form } = await resourceMapperFields('getCustomFieldColumns', accountOf(platform), { resource: 'ticket', operation: 'create' });
		noUndefined(form);
		// A text area has no 255 limit, whatever its spelling; a free field neither.
		expect(form.find((field) => field.id === '0')?.type).toBe('string');
	});

	test('hostile definitions: Ticket Get with Simplify labels what it can and passes the rest through', async () => {
		platform.store.ticketFields = [...structuredClone(saved.fields), ...hostile()];
		const ticket = platform.store.tickets[0];
		ticket.custom_fields.push({ id: 9100, value: 2 }, { id: 9101, value: 'free' }, { id: 0, value: 'zero' }, { id: 9104, value: 7 });
		const run = await runNode({ parameters: { resource: 'ticket', operation: 'get', ticketId: String(ticket.ticket_id) }, account: accountOf(platform) });
		expect(run.error).toBeUndefined();
		const fields = jsonOf(run)[0].custom_fields as IDataObject;
		noUndefined(fields);
		expect(fields['Field 9101']).toBe('free');
		expect(fields.Zero).toBe('zero');
		expect(fields['Nested nulls']).toBe('Seven');
	});

	test('a long value for a text area spelled "text area" in lower case is sent, not refused at 255', async () => {
		platform.store.ticketFields = [...structuredClone(saved.fields), ...hostile()];
		const ticket = platform.store.tickets[0];
		const run = await runNode({
			parameters: {
				resource: 'ticket', operation: 'update', ticketId: String(ticket.ticket_id), commentBody: 'x', commentAuthorId: platform.store.agents[0].id,
				customFieldsInput: 'json', customFieldsJson: { Negative: 'y'.repeat(400), 'Unknown kind': 'z'.repeat(300) },
			},
			account: accountOf(platform),
		});
		const put = platform.requests({ method: 'PUT' })[0];
		expect(run.error?.message ?? '').not.toMatch(/255|at most/);
		expect(JSON.stringify(put?.body)).toContain('y'.repeat(400));
		expect(JSON.stringify(put?.body)).toContain('z'.repeat(300));
	});

	test('two fields with the same label: Simplify keeps both values', async () => {
		// Admins name fields freely; two "Ghi chú" (note) fields are two fields (ids differ).
		platform.store.ticketFields = [
			...structuredClone(saved.fields),
			{ custom_field_id: 9201, custom_field_lable: 'Ghi chú', type: 'Text Area' },
			{ custom_field_id: 9202, custom_field_lable: 'Ghi chú', type: 'Text Area' },
		] as CustomFieldDefRec[];
		const ticket = platform.store.tickets[0];
		ticket.custom_fields.push({ id: 9201, value: 'first note' }, { id: 9202, value: 'second note' });
		const run = await runNode({ parameters: { resource: 'ticket', operation: 'get', ticketId: String(ticket.ticket_id) }, account: accountOf(platform) });
		const text = JSON.stringify(jsonOf(run)[0].custom_fields);
		expect(text).toContain('first note');
		expect(text).toContain('second note');
	});

	test('a label written as a number is shown as that label, not "Field <id>"', async () => {
		platform.store.ticketFields = [...structuredClone(saved.fields), { custom_field_id: 9301, custom_field_lable: 2024, type: 'Numeric' }] as unknown as CustomFieldDefRec[];
		const fields = await loadOptions('getCustomFields', accountOf(platform), {});
		expect(fields.map((option) => option.name)).toContain('2024 (Numeric)');
	});

	test('lead status dropdown: a status without label never reads "undefined"', async () => {
		platform.store.leadStatuses = [...platform.store.leadStatuses, { id: 9999, status_type: 0 } as never];
		const options = await loadOptions('getLeadStatuses', accountOf(platform), { resource: 'lead', operation: 'getAll' });
		noUndefined(options);
	});

	test('group dropdown: a group without a name neither crashes nor reads "undefined"', async () => {
		platform.store.groups = [...platform.store.groups, { ...platform.store.groups[0], group_id: 9999, group_name: undefined } as never];
		const options = await loadOptions('getGroups', accountOf(platform), { resource: 'ticket', operation: 'getAll' });
		noUndefined(options);
		expect(options.length).toBe(platform.store.groups.length);
	});
});
