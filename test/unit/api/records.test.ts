/**
 * api/records.ts codeOf: a coded value as the API or a user writes it (a number, digits, or the
 * word of the field list), read against a table of words. A word that only an object's prototype
 * holds (`constructor`, `__proto__`, `toString`) is no code.
 */
import { CLOSED_TYPE_WORDS, codeOf } from '../../../nodes/CustomerCare/api/records';

describe('codeOf', () => {
	test('numbers, digits and the words of the table', () => {
		expect(codeOf(2, CLOSED_TYPE_WORDS)).toBe(2);
		expect(codeOf(' 3 ', CLOSED_TYPE_WORDS)).toBe(3);
		expect(codeOf('Won', CLOSED_TYPE_WORDS)).toBe(CLOSED_TYPE_WORDS.won);
		expect(codeOf('', CLOSED_TYPE_WORDS)).toBeUndefined();
		expect(codeOf(NaN, CLOSED_TYPE_WORDS)).toBeUndefined();
	});

	test.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('the word %j is no code', (word) => {
		expect(codeOf(word, CLOSED_TYPE_WORDS)).toBeUndefined();
	});
});
