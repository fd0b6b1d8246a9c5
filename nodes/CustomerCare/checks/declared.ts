/**
 * Checks declared with the fields: what a field's description implies (number, ID, dropdown,
 * choices) or what `checked` adds, found in an operation's fields and run before its request.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import type { PlatformClock } from '../basics/clock';
import { checkField, failFor, getPath, setPath, type Fail, type FieldRule } from './fieldRule';


/** What a field allows beyond what its description already says. */
export type FieldCheck = Omit<FieldRule, 'path' | 'label' | 'in'> & {
	label?: string;
};

const declaredChecks = new WeakMap<INodeProperties, FieldCheck>();

/**
 * A field declared together with its check: `checkFields` finds it in the operation's
 * fields. Needed only where the description does not already say what is allowed (e.g. a
 * record ID typed as text); numbers, dropdowns of the account's IDs and fixed choices are
 * checked from their description alone.
 */
export function checked<T extends INodeProperties>(property: T, check: FieldCheck): T {
	declaredChecks.set(property, check);
	return property;
}

/** The check declared on a field, to carry it over to a copy of the field. */
export function declaredCheckOf(property: INodeProperties): FieldCheck | undefined {
	return declaredChecks.get(property);
}

/** The ID of a record in the path (ticket, lead, deal): the API's ids are int(10). */
export const RECORD_ID: FieldCheck = {
	required: true,
	id: true,
	maxLength: 10,
};

/** The check a field's description implies: its type, bounds, dropdown source or choices. */
function checkOf(property: INodeProperties): FieldCheck | undefined {
	const typeOptions = property.typeOptions ?? {};
	let implied: FieldCheck | undefined;
	if (property.type === 'number') {
		implied = {
			number: true,
			integer: typeOptions.numberPrecision === undefined,
			min: typeOptions.minValue,
			max: typeOptions.maxValue,
		};
	} else if (property.type === 'options' && typeOptions.loadOptionsMethod) {
		implied = { id: true };
	} else if (property.type === 'multiOptions' && typeOptions.loadOptionsMethod) {
		implied = { ids: true };
	} else if (property.type === 'options' && Array.isArray(property.options)) {
		implied = {
			oneOf: (property.options as Array<{ value: string | number }>).map((option) => option.value),
		};
	}
	const declared = declaredChecks.get(property);
	return declared || implied ? { ...implied, ...declared } : undefined;
}

/**
 * The field's name as the user reads it, without n8n's dropdown suffix or a unit:
 * `Assignee Name or ID` → `Assignee`, `Label Names or IDs` → `Labels`, `Probability (%)` → `Probability`.
 */
function labelOf(property: INodeProperties): string {
	// A record picker ("Ticket") is checked for the ID it gives: "Ticket ID".
	if (property.type === 'resourceLocator') return `${property.displayName} ID`;
	return property.displayName
		.replace(/ Name or ID$/, '')
		.replace(/(s?) Names or IDs$/, (_, plural: string) => (plural ? plural : 's'))
		.replace(/ \(.*\)$/, '');
}

interface PlacedRule extends FieldRule {
	/** A parameter that is not sent as a field (e.g. a record ID in the path): checked, not changed. */
	parameter?: string;
}

/** The rules of the fields that n8n puts into the request at a fixed place, and of checked path parameters. */
function rulesOf(properties: INodeProperties[], top = true): PlacedRule[] {
	const rules: PlacedRule[] = [];
	for (const property of properties) {
		if (property.type === 'collection') {
			rules.push(...rulesOf((property.options ?? []) as INodeProperties[], false));
			continue;
		}
		const check = checkOf(property);
		if (!check) continue;
		const send = property.routing?.send;
		const path = send?.property;
		if (typeof path === 'string' && !path.startsWith('=')) {
			rules.push({
				...check,
				path,
				label: check.label ?? labelOf(property),
				in: send?.type === 'query' ? 'qs' : 'body',
			});
		} else if (top && !send && declaredChecks.has(property)) {
			rules.push({
				...check,
				path: property.name,
				label: check.label ?? labelOf(property),
				parameter: property.name,
			});
		}
	}
	return rules;
}

const rulesCache = new WeakMap<INodeProperties[], PlacedRule[]>();

/**
 * Checks every number and ID field of an operation before its request is sent, from the
 * fields' own descriptions (and `checked` declarations): a field is declared once, and its
 * description says what its check allows. Values n8n put into the request are checked where
 * they sit; numbers given as text become numbers.
 */
export function checkFields(
	this: IExecuteSingleFunctions,
	properties: INodeProperties[],
	requestOptions: IHttpRequestOptions,
	item: { account: { clock: PlatformClock }; fail: Fail },
): void {
	let rules = rulesCache.get(properties);
	if (!rules) rulesCache.set(properties, (rules = rulesOf(properties)));
	const { fail } = item;
	const { clock } = item.account;
	for (const rule of rules) {
		if (rule.parameter) {
			// extractValue: a record picker gives its ID (a saved plain-string ID is returned as it is).
			checkField(
				rule,
				this.getNodeParameter(rule.parameter, '', { extractValue: true }) as unknown,
				clock,
				fail,
			);
			continue;
		}
		const target = ((rule.in === 'qs' ? requestOptions.qs : requestOptions.body) ??
			{}) as IDataObject;
		const value = getPath(target, rule.path);
		if (value !== undefined || rule.required)
			setPath(target, rule.path, checkField(rule, value, clock, fail));
	}
}

/** Limit is a number field like any other: an expression may give it anything. */
export function checkLimit(ctx: IExecuteSingleFunctions): number {
	const limit = ctx.getNodeParameter('limit', 50) as unknown;
	const number = typeof limit === 'number' ? limit : Number(String(limit).trim());
	if (String(limit).trim() === '' || !Number.isInteger(number) || number < 1) {
		failFor(ctx)(`Limit (limit) must be a whole number of at least 1; got "${String(limit)}"`);
	}
	return number;
}
