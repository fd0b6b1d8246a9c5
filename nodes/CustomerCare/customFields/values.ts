import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { pathWithId, type Endpoint } from '../api/endpoints';
import { toEpochMs, toSlashDate } from '../transport/dates';
import { recordIdProperty, simplifyProperty } from '../description/properties';
import { textOf, type FieldDefinition, type FieldValue, type LookupName } from '../definitions/lookups';
import { operation } from '../engine/operation';
import { simplifyIsOn } from '../output/simplify';
import { decimalNumber, isEmpty, type Fail } from '../checks/checks';

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

function listOf(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'string')
		return value
			.split(',')
			.map((part) => part.trim())
			.filter(Boolean);
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

/** How one field's raw values become labels: its label, its kind, its choices by id. */
interface FieldLabels {
	label: string;
	kind: FieldKind;
	choices: Map<string, string>;
}

/**
 * Maps records' field ids and choice ids to labels: `{ "Customer Tier": "Gold" }`. Lookups
 * go through maps built once, since a Return All labels tens of thousands of records.
 */
function fieldLabeller(definitions: FieldDefinition[]): (record: IDataObject) => IDataObject {
	// Admins name fields freely, so two may share a label: the first (in the account's order)
	// keeps it, a later one is keyed `Label (id)`, the same in every record, so no value is lost.
	const taken = new Set<string>();
	const byId = new Map<number, FieldLabels>();
	for (const definition of definitions) {
		if (byId.has(definition.custom_field_id)) continue;
		const label = taken.has(definition.custom_field_lable)
			? `${definition.custom_field_lable} (${definition.custom_field_id})`
			: definition.custom_field_lable;
		taken.add(label);
		byId.set(definition.custom_field_id, {
			label,
			kind: kindOf(definition.type),
			choices: new Map((definition.values ?? []).map((value) => [String(value.id), value.lable])),
		});
	}
	return (record) => {
		const raw = customFieldEntriesOf(record);
		if (raw === undefined) return record;
		const simplified: IDataObject = {};
		for (const entry of raw) {
			if (typeof entry !== 'object' || entry === null) continue;
			const { id, value: given } = entry as IDataObject;
			const field = byId.get(Number(id));
			const choiceLabel = (choice: unknown) => field?.choices.get(String(choice).trim()) ?? choice;
			let value = given;
			// Real records list every field, unset ones as null (real-platform.md §2.3): kept null.
			const unset = value === null || value === undefined;
			if (!unset && field?.kind === 'single') value = choiceLabel(value) as IDataObject[string];
			if (!unset && field?.kind === 'multiple')
				value = listOf(value).map(choiceLabel) as IDataObject[string];
			simplified[freeKey(simplified, field?.label ?? entryLabel(entry as IDataObject), id)] = value;
		}
		// The records are this execution's own, freshly parsed: relabelled in place, not copied.
		delete record.custom_filed;
		record.custom_fields = simplified;
		return record;
	};
}

/**
 * A key of `simplified` that holds no value yet: `key`, else `key (id)`, else numbered. Within
 * one record a field without definition may meet a defined one's label, or an id come twice.
 */
function freeKey(simplified: IDataObject, key: string, id: unknown): string {
	if (!(key in simplified)) return key;
	const withId = id === undefined || id === null || id === '' ? key : `${key} (${String(id)})`;
	let free = withId;
	for (let count = 2; free in simplified; count++) free = `${withId} ${count}`;
	return free;
}

/** A record's field that no definition names: its own label, else its id. */
function entryLabel(entry: IDataObject): string {
	const label = textOf(entry.lable);
	if (label !== undefined) return label;
	const id = textOf(entry.id);
	return id === undefined ? 'Unnamed field' : `Field ${id}`;
}

/**
 * A record's custom-field entries. Real records write them under `custom_fields`, some under
 * `custom_filed` (the API's spelling); a record may carry both, one of them empty
 * (`custom_fields: []` beside a full `custom_filed`): the entries of both, `custom_fields`'
 * first, an id that both hold once. Undefined when neither key holds a list.
 */
function customFieldEntriesOf(record: IDataObject): unknown[] | undefined {
	const lists = [record.custom_fields, record.custom_filed].filter(Array.isArray) as unknown[][];
	if (lists.length === 0) return undefined;
	if (lists.length === 1) return lists[0];
	const idOf = (entry: unknown) =>
		typeof entry === 'object' && entry !== null ? textOf((entry as IDataObject).id) : undefined;
	const seen = new Set<string | undefined>(lists[0].map(idOf).filter((id) => id !== undefined));
	return [...lists[0], ...lists[1].filter((entry) => !seen.has(idOf(entry)))];
}

const holdsCustomFields = (record: IDataObject) => (customFieldEntriesOf(record)?.length ?? 0) > 0;

/** Records with their custom fields keyed by label, choices by their labels. */
export function withFieldLabels(
	records: IDataObject[],
	definitions: FieldDefinition[] = [],
): IDataObject[] {
	if (!records.some((record) => customFieldEntriesOf(record) !== undefined)) return records;
	return records.map(fieldLabeller(definitions));
}

/**
 * The output of records that carry custom fields (tickets, leads, deals): keyed by label when
 * Simplify is on, the definitions read after the request; the raw shape when off.
 */
export const labelledOutput = {
	outputLookups: [
		{
			needs(this: IExecuteSingleFunctions, records: IDataObject[]): LookupName[] {
				return simplifyIsOn(this) && records.some(holdsCustomFields) ? ['fieldDefinitions'] : [];
			},
		},
	],
	transform(
		this: IExecuteSingleFunctions,
		records: IDataObject[],
		item: { lookups: { fieldDefinitions?: FieldDefinition[] } },
	) {
		return simplifyIsOn(this) ? withFieldLabels(records, item.lookups.fieldDefinitions) : records;
	},
};

/* ---------- editor: dropdowns and the parameters that use them ---------- */

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

/**
 * The Get operation of a record with custom fields (ticket, lead, deal): its ID in the path,
 * and its custom fields keyed by label when Simplify is on.
 */
export function getRecordOperation(
	resource: 'ticket' | 'lead' | 'deal',
	endpoint: Endpoint,
	id: { name: string; description: string },
	description: string,
): { operation: INodePropertyOptions; fields: INodeProperties[] } {
	const fields = [
		recordIdProperty(
			resource,
			'get',
			`${resource.charAt(0).toUpperCase()}${resource.slice(1)} ID`,
			id.name,
			id.description,
		),
		simplifyProperty(resource, ['get']),
	];
	return {
		fields,
		operation: operation(
			{
				name: 'Get',
				value: 'get',
				action: `Get a ${resource} by ID with its comments and custom fields`,
				description,
			},
			{ ...endpoint, path: pathWithId(endpoint, id.name) },
			{ fields, ...labelledOutput },
		),
	};
}
