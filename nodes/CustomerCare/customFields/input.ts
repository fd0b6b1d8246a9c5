import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	NodeParameterValue,
} from 'n8n-workflow';

import { customFieldPayload, formFieldIds, type FormValue } from './form';
import type { CustomFieldInput } from './values';
import type { ItemContext, DefinitionStep } from '../engine/spec';
import { failFor, type Fail } from '../checks/fieldRule';
import type { FieldDefinitionsName } from '../definitions/accountDefinitions';
import { isJsonObject } from '../basics/looseValues';

/**
 * How Create and Update of tickets, leads and deals take custom fields:
 *
 * - **Form** (default): `customFieldsForm`, n8n's resourceMapper with one typed input per field
 *   of the account (methods/resourceMapping.ts).
 * - **JSON**: `customFieldsJson`, one object keyed by field label, code or ID, for expressions
 *   and AI agents.
 *
 * Workflows built before the form have no `customFieldsInput` (so they read as Form) and may
 * hold the earlier inputs: the field list `customFields` and the JSON box. Both keep working
 * without a node version: each is shown, and sent, whenever it holds something, whatever the
 * input mode, so such a workflow looks and runs as before and the user can empty it to retire
 * it. A new node never shows them. (n8n drops a parameter whose displayOptions hide it before
 * the run, so what is shown is exactly what is sent.)
 */
export const CUSTOM_FIELD_INPUT = 'customFieldsInput';

/**
 * The list's empty value. n8n compares with lodash isEqual, which takes objects, but types the
 * condition's value as a simple one. (A path such as `customFields.field` would be typed, but
 * n8n 1.x cannot order a dependency on a path and fails to load the node.)
 */
const NO_ENTRIES = {} as unknown as NodeParameterValue;

/**
 * The custom-field inputs of Create and Update. `contacts`: the contact definitions and their
 * own form method; a resource that is new with the form keeps no earlier inputs.
 */
export function customFieldProperties(
	resource: string,
	operations: string[],
	object: 'tickets' | 'contacts' = 'tickets',
): INodeProperties[] {
	const where = { resource: [resource], operation: operations };
	const properties = [
		{
			displayName: 'Custom Fields Input',
			name: CUSTOM_FIELD_INPUT,
			type: 'options',
			description: 'How the custom fields are given: a form with one input per field, or one JSON object (the easier for expressions and AI agents)',
			noDataExpression: true,
			options: [
				{
					name: 'Form',
					value: 'form',
					description: 'One typed input per custom field of the account',
				},
				{
					name: 'JSON',
					value: 'json',
					description: 'One object keyed by field label, code or ID: for expressions and AI agents',
				},
			],
			default: 'form',
			displayOptions: { show: where },
		},
		{
			displayName: 'Custom Fields',
			name: 'customFieldsForm',
			type: 'resourceMapper',
			noDataExpression: true,
			default: { mappingMode: 'defineBelow', value: null },
			displayOptions: { show: { ...where, [CUSTOM_FIELD_INPUT]: ['form'] } },
			description:
				'One input per custom field of the account, typed by the field; empty inputs are not sent',
			typeOptions: {
				resourceMapper: {
					resourceMapperMethod:
						object === 'contacts' ? 'getContactCustomFieldColumns' : 'getCustomFieldColumns',
					mode: 'add',
					valuesLabel: 'Custom Fields to Set',
					fieldWords: { singular: 'custom field', plural: 'custom fields' },
					addAllFields: true,
					multiKeyMatch: false,
					// Input items are keyed by labels, the form by field IDs: JSON mode maps items.
					supportAutoMap: false,
					noFieldsError:
						'The account has no custom fields (an admin adds them in the platform under Admin → Custom fields)',
					// Fields change when an admin renames, retypes, adds or removes one: re-read on open.
					refreshStaleSchemaOnOpen: true,
				},
			},
		},
		{
			displayName: 'Custom Fields (JSON)',
			name: 'customFieldsJson',
			type: 'json',
			default: '{}',
			displayOptions: { show: { ...where, [CUSTOM_FIELD_INPUT]: ['json'] } },
			description:
				'Custom fields as one object, keyed by field label, code or ID, e.g. {"Customer Tier": "Gold"}. A list, a text, a number or null is refused before anything is sent. Handy with expressions and AI agents.',
		},
	] satisfies INodeProperties[];
	if (object === 'contacts') return properties;
	return [
		...properties,
		// n8n decides what is shown from the parameters a node has, and drops the hidden ones: this
		// hidden twin keeps the JSON box's value in Form mode, so that the earlier box below is
		// shown only when it holds something (an absent value would count as "not {}").
		{
			displayName: 'Custom Fields (JSON)',
			name: 'customFieldsJson',
			type: 'hidden',
			default: '{}',
			displayOptions: { show: { ...where, [CUSTOM_FIELD_INPUT]: ['form'] } },
		},
		// The earlier JSON box, in Form mode only while it holds something (see above).
		{
			displayName: 'Custom Fields (JSON)',
			name: 'customFieldsJson',
			type: 'json',
			default: '{}',
			displayOptions: {
				show: {
					...where,
					[CUSTOM_FIELD_INPUT]: ['form'],
					customFieldsJson: [{ _cnd: { not: '{}' } }],
				},
			},
			description:
				'Custom fields as one object keyed by field label, code or ID, kept from a workflow built before the form. Merged with the form, which wins for a field given in both.',
		},
		// The same for the earlier field list; besides, n8n's run decides what is shown from the
		// simple parameters only, which a list is not.
		{
			displayName: 'Custom Fields (List)',
			name: 'customFields',
			type: 'hidden',
			default: {},
			displayOptions: { show: where },
		},
		{
			displayName: 'Custom Fields (List)',
			name: 'customFields',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Custom Field',
			default: {},
			displayOptions: { show: { ...where, customFields: [{ _cnd: { not: NO_ENTRIES } }] } },
			description:
				'The field list of workflows built before the form. Sent with the JSON and the form, which win for a field given twice.',
			options: [
				{
					displayName: 'Field',
					name: 'field',
					values: [
						{
							displayName: 'Field Name or ID',
							name: 'fieldId',
							type: 'options',
							typeOptions: { loadOptionsMethod: 'getCustomFields' },
							default: '',
							description:
								'The custom field to set; an expression may also give its label or code. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							default: '',
							description:
								'For text, number, date (YYYY/MM/DD or any date), URL and text-area fields. For choice fields, a choice ID, label or code (comma-separated for several).',
						},
						{
							displayName: 'Choice Names or IDs',
							name: 'choices',
							type: 'multiOptions',
							typeOptions: {
								loadOptionsMethod: 'getCustomFieldValues',
								loadOptionsDependsOn: ['&fieldId'],
							},
							default: [],
							description:
								'For choice and stage fields: the choices to set. A single-choice or stage field takes exactly one; several are refused before sending. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
						},
					],
				},
			],
		},
	];
}

