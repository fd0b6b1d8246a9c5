/**
 * A phone as people write it becomes the national digits the platform stores and matches
 * (docs/api.md#contacts; README "Contact"): 0901234567, 84901234567, +84 90 123 4567, with
 * dots, spaces or dashes, are all 0901234567. The model: a national number (a mobile, 0 and
 * nine digits, or a landline, 0 and ten), written with one of the prefixes people use and cut
 * into groups by any separator, reads back as that national number. Anything with a letter,
 * or too few or too many digits, is no phone.
 */
import fc from 'fast-check';

import { holdsPhone, normalizedPhone, storedPhoneForms } from '../../../nodes/CustomerCare/checks/phone';
import { propertyRuns } from '../helpers/property';

/** A national Vietnamese number: 0, then a non-zero digit, then 8 (mobile) or 9 (landline) more. */
const national = fc
	.tuple(fc.integer({ min: 1, max: 9 }), fc.constantFrom(8, 9))
	.chain(([first, rest]) =>
		fc.array(fc.integer({ min: 0, max: 9 }), { minLength: rest, maxLength: rest }).map((digits) => `0${first}${digits.join('')}`),
	);

/** How the number is begun: as stored, with the country code in each written form. */
const PREFIXES: Array<(national: string) => string> = [
	(n) => n,
	(n) => `84${n.slice(1)}`,
	(n) => `+84${n.slice(1)}`,
	(n) => `0084${n.slice(1)}`,
	(n) => `+84${n}`, // "+84 090…": the national 0 kept after the country code
];

/** The digits after the prefix cut into groups, joined by a separator people type. */
function written(text: string, cuts: number[], separator: string): string {
	const head = /^(\+84|0084|84)?/.exec(text)![0];
	const digits = text.slice(head.length);
	const points = [...new Set(cuts.map((cut) => cut % digits.length))].filter((cut) => cut > 0).sort((a, b) => a - b);
	const groups = points.map((point, index) => digits.slice(index === 0 ? 0 : points[index - 1], point));
	groups.push(digits.slice(points.at(-1) ?? 0));
	return `${head}${head ? separator : ''}${groups.join(separator)}`;
}

describe('normalizedPhone', () => {
	test('every written form of a national number reads back as it', () => {
		fc.assert(
			fc.property(
				national,
				fc.integer({ min: 0, max: PREFIXES.length - 1 }),
				fc.array(fc.nat(), { maxLength: 4 }),
				fc.constantFrom('', ' ', '.', '-', '  '),
				(number, prefix, cuts, separator) => {
					const text = written(PREFIXES[prefix](number), cuts, separator);
					expect(normalizedPhone(text)).toBe(number);
					expect(normalizedPhone(`  ${text} `)).toBe(number);
				},
			),
			propertyRuns(2000),
		);
	});

	test('the forms the README names', () => {
		for (const text of ['0901234567', '84901234567', '+84 90 123 4567', '0901.234.567', '090-123-4567', '(090) 123 4567', '0084 90 123 4567', '+84 0901234567'])
			expect(normalizedPhone(text)).toBe('0901234567');
		// A mobile number that lost its 0 (a spreadsheet's, or a number from an expression) gets it back.
		expect(normalizedPhone(901234567)).toBe('0901234567');
		expect(normalizedPhone('387 200 003')).toBe('0387200003');
	});

	test('another country\'s number keeps its digits; short national numbers stay as written', () => {
		expect(normalizedPhone('+1 415 555 0100')).toBe('14155550100');
		expect(normalizedPhone('1900 1234')).toBe('19001234');
	});

	test('a text with a letter, or with too few or too many digits, is no phone', () => {
		fc.assert(
			fc.property(national, fc.nat(), fc.constantFrom('a', 'x', 'O', '#', '/', '*'), (number, at, letter) => {
				const place = at % (number.length + 1);
				expect(normalizedPhone(`${number.slice(0, place)}${letter}${number.slice(place)}`)).toBeUndefined();
			}),
			propertyRuns(500),
		);
		for (const text of ['', '   ', '12345', '1234567890123456', '+', '++84901234567', 'phone 0901234567', null, undefined, {}])
			expect(normalizedPhone(text)).toBeUndefined();
	});
});

describe('storedPhoneForms and holdsPhone', () => {
	test('a Vietnamese number is asked for national first, then with the country code (docs/api.md#contacts)', () => {
		expect(storedPhoneForms('0901234567')).toEqual(['0901234567', '84901234567']);
		expect(storedPhoneForms('02438123456')).toEqual(['02438123456', '842438123456']);
		expect(storedPhoneForms('14155550100')).toEqual(['14155550100']);
		expect(storedPhoneForms('19001234')).toEqual(['19001234']);
	});

	test('a contact holds a phone in any of its three phones, written in any form', () => {
		expect(holdsPhone({ phone_no: null, phone_no2: '84 90 123 4567', phone_no3: null }, '0901234567')).toBe(true);
		expect(holdsPhone({ phone_no: '0901234568' }, '0901234567')).toBe(false);
		expect(holdsPhone({}, '0901234567')).toBe(false);
	});
});
