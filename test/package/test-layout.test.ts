/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The tests' layout keeps what docs/testing.md says of it: an operation's case file
 * (`test/engine/deal/update.ts`) runs only through its folder's runner, so a case file that no
 * runner imports would be a test that silently never runs; modules that are not tests live in
 * `helpers/` folders; and a test says the behaviour it proves, never the review round or the
 * issue that asked for it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TEST_ROOT = join(ROOT, 'test');

function filesUnder(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? filesUnder(path) : [path];
	});
}

const tsFiles = filesUnder(TEST_ROOT).filter((file) => file.endsWith('.ts'));
const isTest = (file: string) => file.endsWith('.test.ts');
const inHelpers = (file: string) => relative(TEST_ROOT, file).split('/').includes('helpers');

/** `import './update';` and `from './update'` of a file beside it. */
function siblingImports(file: string): Set<string> {
	const source = readFileSync(file, 'utf8');
	const names = [...source.matchAll(/(?:import|from) '\.\/([^'/]+)'/g)].map((match) => match[1]);
	return new Set(names);
}

describe('test/engine: operation case files', () => {
	const caseFiles = tsFiles.filter(
		(file) => relative(TEST_ROOT, file).startsWith('engine/') && !isTest(file) && !inHelpers(file),
	);

	test('there are case files, one folder per resource', () => {
		expect(caseFiles.map((file) => relative(TEST_ROOT, file))).toContain('engine/deal/update.ts');
	});

	test('each is imported by a runner in its folder, so its cases run', () => {
		const orphans = caseFiles.filter((file) => {
			const runners = readdirSync(dirname(file))
				.filter((name) => name.endsWith('.test.ts'))
				.map((name) => join(dirname(file), name));
			return !runners.some((runner) => siblingImports(runner).has(basename(file, '.ts')));
		});
		expect(orphans.map((file) => relative(ROOT, file))).toEqual([]);
	});
});

test('a runner imports each case file for its effects, on a line of its own (not in a comment, not type-only)', () => {
	// `import type … from './update'` is erased when compiled and `// import './update'` is a comment:
	// both name the case file, yet none of its cases would run.
	const caseFiles = tsFiles.filter(
		(file) => relative(TEST_ROOT, file).startsWith('engine/') && !isTest(file) && !inHelpers(file),
	);
	const notRun = caseFiles.filter((file) => {
		const runners = readdirSync(dirname(file))
			.filter((name) => name.endsWith('.test.ts'))
			.map((name) => readFileSync(join(dirname(file), name), 'utf8'));
		const line = new RegExp(`^import (?!type\\b)(?:[^;]*? from )?'\\./${basename(file, '.ts')}';$`, 'm');
		return !runners.some((source) => line.test(source));
	});
	expect(notRun.map((file) => relative(ROOT, file))).toEqual([]);
});

test('modules of test/unit that are not tests live in helpers/', () => {
	const stray = tsFiles.filter((file) => relative(TEST_ROOT, file).startsWith('unit/') && !isTest(file) && !inHelpers(file));
	expect(stray.map((file) => relative(ROOT, file))).toEqual([]);
});

test('no test file, test name or comment cites a review round or an issue number', () => {
	// Written in parts so that this file does not match itself.
	const citation = new RegExp(
		['red[- ]?team', 'helper[- _]?\\d', 'issues? #?\\d', '\\bRT\\d+\\b', '\\bF\\d{1,2}\\b', 'finding \\d'].join('|'),
		'i',
	);
	const cited = filesUnder(TEST_ROOT)
		.filter((file) => /\.(ts|js|mjs)$/.test(file))
		.flatMap((file) =>
			[relative(ROOT, file), ...readFileSync(file, 'utf8').split('\n')]
				.map((line, index) => ({ line, index }))
				.filter(({ line }) => citation.test(line))
				.map(({ line, index }) => `${relative(ROOT, file)}${index ? `:${index}` : ''}: ${line.trim().slice(0, 120)}`),
		);
	expect(cited).toEqual([]);
});
