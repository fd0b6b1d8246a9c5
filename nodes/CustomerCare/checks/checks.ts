import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readApiTime, toQueryTime, type PlatformClock } from '../transport/clock';
import { toEpochMs, toZoneless } from '../transport/dates';

/** A check (and, for dates and lists, a conversion) of one field of the request before it is sent. */
export interface FieldRule {
	/** Where the value sits in the request, in dot notation, e.g. `ticket.ticket_subject`. */
	path: string;
	/** The name the user sees. */
	label: string;
	in?: 'body' | 'qs';
	required?: boolean;
	maxLength?: number;
	oneOf?: ReadonlyArray<string | number>;
	min?: number;
	max?: number;
	integer?: boolean;
	email?: boolean;
	url?: boolean;
	/** Converts a date to the endpoint's own format: a list filter's bound (clock.ts), or zone-less local time. */
	date?: 'query' | 'zoneless';
	/**
	 * The start of a range: a time within a second is rounded up to the next whole second, as the
	 * platform's stamps are whole seconds and an earlier one is outside the range.
	 */
	rangeStart?: boolean;
	/** A list of ids sent comma-separated (`1,2,3`). */
	idList?: boolean;
	/** A list of ids sent as a JSON array of numbers (`[1, 2, 3]`); an empty list is not sent. */
	idArray?: boolean;
	/** Sent as text, even when an expression gave a number (ids such as `order_city_id`). */
	text?: boolean;
	/** A number, decimals allowed (whole numbers: `integer`). */
	number?: boolean;
	/** An ID of the account: digits, sent as a number (as text with `text`). */
	id?: boolean;
	/** A list of IDs (digits), sent as given; `idList`/`idArray` convert it where the endpoint wants. */
	ids?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^https?:\/\/\S+$/i;

function getPath(root: IDataObject, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>((node, key) => (node as IDataObject | undefined)?.[key], root);
}

function setPath(root: IDataObject, path: string, value: unknown) {
	const keys = path.split('.');
	const last = keys.pop()!;
	if (value === undefined) {
		// Removing a value must not leave empty parent objects behind (the API reads `{}` as a value).
		const parent = getPath(root, keys.join('.')) as IDataObject | undefined;
		if (keys.length === 0) delete root[last];
		else if (parent && typeof parent === 'object') delete parent[last];
		return;
	}
	const parent = keys.reduce<IDataObject>((node, key) => (node[key] ??= {}) as IDataObject, root);
	parent[last] = value as IDataObject[string];
}

export function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

/** A number written in decimals (an exponent allowed, as JavaScript writes 1e21), not in hex, binary or octal. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A value given for a number: a number as it is, text written in decimals as its number, NaN for
 * anything else. Number() alone would read "0x10" as 16 and "" as 0.
 */
export function decimalNumber(value: unknown): number {
	if (typeof value === 'number') return value;
	const text = typeof value === 'string' ? value.trim() : '';
	return DECIMAL.test(text) ? Number(text) : NaN;
}

/** Reports bad input: throws an error naming the field, what is allowed and the item. */
export type Fail = (message: string) => never;

/** The Fail of one item: a NodeOperationError carrying the item index, raised before any request. */
export function failFor(ctx: IExecuteSingleFunctions): Fail {
	const itemIndex = ctx.getItemIndex();
	return (message: string) => {
		throw new NodeOperationError(ctx.getNode(), `${message} [item ${itemIndex}]`, { itemIndex });
	};
}

/** Checks one value against its rule; returns the value to send (converted where the rule says). */
export function checkField(rule: FieldRule, value: unknown, clock: PlatformClock, fail: Fail): unknown {
	const name = `${rule.label} (${rule.path.split('.').pop()})`;
	if (isEmpty(value)) {
		if (rule.required) fail(`${name} is required`);
		return undefined;
	}
	if (rule.date) {
		// What the user gives is read as ISO 8601 ("Z" is UTC), a time without a zone in the account's.
		const ms = toEpochMs(value, clock.zone);
		if (ms === undefined) {
			fail(
				`${name} must be a date, such as 2026-01-31T08:00:00Z, 2026-01-31 08:00:00 or {{ $now }}; got "${String(value)}"`,
			);
		}
		const whole = rule.rangeStart ? Math.ceil(ms! / 1000) * 1000 : ms!;
		return rule.date === 'query' ? toQueryTime(whole, clock) : toZoneless(whole, clock.zone);
	}
	if (rule.idList) {
		const ids = (Array.isArray(value) ? value : String(value).split(','))
			.map((id) => String(id).trim())
			.filter((id) => id !== '');
		const wrong = ids.find((id) => !/^\d+$/.test(id));
		if (wrong !== undefined) fail(`${name} must be a list of numeric IDs; "${wrong}" is not one`);
		return ids.join(',');
	}
	if (rule.idArray) {
		const ids = (Array.isArray(value) ? value : String(value).split(','))
			.map((id) => String(id).trim())
			.filter((id) => id !== '');
		const wrong = ids.find((id) => !/^\d+$/.test(id));
		if (wrong !== undefined) fail(`${name} must be a list of numeric IDs; "${wrong}" is not one`);
		return ids.length > 0 ? ids.map(Number) : undefined;
	}
	if (rule.id) {
		const digits = rule.maxLength ?? 20;
		if (!new RegExp(`^\\d{1,${digits}}$`).test(String(value).trim())) {
			fail(
				`${name} must be a whole number${rule.maxLength ? ` of at most ${digits} digits` : ''}; got "${String(value)}"`,
			);
		}
		// The API's ids are numbers; an expression often gives them as text.
		if (!rule.text) value = Number(String(value).trim());
	}
	if (rule.ids) {
		const wrong = (Array.isArray(value) ? value : String(value).split(',')).find(
			(id) => !/^\d{1,20}$/.test(String(id).trim()),
		);
		if (wrong !== undefined)
			fail(`${name} must be a list of numeric IDs; "${String(wrong)}" is not one`);
	}
	if (rule.text && typeof value !== 'string') value = String(value);
	if (rule.number || rule.integer || rule.min !== undefined || rule.max !== undefined) {
		const number = decimalNumber(value);
		if (!Number.isFinite(number) || (rule.integer && !Number.isInteger(number))) {
			fail(
				`${name} must be ${rule.integer ? 'a whole number' : 'a number'}; got "${String(value)}"`,
			);
		}
		if (
			(rule.min !== undefined && number < rule.min) ||
			(rule.max !== undefined && number > rule.max)
		) {
			fail(`${name} must be between ${rule.min ?? '-∞'} and ${rule.max ?? '∞'}; got ${number}`);
		}
		value = number;
	}
	if (rule.oneOf) {
		// An expression gives `"1"` where the dropdown gives `1`: the allowed value is sent.
		const allowed = rule.oneOf.find((option) => String(option) === String(value).trim());
		if (allowed === undefined)
			fail(`${name} must be one of ${rule.oneOf.join(', ')}; got "${String(value)}"`);
		value = allowed;
	}
	if (rule.maxLength !== undefined && String(value).length > rule.maxLength) {
		fail(
			`${name} is ${String(value).length} characters long; at most ${rule.maxLength} are allowed`,
		);
	}
	if (rule.email && !EMAIL.test(String(value)))
		fail(`${name} must be an e-mail address; got "${String(value)}"`);
	if (rule.url && !URL_PATTERN.test(String(value))) {
		fail(`${name} must start with http:// or https://; got "${String(value)}"`);
	}
	return value;
}

/** A date-range filter of a list: the query names of its two ends and the names the user sees. */
export interface DateRange {
	since: string;
	to: string;
	sinceLabel?: string;
	toLabel?: string;
}

/**
 * The date ranges of a list: each end converted to the API's ISO form, a range must end after
 * it starts, and with `required` one range must be given (lists that only read a date range,
 * such as tickets and calls).
 */
export function checkDateRanges(ranges: DateRange[], options: { required?: boolean } = {}) {
	return function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
		item: { fail: Fail; account: { clock: PlatformClock } },
	): void {
		const qs = (requestOptions.qs ?? {}) as IDataObject;
		const { fail } = item;
		const { clock } = item.account;
		// The user's own values, for messages: what is sent is in the platform's clock.
		const given = { ...qs };
		for (const { since, to, sinceLabel = 'From', toLabel = 'To' } of ranges) {
			if (qs[since] !== undefined)
				qs[since] = checkField(
					{ path: since, label: sinceLabel, date: 'query', rangeStart: true },
					qs[since],
					clock,
					fail,
				) as string;
			if (qs[to] !== undefined)
				qs[to] = checkField({ path: to, label: toLabel, date: 'query' }, qs[to], clock, fail) as string;
		}
		if (options.required && !ranges.some(({ since }) => !isEmpty(qs[since]))) {
			const label = ranges[0].sinceLabel ?? 'From';
			fail(
				`${label} (${ranges.map(({ since }) => since).join(' or ')}) is required: the API lists records of a date range`,
			);
		}
		for (const { since, to, sinceLabel = 'From', toLabel = 'To' } of ranges) {
			if (isEmpty(qs[since]) || isEmpty(qs[to])) continue;
			// Compared in whole seconds, as sent: a range within one second holds no stamp of the platform's.
			if (readApiTime(qs[to], clock)! <= readApiTime(qs[since], clock)!) {
				fail(
					`${toLabel} (${to}) ${String(given[to])} must be after ${sinceLabel} (${since}) ${String(given[since])}, by at least a whole second: the platform stamps records to the second`,
				);
			}
		}
	};
}

/* ---------- checks declared with the fields ---------- */

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
