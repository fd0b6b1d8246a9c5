/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * jest.config.js picks a file for a second mode by the first line matching `^// @modes:(.*)$`
 * anywhere in a `.test.ts` file. A marker it cannot read is silent: `// @mode: spec`,
 * `//@modes: spec`, a second marker line, or a marker in an operation case file (only runners are
 * read) all leave the file out of the mode's run with no error. So every line that mentions
 * `@modes` must be the one marker jest.config.js reads, near the top of a test file, naming
 * known modes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const MODES = ['spec', 'strict', 'backoff'];
const READ_BY_CONFIG = /^\/\/ @modes:(.*)$/;
const TOP_LINES = 5;

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		return entry.isDirectory() ? filesUnder(path) : /\.(ts|js)$/.test(entry.name) ? [path] : [];
	});
}

const mentions = filesUnder(join(ROOT, 'test'))
	.filter((file) => file !== __filename)
	.flatMap((file) =>
		readFileSync(file, 'utf8')
			.split('\n')
			.map((line, index) => ({ file: relative(ROOT, file), line, number: index + 1 }))
			.filter(({ line }) => /@modes?\b/i.test(line)),
	);

test('some test files carry a mode marker', () => {
	expect(mentions.length).toBeGreaterThan(10);
});

test('every line mentioning @modes is a marker jest.config.js reads, in a runner, near its top, naming known modes', () => {
	const wrong = mentions
		.filter(({ file, line, number }) => {
			const marker = READ_BY_CONFIG.exec(line);
			if (!marker || !file.endsWith('.test.ts') || number > TOP_LINES) return true;
			const modes = marker[1].trim().split(/\s+/);
			return modes.length === 0 || modes.some((mode) => !MODES.includes(mode));
		})
		.map(({ file, line, number }) => `${file}:${number}: ${line.trim()}`);
	expect(wrong).toEqual([]);
});

test('a file has at most one marker line', () => {
	const count = new Map<string, number>();
	for (const { file } of mentions) count.set(file, (count.get(file) ?? 0) + 1);
	expect([...count].filter(([, n]) => n > 1).map(([file]) => file)).toEqual([]);
});
