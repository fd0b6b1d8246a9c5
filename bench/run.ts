/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * `npm run bench`: every benchmark, one after another, each in a process of its own.
 * Each prints its tables and writes bench/results/<name>.json.
 *
 *   npm run bench                      # all (installs n8n-nodes-base into a cache folder once)
 *   npm run bench -- --reps=1          # one run per scenario instead of three
 *   npm run bench -- --skip-http       # without n8n's HTTP Request node (no install)
 *   npm run bench -- --only=throughput,polling,load-time,requests
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';

import { machine, REPO_ROOT } from './lib/report';

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
	const failed: string[] = [];
	for (const [name, script] of Object.entries(BENCHMARKS)) {
		if (only && !only.includes(name)) continue;
		console.log(`\n=== ${name} ===`);
		const scriptArgs = passOn.filter((arg) => name !== 'load-time' || !arg.startsWith('--reps='));
		const result = spawnSync(
			process.execPath,
			['-r', 'ts-node/register/transpile-only', join(__dirname, script), ...(['polling', 'sharing', 'requests'].includes(name) ? [] : scriptArgs)],
			{ cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'silent' } },
		);
		if (result.status !== 0) failed.push(name);
	}
	const seconds = Math.round((Date.now() - began) / 1000);
	console.log(`\nAll benchmarks done in ${Math.floor(seconds / 60)} min ${seconds % 60} s${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}.`);
	process.exit(failed.length ? 1 : 0);
}

main();
