/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Requests per operation: what each operation of the action node (one item, default options,
 * Simplify on) and a trigger poll cost, counted in the fake platform's log.
 *   cold: the process has just started (no definitions kept);
 *   warm: the same again right after (the account's definitions are kept 2 minutes per account).
 * A trigger poll is counted after one change: cold is its first poll that finds something,
 * warm the next one within the minute.
 *
 *   npx ts-node --transpile-only bench/requests.ts
 */
import type { INodeParameters } from 'n8n-workflow';

import { resetThrottles } from '../nodes/CustomerCare/transport/rate/throttle';
import { accountOf, runNode, TriggerRun } from '../tools/engine-harness/harness';
import { FakePlatform } from '../tools/fake-platform';
import { printTable, writeResults, type Cell } from './lib/report';

/** A custom field of the seed (docs/api.md#custom-fields), as a workflow from a webhook would fill it. */
const customFields = { customFieldsInput: 'json', customFieldsJson: '{"Customer note": "From the webhook"}' };

type Parameters = (platform: FakePlatform) => INodeParameters;

const OPERATIONS: Array<[string, Parameters]> = [
	['Ticket → Create (a custom field)', () => ({ resource: 'ticket', operation: 'create', phone: '0912000401', subject: 'Bench', ...customFields })],
	['Ticket → Create', () => ({ resource: 'ticket', operation: 'create', phone: '0912000402', subject: 'Bench' })],
	['Ticket → Get', (p) => ({ resource: 'ticket', operation: 'get', ticketId: String(p.store.tickets[0].ticket_id) })],
	['Ticket → Get Many (7 days)', () => ({ resource: 'ticket', operation: 'getAll', since: new Date(Date.now() - 7 * 86_400_000).toISOString(), limit: 50 })],
	[
		'Ticket → Update (a comment)',
		(p) => ({ resource: 'ticket', operation: 'update', ticketId: String(p.store.tickets.find((t) => t.ticket_status === 'open')!.ticket_id), commentBody: 'Seen', commentAuthorId: 1003 }),
	],
	['Lead → Create (a custom field)', () => ({ resource: 'lead', operation: 'create', phone: '0912000403', subject: 'Bench lead', ...customFields })],
	['Lead → Create', () => ({ resource: 'lead', operation: 'create', phone: '0912000404', subject: 'Bench lead' })],
	['Lead → Get', (p) => ({ resource: 'lead', operation: 'get', leadId: String(p.store.leads[0].id) })],
	['Lead → Get Many', () => ({ resource: 'lead', operation: 'getAll', limit: 50 })],
	['Lead → Update (a comment)', (p) => ({ resource: 'lead', operation: 'update', leadId: String(p.store.leads[1].id), commentBody: 'Seen', commentAuthorId: 1003 })],
	['Lead → Get Statuses', () => ({ resource: 'lead', operation: 'getStatuses' })],
	['Lead → Get Labels', () => ({ resource: 'lead', operation: 'getLabels' })],
	['Lead → Get Unqualified Reasons', () => ({ resource: 'lead', operation: 'getUnqualifiedReasons' })],
	['Deal → Create', () => ({ resource: 'deal', operation: 'create', email: 'bench.deal@example.com', subject: 'Bench deal' })],
	['Deal → Get', (p) => ({ resource: 'deal', operation: 'get', dealId: String(p.store.deals[0].id) })],
	['Deal → Get Many', () => ({ resource: 'deal', operation: 'getAll', limit: 50 })],
	['Deal → Update (a comment)', (p) => ({ resource: 'deal', operation: 'update', dealId: String(p.store.deals[1].id), commentBody: 'Seen', commentAuthorId: 1003 })],
	['Deal → Get Pipelines', () => ({ resource: 'deal', operation: 'getPipelines' })],
	['Deal → Get Labels', () => ({ resource: 'deal', operation: 'getLabels' })],
	['Deal → Get Lost Reasons', () => ({ resource: 'deal', operation: 'getLostReasons' })],
	['Deal → Get Unqualified Reasons', () => ({ resource: 'deal', operation: 'getUnqualifiedReasons' })],
	['Call → Get Many (7 days)', () => ({ resource: 'call', operation: 'getAll', since: new Date(Date.now() - 7 * 86_400_000).toISOString(), limit: 50 })],
	['SMS → Send', (p) => ({ resource: 'sms', operation: 'send', serviceId: p.store.services.find((s) => s.service_type === 'SMS')!.service_id, phone: '0912000405', content: 'Shipped' })],
	['Agent → Get Many', () => ({ resource: 'agent', operation: 'getAll', returnAll: true })],
	['Group → Get Many', () => ({ resource: 'group', operation: 'getAll', returnAll: true })],
	['Service → Get Many', () => ({ resource: 'service', operation: 'getAll', returnAll: true })],
	['Custom Field → Get Many', () => ({ resource: 'customField', operation: 'getAll', returnAll: true })],
	['Monitor → Get Many', () => ({ resource: 'monitor', operation: 'getAll', returnAll: true })],
];

/** One change the event reports, made in the platform's store. */
const EVENTS: Array<[string, string, (p: FakePlatform, at: number) => void]> = [
	['Ticket Updated', 'ticketUpdated', (p, at) => void p.store.updateTicket(p.store.tickets[2].ticket_id, { ticket_subject: 'changed' }, at)],
	['Lead Updated', 'leadUpdated', (p, at) => void p.store.updateLead(p.store.leads[2].id, { subject: 'changed' }, at)],
	['Deal Updated', 'dealUpdated', (p, at) => void p.store.updateDeal(p.store.deals[2].id, { subject: 'changed' }, at)],
	['Call Ended', 'callEnded', (p, at) => void p.store.createCall({ call_type: 1, end_status: 'system' }, at)],
	['Monitor Status Changed', 'monitorStatusChanged', (p) => {
		const monitor = p.store.monitors[0];
		p.store.setMonitorStatus(monitor.id, monitor.status === 1 ? 0 : 1);
	}],
];

/** Forget the kept definitions (their module moved and was renamed; --baseline may run any of these layouts). */
function resetDefinitions() {
	const layouts: [string, string][] = [
		['../nodes/CustomerCare/definitions/accountDefinitions', 'resetDefinitions'],
		['../nodes/CustomerCare/definitions/lookups', 'resetLookups'],
		['../nodes/CustomerCare/shared/lookups', 'resetLookups'],
	];
	for (const [path, reset] of layouts) {
		try {
			(require(path) as Record<string, (() => void) | undefined>)[reset]?.();
			return;
		} catch {
			// not in this commit's layout
		}
	}
}

const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));

