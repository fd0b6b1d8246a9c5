/**
 * Custom-field values coming out: with Simplify on, a record's custom fields keyed by their
 * labels and choices shown by their labels (the definitions read after the request).
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import {
	textOf,
	type FieldDefinition,
	type FieldDefinitionsName,
	type DefinitionName,
} from '../definitions/accountDefinitions';
import { simplifyIsOn } from '../output/simplify';
import { kindOf, listOf, type FieldKind } from './values';

/** How one field's raw values become labels: its label, its kind, its choices by id. */
interface FieldLabels {
	label: string;
	kind: FieldKind;
	choices: Map<string, string>;
}

/**
 * Maps records' field ids and choice ids to labels: `{ "Customer Tier": "Gold" }`. Definitions
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
	// Only the record's own keys are taken: a field labelled `constructor` keeps its label. A key
	// `__proto__` would set the object's prototype, not a field: it is never free.
	const taken = (candidate: string) => candidate === '__proto__' || Object.hasOwn(simplified, candidate);
	if (!taken(key)) return key;
	const withId = id === undefined || id === null || id === '' ? key : `${key} (${String(id)})`;
	let free = withId;
	for (let count = 2; taken(free); count++) free = `${withId} ${count}`;
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

/** Whether any record has a list of custom fields: else withFieldLabels has nothing to label. */
export const carriesCustomFields = (records: IDataObject[]) =>
	records.some((record) => customFieldEntriesOf(record) !== undefined);

/** Records with their custom fields keyed by label, choices by their labels. */
export function withFieldLabels(
	records: IDataObject[],
	definitions: FieldDefinition[] = [],
): IDataObject[] {
	if (!carriesCustomFields(records)) return records;
	return records.map(fieldLabeller(definitions));
}

/**
 * The output of records that carry custom fields: keyed by label when Simplify is on, the
 * definitions (`contactFieldDefinitions` for contacts) read after the request; the raw shape when off.
 */
export function labelledOutputOf(definitionsName: FieldDefinitionsName) {
	return {
		outputDefinitionSteps: [
			{
				needs(this: IExecuteSingleFunctions, records: IDataObject[]): DefinitionName[] {
					return simplifyIsOn(this) && records.some(holdsCustomFields) ? [definitionsName] : [];
				},
			},
		],
		transform(
			this: IExecuteSingleFunctions,
			records: IDataObject[],
			item: { definitions: Partial<Record<FieldDefinitionsName, FieldDefinition[]>> },
		) {
			return simplifyIsOn(this)
				? withFieldLabels(records, item.definitions[definitionsName])
				: records;
		},
	};
}

/** Tickets, leads and deals: the ticket definitions. */
export const labelledOutput = labelledOutputOf('fieldDefinitions');
