/**
 * Custom-field values going in: a definition's kind from the platform's type names, the field
 * found by id or label, each value coerced to what its kind takes, and a field's choices as
 * dropdown options.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { toEpochMs, toSlashDate } from '../basics/dates';
import type { FieldDefinition, FieldValue } from '../definitions/accountDefinitions';
import { decimalNumber, type Fail } from '../checks/fieldRule';
import { commaSeparated, isEmpty } from '../basics/looseValues';

/** `free`: a type the node does not know, or none: text that the platform judges. */
export type FieldKind =
	| 'text'
	| 'textarea'
	| 'number'
	| 'date'
	| 'url'
	| 'single'
	| 'multiple'
	| 'free';

/**
 * The kind of a definition's type name. The platform writes names in any case and spacing
 * (`Text Area`, `TEXTAREA`, `Single drop-down list`: real-platform.md §2.3), so only letters
 * are compared; a missing or unknown type is `free`.
 */
export function kindOf(type: unknown): FieldKind {
	const name = typeof type === 'string' ? type.toUpperCase().replace(/[^A-Z]/g, '') : '';
	if (name.startsWith('MULTI')) return 'multiple';
	if (name.startsWith('SINGLE') || name === 'STAGE') return 'single';
	if (name.startsWith('NUMER') || name === 'NUMBER') return 'number';
	if (name === 'DATE') return 'date';
	if (name === 'URL' || name === 'LINK' || name === 'URLLINK') return 'url';
	if (name === 'TEXTAREA') return 'textarea';
	if (name === 'TEXT') return 'text';
	return 'free';
}

/** A definition's type as shown in dropdowns and refusals: the platform's name, or what a missing one means. */
export function typeNameOf(definition: Pick<FieldDefinition, 'type'>): string {
	return definition.type ?? 'free text';
}

const TEXT_MAX = 255;
const MAX_FIELDS = 20;
function sameText(a: unknown, b: unknown): boolean {
	return (
		typeof a === 'string' &&
		typeof b === 'string' &&
		a.trim().toLowerCase() === b.trim().toLowerCase()
	);
}

/** A field given by ID, label or code. */
export function findField(
	definitions: FieldDefinition[],
	key: unknown,
	fail: Fail,
): FieldDefinition {
	const byId = definitions.find(
		(definition) => String(definition.custom_field_id) === String(key).trim(),
	);
	// `Label (id)`: how Simplify keys the later of two fields that share a label.
	const labelled = /^(.*)\s\((-?\d+)\)\s*$/.exec(String(key));
	const field =
		byId ??
		definitions.find((definition) => sameText(definition.custom_field_lable, key)) ??
		definitions.find((definition) => definition.code !== null && sameText(definition.code, key)) ??
		(labelled
			? definitions.find(
					(definition) =>
						String(definition.custom_field_id) === labelled[2] &&
						sameText(definition.custom_field_lable, labelled[1]),
				)
			: undefined);
	if (!field) {
		const known = definitions.map(
			(definition) => `${definition.custom_field_lable} (${definition.custom_field_id})`,
		);
		return fail(
			`Custom field "${String(key)}" does not exist; the account has: ${known.join(', ')}`,
		);
	}
	return field;
}

/** A choice given by ID, label or code. */
function findChoice(field: FieldDefinition, key: unknown, fail: Fail): FieldValue {
	const values = field.values ?? [];
	const choice =
		values.find((value) => String(value.id) === String(key).trim()) ??
		values.find((value) => sameText(value.lable, key)) ??
		values.find((value) => value.code !== null && sameText(value.code, key));
	if (!choice) {
		return fail(
			`"${String(key)}" is not a choice of custom field "${field.custom_field_lable}"; allowed: ${values.map((value) => value.lable).join(', ')}`,
		);
	}
	return choice;
}

export function listOf(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'string') return commaSeparated(value);
	return [value];
}