async function main() {
	process.env.N8N_LOG_LEVEL ??= 'silent';
	const platform = await FakePlatform.start();
	const account = accountOf(platform, { timeZone: 'Asia/Ho_Chi_Minh' });
	const count = () => platform.requests().length;
	const rateLimited = () => platform.requests().filter((request) => request.status === 429).length;
	const rows: Cell[][] = [];
	const results: Array<{ name: string; cold: number; warm: number; failed?: string }> = [];

	// One process all along (its throttle kept, as in n8n); each operation starts with no definitions kept.
	resetThrottles();
	for (const [name, parameters] of OPERATIONS) {
		resetDefinitions();
		const runs: number[] = [];
		let failed: string | undefined;
		for (let run = 0; run < 2; run++) {
			platform.clearLog();
			const result = await runNode({ parameters: parameters(platform), account });
			failed ??= result.error?.message;
			runs.push(count());
			failed ??= rateLimited() ? `${rateLimited()} × 429` : undefined;
		}
		results.push({ name, cold: runs[0], warm: runs[1], failed });
		rows.push([name, runs[0], runs[1], failed ? `failed: ${failed.slice(0, 60)}` : '']);
	}

	for (const [name, event, change] of EVENTS) {
		resetDefinitions();
		const trigger = new TriggerRun({ event }, account);
		await nextSecond();
		await trigger.poll(); // the activation: no request
		const polls: number[] = [];
		for (let poll = 0; poll < 2; poll++) {
			await nextSecond();
			change(platform, Math.floor(Date.now() / 1000) * 1000);
			await nextSecond();
			platform.clearLog();
			const items = await trigger.poll();
			polls.push(count());
			if (rateLimited()) throw new Error(`${name}: ${rateLimited()} × 429`);
			if (!items?.length) throw new Error(`${name}: the poll found nothing`);
		}
		const label = `Trigger poll, ${name} (one change)`;
		results.push({ name: label, cold: polls[0], warm: polls[1] });
		rows.push([label, polls[0], polls[1], '']);
	}

	printTable('Requests per operation (one item, default options, Simplify on)', ['operation', 'cold', 'warm', ''], rows);
	console.log(`\nWritten: ${writeResults('requests', { results })}`);
	await platform.close();
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
