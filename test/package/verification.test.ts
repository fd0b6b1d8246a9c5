/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * What n8n's verification relies on besides the node itself: the offline scan (scripts/scan.mjs)
 * really fails on code the scanner refuses, in the source and in the packed tarball, and the
 * publish workflow builds, lints, tests and scans before `npm publish --provenance`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

const ROOT = join(__dirname, '..', '..');
const NODE_SOURCE = 'nodes/CustomerCare/CustomerCare.node.ts';
const NODE_BUILT = 'dist/nodes/CustomerCare/CustomerCare.node.js';

describe('offline scan (npm run scan) on a copy with a planted console.log', () => {
	let copy: string;
	let scan: { status: number | null; output: string };

	beforeAll(() => {
		if (!existsSync(join(ROOT, NODE_BUILT))) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
		copy = mkdtempSync(join(tmpdir(), 'cc-scan-copy-'));
		for (const entry of ['package.json', '.npmrc', 'README.md', 'LICENSE', 'index.js', 'nodes', 'credentials', 'icons', 'dist']) {
			cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
		}
		execFileSync('git', ['init', '-q'], { cwd: copy });
		appendFileSync(join(copy, NODE_SOURCE), "\nconsole.log('planted in the source');\n");
		appendFileSync(join(copy, NODE_BUILT), "\nconsole.log('planted in the build');\n");
		// Not under jest's NODE_ENV=test: scan.mjs refuses it (the n8n plugin's rules change with it).
		const { NODE_ENV: _jest, ...env } = process.env;
		const result = spawnSync('node', [join(ROOT, 'scripts', 'scan.mjs'), copy], { encoding: 'utf8', env });
		scan = { status: result.status, output: result.stdout + result.stderr };
	}, 180_000);

	afterAll(() => rmSync(copy, { recursive: true, force: true }));

	test('exits 1 and fails both passes', () => {
		expect(scan.status).toBe(1);
		expect(scan.output).toMatch(/^FAIL {2}source: \d+ files/m);
		expect(scan.output).toMatch(/^FAIL {2}tarball: \d+ files/m);
	});

	test('each pass names the planted line and nothing else', () => {
		const sourceLines = readFileSync(join(copy, NODE_SOURCE), 'utf8').split('\n').length;
		const builtLines = readFileSync(join(copy, NODE_BUILT), 'utf8').split('\n').length;
		// stylish output: the file, then `line:column  error  message  rule`.
		expect(scan.output).toMatch(new RegExp(`${NODE_SOURCE.replace(/\./g, '\\.')}\\n\\s+${sourceLines - 1}:1\\s+error\\s+Unexpected console statement\\s+no-console`));
		expect(scan.output).toMatch(new RegExp(`CustomerCare\\.node\\.js\\n\\s+${builtLines - 1}:1\\s+error\\s+Unexpected console statement\\s+no-console`));
		expect(scan.output.match(/✖ 1 problem \(1 error, 0 warnings\)/g)).toHaveLength(2);
	});
});

describe('.github/workflows/publish.yml', () => {
	const workflow = parse(readFileSync(join(ROOT, '.github', 'workflows', 'publish.yml'), 'utf8')) as {
		on: { push: { tags: string[] } };
		jobs: Record<string, { permissions: Record<string, string>; steps: Array<{ run?: string; uses?: string; env?: Record<string, unknown> }> }>;
	};
	const [job] = Object.values(workflow.jobs);
	const runs = job.steps.map((step) => step.run ?? step.uses ?? '');

	test('runs on version tags, with the id-token permission provenance needs', () => {
		expect(workflow.on.push.tags).toEqual(['*.*.*']);
		expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
	});

	test('installs, builds, lints, runs every test project and scans, in that order, before publishing with provenance', () => {
		const order = ['npm ci', 'npm run build', 'npm run lint', 'npm run test:all', 'npm run scan', 'npm publish --provenance --access public'];
		expect(runs.filter((run) => order.includes(run))).toEqual(order);
		expect(runs.indexOf(order[0])).toBeGreaterThan(runs.findIndex((run) => run.startsWith('actions/setup-node')));
		expect(runs[runs.length - 1]).toBe(order[order.length - 1]);
		// Every fast-check case, as CI runs them (test/unit/helpers/property.ts).
		expect(job.steps.find((step) => step.run === 'npm run test:all')?.env).toEqual({ CI: true });
	});
});
