/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The examples are named in the docs as n8n's editor lists them: by the workflow `name` inside
 * each examples/*.json, never by a file number the editor does not show. Every name quoted after
 * "example" in README.md, docs/try-it.md, examples/README.md and `npm run demo`'s help is an
 * example's name, and examples/README.md pairs each name with its own file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const EXAMPLES = join(ROOT, 'examples');
const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json')).sort();
const nameOf = Object.fromEntries(files.map((f) => [f, JSON.parse(readFileSync(join(EXAMPLES, f), 'utf8')).name as string]));
const names = new Set(Object.values(nameOf));
const DOCS = ['README.md', 'docs/try-it.md', 'examples/README.md'];
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8').replace(/\s*\n\s*/g, ' ');

/** “Quoted” names after "example(s)", and the quotes joined by "and" after it. */
function quotedAfterExample(text: string): string[] {
	const found: string[] = [];
	for (const match of text.matchAll(/\bexamples? ((?:“[^”]+”(?:,? and |, )?)+)/g)) {
		for (const quoted of match[1].matchAll(/“([^”]+)”/g)) found.push(quoted[1]);
	}
	return found;
}

describe('example names', () => {
	it('each example has its own name', () => {
		expect(names.size).toBe(files.length);
	});

	it.each(DOCS)('%s names examples by their name in n8n, not by number', (path) => {
		const text = read(path);
		expect(text).not.toMatch(/\b(examples?|story|stories|workflows?) \d{2}\b/i);
		for (const name of quotedAfterExample(text)) expect(names).toContain(name);
	});

	it('examples/README.md pairs each name with its file', () => {
		const text = readFileSync(join(EXAMPLES, 'README.md'), 'utf8');
		const pairs = [...text.matchAll(/“([^”]+)” \(\[([\w.-]+\.json)\]\(\2\)\)/g)].map((m) => [m[2], m[1]]);
		expect(Object.fromEntries(pairs)).toEqual(nameOf);
	});

	it('docs/try-it.md: each demo command names the examples that react', () => {
		const rows = read('docs/try-it.md').match(/\| `npm run demo -- [^|]+\|[^|]+\|[^|]+\|/g) ?? [];
		expect(rows.length).toBeGreaterThanOrEqual(5);
		for (const row of rows) {
			for (const quoted of row.matchAll(/“([^”]+)”/g)) expect(names).toContain(quoted[1]);
		}
	});

	it("npm run demo's help names existing examples", () => {
		const demo = readFileSync(join(ROOT, 'scripts', 'demo.mjs'), 'utf8');
		const reacts = [...demo.matchAll(/reacts: '([^']+)'/g)].map((m) => m[1]);
		expect(reacts.length).toBeGreaterThanOrEqual(5);
		for (const text of reacts) {
			expect(text).not.toMatch(/\d{2}\b/);
			for (const quoted of text.matchAll(/“([^”]+)”/g)) expect(names).toContain(quoted[1]);
		}
	});
});
