/**
 * Red team, issue 30 points 1-2: hostile custom-field definitions and reference records through
 * n8n's engine against the fake (both modes: definitions are stored, so they answer the same).
 * Oracles from docs/api.md#custom-fields: a field of unknown or missing type is free text, its
 * label in outputs, never "undefined" in a dropdown, the form, Simplify or an error.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CustomFieldDefRec, FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, jsonOf, loadOptions, resourceMapperFields, runNode } from '../../tools/engine-harness/harness';

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

test('red team F12 (fixed) two fields with the same label: Simplify keeps both values', async () => {
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

test('red team F13 (fixed) a label written as a number is shown as that label, not "Field <id>"', async () => {
	platform.store.ticketFields = [...structuredClone(saved.fields), { custom_field_id: 9301, custom_field_lable: 2024, type: 'Numeric' }] as unknown as CustomFieldDefRec[];
	const fields = await loadOptions('getCustomFields', accountOf(platform), {});
	expect(fields.map((option) => option.name)).toContain('2024 (Numeric)');
});

test('red team F14 (fixed) lead status dropdown: a status without label never reads "undefined"', async () => {
	platform.store.leadStatuses = [...platform.store.leadStatuses, { id: 9999, status_type: 0 } as never];
	const options = await loadOptions('getLeadStatuses', accountOf(platform), { resource: 'lead', operation: 'getAll' });
	noUndefined(options);
});

test('red team F15 (fixed) group dropdown: a group without a name neither crashes nor reads "undefined"', async () => {
	platform.store.groups = [...platform.store.groups, { ...platform.store.groups[0], group_id: 9999, group_name: undefined } as never];
	const options = await loadOptions('getGroups', accountOf(platform), { resource: 'ticket', operation: 'getAll' });
	noUndefined(options);
	expect(options.length).toBe(platform.store.groups.length);
});
