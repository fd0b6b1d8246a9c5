/**
 * What the queue-mode scripts (run.mjs, durable.mjs) share: the trigger workflow they publish,
 * activation through the REST API, and reading executions and their items back.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { CREDENTIAL } from '../../lib/setup.mjs';

export const DAY = 86_400_000;
/** ISO 8601 (a Z is UTC), whole seconds: a time as a user gives it to the node. Query the fake with platform-clock.mjs's queryTime. */
export const isoZ = (ms) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

export const credentialRef = { customerCareApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } };

export const TRIGGER_NODE = 'Ticket updated';

/** Ticket Updated, every minute (at second 0), into a No Op. */
export function triggerWorkflow(id, name = 'Queue test: Ticket Updated trigger') {
	return {
		id,
		name,
		nodes: [
			{
				id: randomUUID(),
				name: TRIGGER_NODE,
				type: 'n8n-nodes-customer-care.customerCareTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'ticketUpdated', options: {} },
				credentials: credentialRef,
			},
			{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [260, 0], parameters: {} },
		],
		connections: { [TRIGGER_NODE]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

export async function activate(client, id) {
	const workflow = await client.get(`/workflows/${id}`);
	await client.post(`/workflows/${id}/activate`, { versionId: workflow.versionId });
}

export async function executionSummaries(client, workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const list = await client.get(`/executions?filter=${filter}&limit=200`);
	return list.results ?? list;
}

export async function executionDetail(client, install, id) {
	const { parse } = createRequire(join(install.dir, 'node_modules', 'n8n', 'package.json'))('flatted');
	const full = await client.get(`/executions/${id}`);
	const data = typeof full.data === 'string' ? parse(full.data) : full.data;
	return { id: String(id), status: full.status, runData: data?.resultData?.runData ?? {}, error: data?.resultData?.error };
}

export function nodeItems(detail, nodeName) {
	const task = detail.runData[nodeName]?.[0];
	if (!task) throw new Error(`execution ${detail.id}: node "${nodeName}" did not run (${detail.error?.message ?? 'no error'})`);
	if (task.error) throw new Error(`execution ${detail.id}: "${nodeName}" failed: ${task.error.message}`);
	return (task.data?.main?.[0] ?? []).map((item) => item.json);
}

export const FINISHED = (e) => !['running', 'new', 'waiting', 'queued'].includes(e.status);

/**
 * The ticket ids a workflow's trigger executions emitted, execution by execution (finished
 * ones; `pending` counts the others).
 */
export async function emittedByExecution(client, install, workflowId) {
	const summaries = await executionSummaries(client, workflowId);
	const finished = summaries.filter(FINISHED);
	const executions = [];
	for (const s of finished) {
		const detail = await executionDetail(client, install, s.id);
		if (detail.status !== 'success') throw new Error(`trigger execution ${s.id}: ${detail.status} ${detail.error?.message ?? ''}`);
		executions.push({ id: String(s.id), ids: nodeItems(detail, TRIGGER_NODE).map((t) => String(t.ticket_id)) });
	}
	return { executions, pending: summaries.length - finished.length };
}

/** How often each id was emitted, and what is missing or unexpected against `expected` (ids). */
export function exactlyOnce(emittedIds, expected) {
	const counts = new Map();
	for (const id of emittedIds) counts.set(id, (counts.get(id) ?? 0) + 1);
	return {
		duplicates: [...counts].filter(([, n]) => n > 1).map(([id, n]) => `${id}×${n}`),
		missing: [...expected].filter((id) => !counts.has(id)),
		unexpected: [...counts.keys()].filter((id) => !expected.has(id)),
	};
}
