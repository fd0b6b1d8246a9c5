/**
 * The Custom Fields form (nodes/CustomerCare/customFields/form.ts): the account's field
 * definitions become one typed input each, and what the form holds becomes the API's
 * `custom_fields: [{id, value}]`. Random definitions (every type spelling the API uses) and
 * random values as the editor's inputs give them; empty inputs are dropped, a field the account
 * no longer has is refused by name. Seeded: see ./property.ts to replay a failure.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';

import { customFieldPayload, formEntries, formFieldIds, formFieldsOf, type FormValue } from '../../../nodes/CustomerCare/customFields/form';
import { kindOf, type FieldKind } from '../../../nodes/CustomerCare/customFields/values';
import type { FieldDefinition } from '../../../nodes/CustomerCare/definitions/accountDefinitions';
import type { Fail } from '../../../nodes/CustomerCare/checks/fieldRule';
import { propertyRuns } from '../helpers/property';

class Refused extends Error {}
const fail: Fail = (message) => {
	throw new Refused(message);
};

/** The type names the API uses (docs/api.md, Custom fields), several per kind. */
const TYPE_NAMES = [
	'TEXT',
	'TEXTAREA',
	'NUMBER',
	'NUMERIC',
	'DATE',
	'URL',
	'LINK',
	'SINGLE DROP-DOWN LIST',
	'SINGLE_CHOICE',
	'STAGE',
	'MULTIPLE DROP-DOWN LIST',
	'MULTI_CHOICE',
	// As the real platform writes them (../shared/real-platform.md §2.3), and a type the node does not know.
	'Single drop-down list',
	'Numeric',
	'Date',
	'Text Area',
	'Rating',
];
const ZONES = ['UTC', 'Asia/Ho_Chi_Minh', 'America/New_York', 'Pacific/Chatham'];

const isChoice = (kind: FieldKind) => kind === 'single' || kind === 'multiple';

/** Definitions with distinct IDs; choice fields get 1–5 choices with distinct IDs. (Arbitraries built once: building them is the slow part.) */
const definitionArb = fc.record({
	custom_field_id: fc.integer({ min: 1, max: 99_999 }),
	custom_field_lable: fc.string({ minLength: 1, maxLength: 30 }),
	type: fc.constantFrom(...TYPE_NAMES),
	code: fc.option(fc.constantFrom('tier', 'amount', 'note', 'care_stage'), { nil: null }),
	values: fc.uniqueArray(fc.integer({ min: 1, max: 9_999_999 }), { minLength: 1, maxLength: 5 }),
});
const definitionsArb = fc
	.uniqueArray(definitionArb, { selector: (definition) => definition.custom_field_id, minLength: 1, maxLength: 22 })
	.map((records) =>
		records.map(({ values, ...record }): FieldDefinition => ({
			...record,
			values: isChoice(kindOf(record.type))
				? values.map((id, index) => ({ id, lable: `Choice ${index}`, code: null, parent_value_id: -1 }))
				: undefined,
		})),
	);

const URL_ARB = fc.stringMatching(/^https?:\/\/[a-z0-9.-]{1,20}\/[a-z0-9/?=&-]{0,30}$/);

const EMPTY_INPUTS = [null, '', '   ', []];

/** What the editor's input of this kind can hold, and what the API must receive for it. */
function inputArb(definition: FieldDefinition, timeZone: string): fc.Arbitrary<{ input: unknown; sent: unknown }> {
	const same = (input: unknown) => ({ input, sent: input });
	switch (kindOf(definition.type)) {
		case 'text':
			return fc.string({ minLength: 1, maxLength: 255 }).filter((text) => text.trim() !== '').map(same);
		case 'textarea':
		case 'free':
			return fc.string({ minLength: 1, maxLength: 600 }).filter((text) => text.trim() !== '').map(same);
		case 'url':
			return URL_ARB.map(same);
		case 'number':
			// The number input gives a number; an expression may give text.
			return fc.oneof(
				fc.double({ noNaN: true, noDefaultInfinity: true }).map((number) => ({ input: number, sent: number })),
				fc.integer().map((number) => ({ input: ` ${number} `, sent: number })),
			);
		case 'date':
			// The date picker gives a zone-less wall time, read in the account's zone.
			return fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }).chain((ms) => {
				const local = DateTime.fromMillis(ms, { zone: timeZone });
				const sent = local.toFormat('yyyy/MM/dd');
				return fc.constantFrom(
					{ input: local.toFormat("yyyy-MM-dd'T'HH:mm:ss"), sent },
					{ input: sent, sent },
					{ input: local.toISO(), sent },
				);
			});
		case 'single': {
			const ids = definition.values!.map((value) => value.id);
			return fc.constantFrom(...ids).chain((id) => fc.constantFrom({ input: id, sent: id }, { input: String(id), sent: id }, { input: [id], sent: id }));
		}
		case 'multiple': {
			const ids = definition.values!.map((value) => value.id);
			return fc.uniqueArray(fc.constantFrom(...ids), { minLength: 1, maxLength: ids.length }).map((chosen) => ({ input: chosen, sent: chosen }));
		}
	}
}

