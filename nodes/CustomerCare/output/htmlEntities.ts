/**
 * HTML character references as the platform's comments carry them: named entities of HTML 4
 * and Latin-1 (some in any case), decimal and hex references, Windows-1252's C1 range.
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
export function decodeEntities(text: string): string {
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
