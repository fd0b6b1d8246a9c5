/**
 * Definitions as the platform writes them (../shared/real-platform.md §2.3): any of `type`,
 * `values`, `code`, `parent_value_id` or the label missing, ids and choice values as numbers or
 * text, type names in any spelling. Read as the node reads them (accountDefinitions.ts `fieldDefinitionsOf`,
 * what readDefinitions applies), nothing may throw in kindOf, the form, the dropdowns or Simplify,
 * and no label may read "undefined". Seeded: see ./property.ts to replay a failure.
 */
import fc from 'fast-check';

import { formFieldsOf } from '../../../nodes/CustomerCare/customFields/form';
import { buildCustomFields, choiceOptions, kindOf, typeNameOf } from '../../../nodes/CustomerCare/customFields/values';
import { withFieldLabels } from '../../../nodes/CustomerCare/customFields/labels';
import { fieldDefinitionsOf } from '../../../nodes/CustomerCare/definitions/accountDefinitions';
import type { Fail } from '../../../nodes/CustomerCare/checks/fieldRule';
import { propertyRuns } from '../helpers/property';

class Refused extends Error {}
const fail: Fail = (message) => {
	throw new Refused(message);
};

/** Type names seen on the real platform, the spec's, and anything else. */
const typeArb = fc.oneof(
	fc.constantFrom('Single drop-down list', 'Date', 'Numeric', 'Text Area', 'TEXTAREA', 'SINGLE', 'STAGE', 'URL', 'Link'),
	fc.string({ maxLength: 12 }),
	fc.constantFrom(null, 0, 7, true, {}, []),
);
/** An id as the platform may give it: a number, digits as text, or junk. */
const idArb = fc.oneof(
	fc.integer({ min: 1, max: 99_999 }),
	fc.integer({ min: 1, max: 99_999 }).map(String),
	fc.constantFrom(null, '', 'abc', 1.5),
);
const textArb = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(null, 3, 'undefined'));

/** Each key present or not: `requiredKeys: []`. */
const valueArb = fc.record(
	{ id: idArb, lable: textArb, code: textArb, parent_value_id: fc.oneof(idArb, fc.constant(-1)) },
	{ requiredKeys: [] },
);
const definitionArb = fc.record(
	{
		custom_field_id: idArb,
		custom_field_lable: textArb,
		type: typeArb,
		code: textArb,
		values: fc.oneof(fc.array(valueArb, { maxLength: 4 }), fc.constantFrom(null, 'x', {})),
	},
	{ requiredKeys: [] },
);
/** A record's custom fields as lists and details carry them: items of any shape. */
const entryArb = fc.oneof(
	fc.record({ id: idArb, lable: textArb, type: typeArb, value: fc.oneof(idArb, textArb, fc.array(idArb, { maxLength: 3 })) }, { requiredKeys: [] }),
	fc.constantFrom(null, 5, 'x'),
);
const recordArb = fc.record({
	ticket_id: fc.integer({ min: 1 }),
	key: fc.constantFrom('custom_fields', 'custom_filed'),
	entries: fc.array(entryArb, { maxLength: 5 }),
});

const saysUndefined = (text: unknown) => typeof text === 'string' && /undefined/.test(text);

describe('any definition the platform may write', () => {
	it('kindOf reads any type, given or not, without throwing', () => {
		fc.assert(
			fc.property(definitionArb, (raw) => {
				expect(typeof kindOf((raw as { type?: unknown }).type)).toBe('string');
			}),
			propertyRuns(500),
		);
	});

	it('the form, the dropdowns, Simplify and a free-text write work, and no label reads "undefined"', () => {
		fc.assert(
			fc.property(fc.array(definitionArb, { maxLength: 6 }), fc.array(recordArb, { maxLength: 3 }), (raws, records) => {
				// Labels the platform itself wrote "undefined" are its own: only made-up ones count.
				fc.pre(!raws.some((raw) => saysUndefined(raw.custom_field_lable) || (Array.isArray(raw.values) && raw.values.some((value) => saysUndefined(value.lable)))));
				fc.pre(!records.some((record) => record.entries.some((entry) => typeof entry === 'object' && entry !== null && saysUndefined(entry.lable))));
				const definitions = fieldDefinitionsOf(raws);

				for (const field of formFieldsOf(definitions)) {
					expect(saysUndefined(field.id) || saysUndefined(field.displayName)).toBe(false);
					for (const option of field.options ?? []) expect(saysUndefined(option.name)).toBe(false);
				}
				for (const definition of definitions) {
					// The field dropdown names a field `label (type)` (methods/loadOptions.ts getCustomFields).
					expect(saysUndefined(`${definition.custom_field_lable} (${typeNameOf(definition)})`)).toBe(false);
					for (const option of choiceOptions(definition)) expect(saysUndefined(option.name)).toBe(false);
					const first = definitions.find((candidate) => candidate.custom_field_id === definition.custom_field_id);
					if (first === definition && kindOf(definition.type) === 'free') {
						// Free text: sent as given, however long.
						const long = 'y'.repeat(300);
						expect(buildCustomFields(definitions, [{ field: definition.custom_field_id, value: long }], 'UTC', fail)).toEqual([
							{ id: definition.custom_field_id, value: long },
						]);
					}
				}

				const shaped = records.map((record) => ({ ticket_id: record.ticket_id, [record.key]: record.entries }));
				for (const simplified of withFieldLabels(shaped, definitions)) {
					for (const label of Object.keys((simplified.custom_fields as object | undefined) ?? {})) expect(saysUndefined(label)).toBe(false);
				}
			}),
			propertyRuns(400),
		);
	});
});
