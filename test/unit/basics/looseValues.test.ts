/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * isJsonObject: what the Custom Fields JSON box takes. The oracle is JSON itself: a value that
 * JSON.parse gives back is an object exactly when its text starts with `{`; a value of another
 * realm (node:vm) is judged as ours; a date or any class instance is no object of JSON.
 */
import { runInNewContext } from 'node:vm';

import fc from 'fast-check';
import { DateTime } from 'luxon';

import { isJsonObject } from '../../../nodes/CustomerCare/basics/looseValues';
import { propertyRuns } from '../helpers/property';

describe('isJsonObject', () => {
	test('any JSON text: an object exactly when the text is one, from this realm or another', () => {
		fc.assert(
			fc.property(fc.jsonValue(), (value) => {
				const text = JSON.stringify(value);
				const isObjectText = text.startsWith('{');
				expect(isJsonObject(JSON.parse(text))).toBe(isObjectText);
				expect(isJsonObject(runInNewContext(`JSON.parse(${JSON.stringify(text)})`))).toBe(isObjectText);
			}),
			propertyRuns(500),
		);
	});

	test('an object without a prototype is one; a date, a Luxon DateTime, a map or a class instance is not', () => {
		expect(isJsonObject(Object.create(null))).toBe(true);
		class Fields {
			note = 'x';
		}
		for (const value of [new Date(0), DateTime.fromMillis(0), new Map([['note', 'x']]), new Fields(), runInNewContext('new Date(0)')])
			expect(isJsonObject(value)).toBe(false);
	});
});
