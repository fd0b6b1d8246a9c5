/**
 * The text of a comment's HTML: tags dropped (blocks become line breaks), script, style and
 * HTML comments dropped, entities decoded, in linear time also on broken markup.
 */
import { decodeEntities } from './htmlEntities';

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