interface FieldListParameter {
	field?: Array<{ fieldId?: string | number; value?: unknown; choices?: Array<string | number> }>;
}

/** Entries of the earlier field list (workflows built before the form). */
function listEntries(ctx: IExecuteSingleFunctions): CustomFieldInput[] {
	const listed = (ctx.getNodeParameter('customFields', {}) as FieldListParameter).field ?? [];
	return listed
		.filter((entry) => entry.fieldId !== undefined && entry.fieldId !== '')
		.map((entry) => ({
			field: entry.fieldId,
			value: entry.choices && entry.choices.length > 0 ? entry.choices : entry.value,
		}));
}

const JSON_BOX_EXAMPLE = '{"Customer Tier": "Gold"}';

/** A Date's or a Luxon DateTime's instant, as ISO text; undefined for anything else or an invalid date. */
function dateTextOf(value: object): string | undefined {
	const luxon = value as { toJSDate?: () => Date };
	// Duck-typed: an expression's Date may come from another realm.
	const date = typeof luxon.toJSDate === 'function' ? luxon.toJSDate() : (value as Partial<Date>);
	return typeof date.getTime === 'function' && typeof date.toISOString === 'function' && !Number.isNaN(date.getTime())
		? date.toISOString()
		: undefined;
}

/** What the JSON box held instead of an object, for the refusal. */
function describeNotObject(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return `a list (${JSON.stringify(value).slice(0, 80)})`;
	if (typeof value === 'string') return `a text (${JSON.stringify(value.slice(0, 80))})`;
	if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value === 'number' ? 'the number' : ''} ${String(value)}`.trim();
	if (typeof value === 'object') {
		const date = dateTextOf(value);
		return date ? `a date (${date})` : `an object of type ${String((value as object).constructor?.name ?? 'unknown')}`;
	}
	return typeof value;
}

/**
 * The JSON box's entries. Only an object is read: a list or a text would give fields named "0",
 * "1" … and a number or null none at all, so each is refused before any request.
 */
function jsonEntries(ctx: IExecuteSingleFunctions, fail: Fail): CustomFieldInput[] {
	let json = ctx.getNodeParameter('customFieldsJson', {}) as unknown;
	if (typeof json === 'string') {
		try {
			json = json.trim() ? (JSON.parse(json) as unknown) : {};
		} catch {
			fail(`Custom Fields (JSON) (customFieldsJson) must be a JSON object such as ${JSON_BOX_EXAMPLE}; got text that is not JSON`);
		}
	}
	if (json === undefined) return [];
	if (!isJsonObject(json)) {
		fail(`Custom Fields (JSON) (customFieldsJson) must be a JSON object such as ${JSON_BOX_EXAMPLE}; got ${describeNotObject(json)}`);
	}
	return Object.entries(json).map(([field, value]) => ({ field, value }));
}

/** The custom fields a user gave: the form, the JSON box and the earlier list. */
function givenOf(ctx: IExecuteSingleFunctions, fail: Fail) {
	// A hidden parameter is gone by now (see above): in JSON mode the form reads as null.
	const form = ctx.getNodeParameter('customFieldsForm', null) as FormValue;
	return { form, entries: [...listEntries(ctx), ...jsonEntries(ctx, fail)] };
}

/**
 * The custom fields the user gave (form, JSON, earlier list) as `{root}.custom_fields:
 * [{id, value}]`, checked against the account's definitions, which the definitions step reads only
 * when something was given.
 */
export function sendCustomFields(
	root: 'ticket' | 'lead' | 'deal' | 'contact',
	definitionsName: FieldDefinitionsName = 'fieldDefinitions',
): DefinitionStep {
	return {
		needs(this: IExecuteSingleFunctions) {
			// A JSON box that holds no object fails here, before the definitions or the write are sent.
			const { form, entries } = givenOf(this, failFor(this));
			return entries.length > 0 || formFieldIds(form).length > 0 ? [definitionsName] : [];
		},
		run(this: IExecuteSingleFunctions, request: IHttpRequestOptions, item: ItemContext) {
			const { form, entries } = givenOf(this, item.fail);
			if (entries.length === 0 && formFieldIds(form).length === 0) return;
			const body = (request.body ??= {}) as IDataObject;
			const target = (body[root] ??= {}) as IDataObject;
			const definitions = item.definitions[definitionsName] ?? [];
			target.custom_fields = customFieldPayload(
				definitions,
				entries,
				form,
				item.timeZone,
				item.fail,
			) as unknown as IDataObject[];
		},
	};
}
