/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * scripts/lib/pack.mjs distIsCurrent: `npm start` skips `npm run build` only when dist/ is what
 * the build would write: tsc's output newer than every source and build file, gulp's copies
 * equal to their sources. Checked on a small repository made here, its file times set by hand.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const PACK = pathToFileURL(resolve(__dirname, '..', '..', '..', 'scripts', 'lib', 'pack.mjs')).href;

function distIsCurrent(repo: string): Promise<boolean> {
	const script = `const { distIsCurrent } = await import(${JSON.stringify(PACK)}); process.stdout.write(JSON.stringify(distIsCurrent(${JSON.stringify(repo)})));`;
	return new Promise((done, fail) =>
		execFile(process.execPath, ['--input-type=module', '-e', script], (err, stdout, stderr) =>
			err ? fail(new Error(`${err.message}\n${stderr}`)) : done(JSON.parse(stdout)),
		),
	);
}

describe('distIsCurrent', () => {
	let repo: string;
	/** Writes `path` in the repository with the modification time `seconds`. */
	const file = (path: string, seconds: number, text = path) => {
		const full = join(repo, path);
		mkdirSync(dirname(full), { recursive: true });
		writeFileSync(full, text);
		utimesSync(full, seconds, seconds);
	};

	beforeEach(() => {
		repo = mkdtempSync(join(tmpdir(), 'cc-dist-current-test-'));
		for (const source of ['nodes/A/A.node.ts', 'credentials/C.credentials.ts', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'gulpfile.js']) file(source, 1000);
		file('nodes/A/A.node.json', 1000, '{"node":"a"}');
		file('icons/a.svg', 1000, '<svg/>');
		file('dist/nodes/A/A.node.js', 2000);
		file('dist/credentials/C.credentials.js', 2001);
		// gulp keeps the source's time on its copies.
		file('dist/nodes/A/A.node.json', 1000, '{"node":"a"}');
		file('dist/icons/a.svg', 1000, '<svg/>');
	});
	afterEach(() => rmSync(repo, { recursive: true, force: true }));

	it('a build after the last change: current', async () => {
		expect(await distIsCurrent(repo)).toBe(true);
	});

	it('a source changed after the build: not current', async () => {
		file('nodes/A/A.node.ts', 3000);
		expect(await distIsCurrent(repo)).toBe(false);
	});

	it('package.json changed after the build: not current', async () => {
		file('package.json', 2000);
		expect(await distIsCurrent(repo)).toBe(false);
	});

	it('an icon changed (gulp copies it with its own time): not current', async () => {
		file('icons/a.svg', 900, '<svg id="new"/>');
		expect(await distIsCurrent(repo)).toBe(false);
	});

	it('a new codex file not yet copied: not current', async () => {
		file('nodes/B/B.node.json', 900);
		expect(await distIsCurrent(repo)).toBe(false);
	});

	it('a new source not yet compiled: not current', async () => {
		file('nodes/A/B.ts', 900);
		expect(await distIsCurrent(repo)).toBe(false);
	});

	it('a .js left by a moved or deleted source: not current (it would be packed; the build empties dist/)', async () => {
		file('dist/nodes/A/Gone.js', 1500);
		expect(await distIsCurrent(repo)).toBe(false);
	});

	it('no dist/: not current', async () => {
		rmSync(join(repo, 'dist'), { recursive: true });
		expect(await distIsCurrent(repo)).toBe(false);
	});
});
