/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * What reading the platform's stamps costs (basics/clock.ts readApiTime), per stamp form, beside
 * Date.parse as a floor: a Return All of 20,000 tickets reads 40,000 list stamps.
 *   npx ts-node --transpile-only bench/stamps.ts
 */
import { readApiTime, type PlatformClock } from '../nodes/CustomerCare/basics/clock';

const N = 200_000;
const base = Date.UTC(2026, 0, 1);
const isoSeconds = Array.from({ length: N }, (_, i) => new Date(base + i * 37_000).toISOString().slice(0, 19));
const forms: Record<string, string[]> = {
	'list stamp …Z': isoSeconds.map((s) => `${s}Z`),
	'zone-less (detail, calls)': isoSeconds.map((s) => s.replace('T', ' ')),
	'with an offset': isoSeconds.map((s) => `${s}+07:00`),
};
const clocks: PlatformClock[] = [
	{ zone: 'Asia/Ho_Chi_Minh', convention: 'wallClock' },
	{ zone: 'Asia/Ho_Chi_Minh', convention: 'iso' },
];

function nsPerStamp(read: () => void): number {
	read(); // warm up
	const started = process.hrtime.bigint();
	read();
	return Number(process.hrtime.bigint() - started) / N;
}

const rows = [['Date.parse (floor)', 'list stamp …Z', nsPerStamp(() => forms['list stamp …Z'].forEach((s) => Date.parse(s)))]];
for (const clock of clocks)
	for (const [form, stamps] of Object.entries(forms))
		rows.push([`readApiTime, ${clock.convention}`, form, nsPerStamp(() => stamps.forEach((s) => readApiTime(s, clock)))]);
console.log(`stamps read, ${N} per form (ns per stamp)`);
for (const [how, form, ns] of rows) console.log(`${String(how).padEnd(26)} ${String(form).padEnd(26)} ${Number(ns).toFixed(0).padStart(6)}`);