/** A form filled in for some fields and left empty (in one of the ways the editor leaves it) for others. */
const caseArb = fc
	.tuple(definitionsArb, fc.constantFrom(...ZONES))
	.chain(([definitions, timeZone]) =>
		fc.tuple(
			fc.constant(definitions),
			fc.constant(timeZone),
			fc.tuple(
				...definitions.map((definition) =>
					fc.oneof(
						{ weight: 3, arbitrary: inputArb(definition, timeZone) },
						{ weight: 1, arbitrary: fc.constantFrom(...EMPTY_INPUTS).map((input) => ({ input, sent: undefined })) },
					),
				),
			),
		),
	)
	.map(([definitions, timeZone, inputs]) => {
		const value: Record<string, unknown> = {};
		definitions.forEach((definition, index) => (value[String(definition.custom_field_id)] = inputs[index].input));
		const form: FormValue = { mappingMode: 'defineBelow', value: value as never, schema: formFieldsOf(definitions) };
		// The payload in the form's key order (integer keys iterate ascending), empty inputs left out.
		const sentById = new Map(definitions.map((definition, index) => [String(definition.custom_field_id), inputs[index].sent]));
		const expected = Object.keys(value)
			.filter((id) => sentById.get(id) !== undefined)
			.map((id) => ({ id: Number(id), value: sentById.get(id) }));
		return { definitions, timeZone, form, expected };
	});

describe('formFieldsOf: one typed input per field', () => {
	it('keys each input by field ID, types it by kind, lists exactly the choices of a choice field', () => {
		fc.assert(
			fc.property(definitionsArb, (definitions) => {
				const fields = formFieldsOf(definitions);
				expect(fields.map((field) => field.id)).toEqual(definitions.map((definition) => String(definition.custom_field_id)));
				fields.forEach((field, index) => {
					const definition = definitions[index];
					const kind = kindOf(definition.type);
					expect(field.displayName).toBe(definition.custom_field_lable);
					expect(field.type).toBe(
						{ text: 'string', textarea: 'string', url: 'string', free: 'string', number: 'number', date: 'dateTime', single: 'options', multiple: 'multiOptions' }[kind],
					);
					expect(field).toMatchObject({ required: false, display: true, defaultMatch: false, canBeUsedToMatch: false });
					if (isChoice(kind)) expect(field.options!.map((option) => option.value)).toEqual(definition.values!.map((value) => value.id));
					else expect(field.options).toBeUndefined();
				});
			}),
			propertyRuns(300),
		);
	});

	it('a single choice and a stage are single selects, a multiple choice a multi select', () => {
		const choice = (type: string): FieldDefinition => ({
			custom_field_id: 1,
			custom_field_lable: type,
			type,
			code: null,
			values: [
				{ id: 11, lable: 'Phone', code: 'PHONE', parent_value_id: -1 },
				{ id: 12, lable: 'iPhone', code: null, parent_value_id: 11 },
			],
		});
		expect(formFieldsOf([choice('SINGLE DROP-DOWN LIST')])[0].type).toBe('options');
		expect(formFieldsOf([choice('STAGE')])[0].type).toBe('options');
		const [multiple] = formFieldsOf([choice('MULTIPLE DROP-DOWN LIST')]);
		expect(multiple.type).toBe('multiOptions');
		expect(multiple.options).toEqual([
			{ name: 'Phone', value: 11, description: 'Code: PHONE' },
			{ name: 'Phone › iPhone', value: 12, description: undefined },
		]);
	});
});

