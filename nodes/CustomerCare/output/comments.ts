import type { IDataObject } from 'n8n-workflow';

/**
 * Ticket comments as Simplify shows them. The real platform writes a comment as
 * `{id, comment (HTML with entities), commentator_id, commentator_name, comment_source,
 * created_at, is_public}`; the spec as `{id, body, author_id, is_public, created_at}`
 * (docs/api.md#tickets). Both are shown as one readable shape.
 */

/** Names written in order of their code points, from `first`; `-` skips a code point. */
function run(first: number, names: string): Array<[string, string]> {
	return names
		.split(' ')
		.map((name, index): [string, string] => [name, String.fromCodePoint(first + index)])
		.filter(([name]) => name !== '-');
}

/**
 * The named entities an HTML editor writes (CKEditor and TinyMCE write letters and punctuation
 * as entities by default): every entity of HTML 4 (the 96 of ISO-8859-1, nbsp to yuml, the
 * "special" and the "symbol" sets, Greek letters included), `apos`, and the HTML5 names of the
 * Vietnamese letters that have one. Names are case-sensitive (`&Eacute;` is not `&eacute;`);
 * an unknown name stays as written.
 */
const NAMED_ENTITIES: Readonly<Record<string, string>> = Object.fromEntries([
	// ISO-8859-1, U+00A0 to U+00FF.
	...run(
		0xa0,
		'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr ' +
			'deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest ' +
			'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ' +
			'ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig ' +
			'agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml ' +
			'eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml',
	),
	// Greek (HTML 4 symbols).
	...run(
		0x391,
		'Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho - Sigma Tau Upsilon Phi Chi Psi Omega',
	),
	...run(
		0x3b1,
		'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon phi chi psi omega',
	),
	...run(0x2190, 'larr uarr rarr darr harr'),
	...run(0x21d0, 'lArr uArr rArr dArr hArr'),
	...run(0x2308, 'lceil rceil lfloor rfloor'),
	...Object.entries({
		quot: 0x22,
		amp: 0x26,
		apos: 0x27,
		lt: 0x3c,
		gt: 0x3e,
		// HTML 4 special.
		OElig: 0x152,
		oelig: 0x153,
		Scaron: 0x160,
		scaron: 0x161,
		Yuml: 0x178,
		circ: 0x2c6,
		tilde: 0x2dc,
		ensp: 0x2002,
		emsp: 0x2003,
		thinsp: 0x2009,
		zwnj: 0x200c,
		zwj: 0x200d,
		lrm: 0x200e,
		rlm: 0x200f,
		ndash: 0x2013,
		mdash: 0x2014,
		lsquo: 0x2018,
		rsquo: 0x2019,
		sbquo: 0x201a,
		ldquo: 0x201c,
		rdquo: 0x201d,
		bdquo: 0x201e,
		dagger: 0x2020,
		Dagger: 0x2021,
		permil: 0x2030,
		lsaquo: 0x2039,
		rsaquo: 0x203a,
		euro: 0x20ac,
		// HTML 4 symbols.
		fnof: 0x192,
		thetasym: 0x3d1,
		upsih: 0x3d2,
		piv: 0x3d6,
		bull: 0x2022,
		hellip: 0x2026,
		prime: 0x2032,
		Prime: 0x2033,
		oline: 0x203e,
		frasl: 0x2044,
		weierp: 0x2118,
		image: 0x2111,
		real: 0x211c,
		trade: 0x2122,
		alefsym: 0x2135,
		crarr: 0x21b5,
		forall: 0x2200,
		part: 0x2202,
		exist: 0x2203,
		empty: 0x2205,
		nabla: 0x2207,
		isin: 0x2208,
		notin: 0x2209,
		ni: 0x220b,
		prod: 0x220f,
		sum: 0x2211,
		minus: 0x2212,
		lowast: 0x2217,
		radic: 0x221a,
		prop: 0x221d,
		infin: 0x221e,
		ang: 0x2220,
		and: 0x2227,
		or: 0x2228,
		cap: 0x2229,
		cup: 0x222a,
		int: 0x222b,
		there4: 0x2234,
		sim: 0x223c,
		cong: 0x2245,
		asymp: 0x2248,
		ne: 0x2260,
		equiv: 0x2261,
		le: 0x2264,
		ge: 0x2265,
		sub: 0x2282,
		sup: 0x2283,
		nsub: 0x2284,
		sube: 0x2286,
		supe: 0x2287,
		oplus: 0x2295,
		otimes: 0x2297,
		perp: 0x22a5,
		sdot: 0x22c5,
		lang: 0x27e8,
		rang: 0x27e9,
		loz: 0x25ca,
		spades: 0x2660,
		clubs: 0x2663,
		hearts: 0x2665,
		diams: 0x2666,
		// HTML5 names of Vietnamese letters (ơ and ư have none).
		Abreve: 0x102,
		abreve: 0x103,
		Dstrok: 0x110,
		dstrok: 0x111,
		Itilde: 0x128,
		itilde: 0x129,
		Utilde: 0x168,
		utilde: 0x169,
	}).map(([name, code]): [string, string] => [name, String.fromCodePoint(code)]),
]);

