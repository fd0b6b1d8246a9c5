/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * `npm run bench`: every benchmark, one after another, each in a process of its own.
 * Each prints its tables and writes bench/results/<name>.json.
 *
 *   npm run bench                      # all (installs n8n-nodes-base into a cache folder once)
 *   npm run bench -- --reps=1          # one run per scenario instead of three
 *   npm run bench -- --skip-http       # without n8n's HTTP Request node (no install)
 *   npm run bench -- --only=throughput,polling,load-time,requests
 *   npm run bench -- --baseline=adefd4f  # the same scenarios on that commit too, in this run, with the ratios
 *
 * --baseline checks the commit out into a temporary git worktree, puts today's bench/, fake
 * platform and engine harness in it (the same scenarios, server and engine; only the package's
 * code differs), runs there what ran here, and compares.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { machine, printTable, REPO_ROOT, round, type Cell } from './lib/report';

const BENCHMARKS: Record<string, string> = {
	throughput: 'throughput.ts',
	polling: 'polling.ts',
	'rate-under-load': 'rate-under-load.ts',
	'load-time': 'load-time.ts',
	sharing: 'sharing.ts',
	requests: 'requests.ts',
};

function main() {
	const argv = process.argv.slice(2);
	const only = argv.find((arg) => arg.startsWith('--only='))?.split('=')[1].split(',');
	const passOn = argv.filter((arg) => !arg.startsWith('--only='));
	const host = machine();
	const load = loadavg().map((value) => value.toFixed(2));
	console.log(
		`Benchmarks on ${host.cpu}, ${host.cores} cores, ${host.memoryGiB} GiB, Node ${host.node} (${host.platform}); load average ${load.join(' ')}`,
	);
	const began = Date.now();
	const baseline = baselineRef(argv);
	const passOnHere = passOn.filter((arg) => !arg.startsWith('--baseline') && arg !== baseline);
	const failed = runAll(REPO_ROOT, only, passOnHere);
	targets(REPO_ROOT, began);
	if (baseline) {
		const tree = baselineTree(baseline);
		try {
			console.log(`\n=== the same on ${baseline} (${tree}) ===`);
			failed.push(...runAll(tree, only, passOnHere).map((name) => `${name} on ${baseline}`));
			compare(REPO_ROOT, tree, baseline);
		} finally {
			execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: REPO_ROOT, stdio: 'ignore' });
		}
	}
	const seconds = Math.round((Date.now() - began) / 1000);
	console.log(`\nAll benchmarks done in ${Math.floor(seconds / 60)} min ${seconds % 60} s${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}.`);
	process.exit(failed.length ? 1 : 0);
}

function runAll(root: string, only: string[] | undefined, passOn: string[]): string[] {
	const failed: string[] = [];
	for (const [name, script] of Object.entries(BENCHMARKS)) {
		if (only && !only.includes(name)) continue;
		if (!existsSync(join(root, 'bench', script))) continue;
		console.log(`\n=== ${name} ===`);
		const scriptArgs = passOn.filter((arg) => name !== 'load-time' || !arg.startsWith('--reps='));
		const result = spawnSync(
			process.execPath,
			['-r', 'ts-node/register/transpile-only', join(root, 'bench', script), ...(['polling', 'sharing', 'requests'].includes(name) ? [] : scriptArgs)],
			{ cwd: root, stdio: 'inherit', env: { ...process.env, N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'silent' } },
		);
		if (result.status !== 0) failed.push(name);
	}
	return failed;
}

function baselineRef(argv: string[]): string | undefined {
	const index = argv.findIndex((arg) => arg === '--baseline' || arg.startsWith('--baseline='));
	if (index < 0) return undefined;
	const ref = argv[index].includes('=') ? argv[index].split('=')[1] : argv[index + 1];
	if (!ref) throw new Error('--baseline needs a git ref, e.g. --baseline=adefd4f');
	return ref;
}

/** The commit in a temporary worktree, with this tree's bench/, fake platform, engine harness and node_modules. */
function baselineTree(ref: string): string {
	const tree = mkdtempSync(join(tmpdir(), 'cc-bench-baseline-'));
	execFileSync('git', ['worktree', 'add', '--detach', '--force', tree, ref], { cwd: REPO_ROOT, stdio: 'ignore' });
	symlinkSync(join(REPO_ROOT, 'node_modules'), join(tree, 'node_modules'));
	for (const part of ['bench', join('tools', 'fake-platform'), join('tools', 'engine-harness')]) {
		rmSync(join(tree, part), { recursive: true, force: true });
		cpSync(join(REPO_ROOT, part), join(tree, part), { recursive: true, filter: (source) => !source.includes(join('bench', 'results')) });
	}
	return tree;
}

interface ThroughputScenario {
	label: string;
	latencyMs: number;
	typical: { wallMs: number; rssBaselineBytes: number; rssPeakBytes: number; jsonBytes: number; requests: number };
}

const resultsOf = (root: string, name: string) => {
	const file = join(root, 'bench', 'results', `${name}.json`);
	return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined;
};

