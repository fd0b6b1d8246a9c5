/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * How a comment's HTML becomes text as it grows (output/htmlText.ts): the time per thousand
 * repeats of a tagged phrase should stay flat (linear time), also for unclosed tags.
 *
 *   npx ts-node --transpile-only bench/html-text.ts
 */
import { htmlToText } from '../nodes/CustomerCare/output/htmlText';

const SHAPES: Array<[string, string]> = [
	['tags and entities', 'word &amp; <b>bold</b><br/>'],
	['unclosed tags', 'word <b bold <i '],
	['comments', 'a <!-- b '],
];

for (const [name, unit] of SHAPES) {
	const rows: string[] = [];
	for (const repeats of [12_500, 25_000, 50_000, 100_000]) {
		const html = unit.repeat(repeats);
		htmlToText(html); // warm
		const started = process.hrtime.bigint();
		htmlToText(html);
		const ms = Number(process.hrtime.bigint() - started) / 1e6;
		rows.push(`${String(repeats).padStart(7)} repeats  ${ms.toFixed(1).padStart(8)} ms  ${((ms / repeats) * 1000).toFixed(2).padStart(6)} ms per 1000`);
	}
	console.log(`${name}:\n${rows.join('\n')}`);
}
