/**
 * A customer's phone as people write it, in the form the platform stores and matches: the
 * national digits of a Vietnamese number (`0901234567`), docs/api.md#contacts. Pure.
 */

/** What a phone may be written with besides digits: spaces, dots, dashes, brackets. */
const SEPARATORS = /[\s.\-()]/g;

/** The fewest and most digits a phone of the platform has (the fake's and the API's 6 to 15). */
const MIN_DIGITS = 6;
const MAX_DIGITS = 15;

/**
 * The phone as sent: `0901234567`, `84901234567`, `+84 90 123 4567`, `0084 90.123.4567` and
 * `(090) 123-4567` are all `0901234567`. Vietnam's country code (84, written `+84`, `0084`,
 * or as the first two of 11 or 12 digits) becomes the national `0`. Another country's number
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