describe('customFieldPayload: the form to [{id, value}]', () => {
	it('sends each filled-in field by ID, coerced by its type; empty inputs are not sent', () => {
		fc.assert(
			fc.property(caseArb, ({ definitions, timeZone, form, expected }) => {
				if (expected.length > 20) {
					expect(() => customFieldPayload(definitions, [], form, timeZone, fail)).toThrow(`At most 20 custom fields can be set; got ${expected.length}`);
					return;
				}
				expect(customFieldPayload(definitions, [], form, timeZone, fail)).toEqual(expected);
				expect(formFieldIds(form).sort()).toEqual(expected.map((entry) => String(entry.id)).sort());
			}),
			propertyRuns(400),
		);
	});

	it('a field given also by JSON or the earlier list takes the form’s value', () => {
		fc.assert(
			fc.property(caseArb, ({ definitions, timeZone, form, expected }) => {
				fc.pre(expected.length > 0 && expected.length <= 20);
				const overridden = expected[0];
				const definition = definitions.find((entry) => entry.custom_field_id === overridden.id)!;
				// Given first by label (what JSON and the list allow) with a value of the wrong type.
				const given = [{ field: definition.custom_field_lable, value: 'given before the form' }];
				const labelTaken = definitions.some((entry) => entry !== definition && entry.custom_field_lable.trim().toLowerCase() === definition.custom_field_lable.trim().toLowerCase());
				fc.pre(!labelTaken && String(definition.custom_field_id) !== definition.custom_field_lable.trim());
				const kind = kindOf(definition.type);
				if (kind === 'text' || kind === 'textarea' || kind === 'free') {
					expect(customFieldPayload(definitions, given, form, timeZone, fail)).toEqual(expected);
				} else {
					// Each entry is checked, so a wrong earlier value is refused even when the form overrides it.
					expect(() => customFieldPayload(definitions, given, form, timeZone, fail)).toThrow(Refused);
				}
			}),
			propertyRuns(300),
		);
	});

	it('a field removed by an admin is refused by the name the form showed, unless its input is empty', () => {
		fc.assert(
			fc.property(caseArb, fc.nat(), ({ definitions, form, expected }, pick) => {
				const removed = definitions[pick % definitions.length];
				const remaining = definitions.filter((definition) => definition !== removed);
				const filled = expected.some((entry) => entry.id === removed.custom_field_id);
				if (filled) {
					expect(() => formEntries(remaining, form, fail)).toThrow(
						`Custom field "${removed.custom_field_lable}" (ID ${removed.custom_field_id}) no longer exists in the account`,
					);
				} else {
					expect(() => formEntries(remaining, form, fail)).not.toThrow();
				}
			}),
			propertyRuns(300),
		);
	});

	it('a removed field the form never showed is named by its ID, and the account’s fields are listed', () => {
		const note: FieldDefinition = { custom_field_id: 301, custom_field_lable: 'Customer note', type: 'TEXT', code: 'note' };
		expect(() => formEntries([note], { value: { '399': 'x' } }, fail)).toThrow(
			'Custom field ID 399 no longer exists in the account; open the node and refresh the Custom Fields form, or remove the field. The account has: Customer note (301)',
		);
	});

	it('a single choice given two choices is refused, naming the field', () => {
		const product: FieldDefinition = {
			custom_field_id: 305,
			custom_field_lable: 'Product',
			type: 'SINGLE DROP-DOWN LIST',
			code: 'product',
			values: [
				{ id: 30501, lable: 'Phone', code: 'PHONE', parent_value_id: -1 },
				{ id: 30502, lable: 'Laptop', code: 'LAPTOP', parent_value_id: -1 },
			],
		};
		expect(() => customFieldPayload([product], [], { value: { '305': [30501, 30502] as never } }, 'UTC', fail)).toThrow(
			'Custom field "Product" (SINGLE DROP-DOWN LIST) takes exactly one choice; got 2: 30501, 30502',
		);
		// An expression may name the choice by label or code.
		expect(customFieldPayload([product], [], { value: { '305': 'laptop' } }, 'UTC', fail)).toEqual([{ id: 305, value: 30502 }]);
	});

	it('a form never opened (value null) or missing sends nothing', () => {
		for (const form of [null, undefined, { mappingMode: 'defineBelow', value: null }] as FormValue[]) {
			expect(customFieldPayload([], [], form, 'UTC', fail)).toEqual([]);
			expect(formFieldIds(form)).toEqual([]);
		}
	});
});