interface ThroughputRun {
	wallMs: number;
	pages: number;
	rssBaselineBytes: number;
	rssPeakBytes: number;
	jsonBytes: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Issue 20's targets, from this run's results: Return All (Simplify on) within 5 % of the rate
 * bound (pages / 15 + one round trip), memory growth ≤ 2 × the JSON, Simplify ≤ 5 % of the wall
 * time, and the rate budget under CPU load (busiest server second ≤ 15, no 429).
 */
function targets(root: string, since: number) {
	const rows: Cell[][] = [];
	// Only what this run wrote: an older file is another run's.
	const fresh = (name: string) => {
		const results = resultsOf(root, name);
		return results && Date.parse(String(results.at)) >= since ? results : undefined;
	};
	const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
	const throughput = fresh('throughput');
	const scenarios = (throughput?.scenarios ?? []) as Array<{ label: string; latencyMs: number; runs: ThroughputRun[] }>;
	for (const on of scenarios.filter((scenario) => scenario.label === 'Customer Care node')) {
		const ms = on.latencyMs;
		const wall = median(on.runs.map((run) => run.wallMs)) / 1000;
		const bound = median(on.runs.map((run) => run.pages)) / 15 + ms / 1000;
		rows.push([`Return All, Simplify on, ${ms} ms`, `${round(wall, 2)} s`, `≤ ${round(bound * 1.05, 2)} s (bound ${round(bound, 2)} s + 5 %)`, verdict(wall <= bound * 1.05)]);
		const growth = Math.max(...on.runs.map((run) => (run.rssPeakBytes - run.rssBaselineBytes) / run.jsonBytes));
		rows.push([`Memory growth / JSON, ${ms} ms (worst run)`, round(growth, 2), '≤ 2', verdict(growth <= 2)]);
		const off = scenarios.find((scenario) => scenario.label === 'Customer Care node, Simplify off' && scenario.latencyMs === ms);
		if (off) {
			const share = (wall - median(off.runs.map((run) => run.wallMs)) / 1000) / wall;
			rows.push([`Simplify's share of the wall time, ${ms} ms`, `${round(100 * share, 1)} %`, '≤ 5 %', verdict(share <= 0.05)]);
		}
	}
	const underLoad = fresh('rate-under-load');
	for (const load of ['quiet', 'busy']) {
		const runs = ((underLoad?.runs ?? []) as Array<{ load: string; busiestSecond: number; status429: number }>).filter((run) => run.load === load);
		if (!runs.length) continue;
		const busiest = Math.max(...runs.map((run) => run.busiestSecond));
		const refused = runs.reduce((sum, run) => sum + run.status429, 0);
		rows.push([`Rate under load, ${load}: busiest second, 429s`, `${busiest}, ${refused}`, '≤ 15, 0', verdict(busiest <= 15 && refused === 0)]);
	}
	if (rows.length) printTable('Issue 20 targets (this run)', ['figure', 'measured', 'target', ''], rows);
}

/** The ratios of this tree's figures to the baseline's, for the benchmarks both ran. */
function compare(root: string, tree: string, ref: string) {
	const here = resultsOf(root, 'throughput');
	const there = resultsOf(tree, 'throughput');
	if (here && there) {
		const key = (scenario: ThroughputScenario) => `${scenario.label} @ ${scenario.latencyMs} ms`;
		const baseline = new Map((there.scenarios as ThroughputScenario[]).map((scenario) => [key(scenario), scenario.typical]));
		const growth = (run: ThroughputScenario['typical']) => (run.rssPeakBytes - run.rssBaselineBytes) / run.jsonBytes;
		const rows: Cell[][] = (here.scenarios as ThroughputScenario[]).map((scenario) => {
			const now = scenario.typical;
			const then = baseline.get(key(scenario));
			return [
				key(scenario),
				round(now.wallMs / 1000, 2),
				then ? round(then.wallMs / 1000, 2) : null,
				then ? `${round(now.wallMs / then.wallMs, 2)}×` : null,
				round(growth(now), 2),
				then ? round(growth(then), 2) : null,
				`${now.requests} / ${then?.requests ?? '–'}`,
			];
		});
		printTable(`Throughput: this tree vs ${ref} (same run, same machine)`, ['scenario', 'wall s', `${ref} s`, 'ratio', 'growth/JSON', `${ref}`, 'requests'], rows);
	}
	const requestsHere = resultsOf(root, 'requests');
	const requestsThere = resultsOf(tree, 'requests');
	if (requestsHere && requestsThere) {
		type Row = { name: string; cold: number; warm: number };
		const baseline = new Map((requestsThere.results as Row[]).map((row) => [row.name, row]));
		printTable(
			`Requests per operation: this tree vs ${ref}`,
			['operation', 'cold', 'warm', `${ref} cold`, `${ref} warm`],
			(requestsHere.results as Row[]).map((row) => [row.name, row.cold, row.warm, baseline.get(row.name)?.cold, baseline.get(row.name)?.warm]),
		);
	}
}

main();
