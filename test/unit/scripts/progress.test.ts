/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * scripts/lib/progress.mjs, what `npm start` prints while a long step (a cold install of n8n, the
 * sqlite3 build) runs: the step named as it starts with its log, a line while it runs, the
 * child's output in the log, a failure that names the log. The module is plain Node ESM, so a
 * short driver runs it in a child Node, with a short fake child process and a short interval.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const PROGRESS = pathToFileURL(resolve(__dirname, '..', '..', '..', 'scripts', 'lib', 'progress.mjs')).href;

interface Driven {
	lines: string[];
	result?: { output: string };
	error?: string;
}

/** Runs `body` (ESM, `progress` imported, `say` collecting lines) in a child Node; its JSON result. */
function drive(body: string): Promise<Driven> {
	const script = `
		const progress = await import(${JSON.stringify(PROGRESS)});
		const lines = [];
		const say = (line) => lines.push(line);
		let result, error;
		try { result = await (async () => { ${body} })(); } catch (e) { error = String(e.message); }
		process.stdout.write(JSON.stringify({ lines, result, error }));
	`;
	return new Promise((done, fail) =>
		execFile(process.execPath, ['--input-type=module', '-e', script], (err, stdout, stderr) =>
			err ? fail(new Error(`${err.message}\n${stderr}`)) : done(JSON.parse(stdout)),
		),
	);
}

/** A fake child: prints to stdout and stderr, waits a moment, exits with `code`. */
const fakeChild = (code: number, waitMs = 400) =>
	`[process.execPath, ['-e', ${JSON.stringify(`console.log('out line'); console.error('err line'); setTimeout(() => process.exit(${code}), ${waitMs});`)}]]`;

describe('formatElapsed', () => {
	it.each([
		[0, '0 s'],
		[8_400, '8 s'],
		[59_999, '59 s'],
		[60_000, '1 min'],
		[90_000, '1 min 30 s'],
		[204_000, '3 min 24 s'],
	])('%i ms → %s', async (ms, text) => {
		const { result } = await drive(`return { output: progress.formatElapsed(${ms}) };`);
		expect(result!.output).toBe(text);
	});
});

describe('runWithProgress', () => {
	let work: string;
	beforeEach(() => {
		work = mkdtempSync(join(tmpdir(), 'cc-progress-test-'));
	});
	afterEach(() => rmSync(work, { recursive: true, force: true }));

	it('names the step and its log as it starts, says how long while it runs, keeps the output in the log', async () => {
		const logFile = join(work, 'logs', 'install.log');
		const { lines, result, error } = await drive(`
			const [cmd, args] = ${fakeChild(0)};
			return await progress.runWithProgress('installing n8n 2.40.7', cmd, args, { logFile: ${JSON.stringify(logFile)}, everyMs: 50, say });
		`);
		expect(error).toBeUndefined();
		expect(lines[0]).toBe(`  … installing n8n 2.40.7 (log: ${logFile})`);
		const during = lines.slice(1);
		expect(during.length).toBeGreaterThan(0);
		for (const line of during) {
			expect(line).toMatch(new RegExp(`^  … installing n8n 2\\.40\\.7 \\(\\d+ s; log: ${logFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`));
		}
		expect(result!.output).toContain('out line');
		const log = readFileSync(logFile, 'utf8');
		expect(log).toContain('out line');
		expect(log).toContain('err line');
	});

	it('a failed child rejects naming the step, the log and the last output; no line after it', async () => {
		const logFile = join(work, 'sqlite3-build.log');
		const { lines, error } = await drive(`
			const [cmd, args] = ${fakeChild(3, 50)};
			try {
				return await progress.runWithProgress('building sqlite3', cmd, args, { logFile: ${JSON.stringify(logFile)}, everyMs: 10, say });
			} finally {
				const seen = lines.length;
				await new Promise((r) => setTimeout(r, 100));
				if (lines.length !== seen) throw new Error('progress went on after the step ended');
			}
		`);
		expect(lines[0]).toBe(`  … building sqlite3 (log: ${logFile})`);
		expect(error).toContain(`building sqlite3: ${process.execPath} -e`);
		expect(error).toContain(`exited 3 (log: ${logFile})`);
		expect(error).toContain('err line');
		expect(existsSync(logFile)).toBe(true);
	});
});

describe('withProgress', () => {
	it('announce: false says nothing for a step that ends before its first interval', async () => {
		const { lines, result } = await drive(`
			return await progress.withProgress('starting n8n', async () => ({ output: 'done' }), { announce: false, everyMs: 60_000, say });
		`);
		expect(lines).toEqual([]);
		expect(result!.output).toBe('done');
	});

	it('says the elapsed time from the clock it is given', async () => {
		const { lines } = await drive(`
			let t = 0;
			const now = () => (t += 45_000);
			await progress.withProgress('building the package', () => new Promise((r) => setTimeout(r, 200)), { everyMs: 20, say, now });
		`);
		expect(lines[0]).toBe('  … building the package');
		expect(lines[1]).toBe('  … building the package (45 s)');
		if (lines[2]) expect(lines[2]).toBe('  … building the package (1 min 30 s)');
	});
});
