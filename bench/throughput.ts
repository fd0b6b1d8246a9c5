/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Benchmarks 1–3: Return All at the account's rate limit, side by side with n8n's HTTP
 * Request node, and the memory it takes.
 *
 * The fake platform (20,000 tickets over 93 days, 15 requests/s enforced server-side) runs in
 * this process; every measured run is a child process of its own (return-all.worker.ts), so
 * memory peaks do not mix. A 'latency' fault delays every request by 50 ms, then 250 ms.
 *
 *   npx ts-node --transpile-only bench/throughput.ts [--reps=3] [--skip-http] [--only=customerCare,httpRequest]
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { sleep } from 'n8n-workflow';

import { busiestSecond, FakePlatform, type RecordedRequest } from '../tools/fake-platform';

/** ISO 8601 in UTC to the second, as the ticket list takes it (docs/api.md#times). Not the package's: --baseline runs this on older code. */
const toIsoZ = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
import { ensureNodesBase, NODES_BASE_VERSION } from './engine';
import { Child } from './lib/child';
import { median, mib, printTable, round, writeResults, type Cell } from './lib/report';
import type { Client, WorkerInput, WorkerResult } from './return-all.worker';

const TICKETS = 20_000;
const DAYS = 93;
const LATENCIES_MS = [50, 250];
const RATE = 15;
const DAY = 86_400_000;
/** The fake platform's limiter window is 1 s; an idle gap longer than that starts every run on a clean slate. */
const QUIET_MS = 1_200;

interface Variant {
	id: string;
	label: string;
	client: Client;
	input?: Partial<WorkerInput>;
}

const VARIANTS: Variant[] = [
	{ id: 'customerCare', label: 'Customer Care node', client: 'customerCare' },
	{
		id: 'customerCareRaw',
		label: 'Customer Care node, Simplify off',
		client: 'customerCare',
		input: { simplify: false },
	},
	{ id: 'httpRequest', label: 'HTTP Request, 3 windows as 3 items', client: 'httpRequest' },
	{
		id: 'httpRequestInterval',
		label: 'HTTP Request, 3 items, 200 ms interval',
		client: 'httpRequest',
		input: { requestInterval: 200 },
	},
	{
		id: 'httpRequestSequential',
		label: 'HTTP Request, 1 window per execution',
		client: 'httpRequest',
		input: { sequential: true },
	},
];

interface RunFigures extends WorkerResult {
	variant: string;
	latencyMs: number;
	rep: number;
	requests: number;
	pages: number;
	otherRequests: number;
	status429: number;
	otherErrors: number;
	/** From the start of the run to the first request's arrival, and to the first request for a page > 1 (first page's round trip). */
	firstArrivalMs: number | null;
	firstLaterPageMs: number | null;
	lastArrivalMs: number | null;
	/** The last ticket-list page's arrival: what the run does after it is the work on the records (and labels). */
	lastPageArrivalMs: number | null;
	/** Most requests that arrived within any 1,000 ms. */
	peakPerSecond: number;
	/**
	 * Longest stall of the fake platform's event loop during the run. The platform's limiter
	 * counts a request when its (delayed) turn comes: a stall longer than our 60 ms margin can
	 * bunch requests the client sent apart into one server second.
	 */
	serverStallMaxMs: number;
	boundSeconds: number;
}

function args() {
	const argv = process.argv.slice(2);
	const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
	return {
		reps: Number(value('reps') ?? process.env.BENCH_REPS ?? 3),
		skipHttp: argv.includes('--skip-http') || process.env.BENCH_SKIP_HTTP === '1',
		only: value('only')?.split(','),
	};
}


