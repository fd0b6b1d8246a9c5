/**
 * Custom-field coercion (nodes/CustomerCare/customFields/values.ts): a user's value, given for a
 * field named by ID, label or code, becomes what the API takes for the field's type, or is
 * refused before any request. Property runs are seeded: see ./property.ts to replay a failure.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { buildCustomFields, coerceValue, findField, kindOf } from '../../../nodes/CustomerCare/customFields/values';
import { withFieldLabels } from '../../../nodes/CustomerCare/customFields/labels';
import { fieldDefinitionsOf, nameOf, type FieldDefinition } from '../../../nodes/CustomerCare/definitions/accountDefinitions';
import type { Fail } from '../../../nodes/CustomerCare/checks/fieldRule';
import { propertyRuns } from '../helpers/property';

class Refused extends Error {}
const fail: Fail = (message) => {
	throw new Refused(message);
};

function field(
	id: number,
	label: string,
	type: string,
	code: string | null = null,
	values: Array<[number, string, string | null]> = [],
): FieldDefinition {
	return {
		custom_field_id: id,
		custom_field_lable: label,
		type,
		code,
		values: values.map(([valueId, lable, valueCode]) => ({
			id: valueId,
			lable,
			code: valueCode,
			parent_value_id: 0,
		})),
	};
}

const TIER = field(11, 'Customer Tier', 'SINGLE_CHOICE', 'tier', [
	[101, 'Gold', 'G'],
	[102, 'Silver', 'S'],
	[103, 'Bronze', null],
]);
const CHANNELS = field(12, 'Channels', 'MULTI_CHOICE', null, [
	[201, 'Email', 'mail'],
	[202, 'Phone', null],
	[203, 'Chat', null],
]);
const AMOUNT = field(13, 'Amount', 'NUMBER', 'amount');
const RENEWAL = field(14, 'Renewal', 'DATE', 'renewal');
const SITE = field(15, 'Site', 'URL', null);
const NOTE = field(16, 'Note', 'TEXT', 'note');
const STORY = field(17, 'Story', 'TEXTAREA', null);
const DEFINITIONS = [TIER, CHANNELS, AMOUNT, RENEWAL, SITE, NOTE, STORY];

const coerce = (definition: FieldDefinition, value: unknown, timeZone = 'UTC') =>
	coerceValue(definition, value, timeZone, fail);

describe('kindOf', () => {
	it('reads the API’s spellings of each type', () => {
		expect(['SINGLE_CHOICE', 'single', 'STAGE'].map(kindOf)).toEqual(['single', 'single', 'single']);
		expect(['MULTI_CHOICE', 'MULTIPLE'].map(kindOf)).toEqual(['multiple', 'multiple']);
		expect(['NUMBER', 'NUMERIC'].map(kindOf)).toEqual(['number', 'number']);
		expect(['URL', 'LINK', 'URL/LINK'].map(kindOf)).toEqual(['url', 'url', 'url']);
		expect(['DATE', 'TEXTAREA', 'TEXT'].map(kindOf)).toEqual(['date', 'textarea', 'text']);
	});

	// As the real platform writes them (../shared/real-platform.md §2.3: sentence case, "Text
	// Area" with a space, no `type` key at all on 4 of 11 contact definitions).
	it.each([
		['Text Area', 'textarea'],
		['TEXTAREA', 'textarea'],
		['textarea', 'textarea'],
		[' text  area ', 'textarea'],
		['Text', 'text'],
		['Single drop-down list', 'single'],
		['SINGLE', 'single'],
		['single drop down list', 'single'],
		['Stage', 'single'],
		['Multiple drop-down list', 'multiple'],
		['Numeric', 'number'],
		['NUMBER', 'number'],
		['Date', 'date'],
		['URL', 'url'],
		['Link', 'url'],
		['Url / Link', 'url'],
	])('%j is %s', (type, kind) => {
		expect(kindOf(type)).toBe(kind);
	});

	it.each([[undefined], [null], [''], ['   '], [42], ['Rating'], ['SOMETHING_NEW']])(
		'%j: free text that the platform judges, never a crash',
		(type) => {
			expect(kindOf(type)).toBe('free');
		},
	);
});

describe('coerceValue with the real platform’s definitions', () => {
	const long = 'x'.repeat(1200);
	it('a "Text Area" field takes text over 255 characters', () => {
		expect(coerce(field(20, 'Story', 'Text Area'), long)).toBe(long);
	});
	it('a field without a type takes any text, with no length limit, and is named without "undefined"', () => {
		const address = { custom_field_id: 5840, custom_field_lable: 'Address', code: null } as FieldDefinition;
		expect(coerce(address, long)).toBe(long);
		expect(() => coerce(address, ['a', 'b'])).toThrow('Custom field "Address" (free text) takes text; got a list (["a","b"])');
	});
	it('a "Text" field keeps its 255 characters', () => {
		expect(() => coerce(field(21, 'Note', 'Text'), long)).toThrow('at most 255');
	});
});

describe('findField', () => {
	it('finds a field by ID (number or text), label or code, ignoring case and spaces', () => {
		expect(findField(DEFINITIONS, 11, fail)).toBe(TIER);
		expect(findField(DEFINITIONS, ' 11 ', fail)).toBe(TIER);
		expect(findField(DEFINITIONS, 'customer tier', fail)).toBe(TIER);
		expect(findField(DEFINITIONS, 'TIER', fail)).toBe(TIER);
	});

	it('refuses an unknown field, naming the fields the account has', () => {
		expect(() => findField(DEFINITIONS, 'Colour', fail)).toThrow(/"Colour" does not exist.*Customer Tier \(11\)/);
	});
});

describe('coerceValue', () => {
	it('NUMBER: numbers, and numbers given as text, round-trip', () => {
		fc.assert(
			fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (number) => {
				expect(coerce(AMOUNT, number)).toBe(number);
				expect(coerce(AMOUNT, ` ${String(number)} `)).toBe(Object.is(number, -0) ? 0 : number);
			}),
			propertyRuns(1000),
		);
	});

	it('NUMBER: refuses text that is not a number, and empty text', () => {
		for (const value of ['', '  ', 'ten', '1,5', 'Infinity', NaN, {}]) {
			expect(() => coerce(AMOUNT, value)).toThrow(/Custom field "Amount" \(NUMBER\) must be a number/);
		}
	});

	it('TEXT: keeps text of at most 255 characters and refuses longer, giving the length', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.string({ unit: 'grapheme-ascii', maxLength: 400, size: 'max' }),
					// Lengths at the limit, where an off-by-one shows.
					fc.integer({ min: 250, max: 260 }).chain((length) => fc.string({ minLength: length, maxLength: length })),
				),
				(text) => {
					if (text.length <= 255) expect(coerce(NOTE, text)).toBe(text);
					else expect(() => coerce(NOTE, text)).toThrow(`is ${text.length} characters long; at most 255 are allowed`);
				},
			),
			propertyRuns(500),
		);
		expect(coerce(NOTE, 'x'.repeat(255))).toHaveLength(255);
		expect(() => coerce(NOTE, 'x'.repeat(256))).toThrow(Refused);
	});

	it('TEXTAREA: has no 255 limit', () => {
		expect(coerce(STORY, 'x'.repeat(3000))).toHaveLength(3000);
	});

	it('URL: takes http(s) addresses without spaces, refuses others', () => {
		expect(coerce(SITE, 'https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
		expect(coerce(SITE, 'HTTP://EXAMPLE.COM')).toBe('HTTP://EXAMPLE.COM');
		for (const value of ['example.com', 'ftp://example.com', 'https://', 'https://a b', '']) {
			expect(() => coerce(SITE, value)).toThrow(/must start with http:\/\/ or https:\/\//);
		}
	});

	it('DATE: any n8n date becomes YYYY/MM/DD, the day in the account’s zone', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) }),
				fc.constantFrom('UTC', 'Asia/Ho_Chi_Minh', 'America/New_York', 'Pacific/Chatham'),
				(ms, timeZone) => {
					const day = DateTime.fromMillis(ms, { zone: timeZone }).toFormat('yyyy/MM/dd');
					expect(coerce(RENEWAL, ms, timeZone)).toBe(day);
					expect(coerce(RENEWAL, DateTime.fromMillis(ms), timeZone)).toBe(day);
					expect(coerce(RENEWAL, new Date(ms).toISOString(), timeZone)).toBe(day);
					// The form it writes is read back as the same day.
					expect(coerce(RENEWAL, day, timeZone)).toBe(day);
				},
			),
			propertyRuns(500),
		);
		expect(coerce(RENEWAL, '2026-01-31')).toBe('2026/01/31');
		expect(coerce(RENEWAL, '2026-01-31T23:30:00Z', 'Asia/Kolkata')).toBe('2026/02/01');
		expect(() => coerce(RENEWAL, '31.01.2026')).toThrow(/must be a date such as 2026\/01\/31/);
	});

	it('single choice: one choice by ID, label or code becomes its ID', () => {
		for (const value of [101, '101', 'Gold', ' gold ', 'G', 'g', [101], ['Gold']]) {
			expect(coerce(TIER, value)).toBe(101);
		}
		expect(coerce(field(18, 'Stage', 'STAGE', null, [[7, 'Won', null]]), 'won')).toBe(7);
	});

	it('single choice: takes exactly one, refusing none, several and unknown choices', () => {
		expect(() => coerce(TIER, [])).toThrow('takes exactly one choice; got 0');
		expect(() => coerce(TIER, [101, 102])).toThrow('takes exactly one choice; got 2: 101, 102');
		expect(() => coerce(TIER, 'Platinum')).toThrow(
			/"Platinum" is not a choice of custom field "Customer Tier"; allowed: Gold, Silver, Bronze/,
		);
	});

	it('multiple choice: a list or comma-separated text of IDs, labels or codes becomes IDs, in order', () => {
		fc.assert(
			fc.property(
				fc.array(fc.constantFrom(...(CHANNELS.values ?? [])), {
					minLength: 1,
					maxLength: 6,
				}),
				fc.array(fc.constantFrom<'id' | 'label' | 'code'>('id', 'label', 'code'), { minLength: 6, maxLength: 6 }),
				(choices, ways) => {
					const given = choices.map((choice, index) => {
						const way = ways[index] === 'code' && choice.code === null ? 'label' : ways[index];
						return way === 'id' ? choice.id : way === 'label' ? choice.lable.toUpperCase() : choice.code!;
					});
					const ids = choices.map((choice) => choice.id);
					expect(coerce(CHANNELS, given)).toEqual(ids);
					expect(coerce(CHANNELS, given.join(', '))).toEqual(ids);
				},
			),
			propertyRuns(500),
		);
		expect(() => coerce(CHANNELS, 'Email, Fax')).toThrow(/"Fax" is not a choice of custom field "Channels"/);
	});
});

describe('buildCustomFields', () => {
	it('sends [{id, value}] per field, the last entry of a field winning', () => {
		expect(
			buildCustomFields(
				DEFINITIONS,
				[
					{ field: 'tier', value: 'Silver' },
					{ field: 13, value: '12.5' },
					{ field: 'Customer Tier', value: 'Gold' },
				],
				'UTC',
				fail,
			),
		).toEqual([
			{ id: 11, value: 101 },
			{ id: 13, value: 12.5 },
		]);
	});

	it('refuses more than 20 fields', () => {
		const many = Array.from({ length: 21 }, (_, index) => field(100 + index, `F${index}`, 'TEXT'));
		const entries = many.map((definition) => ({
			field: definition.custom_field_id,
			value: 'x',
		}));
		expect(buildCustomFields(many, entries.slice(0, 20), 'UTC', fail)).toHaveLength(20);
		expect(() => buildCustomFields(many, entries, 'UTC', fail)).toThrow('At most 20 custom fields can be set; got 21');
	});
});

describe('withFieldLabels: no value lost', () => {
	const NOTE_A = field(31, 'Ghi chú', 'Text Area');
	const NOTE_B = field(32, 'Ghi chú', 'Text Area');

	it('two fields sharing a label: the later (in the account\'s order) is keyed "Label (id)", in every record alike', () => {
		const [both, onlyLater] = withFieldLabels(
			[
				{ custom_fields: [{ id: 31, value: 'first' }, { id: 32, value: 'second' }] },
				{ custom_fields: [{ id: 32, value: 'alone' }] },
			],
			[NOTE_A, NOTE_B],
		);
		expect(both.custom_fields).toEqual({ 'Ghi chú': 'first', 'Ghi chú (32)': 'second' });
		expect(onlyLater.custom_fields).toEqual({ 'Ghi chú (32)': 'alone' });
		// The key Simplify shows names the field back on a write.
		expect(findField([NOTE_A, NOTE_B], 'Ghi chú (32)', fail)).toBe(NOTE_B);
	});

	it('a field without definition that meets a defined label, or an id twice, keeps its value', () => {
		const [record] = withFieldLabels(
			[{ custom_fields: [{ id: 31, value: 'a' }, { id: 99, lable: 'Ghi chú', value: 'b' }, { id: 99, lable: 'Ghi chú', value: 'c' }] }],
			[NOTE_A],
		);
		expect(Object.values(record.custom_fields as object)).toEqual(['a', 'b', 'c']);
	});

	it('fields labelled with what every object inherits (constructor, toString, __proto__): each keeps its value, under its own label where it can', () => {
		const fields = [field(41, 'constructor', 'Text'), field(42, 'toString', 'Text'), field(43, '__proto__', 'Text')];
		const [record] = withFieldLabels([{ custom_fields: [{ id: 41, value: 'a' }, { id: 42, value: 'b' }, { id: 43, value: 'c' }] }], fields);
		const shown = record.custom_fields as IDataObject;
		expect(Object.entries(shown)).toEqual([
			['constructor', 'a'],
			['toString', 'b'],
			// `__proto__` as a key would set the object's prototype, not a field: keyed with its id.
			['__proto__ (43)', 'c'],
		]);
		expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
	});

	it('custom_fields: [] beside a full custom_filed: the entries of custom_filed are labelled, not lost', () => {
		const [record] = withFieldLabels([{ custom_fields: [], custom_filed: [{ id: 31, value: 'kept' }] }], [NOTE_A]);
		expect(record.custom_fields).toEqual({ 'Ghi chú': 'kept' });
		expect(record).not.toHaveProperty('custom_filed');
	});
});

describe('labels and names written as numbers or missing', () => {
	it('a label or choice label written as a number is its text', () => {
		const [definition] = fieldDefinitionsOf([
			{ custom_field_id: 9301, custom_field_lable: 2024, type: 'Single drop-down list', values: [{ id: 1, lable: 2025 }] },
		]);
		expect(definition.custom_field_lable).toBe('2024');
		expect(definition.values?.[0].lable).toBe('2025');
	});

	it('nameOf: the first name key with text, else kind and id; never "undefined"', () => {
		expect(nameOf({ id: 7, label: 'Open' }, { kind: 'Status' })).toBe('Open');
		expect(nameOf({ id: 7 }, { kind: 'Status' })).toBe('Status 7');
		expect(nameOf({ group_id: 3, group_name: null }, { keys: ['group_name'], id: 'group_id', kind: 'Group' })).toBe('Group 3');
		expect(nameOf({ id: 5, username: '' }, { keys: ['username'], kind: 'Agent' })).toBe('Agent 5');
		expect(nameOf({ name: { nested: 1 } }, { kind: 'Stage' })).toBe('Stage without ID');
		expect(nameOf(null)).toBe('#?');
		expect(nameOf({ id: 9 })).toBe('#9');
	});
});
