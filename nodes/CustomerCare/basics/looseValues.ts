/**
 * Readers of the loosely typed values that parameters, queries and answers hold: is a value
 * empty, is it a plain object, the entries of a comma-separated list. One definition each for
 * the transport and the layers above it.
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * A table's own entry for a key an answer or a user gave: never what every object inherits
 * (`constructor`, `toString`, `__proto__`), which a plain `table[key]` would return for such a key.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
	return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** No value: undefined, null or the empty string (a blank parameter, an unset query value). */
export function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

/**
 * A plain object (`{…}`, as JSON writes one): a record, a body, an answer's details. Not null,
 * not an array, and not a class instance: a date from an expression (Luxon, Date) is a value.
 */
export function isPlainObject(value: unknown): value is IDataObject {
	if (typeof value !== 'object' || value === null) return false;
	const prototype = Object.getPrototypeOf(value) as unknown;
	return prototype === Object.prototype || prototype === null;
}

/** A record: a plain object with at least one key (PHP writes an empty object as `[]` or `{}`). */
export function isRecord(value: unknown): value is IDataObject {
	return isPlainObject(value) && Object.keys(value).length > 0;
}

/** The entries of a comma-separated list, trimmed, the empty ones left out (`",7, 8,"` → 7, 8). */
export function commaSeparated(text: string): string[] {
	return text
		.split(',')
		.map((entry) => entry.trim())
		.filter((entry) => entry.length > 0);
}

/** A list of IDs as the platform writes lists: an array, "7,8", ",7,8,", or one number. */
export function idsOf(value: unknown): string[] {
	if (typeof value === 'string') return commaSeparated(value);
	const parts: unknown[] = Array.isArray(value) ? value : [value];
	return parts
		.filter((part) => typeof part === 'number' || typeof part === 'string')
		.map((part) => String(part).trim())
		.filter((part) => part.length > 0);
}

/**
 * An object as JSON writes one: not a list, not a class instance (a date from an expression,
 * whose own keys are no fields). Its prototype is a root one, though not necessarily ours: an
 * expression's object may come from another realm.
 */
export function isJsonObject(value: unknown): value is IDataObject {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
	const prototype = Object.getPrototypeOf(value) as object | null;
	return prototype === null || Object.getPrototypeOf(prototype) === null;
}