function analyse(log: RecordedRequest[], domain: string, startedAt: number) {
	const api = log.filter((request) => request.path.startsWith(`/${domain}/`)).sort((a, b) => a.at - b.at);
	const isList = (request: RecordedRequest) => request.path === `/${domain}/api/v2/tickets`;
	const later = api.find((request) => isList(request) && Number(request.query.page ?? 1) > 1);
	const pages = api.filter((request) => isList(request) && request.status === 200).length;
	const listed = api.filter(isList);
	return {
		requests: api.length,
		pages,
		otherRequests: api.filter((request) => !isList(request) && request.status === 200).length,
		status429: api.filter((request) => request.status === 429).length,
		otherErrors: api.filter((request) => request.status !== 200 && request.status !== 429).length,
		firstArrivalMs: api.length ? api[0].at - startedAt : null,
		firstLaterPageMs: later ? later.at - startedAt : null,
		lastArrivalMs: api.length ? api[api.length - 1].at - startedAt : null,
		lastPageArrivalMs: listed.length ? listed[listed.length - 1].at - startedAt : null,
		peakPerSecond: busiestSecond(api.map((request) => request.at)),
		boundSeconds: pages / RATE,
	};
}

async function main() {
	const loadAverageAtStart = loadavg().map((value) => round(value, 2));
	const options = args();
	const variants = VARIANTS.filter(
		(variant) => (!options.skipHttp || variant.client !== 'httpRequest') && (!options.only || options.only.includes(variant.id)),
	);
	let installSeconds = 0;
	if (variants.some((variant) => variant.client === 'httpRequest')) installSeconds = ensureNodesBase();

	const seedStarted = Date.now();
	const platform = await FakePlatform.start({ size: { tickets: TICKETS, days: DAYS } });
	const seedMs = Date.now() - seedStarted;
	const to = Math.floor(platform.store.seededAt / 1000) * 1000;
	const since = to - DAYS * DAY;
	const inRange = platform.store.tickets.filter((ticket) => ticket.created_at >= since && ticket.created_at <= to).length;
	const windows = [0, 1, 2].map((index) => ({
		since: toIsoZ(since + index * 31 * DAY),
		to: toIsoZ(index === 2 ? to : since + (index + 1) * 31 * DAY - 1000),
	}));
	console.log(
		`Fake platform: ${platform.store.tickets.length} tickets over ${DAYS} days (seeded in ${seedMs} ms), ${inRange} created in [${toIsoZ(since)}, ${toIsoZ(to)}]; ` +
			`server limit ${RATE}/s; ${options.reps} run(s) per scenario.`,
	);

	const account = { baseUrl: platform.baseUrl, domain: platform.domain, apiToken: platform.token, maxRequestsPerSecond: RATE };
	const warmUp = { since: toIsoZ(since - 400 * DAY), to: toIsoZ(since - 399 * DAY) };
	const runs: RunFigures[] = [];
	try {
		for (const latencyMs of LATENCIES_MS) {
			platform.clearFaults();
			platform.inject({ kind: 'latency', ms: latencyMs, target: 'any' });
			for (let rep = 1; rep <= options.reps; rep++) {
				for (const variant of variants) {
					const input: WorkerInput = {
						client: variant.client,
						account,
						since: toIsoZ(since),
						to: toIsoZ(to),
						windows,
						warmUp,
						...variant.input,
					};
					const child = new Child(join(__dirname, 'return-all.worker.ts'), input, { exposeGc: true });
					await child.next('ready');
					await sleep(QUIET_MS);
					platform.resetRateLimit();
					platform.clearLog();
					const stalls = monitorEventLoopDelay({ resolution: 5 });
					stalls.enable();
					child.send({ type: 'go' });
					const result = (await child.next('result')) as unknown as WorkerResult;
					stalls.disable();
					await child.exit();
					const figures: RunFigures = {
						variant: variant.id,
						latencyMs,
						rep,
						...result,
						...analyse(platform.requests(), platform.domain, result.startedAt),
						serverStallMaxMs: Math.round(stalls.max / 1e6),
					};
					runs.push(figures);
					console.log(
						`  ${latencyMs} ms  run ${rep}  ${variant.label.padEnd(40)} ${(figures.wallMs / 1000).toFixed(2)} s  ` +
							`${figures.requests} requests  ${figures.records} records  429s: ${figures.status429}` +
							(figures.error ? `  FAILED: ${figures.error.slice(0, 160)}` : ''),
					);
				}
			}
		}
	} finally {
		await platform.close();
	}

	// The run of median wall time stands for each scenario.
	const scenarios = LATENCIES_MS.flatMap((latencyMs) =>
		variants.map((variant) => {
			const all = runs.filter((run) => run.variant === variant.id && run.latencyMs === latencyMs);
			const walls = all.map((run) => run.wallMs);
			const typical = all.find((run) => run.wallMs === median(walls)) ?? all[Math.floor(all.length / 2)];
			return { variant, latencyMs, runs: all, typical, failed: all.filter((run) => run.error).length };
		}),
	);

	const throughputRows: Cell[][] = scenarios
		.filter((scenario) => scenario.variant.client === 'customerCare')
		.map(({ variant, latencyMs, typical: run, runs: all }) => [
			latencyMs,
			variant.label,
			round(run.wallMs / 1000, 2),
			`${round(Math.min(...all.map((r) => r.wallMs)) / 1000, 2)}–${round(Math.max(...all.map((r) => r.wallMs)) / 1000, 2)}`,
			run.requests,
			run.pages,
			round(run.requests / (run.wallMs / 1000), 1),
			Math.round(run.records / (run.wallMs / 1000)),
			run.records,
			all.reduce((sum, r) => sum + r.status429, 0),
			round(run.boundSeconds, 2),
			round(run.wallMs / 1000 / run.boundSeconds, 3),
			`${round((100 * run.boundSeconds) / (run.wallMs / 1000), 1)} %`,
		]);
	printTable(
		`1. Throughput: Ticket → Get Many, Return All, ${TICKETS} tickets over ${DAYS} days (median of ${options.reps})`,
		[
			'latency ms',
			'client',
			'wall s',
			'range s',
			'requests',
			'pages',
			'req/s',
			'records/s',
			'records',
			'429s (all runs)',
			'bound s',
			'wall/bound',
			'of bound',
		],
		throughputRows,
	);

	const ours = (latencyMs: number) =>
		scenarios.find((scenario) => scenario.latencyMs === latencyMs && scenario.variant.id === 'customerCare')?.typical;
	const sideRows: Cell[][] = scenarios.map(({ variant, latencyMs, typical: run, failed, runs: all }) => {
		const reference = ours(latencyMs);
		const ok = !run.error;
		return [
			latencyMs,
			variant.label,
			ok ? round(run.wallMs / 1000, 2) : `failed (${failed}/${all.length})`,
			run.requests,
			run.status429,
			run.records,
			run.uniqueIds,
			round(run.requests / (run.wallMs / 1000), 1),
			run.peakPerSecond,
			ok && reference ? `${round(run.wallMs / reference.wallMs, 2).toFixed(2)}×` : '–',
		];
	});
	printTable(
		'2. Side by side, same engine, same run (speed-up = its wall time / the Customer Care node\'s, Simplify on)',
		['latency ms', 'client', 'wall s', 'requests', '429s', 'records', 'unique ids', 'req/s', 'max in 1 s', 'speed-up'],
		sideRows,
	);

	const memoryRows: Cell[][] = scenarios
		.filter((scenario) => !scenario.typical.error)
		.map(({ variant, latencyMs, runs: all }) => {
			const ok = all.filter((run) => !run.error);
			const worst = ok.reduce((a, b) => (b.rssPeakBytes - b.rssBaselineBytes > a.rssPeakBytes - a.rssBaselineBytes ? b : a));
			const growth = worst.rssPeakBytes - worst.rssBaselineBytes;
			return [
				latencyMs,
				variant.label,
				worst.outputItems,
				mib(worst.jsonBytes),
				mib(worst.rssBaselineBytes),
				mib(worst.rssPeakBytes),
				mib(growth),
				round(growth / worst.jsonBytes, 2),
				mib(worst.heapPeakBytes - worst.heapUsedBaselineBytes),
				mib(worst.heapRetainedBytes),
			];
		});
	printTable(
		'3. Memory of the run (child process per run; worst of the runs): peak RSS above the baseline vs the JSON returned',
		[
			'latency ms',
			'client',
			'items',
			'JSON MiB',
			'RSS base MiB',
			'RSS peak MiB',
			'growth MiB',
			'growth/JSON',
			'heap peak +MiB',
			'output heap MiB',
		],
		memoryRows,
	);

	const diagnosticsRows: Cell[][] = scenarios
		.filter((scenario) => scenario.variant.client === 'customerCare')
		.map(({ variant, latencyMs, typical: run, runs: all }) => [
			latencyMs,
			variant.label,
			run.firstArrivalMs,
			run.firstLaterPageMs,
			run.lastArrivalMs,
			round(run.wallMs, 0),
			round(run.wallMs - (run.lastArrivalMs ?? 0), 0),
			run.peakPerSecond,
			run.otherRequests,
			Math.max(...all.map((r) => r.serverStallMaxMs)),
		]);
	printTable(
		'   Where our time goes (ms after the run began; arrivals as the server saw them)',
		[
			'latency ms',
			'client',
			'1st arrival',
			'1st page>1',
			'last arrival',
			'wall',
			'after last',
			'max in 1 s',
			'non-list req',
			'server stall max (all runs)',
		],
		diagnosticsRows,
	);

	// Simplify's cost, seen from outside the node: the same run with it on and off (medians),
	// and the time from the last page's arrival at the server to the end of the run.
	const simplifyRows: Cell[][] = LATENCIES_MS.flatMap((latencyMs) => {
		const on = scenarios.find((scenario) => scenario.latencyMs === latencyMs && scenario.variant.id === 'customerCare');
		const off = scenarios.find((scenario) => scenario.latencyMs === latencyMs && scenario.variant.id === 'customerCareRaw');
		if (!on || !off) return [];
		const wallOn = median(on.runs.map((run) => run.wallMs));
		const wallOff = median(off.runs.map((run) => run.wallMs));
		const tail = (runs: RunFigures[]) => Math.round(median(runs.map((run) => run.wallMs - (run.lastPageArrivalMs ?? 0))));
		const tailOn = tail(on.runs);
		const tailOff = tail(off.runs);
		return [
			[
				latencyMs,
				round(wallOn / 1000, 2),
				round(wallOff / 1000, 2),
				Math.round(wallOn - wallOff),
				`${round((100 * (wallOn - wallOff)) / wallOn, 1)} %`,
				tailOn,
				tailOff,
				`${round((100 * (tailOn - tailOff)) / wallOn, 1)} %`,
			],
		];
	});
	if (simplifyRows.length)
		printTable(
			`   Simplify's share of the wall time (medians of ${options.reps}; target ≤ 5 %)`,
			['latency ms', 'wall on s', 'wall off s', 'on − off ms', 'share (on − off)', 'after last page on ms', 'off ms', 'share (after last page)'],
			simplifyRows,
		);

	const file = writeResults('throughput', {
		command: 'npm run bench',
		setup: {
			tickets: TICKETS,
			days: DAYS,
			inRange,
			range: { since: toIsoZ(since), to: toIsoZ(to) },
			httpRequestWindows: windows,
			latenciesMs: LATENCIES_MS,
			serverRatePerSecond: RATE,
			reps: options.reps,
			loadAverageAtStart,
			nodesBase: NODES_BASE_VERSION,
			nodesBaseInstallSeconds: installSeconds,
		},
		scenarios: scenarios.map(({ variant, latencyMs, typical, runs: all }) => ({
			variant: variant.id,
			label: variant.label,
			latencyMs,
			typical,
			runs: all,
		})),
	});
	console.log(`\nWritten: ${file}`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
