/**
 * The API token never shows: the forms in which it can come back in an answer, and their removal
 * from any text (docs/guarantees.md). classify.ts takes it out of every verdict; errors quote only
 * texts that went through it.
 */

/** An encoded form shorter than this is left out: it would take letters out of ordinary words. */
const SHORTEST_ENCODED_FORM = 8;

/**
 * The base64 letters that only the token's bytes decide, wherever it starts in a longer encoded
 * text (a dump of the header `Authorization: Bearer <token>`, of a JSON that holds it): its bytes
 * fall at one of three offsets in base64's groups of three, and each gives other letters. The
 * one or two letters at either end, shared with the bytes around it, stay.
 */
function base64Cores(token: Buffer): string[] {
	const cores: string[] = [];
	for (const shift of [0, 1, 2]) {
		const encoded = Buffer.concat([Buffer.alloc(shift), token]).toString('base64');
		const core = encoded.slice(Math.ceil((shift * 8) / 6), Math.floor(((shift + token.length) * 8) / 6));
		cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
	}
	return cores;
}

/** The text as htmlspecialchars (ENT_QUOTES) writes it, which Laravel's pages and views use. */
function htmlEscaped(text: string): string {
	const references: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };
	return text.replace(/[&<>"']/g, (character) => references[character]);
}

/**
 * The forms in which a token can come back in an answer: as sent, URL-encoded (a gateway or a
 * log quoting the query or a form), HTML-escaped (a page), and base64 (a Basic header or a debug dump), of the token
 * alone and of its header value `Bearer <token>`, whole or inside a longer encoded text;
 * longest first.
 */
export function tokenForms(secret: string | undefined): string[] {
	if (!secret) return [];
	// As sent, URL-encoded, and HTML-escaped as a page or a comment writes it (Simplify turns a comment's
	// entities back into characters).
	const forms = new Set([secret, encodeURIComponent(secret), htmlEscaped(secret)]);
	const encoded: string[] = [];
	for (const value of [secret, `Bearer ${secret}`]) {
		const base64 = Buffer.from(value, 'utf8').toString('base64');
		// Unpadded, as it sits inside a longer base64 text; base64url as in a JWT-like dump.
		encoded.push(base64, base64.replace(/=+$/, ''), Buffer.from(value, 'utf8').toString('base64url'));
	}
	encoded.push(...base64Cores(Buffer.from(secret, 'utf8')));
	for (const form of encoded) if (form.length >= SHORTEST_ENCODED_FORM) forms.add(form);
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

/** What stands in place of the token, in every form, wherever it was. */
const REDACTION_MARKER = '***';

/** Removes every occurrence of the token (in each of its forms) from a text, so no message can carry it. */
export function redact(text: string, secret: string | undefined): string {
	const pattern = tokenPattern(secret);
	return pattern ? text.replace(pattern, REDACTION_MARKER) : text;
}

/**
 * The text with every form of the token replaced (tokenPattern, `quote` as there), or undefined
 * when it holds none. A plain search for each form's longest part without percent-escapes comes
 * first: most texts are answers full of records, and it is several times quicker than the pattern.
 */
export function withoutTokenForms(
	text: string,
	secret: string | undefined,
	quote: (form: string) => string = (form) => form,
): string | undefined {
	const forms = tokenForms(secret).map(quote);
	const longestFixedPart = (form: string) =>
		form.split(/%[0-9A-F]{2}/).reduce((longest, part) => (part.length > longest.length ? part : longest), '');
	if (!forms.some((form) => text.includes(longestFixedPart(form)))) return undefined;
	const pattern = tokenPattern(secret, quote);
	if (!pattern?.test(text)) return undefined;
	pattern.lastIndex = 0;
	return text.replace(pattern, REDACTION_MARKER);
}
