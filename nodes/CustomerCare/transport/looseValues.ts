/**
 * Readers of the loosely typed values that parameters, queries and answers hold: is a value
 * empty, is it a plain object, the entries of a comma-separated list. One definition each for
 * the transport and the layers above it.
 */
import type { IDataObject } from 'n8n-workflow';

/** No value: undefined, null or the empty string (a blank parameter, an unset query value). */
export function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

/** An object that is neither null nor an array: a record, a body, an answer's details. */
export function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entries of a comma-separated list, trimmed, the empty ones left out (`",7, 8,"` → 7, 8). */
export function commaSeparated(text: string): string[] {
	return text
		.split(',')
		.map((entry) => entry.trim())
		.filter((entry) => entry.length > 0);
}
