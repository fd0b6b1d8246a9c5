/**
 * A customer's phone as people write it, in the form the platform stores and matches: the
 * national digits of a Vietnamese number (`0901234567`), docs/api.md#contacts. Pure.
 */

/** What a phone may be written with besides digits: spaces, dots, dashes, brackets. */
const SEPARATORS = /[\s.\-()]/g;

/** The fewest and most digits a phone of the platform has (the fake's and the API's 6 to 15). */
const MIN_DIGITS = 6;
const MAX_DIGITS = 15;

/** Vietnam's mobile numbers are 0 and nine digits, the first of them 3, 5, 7, 8 or 9. */
const MOBILE_WITHOUT_ZERO = /^[35789]\d{8}$/;

/**
 * The phone as sent: `0901234567`, `84901234567`, `+84 90 123 4567`, `0084 90.123.4567` and
 * `(090) 123-4567` are all `0901234567`. Vietnam's country code (84, written `+84`, `0084`,
 * or as the first two of 11 or 12 digits) becomes the national `0`, and a mobile number that
 * lost its 0 (`901234567`, as spreadsheets write it) gets it back. Another country's number
 * (`+1 …`) is sent as its digits. Undefined when it is not a phone (letters, too few or too
 * many digits).
 */
export function normalizedPhone(written: unknown): string | undefined {
	if (typeof written !== 'string' && typeof written !== 'number') return undefined;
	const compact = String(written).trim().replace(SEPARATORS, '');
	const match = /^(\+|00)?(\d+)$/.exec(compact);
	if (!match) return undefined;
	const [, international, digits] = match;
	let national = digits;
	// `+84 090…` is written too: the national 0 is not doubled.
	const fromVietnam = () => `0${digits.slice(2).replace(/^0/, '')}`;
	if (international) {
		national = digits.startsWith('84') ? fromVietnam() : digits;
	} else if (digits.startsWith('84') && digits.length >= 11 && digits.length <= 12) {
		national = fromVietnam();
	} else if (MOBILE_WITHOUT_ZERO.test(digits)) {
		// A spreadsheet drops the leading 0 of a mobile number: 901234567 is 0901234567.
		national = `0${digits}`;
	}
	return national.length >= MIN_DIGITS && national.length <= MAX_DIGITS ? national : undefined;
}

/** What a phone field's help says is sent, so that the user can see it before running (no final period). */
export const PHONE_FORMS_HELP =
	'Any common form: 0901234567, 84901234567, +84 90 123 4567, with spaces, dots or dashes; it is sent as the national number (0901234567), the form the platform stores and matches';

/** The error of a value that is no phone, naming the field and what is allowed. */
export function notAPhone(label: string, name: string, written: unknown): string {
	return `${label} (${name}) "${String(written)}" is not a phone number: give ${MIN_DIGITS} to ${MAX_DIGITS} digits, e.g. 0901234567, 84901234567 or +84 90 123 4567`;
}

/**
 * The forms a contact's phone may be stored in, the national one first: a Vietnamese number
 * (`0` and 9 or 10 digits) may also have been stored with the country code by another tool
 * (`84901234567`). Other numbers have one form.
 */
export function storedPhoneForms(national: string): string[] {
	return /^0\d{9,10}$/.test(national) ? [national, `84${national.slice(1)}`] : [national];
}

/** Whether a contact holds the phone in any of its three phones and in any written form. */
export function holdsPhone(contact: Record<string, unknown>, national: string): boolean {
	return [contact.phone_no, contact.phone_no2, contact.phone_no3].some(
		(phone) => normalizedPhone(phone) === national,
	);
}
