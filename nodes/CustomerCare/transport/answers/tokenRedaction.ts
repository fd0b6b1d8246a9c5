/**
 * The API token never shows: the forms in which it can come back in an answer, and their removal
 * from any text (docs/guarantees.md). classify.ts takes it out of every verdict; errors quote only
 * texts that went through it.
 */

/**
 * The forms in which a token can come back in an answer: as sent, URL-encoded (a gateway or a
 * log quoting the query or a form), and base64 (a Basic header or a debug dump), longest first.
 */
export function tokenForms(secret: string | undefined): string[] {
	if (!secret) return [];
	const forms = new Set([secret, encodeURIComponent(secret)]);
	const base64 = Buffer.from(secret, 'utf8').toString('base64');
	// Unpadded, as it sits inside a longer base64 text; base64url as in a JWT-like dump. A short
	// encoded form is left out: it would take letters out of ordinary words.
	for (const form of [base64, base64.replace(/=+$/, ''), Buffer.from(secret, 'utf8').toString('base64url')]) {
		if (form.length >= 8) forms.add(form);
	}
	return [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pattern for every form of the token (tokenForms); a percent-escape matches in either case
 * (`%2f` as well as `%2F`). `quote` writes each form as it shows inside a JSON string.
 */
export function tokenPattern(
	secret: string | undefined,
	quote: (form: string) => string = (form) => form,
): RegExp | undefined {
	const forms = tokenForms(secret);
	if (!forms.length) return undefined;
	const alternatives = forms.map((form) =>
		escapeRegExp(quote(form)).replace(/%([0-9A-F]{2})/g, (_, hex: string) => `%(?:${hex}|${hex.toLowerCase()})`),
	);
	return new RegExp(alternatives.join('|'), 'g');
}

/** Removes every occurrence of the token (in each of its forms) from a text, so no message can carry it. */
export function redact(text: string, secret: string | undefined): string {
	const pattern = tokenPattern(secret);
	return pattern ? text.replace(pattern, '***') : text;
}