/** The five markup entities, which HTML also reads in capitals (`&AMP;`), and nbsp as before. */
const ANY_CASE = new Set(['amp', 'lt', 'gt', 'quot', 'apos', 'nbsp']);

/** HTML5's reading of `&#128;`–`&#159;` (Windows-1252, as Word pastes them); the rest are controls. */
const WINDOWS_1252: Readonly<Record<number, number>> = {
	0x80: 0x20ac,
	0x82: 0x201a,
	0x83: 0x192,
	0x84: 0x201e,
	0x85: 0x2026,
	0x86: 0x2020,
	0x87: 0x2021,
	0x88: 0x2c6,
	0x89: 0x2030,
	0x8a: 0x160,
	0x8b: 0x2039,
	0x8c: 0x152,
	0x8e: 0x17d,
	0x91: 0x2018,
	0x92: 0x2019,
	0x93: 0x201c,
	0x94: 0x201d,
	0x95: 0x2022,
	0x96: 0x2013,
	0x97: 0x2014,
	0x98: 0x2dc,
	0x99: 0x2122,
	0x9a: 0x161,
	0x9b: 0x203a,
	0x9c: 0x153,
	0x9e: 0x17e,
	0x9f: 0x178,
};

/**
 * A numeric entity's character. As browsers read it: 0, a surrogate (D800–DFFF) or a number
 * beyond U+10FFFF is U+FFFD (so the reader sees something was there); 128–159 are the
 * Windows-1252 characters. A control character (C0 other than tab, new line and carriage return;
 * DEL; C1) is dropped: it has no text to show.
 */
