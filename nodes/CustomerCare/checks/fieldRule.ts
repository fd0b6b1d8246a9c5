/**
 * The rule of one field and its check before sending: required, whole numbers and bounds, IDs,
 * lengths, e-mail and URL forms, choices, and dates converted to the platform's clock
 * (basics/clock.ts). A failed check names the field, what it allows and what it got.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { toQueryTime, type PlatformClock } from '../basics/clock';
import { toEpochMs, toZoneless } from '../basics/dates';
import { commaSeparated, isEmpty } from '../basics/looseValues';
import { normalizedPhone, notAPhone } from './phone';


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
	/** A phone in any common form, sent as the national digits (checks/phone.ts). */
	phone?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^https?:\/\/\S+$/i;

export function getPath(root: IDataObject, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>((node, key) => (node as IDataObject | undefined)?.[key], root);
}

export function setPath(root: IDataObject, path: string, value: unknown) {
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
	if (rule.phone) {
		const phone = normalizedPhone(value);
		if (phone === undefined) fail(notAPhone(rule.label, rule.path.split('.').pop()!, value));
		return phone;
	}
	if (rule.idList || rule.idArray) {
		const ids = Array.isArray(value)
			? value.map((id) => String(id).trim()).filter((id) => id !== '')
			: commaSeparated(String(value));
		const wrong = ids.find((id) => !/^\d+$/.test(id));
		if (wrong !== undefined) fail(`${name} must be a list of numeric IDs; "${wrong}" is not one`);
		if (rule.idList) return ids.join(',');
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

