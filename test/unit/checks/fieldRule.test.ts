/**
 * The rule checks of nodes/CustomerCare/checks/checks.ts: one value against its rule, the
 * value to send coming back (converted where the rule says), or a refusal naming the field and
 * what is allowed. Property runs are seeded: see ./property.ts to replay a failure.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';

import { toIsoZ, toZoneless } from '../../../nodes/CustomerCare/basics/dates';
import { checkField, type Fail, type FieldRule } from '../../../nodes/CustomerCare/checks/fieldRule';
import { isEmpty } from '../../../nodes/CustomerCare/basics/looseValues';
import { propertyRuns } from '../helpers/property';

class Refused extends Error {}
const fail: Fail = (message) => {
	throw new Refused(message);
};

const rule = (extra: Partial<FieldRule>): FieldRule => ({
	path: 'ticket.ticket_subject',
	label: 'Subject',
	...extra,
});
const check = (fieldRule: FieldRule, value: unknown, timeZone = 'UTC') =>
	checkField(fieldRule, value, { zone: timeZone, convention: 'iso' }, fail);
const instant = fc.integer({
	min: Date.UTC(1971, 0, 1),
	max: Date.UTC(2100, 0, 1),
});

describe('isEmpty', () => {
	it('is true for undefined, null and empty text only', () => {
		expect([undefined, null, ''].every(isEmpty)).toBe(true);
		expect([0, false, ' ', [], {}].some(isEmpty)).toBe(false);
	});
});

describe('checkField', () => {
	it('text given for a number must be written in decimals (Number() also reads hex, binary and octal)', () => {
		const number = rule({ number: true });
		for (const bad of ['0x10', '0b11', '0o7', 'Infinity', '1_000', '12,5']) expect(() => check(number, bad)).toThrow(/must be a number/);
		expect([' 12.5 ', '+3', '-4', '.5', '7.', '1e2'].map((text) => check(number, text))).toEqual([12.5, 3, -4, 0.5, 7, 100]);
		// An ID is digits only: an exponent is no ID (the record pickers' and the SMS Ticket ID's rule).
		expect(() => check(rule({ id: true, maxLength: 10 }), '1e2')).toThrow(/whole number of at most 10 digits/);
		expect(check(number, 1e2)).toBe(100); // a number stays the number it is
	});

	it('leaves out an empty optional value and refuses an empty required one, naming the field', () => {
		for (const value of [undefined, null, '']) {
			expect(check(rule({ maxLength: 5 }), value)).toBeUndefined();
			expect(() => check(rule({ required: true }), value)).toThrow('Subject (ticket_subject) is required');
		}
	});

	it('maxLength: keeps text up to the limit, refuses longer, giving both lengths', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 300 }),
				// Any text, or text within two characters of the limit, where an off-by-one shows.
				fc.oneof(fc.string({ maxLength: 400, size: 'max' }), fc.integer({ min: -2, max: 2 })),
				(maxLength, text) => {
					const value = typeof text === 'number' ? 'x'.repeat(Math.max(1, maxLength + text)) : text || 'x';
					if (value.length <= maxLength) expect(check(rule({ maxLength }), value)).toBe(value);
					else
						expect(() => check(rule({ maxLength }), value)).toThrow(
							`is ${value.length} characters long; at most ${maxLength} are allowed`,
						);
				},
			),
			propertyRuns(1000),
		);
	});

	it('integer with bounds: whole numbers in range pass as numbers, given as numbers or text; others are refused', () => {
		const bounded = rule({
			path: 'count',
			label: 'Limit',
			integer: true,
			number: true,
			min: 1,
			max: 500,
		});
		fc.assert(
			fc.property(fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(0, 1, 500, 501)), (number) => {
				if (number >= 1 && number <= 500) {
					expect(check(bounded, number)).toBe(number);
					expect(check(bounded, ` ${number} `)).toBe(number);
				} else {
					expect(() => check(bounded, number)).toThrow(`Limit (count) must be between 1 and 500; got ${number}`);
				}
			}),
			propertyRuns(1000),
		);
		expect(() => check(bounded, 2.5)).toThrow('must be a whole number; got "2.5"');
		expect(() => check(bounded, 'ten')).toThrow('must be a whole number; got "ten"');
	});

	it('number: decimals pass and round-trip through text', () => {
		fc.assert(
			fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (number) => {
				const value = check(rule({ number: true }), String(number));
				expect(value).toBe(Number(String(number)));
			}),
			propertyRuns(500),
		);
	});

	it('date: any n8n date becomes the endpoint’s whole-second form (ISO Z or zone-less in the account’s zone)', () => {
		fc.assert(
			fc.property(instant, fc.constantFrom('UTC', 'Asia/Kolkata', 'America/New_York'), (ms, timeZone) => {
				const luxon = DateTime.fromMillis(ms);
				expect(check(rule({ date: 'query' }), luxon, timeZone)).toBe(toIsoZ(ms));
				expect(check(rule({ date: 'query' }), new Date(ms).toISOString(), timeZone)).toBe(toIsoZ(ms));
				expect(check(rule({ date: 'zoneless' }), luxon, timeZone)).toBe(toZoneless(ms, timeZone));
			}),
			propertyRuns(500),
		);
		expect(check(rule({ date: 'query' }), '2026-01-31 08:00:00', 'Asia/Ho_Chi_Minh')).toBe('2026-01-31T01:00:00Z');
		// The real platform compares the wall clock and ignores the Z (docs/api.md#times, real-platform §2.1 T-b):
		// 01:00 UTC is sent as 08:00 in Ho Chi Minh City, with the Z its clients write.
		const wall = (value: unknown) =>
			checkField(rule({ date: 'query' }), value, { zone: 'Asia/Ho_Chi_Minh', convention: 'wallClock' }, fail);
		expect(wall('2026-01-31T01:00:00Z')).toBe('2026-01-31T08:00:00Z');
		expect(wall('2026-01-31 08:00:00')).toBe('2026-01-31T08:00:00Z');
		expect(wall('2026-01-31T23:30:00-05:00')).toBe('2026-02-01T11:30:00Z');
		expect(() => check(rule({ label: 'From', path: 'updated_since', date: 'query' }), 'last week')).toThrow(
			'From (updated_since) must be a date, such as 2026-01-31T08:00:00Z, 2026-01-31 08:00:00 or {{ $now }}; got "last week"',
		);
	});

	it('idList / idArray: lists of numeric IDs, from a list or comma-separated text', () => {
		fc.assert(
			fc.property(fc.array(fc.nat({ max: 2_000_000_000 }), { maxLength: 8 }), (ids) => {
				const text = ids.join(' , ');
				expect(check(rule({ idList: true }), ids)).toBe(ids.join(','));
				expect(check(rule({ idList: true }), text === '' ? ',' : text)).toBe(ids.join(','));
				expect(check(rule({ idArray: true }), ids.map(String))).toEqual(ids.length > 0 ? ids : undefined);
			}),
			propertyRuns(500),
		);
		expect(() => check(rule({ label: 'Tags', path: 'tag_ids', idList: true }), '1,x2')).toThrow(
			'Tags (tag_ids) must be a list of numeric IDs; "x2" is not one',
		);
		expect(() => check(rule({ idArray: true }), [1, -2])).toThrow('"-2" is not one');
	});

	it('id: digits up to the length become a number (text with `text`), others are refused', () => {
		const recordId = rule({
			path: 'id',
			label: 'Ticket ID',
			id: true,
			maxLength: 10,
		});
		fc.assert(
			fc.property(fc.stringMatching(/^\d{1,12}$/), (digits) => {
				if (digits.length <= 10) {
					expect(check(recordId, digits)).toBe(Number(digits));
					expect(check({ ...recordId, text: true }, digits)).toBe(digits);
				} else {
					expect(() => check(recordId, digits)).toThrow(
						`Ticket ID (id) must be a whole number of at most 10 digits; got "${digits}"`,
					);
				}
			}),
			propertyRuns(500),
		);
		expect(() => check(recordId, '12a')).toThrow(Refused);
		expect(() => check(recordId, -5)).toThrow(Refused);
	});

	it('ids: a list of numeric IDs is kept as given', () => {
		expect(check(rule({ ids: true }), [1, '2'])).toEqual([1, '2']);
		expect(check(rule({ ids: true }), '1,2')).toBe('1,2');
		expect(() => check(rule({ ids: true }), [1, 'two'])).toThrow('"two" is not one');
	});

	it('text: a number from an expression is sent as text', () => {
		expect(check(rule({ text: true }), 42)).toBe('42');
	});

	it('oneOf: sends the allowed value an expression’s text names, refuses others, listing the allowed', () => {
		const priority = rule({
			path: 'priority',
			label: 'Priority',
			oneOf: [1, 2, 3, 'urgent'],
		});
		expect(check(priority, '2')).toBe(2);
		expect(check(priority, ' urgent ')).toBe('urgent');
		expect(() => check(priority, 4)).toThrow('Priority (priority) must be one of 1, 2, 3, urgent; got "4"');
	});

	it('email and url: refuse what is not one', () => {
		expect(check(rule({ email: true }), 'ann@example.com')).toBe('ann@example.com');
		for (const value of ['ann', 'ann@example', 'a n@example.com']) {
			expect(() => check(rule({ email: true }), value)).toThrow('must be an e-mail address');
		}
		expect(check(rule({ url: true }), 'https://example.com')).toBe('https://example.com');
		expect(() => check(rule({ url: true }), 'example.com')).toThrow('must start with http:// or https://');
	});
});