/** A user's value as the API takes it for this field: checked and coerced by type. */
export function coerceValue(
	field: FieldDefinition,
	value: unknown,
	timeZone: string,
	fail: Fail,
): string | number | number[] {
	const name = `Custom field "${field.custom_field_lable}" (${typeNameOf(field)})`;
	switch (kindOf(field.type)) {
		case 'single': {
			// A list of one is what the editor's choices box gives; more than one is a mistake, not a pick.
			const choices = Array.isArray(value) ? value : [value];
			if (choices.length !== 1) {
				return fail(
					`${name} takes exactly one choice; got ${choices.length}${choices.length ? `: ${choices.map(String).join(', ')}` : ''}`,
				);
			}
			return findChoice(field, choices[0], fail).id;
		}
		case 'multiple':
			return listOf(value).map((choice) => findChoice(field, choice, fail).id);
		case 'number': {
			const number = decimalNumber(value);
			if (!Number.isFinite(number)) {
				return fail(`${name} must be a number; got "${String(value)}"`);
			}
			return number;
		}
		case 'date': {
			const ms = toEpochMs(value, timeZone);
			if (ms === undefined)
				return fail(
					`${name} must be a date such as 2026/01/31 or 2026-01-31; got "${String(value)}"`,
				);
			return toSlashDate(ms, timeZone);
		}
		case 'url':
			if (isListOrObject(value)) return fail(`${name} takes text; got ${describeNonText(value)}`);
			if (!/^https?:\/\/\S+$/i.test(String(value))) {
				return fail(`${name} must start with http:// or https://; got "${String(value)}"`);
			}
			return String(value);
		case 'text':
			if (isListOrObject(value)) return fail(`${name} takes text; got ${describeNonText(value)}`);
			if (String(value).length > TEXT_MAX) {
				return fail(
					`${name} is ${String(value).length} characters long; at most ${TEXT_MAX} are allowed`,
				);
			}
			return String(value);
		default:
			// Text area and free: the platform's own limits, not a made-up one.
			if (isListOrObject(value)) return fail(`${name} takes text; got ${describeNonText(value)}`);
			return String(value);
	}
}

/**
 * A JSON list or object, which String() would send as "[object Object]" or "a,b". A date from
 * an expression ({{ $now }}) is neither: it is sent as its text.
 */
function isListOrObject(value: unknown): boolean {
	return (
		Array.isArray(value) ||
		(typeof value === 'object' &&
			value !== null &&
			Object.getPrototypeOf(value) === Object.prototype)
	);
}

/** What a model or an expression gave where text belongs, for the refusal. */
function describeNonText(value: unknown): string {
	return Array.isArray(value)
		? `a list (${JSON.stringify(value).slice(0, 80)})`
		: `an object (${JSON.stringify(value).slice(0, 80)})`;
}

export interface CustomFieldInput {
	field: unknown;
	value: unknown;
}

/** `[{id, value}]` for the request, from entries naming fields by ID, label or code. */
export function buildCustomFields(
	definitions: FieldDefinition[],
	entries: CustomFieldInput[],
	timeZone: string,
	fail: Fail,
): Array<{ id: number; value: string | number | number[] }> {
	const byId = new Map<number, { id: number; value: string | number | number[] }>();
	for (const entry of entries) {
		const field = findField(definitions, entry.field, fail);
		// Not given (null, empty): not sent, as the form leaves an empty input out.
		if (isEmpty(entry.value)) continue;
		byId.set(field.custom_field_id, {
			id: field.custom_field_id,
			value: coerceValue(field, entry.value, timeZone, fail),
		});
	}
	if (byId.size > MAX_FIELDS)
		return fail(`At most ${MAX_FIELDS} custom fields can be set; got ${byId.size}`);
	return [...byId.values()];
}

/** A field's choices as select options; a child value names its parent (`Phone › iPhone`). */
export function choiceOptions(definition: FieldDefinition): INodePropertyOptions[] {
	const values = definition.values ?? [];
	const byId = new Map(values.map((value) => [value.id, value]));
	return values.map((value) => {
		const parent = value.parent_value_id > 0 ? byId.get(value.parent_value_id) : undefined;
		return {
			name: parent ? `${parent.lable} › ${value.lable}` : value.lable,
			value: value.id,
			description: value.code ? `Code: ${value.code}` : undefined,
		};
	});
}

