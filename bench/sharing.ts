/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Benchmark 5: several processes share one account with the default settings, none told its
 * share (queue mode with 1, 2, 3 workers and nobody splitting Max Requests per Second). Each
 * process is a child running the engine harness (sharing.worker.ts); the fake platform runs in
 * a process of its own and enforces the account's limits (15/s, 54,000/h, lock-out after 20
 * 429s in a row). From the platform's request log: the aggregate rate of accepted requests, the
 * share of 429s, the longest run of 429s in a row (what the lock-out counts) and lock-outs.
 *
 *   npx ts-node --transpile-only bench/sharing.ts [--seconds=30] [--processes=1,2,3]
 */
import { join } from 'node:path';

import { sleep } from 'n8n-workflow';

import { accountOf } from '../tools/engine-harness/harness';
import { busiestSecond, longest429Run } from '../tools/fake-platform';
import { FakePlatformProcess } from '../tools/fake-platform/process';
import { Child } from './lib/child';
import { printTable, round, writeResults } from './lib/report';
import type { SharingInput, SharingResult } from './sharing.worker';

const RATE = 15;

function args() {
	const argv = process.argv.slice(2);
	const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
	return {
		seconds: Number(value('seconds') ?? 30),
		processes: (value('processes') ?? '1,2,3').split(',').map(Number),
	};
}

async function measure(platform: FakePlatformProcess, processes: number, seconds: number) {
	const input: SharingInput = { account: accountOf(platform), durationMs: seconds * 1000, itemsPerExecution: 30 };
	const children = Array.from({ length: processes }, () => new Child(join(__dirname, 'sharing.worker.ts'), input));
	for (const child of children) await child.next('ready', 120_000);
	// The warm-ups' requests, and the limiter's memory of them, must not count.
	await sleep(1200);
	await platform.clearLog();
	await platform.resetRateLimit();
	const at = Date.now();
	for (const child of children) child.send({ type: 'go', at });
	const results = (await Promise.all(children.map((child) => child.next('result', (seconds + 120) * 1000)))) as unknown as SharingResult[];
	await Promise.all(children.map((child) => child.exit()));
	const log = (await platform.requests()).filter((request) => request.at >= at && request.at <= at + seconds * 1000);
	const accepted = log.filter((request) => request.status === 200);
	const status429 = log.filter((request) => request.status === 429).length;
	const answered = results.map((result) => result.answered);
	return {
		processes,
		seconds,
		requests: log.length,
		acceptedPerSecond: round(accepted.length / seconds, 2),
		ofLimit: round((accepted.length / seconds / RATE) * 100, 1),
		status429,
		percent429: round((status429 / Math.max(1, log.length)) * 100, 2),
		longest429Run: longest429Run(log),
		lockouts: log.filter((request) => request.status === 404).length,
		busiestSecond: busiestSecond(accepted.map((request) => request.at)),
		failedExecutions: results.reduce((sum, result) => sum + result.failedExecutions, 0),
		firstError: results.find((result) => result.firstError)?.firstError,
		shares: answered.map((count) => round((count / Math.max(1, answered.reduce((a, b) => a + b, 0))) * 100, 0)),
	};
}

async function main() {
	const options = args();
	const platform = await FakePlatformProcess.start();
	const rows = [];
	try {
		for (const processes of options.processes) {
			const figures = await measure(platform, processes, options.seconds);
			rows.push(figures);
			console.log(`${processes} process(es): ${JSON.stringify(figures)}`);
		}
	} finally {
		await platform.close();
	}
	printTable(
		`Account shared by processes with default settings (each believes it has ${RATE}/s), ${options.seconds} s each`,
		['Processes', 'Accepted req/s', `Of ${RATE}/s`, '429s', '429 %', 'Max 429s in a row', 'Lock-outs', 'Busiest second', 'Failed executions', 'Shares %'],
		rows.map((row) => [
			row.processes,
			row.acceptedPerSecond,
			`${row.ofLimit} %`,
			row.status429,
			`${row.percent429} %`,
			row.longest429Run,
			row.lockouts,
			row.busiestSecond,
			row.failedExecutions,
			row.shares.join(' / '),
		]),
	);
	console.log(`Results: ${writeResults('sharing', { rows })}`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
