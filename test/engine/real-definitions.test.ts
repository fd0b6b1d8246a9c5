/**
 * Custom-field definitions as the real platform writes them (../shared/real-platform.md §2.3,
 * R1 `98af89a:samples/...`), through n8n's engine against the fake in its `real` mode: type
 * names in sentence case (`Single drop-down list`, `Date`, `Numeric`, `Text Area`), keys left
 * out (a `Date` without `code` or `values`, choices as `{id, lable}`), a definition without any
 * `type` or `values` (4 of 11 contact ones; here an admin adds one like them to tickets),
 * ticket records listing every field with unset ones null and a single choice as text holding
 * its id. Simplify on Get and Get Many, the form, the dropdowns and writes all work with them.
 */
import type { IDataObject, ResourceMapperValue } from 'n8n-workflow';

import type { CustomFieldDefRec, FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, jsonOf, loadOptions, resourceMapperFields, runNode } from '../../tools/engine-harness/harness';

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