function fromCodePoint(code: number): string {
	if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
		return '\ufffd';
	if (code in WINDOWS_1252) return String.fromCodePoint(WINDOWS_1252[code]);
	if (
		(code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
		(code >= 0x7f && code <= 0x9f)
	)
		return '';
	return String.fromCodePoint(code);
}

/** Entities decoded once, so a decoded `&` never starts another (`&amp;lt;` reads `&lt;`). */
function decodeEntities(text: string): string {
	return text.replace(
		/&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);/g,
		(entity, name: string) => {
			if (name[0] === '#') {
				const hex = name[1] === 'x' || name[1] === 'X';
				return fromCodePoint(parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
			}
			if (Object.prototype.hasOwnProperty.call(NAMED_ENTITIES, name)) return NAMED_ENTITIES[name];
			const lower = name.toLowerCase();
			return ANY_CASE.has(lower) ? NAMED_ENTITIES[lower] : entity;
		},
	);
}

/** Tags whose end is the end of a line. */
const BLOCKS = new Set([
	'p',
	'div',
	'li',
	'h1',
	'h2',
	'h3',
	'h4',
	'h5',
	'h6',
	'tr',
	'blockquote',
	'pre',
]);
/** Elements whose content is no text: dropped with it. */
const RAW = new Set(['script', 'style']);

const isLetter = (char: string | undefined) => char !== undefined && /[A-Za-z]/.test(char);

/**
 * The text of comment HTML, read in one pass as a browser reads it:
 * - `<script>` and `<style>` go with their content; `<!-- comments -->`, `<![CDATA[…]]>` (a
 *   comment in HTML, shown by no browser: its text goes too), `<!DOCTYPE>` and `<?…?>` go;
 * - a tag ends at the first `>` outside a quoted attribute value (`<a title="a>b">`);
 * - `<br>` (`<br/>`, `<br / >`, `<BR>`) and the end of a paragraph or block become new lines,
 *   except the block a comment is wrapped in, which ends it rather than a line of it;
 * - other tags go, and entities are decoded once (see `decodeEntities`).
 * Unclosed comments, CDATA and scripts run to the end, as in a browser; a `<` that starts no
 * complete tag is text.
 */
export function htmlToText(html: string): string {
	/** Pieces of output: text (decoded at the end of each run), a `<br>`, or the end of a block. */
	const out: Array<string | { end: 'br' | 'block' }> = [];
	const lower = html.toLowerCase();
	/** Where no later `>` or quote exists, so an unclosed tag costs one search, not one each. */
	const none: Record<string, number> = {};
	const find = (what: string, from: number) => {
		if (none[what] !== undefined && from >= none[what]) return -1;
		const at = lower.indexOf(what, from);
		if (at < 0) none[what] = Math.min(from, none[what] ?? from);
		return at;
	};
	const reader: Reader = { find, quotesBroken: false };
	let text = 0;
	let at = 0;
	const flush = (until: number) => {
		if (until > text) out.push(html.slice(text, until));
	};
	while ((at = html.indexOf('<', at)) >= 0) {
		const next = html[at + 1];
		let end: number;
		if (lower.startsWith('<!--', at)) {
			// `<!-->` and `<!--->` close at once, as in HTML5.
			if (html[at + 4] === '>') end = at + 5;
			else if (lower.startsWith('->', at + 4)) end = at + 6;
			else {
				const close = find('-->', at + 4);
				end = close < 0 ? html.length : close + 3;
			}
		} else if (lower.startsWith('<![cdata[', at)) {
			const close = find(']]>', at + 9);
			end = close < 0 ? html.length : close + 3;
		} else if (next === '!' || next === '?') {
			const close = find('>', at + 2);
			end = close < 0 ? html.length : close + 1;
		} else if (isLetter(next) || (next === '/' && isLetter(html[at + 2]))) {
			const closing = next === '/';
			const nameStart = at + (closing ? 2 : 1);
			let nameEnd = nameStart;
			// No `>` left: no tag can end, so the `<` is text (and no name is read to the end).
			if (find('>', nameStart) < 0) {
				at++;
				continue;
			}
			while (nameEnd < html.length && !/[\s/<>]/.test(html[nameEnd])) nameEnd++;
			const name = lower.slice(nameStart, nameEnd);
			end = tagEnd(html, nameEnd, reader);
			if (end < 0) {
				// No `>` at all: the `<` is text.
				at++;
				continue;
			}
			flush(at);
			if (!closing && RAW.has(name)) {
				const close = find(`</${name}`, end);
				const closeEnd = close < 0 ? -1 : tagEnd(html, close + 2 + name.length, reader);
				end = closeEnd < 0 ? html.length : closeEnd;
			} else if (name === 'br') out.push({ end: 'br' });
			else if (closing && BLOCKS.has(name)) out.push({ end: 'block' });
			text = at = end;
			continue;
		} else {
			at++;
			continue;
		}
		flush(at);
		text = at = end;
	}
	flush(html.length);
	// The block a comment is wrapped in ends it: no new line for it, nor the blank after it.
	let last = out.length;
	for (let index = out.length - 1; index >= 0; index--) {
		const piece = out[index];
		if (typeof piece === 'string' ? piece.trim() !== '' : piece.end === 'br') break;
		if (typeof piece !== 'string') last = index;
	}
	return out
		.slice(0, last)
		.map((piece) => (typeof piece === 'string' ? decodeEntities(piece) : '\n'))
		.join('');
}

/** How `htmlToText` reads one input: its searches, and whether quotes are still trusted. */
interface Reader {
	find: (what: string, from: number) => number;
	/**
	 * Set once a quote-aware search ran to the end of the input without finding the tag's end:
	 * the rest is broken markup, read by the first `>`, so no input costs more than linear time.
	 */
	quotesBroken: boolean;
}

/**
 * Where the tag whose name ends at `from` ends (after its `>`), or -1 when no `>` follows. A
 * quoted attribute value (a quote right after `=`) may hold `>`; an unclosed one, or one that
 * hides every later `>`, falls back to the first `>`, so a broken attribute leaves no markup.
 */
function tagEnd(html: string, from: number, reader: Reader): number {
	const first = reader.find('>', from);
	if (first < 0) return -1;
	if (!reader.quotesBroken) {
		let previous = '';
		for (let index = from; index < html.length; index++) {
			const char = html[index];
			if (char === '>') return index + 1;
			if ((char === '"' || char === "'") && previous === '=') {
				const close = reader.find(char, index + 1);
				if (close < 0) break;
				index = close;
			}
			if (!/\s/.test(char)) previous = char;
		}
		reader.quotesBroken = true;
	}
	return first + 1;
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const orNull = (value: unknown) => (present(value) ? (value as IDataObject[string]) : null);

/**
 * One comment in either shape as `{id, body, author_id, author_name, source, is_public,
 * created_at}`: the text without tags or entities, who wrote it, from which channel, and when
 * (the time as it came: output/simplifyRecord.ts converts it). What a shape lacks is null.
 */
export function readableComment(comment: IDataObject): IDataObject {
	// Neither shape's text key: not a comment this knows how to read, passed through.
	if (!('comment' in comment) && !('body' in comment)) return comment;
	const html = comment.comment;
	const body =
		typeof html === 'string' ? htmlToText(html) : present(comment.body) ? String(comment.body) : '';
	return {
		id: orNull(comment.id),
		body,
		author_id: orNull(present(comment.commentator_id) ? comment.commentator_id : comment.author_id),
		author_name: orNull(comment.commentator_name),
		source: orNull(comment.comment_source),
		is_public: orNull(comment.is_public),
		created_at: orNull(comment.created_at),
	};
}
