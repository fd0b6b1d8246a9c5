/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Issue 11, point 8: does the rate budget hold when the machine is busy? 200 input items, one
 * request each (Group → Get Many), through n8n's engine, against the fake platform in a process
 * of its own (it counts arrivals as they come, 15 per second enforced). Run quiet, then beside
 * two busy processes (a spin loop each) on the same cores. Printed per run: the server's busiest
 * second, its 429 answers, the wall time, and the longest stall of this process's event loop.
 *
 *   npx ts-node --transpile-only bench/rate-under-load.ts [--reps=3] [--items=200]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { sleep } from 'n8n-workflow';

import { resetThrottles } from '../nodes/CustomerCare/transport/rate/throttle';
import { accountOf, runNode } from '../tools/engine-harness/harness';
import { busiestSecond } from '../tools/fake-platform';
import { FakePlatformProcess } from '../tools/fake-platform/process';
import { printTable, round, writeResults, type Cell } from './lib/report';

const RATE = 15;
const BUSY_PROCESSES = 2;

function args() {
	const argv = process.argv.slice(2);
	const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
	return { reps: Number(value('reps') ?? 3), items: Number(value('items') ?? 200) };
}

/** Processes that keep a core busy each, as other work on a shared machine does. */
function startBusy(count: number): ChildProcess[] {
	return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

async function stopBusy(children: ChildProcess[]) {
	await Promise.all(
		children.map(
			async (child) =>
				await new Promise<void>((resolve) => {
					if (child.exitCode !== null || child.signalCode !== null) return resolve();
					child.once('exit', () => resolve());
					child.kill('SIGKILL');
				}),
		),
	);
}

interface RunFigures {
	load: 'quiet' | 'busy';
	rep: number;
	requests: number;
	answered: number;
	status429: number;
	busiestSecond: number;
	wallMs: number;
	clientStallMaxMs: number;
	error?: string;
}

async function main() {
	const options = args();
	const platform = await FakePlatformProcess.start();
	const account = accountOf(platform, { maxRequestsPerSecond: RATE });
	const runs: RunFigures[] = [];
	console.log(`${options.items} item requests per run, server limit ${RATE}/s, ${options.reps} run(s) per condition; load average ${loadavg().map((v) => round(v, 2)).join(' ')}`);
	try {
		for (const load of ['quiet', 'busy'] as const) {
			for (let rep = 1; rep <= options.reps; rep++) {
				const busy = load === 'busy' ? startBusy(BUSY_PROCESSES) : [];
				try {
					if (busy.length) await sleep(500);
					resetThrottles();
					await sleep(1200); // the server's window empties
					await platform.setRateLimit({ perSecond: RATE, reset: true });
					await platform.clearLog();
					const stalls = monitorEventLoopDelay({ resolution: 5 });
					stalls.enable();
					const started = Date.now();
					const run = await runNode({
						parameters: { resource: 'group', operation: 'getAll', returnAll: true },
						account,
						input: Array.from({ length: options.items }, (_, index) => ({ index })),
					});
					const wallMs = Date.now() - started;
					stalls.disable();
					const log = await platform.requests();
					const figures: RunFigures = {
						load,
						rep,
						requests: log.length,
						answered: log.filter((request) => request.status === 200).length,
						status429: log.filter((request) => request.status === 429).length,
						busiestSecond: busiestSecond(log.map((request) => request.at)),
						wallMs,
						clientStallMaxMs: Math.round(stalls.max / 1e6),
						error: run.error?.message,
					};
					runs.push(figures);
					console.log(
						`  ${load.padEnd(5)} run ${rep}: busiest second ${figures.busiestSecond}, 429s ${figures.status429}, ` +
							`${figures.requests} requests in ${(wallMs / 1000).toFixed(2)} s, client stall max ${figures.clientStallMaxMs} ms` +
							(figures.error ? `  FAILED: ${figures.error}` : ''),
					);
				} finally {
					await stopBusy(busy);
				}
			}
		}
	} finally {
		await platform.close();
	}

	const rows: Cell[][] = (['quiet', 'busy'] as const).map((load) => {
		const all = runs.filter((run) => run.load === load);
		return [
			load === 'quiet' ? 'quiet' : `beside ${BUSY_PROCESSES} busy processes`,
			all.length,
			Math.max(...all.map((run) => run.busiestSecond)),
			all.map((run) => run.busiestSecond).join(' / '),
			all.reduce((sum, run) => sum + run.status429, 0),
			all.map((run) => round(run.wallMs / 1000, 2)).join(' / '),
			Math.max(...all.map((run) => run.clientStallMaxMs)),
		];
	});
	printTable(
		`Rate budget under CPU load: ${options.items} item requests, server limit ${RATE}/s`,
		['machine', 'runs', 'busiest second (max)', 'busiest second per run', '429s (all runs)', 'wall s per run', 'client stall max ms'],
		rows,
	);
	console.log(`\nWritten: ${writeResults('rate-under-load', { command: 'bench/rate-under-load.ts', options, runs })}`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
