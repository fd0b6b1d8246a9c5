import type { FieldType, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';

import {
	buildCustomFields,
	choiceOptions,
	kindOf,
	type CustomFieldInput,
	type FieldKind,
} from './values';
import type { FieldDefinition } from '../definitions/accountDefinitions';
import type { Fail } from '../checks/fieldRule';

/**
 * The "Custom Fields" form (n8n's resourceMapper): one typed input per custom field of the
 * account, and the way back from what the form holds to the API's `custom_fields: [{id, value}]`.
 * Pure: the definitions come from the caller (read by methods/resourceMapping.ts in the editor
 * and by the operation's preSend at run time).
 */

/**
 * The editor's input for each kind. n8n's FieldType has no multi-select, but the editor renders
 * a form field with the type it names (MappingFields.vue `getParamType`, n8n 1.123 and 2.40), so
 * a multiple-choice field is a `multiOptions` select rather than a JSON box. URL and text area
 * are plain text inputs: the editor has no `url` input in 1.x; so is a field of no known type.
 */
const INPUT_OF_KIND: Record<FieldKind, FieldType | 'multiOptions'> = {
	text: 'string',
	textarea: 'string',
	url: 'string',
	free: 'string',
	number: 'number',
	date: 'dateTime',
	single: 'options',
	multiple: 'multiOptions',
};

/** The form's fields: keyed by field ID, so that a rename keeps the workflow's values. */
export function formFieldsOf(definitions: FieldDefinition[]): ResourceMapperField[] {
	return definitions.map((definition) => {
		const kind = kindOf(definition.type);
		const field: ResourceMapperField = {
			id: String(definition.custom_field_id),
			displayName: definition.custom_field_lable,
			type: INPUT_OF_KIND[kind] as FieldType,
			required: false,
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
		};
		if (kind === 'single' || kind === 'multiple') field.options = choiceOptions(definition);
		return field;
	});
}

/** What getNodeParameter gives for the form (n8n stores `null` as the value of a form never opened). */
export type FormValue =
	| Partial<Pick<ResourceMapperValue, 'mappingMode' | 'value' | 'schema'>>
	| null
	| undefined;

function isEmptyValue(value: unknown): boolean {
	if (value === null || value === undefined) return true;
	if (typeof value === 'string') return value.trim() === '';
	return Array.isArray(value) && value.length === 0;
}

/**
 * The form's filled-in inputs as entries naming fields by ID; empty inputs are left out (the
 * form shows every field, most stay empty). A field the account no longer has (an admin deleted
 * it after the workflow was built) is refused, named as the form showed it.
 */
export function formEntries(
	definitions: FieldDefinition[],
	form: FormValue,
	fail: Fail,
): CustomFieldInput[] {
	const values = (form?.value ?? {}) as Record<string, unknown>;
	const known = new Set(definitions.map((definition) => String(definition.custom_field_id)));
	const entries: CustomFieldInput[] = [];
	for (const [id, value] of Object.entries(values)) {
		if (isEmptyValue(value)) continue;
		if (!known.has(id.trim())) {
			const shown = form?.schema?.find((field) => field.id === id)?.displayName;
			fail(
				`Custom field ${shown ? `"${shown}" (ID ${id})` : `ID ${id}`} no longer exists in the account; ` +
					`open the node and refresh the Custom Fields form, or remove the field. The account has: ` +
					definitions
						.map((definition) => `${definition.custom_field_lable} (${definition.custom_field_id})`)
						.join(', '),
			);
		}
		entries.push({ field: id.trim(), value });
	}
	return entries;
}

/** The field IDs the form gives values for: the preSend reads the definitions again when one is new to it. */
export function formFieldIds(form: FormValue): string[] {
	return Object.entries((form?.value ?? {}) as Record<string, unknown>)
		.filter(([, value]) => !isEmptyValue(value))
		.map(([id]) => id.trim());
}

/**
 * The API's `custom_fields`: the entries given by label, code or ID (JSON, the earlier list)
 * and then the form's, checked and coerced by each field's type. A field given twice takes
 * the last value, so the form wins.
 */
export function customFieldPayload(
	definitions: FieldDefinition[],
	given: CustomFieldInput[],
	form: FormValue,
	timeZone: string,
	fail: Fail,
): ReturnType<typeof buildCustomFields> {
	return buildCustomFields(
		definitions,
		[...given, ...formEntries(definitions, form, fail)],
		timeZone,
		fail,
	);
}
