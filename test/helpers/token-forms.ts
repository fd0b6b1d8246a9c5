/**
 * Where an API token still shows in a text: as it is, HTML-escaped, URL-encoded in either case, or
 * in the bytes of any run of base64 or base64url letters read from any of its first four letters.
 * Decoded here with Node's own Buffer, never with the node's code: the oracle of the redaction
 * tests, unit (transport/answers) and engine (faults/token) alike.
 */
export function tokenFormsIn(text: string, token: string): string[] {
	const found: string[] = [];
	if (text.includes(token)) found.push('as it is');
	const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#039': "'" };
	if (text.replace(/&(amp|lt|gt|quot|#039);/g, (_, name: string) => entities[name]).includes(token)) found.push('HTML-escaped');
	const escapesUpper = text.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
	if (encodeURIComponent(token) !== token && escapesUpper.includes(encodeURIComponent(token))) found.push('URL-encoded');
	const bytes = Buffer.from(token, 'utf8');
	for (const run of text.match(/[A-Za-z0-9+/_-]{4,}/g) ?? []) {
		for (let offset = 0; offset < 4; offset++) {
			if (Buffer.from(run.slice(offset), 'base64').includes(bytes)) found.push(`in base64: ${run}`);
		}
	}
	return found;
}
