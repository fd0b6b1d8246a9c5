/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * One Return-All run in a process of its own (started by throughput.ts): Ticket → Get Many
 * through our node, or the same tickets through n8n's HTTP Request node, executed by
 * n8n-core's WorkflowExecute (the engine harness). It warms up (modules, the engine, the
 * HTTP client), says 'ready', waits for 'go', then runs once and reports wall time, memory
 * and what came back.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { runNode, type Account, type NodeRun } from '../tools/engine-harness/harness';
import { registerHttpRequestNode } from './engine';
import { parent } from './lib/child';

export type Client = 'customerCare' | 'httpRequest';

export interface WorkerInput {
	client: Client;
	account: Account;
	/** The whole range, for our node. */
	since: string;
	to: string;
	/** 31-day windows, for the HTTP Request node (one input item each). */
	windows: Array<{ since: string; to: string }>;
	/** An empty range used to warm up. */
	warmUp: { since: string; to: string };
	/** Our node's Simplify switch (default on, as in the editor). */
	simplify?: boolean;
	/** HTTP Request: pagination's "Interval Between Requests (ms)". */
	requestInterval?: number;
	/** HTTP Request: one execution per window, one after another, instead of three items in one. */
	sequential?: boolean;
}

export interface WorkerResult {
	/** Date.now() when the measured run began (the parent times the server's log from it). */
	startedAt: number;
	wallMs: number;
	/** Wall time of each execution, for the sequential variant. */
	executionsMs: number[];
	records: number;
	uniqueIds: number;
	outputItems: number;
	jsonBytes: number;
	rssBaselineBytes: number;
	rssPeakBytes: number;
	/** 'maxRSS' when the run set the process's peak (exact), 'sampled' otherwise (every 2 ms). */
	peakFrom: 'maxRSS' | 'sampled';
	heapUsedBaselineBytes: number;
	/** JS heap in use: highest seen during the run (every 20 ms), and after it with the output still held (after a GC). */
	heapPeakBytes: number;
	heapRetainedBytes: number;
	error?: string;
}

const input = parent.input<WorkerInput>();

const PAGE_SIZE = 500;

function httpRequestParameters(): INodeParameters {
	return {
		method: 'GET',
		url: `${input.account.baseUrl}/${input.account.domain}/api/v2/tickets`,
		authentication: 'genericCredentialType',
		genericAuthType: 'httpBearerAuth',
		sendQuery: true,
		specifyQuery: 'keypair',
		queryParameters: {
			parameters: [
				{ name: 'created_since', value: '={{ $json.since }}' },
				{ name: 'created_to', value: '={{ $json.to }}' },
				{ name: 'count', value: String(PAGE_SIZE) },
			],
		},
		options: {
			pagination: {
				pagination: {
					paginationMode: 'updateAParameterInEachRequest',
					parameters: { parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }] },
					paginationCompleteWhen: 'other',
					completeExpression: `={{ ($response.body.tickets || []).length < ${PAGE_SIZE} }}`,
					limitPagesFetched: false,
					requestInterval: input.requestInterval ?? 0,
				},
			},
		},
	};
}

function ourParameters(since: string, to: string, simplify: boolean): INodeParameters {
	return { resource: 'ticket', operation: 'getAll', dateField: 'created', since, to, returnAll: true, simplify };
}

let httpNode: ReturnType<typeof registerHttpRequestNode> | undefined;

/** One execution: our node reads the range of the one item it is given; HTTP Request one window per item. */
async function execute(windows: Array<{ since: string; to: string }>, warmUp = false): Promise<NodeRun> {
	if (input.client === 'customerCare') {
		// The warm-up leaves nothing in our caches (custom-field definitions): the run pays for all it needs.
		const simplify = warmUp ? false : (input.simplify ?? true);
		return await runNode({ parameters: ourParameters(windows[0].since, windows[0].to, simplify), account: input.account });
	}
	httpNode ??= registerHttpRequestNode();
	return await runNode({
		type: httpNode.type,
		typeVersion: httpNode.version,
		parameters: httpRequestParameters(),
		input: windows as unknown as IDataObject[],
		account: input.account,
		otherCredentials: { [httpNode.credentialType]: { token: input.account.apiToken } },
	});
}

function failureOf(run: NodeRun): string | undefined {
	if (!run.error) return undefined;
	return [run.error.message, run.error.description].filter(Boolean).join(' — ');
}

parent.run(async () => {
	const collect = global.gc ?? (() => undefined);

	// Warm-up on an empty range: loads every module and path the real run takes.
	const warm = await execute([input.warmUp], true);
	const warmFailure = failureOf(warm);
	if (warmFailure) throw new Error(`warm-up failed: ${warmFailure}`);
	await parent.send({ type: 'ready' });
	await parent.next('go');

	collect();
	const rssBaselineBytes = process.memoryUsage().rss;
	const heapUsedBaselineBytes = process.memoryUsage().heapUsed;
	const maxRssBefore = process.resourceUsage().maxRSS * 1024;
	let sampledPeak = rssBaselineBytes;
	let heapPeak = heapUsedBaselineBytes;
	let ticks = 0;
	const sampler = setInterval(() => {
		sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss());
		if (++ticks % 10 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
	}, 2);

	// Our node gets the whole range; the HTTP Request node the 31-day windows as items.
	const executions =
		input.client === 'customerCare'
			? [[{ since: input.since, to: input.to }]]
			: input.sequential
				? input.windows.map((window) => [window])
				: [input.windows];
	const items: INodeExecutionData[] = [];
	const executionsMs: number[] = [];
	let error: string | undefined;
	const startedAt = Date.now();
	const started = performance.now();
	for (const windows of executions) {
		const began = performance.now();
		const run = await execute(windows);
		executionsMs.push(performance.now() - began);
		error ??= failureOf(run);
		items.push(...run.items);
	}
	const wallMs = performance.now() - started;

	clearInterval(sampler);
	sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss());
	heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
	// What the output itself occupies while it is held (everything else collected).
	collect();
	const heapRetainedBytes = process.memoryUsage().heapUsed - heapUsedBaselineBytes;
	const maxRssAfter = process.resourceUsage().maxRSS * 1024;
	const peakFrom = maxRssAfter > maxRssBefore ? 'maxRSS' : 'sampled';
	const rssPeakBytes = peakFrom === 'maxRSS' ? Math.max(maxRssAfter, sampledPeak) : sampledPeak;

	const json = items.map((item) => item.json);
	const records =
		input.client === 'httpRequest' ? json.flatMap((page) => (Array.isArray(page.tickets) ? (page.tickets as IDataObject[]) : [])) : json;
	const result: WorkerResult = {
		startedAt,
		wallMs,
		executionsMs,
		records: records.length,
		uniqueIds: new Set(records.map((record) => record.ticket_id)).size,
		outputItems: items.length,
		jsonBytes: Buffer.byteLength(JSON.stringify(json)),
		rssBaselineBytes,
		rssPeakBytes,
		peakFrom,
		heapUsedBaselineBytes,
		heapPeakBytes: heapPeak,
		heapRetainedBytes,
		error,
	};
	await parent.send({ type: 'result', ...result });
});
