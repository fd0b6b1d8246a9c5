/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Benchmark 4: what the polling trigger costs, in requests per poll, when nothing changed
 * and when 1,200 tickets changed between two polls. "Ticket Updated" polls run by n8n-core's
 * TriggersAndPollers (harness TriggerRun) against the fake platform (20,000 tickets over 93
 * days); changes are made in the platform's store between polls.
 *
 *   npx ts-node --transpile-only bench/polling.ts
 */
import { sleep, type IDataObject } from 'n8n-workflow';

import { resetThrottles } from '../nodes/CustomerCare/transport/rate/throttle';
import { accountOf, TriggerRun } from '../tools/engine-harness/harness';
import { FakePlatform } from '../tools/fake-platform';
import { printTable, round, writeResults, type Cell } from './lib/report';

const TICKETS = 20_000;
const DAYS = 93;
const CHANGED = 1_200;
const IDLE_POLLS = 3;
const SHORT_OVERLAP_S = 5;


interface PollFigures {
	trigger: string;
	step: string;
	requests: number;
	listRequests: number;
	otherRequests: number;
	status429: number;
	items: number;
	ms: number;
}

async function main() {
	process.env.N8N_LOG_LEVEL ??= 'silent';
	const platform = await FakePlatform.start({ size: { tickets: TICKETS, days: DAYS } });
	resetThrottles();
	const account = accountOf(platform);
	const triggers = [
		{ name: 'Ticket Updated (defaults: overlap 120 s)', run: new TriggerRun({ event: 'ticketUpdated' }, account) },
		{
			name: `Ticket Updated (overlap ${SHORT_OVERLAP_S} s)`,
			run: new TriggerRun({ event: 'ticketUpdated', options: { overlapSeconds: SHORT_OVERLAP_S } }, account),
		},
	];
	const figures: PollFigures[] = [];

	const poll = async (trigger: (typeof triggers)[number], step: string, expectItems?: number) => {
		platform.clearLog();
		const started = performance.now();
		const items: IDataObject[] | null = await trigger.run.poll();
		const ms = performance.now() - started;
		const api = platform.requests().filter((request) => request.path.startsWith(`/${platform.domain}/`));
		const list = api.filter((request) => request.path.endsWith('/api/v2/tickets'));
		const row: PollFigures = {
			trigger: trigger.name,
			step,
			requests: api.length,
			listRequests: list.length,
			otherRequests: api.length - list.length,
			status429: api.filter((request) => request.status === 429).length,
			items: items?.length ?? 0,
			ms,
		};
		if (expectItems !== undefined && row.items !== expectItems) {
			throw new Error(`${trigger.name}, ${step}: expected ${expectItems} items, got ${row.items}`);
		}
		figures.push(row);
		return row;
	};

	try {
		for (const trigger of triggers) await poll(trigger, 'activation (first poll)', 0);
		await sleep(1100);
		for (let index = 1; index <= IDLE_POLLS; index++) {
			for (const trigger of triggers) await poll(trigger, `idle poll ${index}`, 0);
			await sleep(1100);
		}

		// 1,200 tickets change over three seconds, then both triggers poll.
		const start = Math.floor(Date.now() / 1000) * 1000 + 1000;
		const ids = platform.store.tickets.slice(0, CHANGED).map((ticket) => ticket.ticket_id);
		ids.forEach((id, index) =>
			platform.store.updateTicket(id, { ticket_subject: `bench change ${index}` }, start + (index % 3) * 1000),
		);
		await sleep(start + 3000 - Date.now());
		for (const trigger of triggers) await poll(trigger, `${CHANGED} tickets changed`, CHANGED);
		for (const trigger of triggers) await poll(trigger, 'next poll, nothing new (changes still in the overlap)', 0);
		// A poll reads from the previous poll's time minus the overlap: the changes leave the
		// window only at the first poll that follows a poll made more than the overlap after them.
		await sleep((SHORT_OVERLAP_S + 1) * 1000);
		for (const trigger of triggers) await poll(trigger, `idle, ${SHORT_OVERLAP_S + 1} s later`, 0);
		for (const trigger of triggers) await poll(trigger, 'idle, the poll after that', 0);
	} finally {
		await platform.close();
	}

	printTable(
		`4. Polling cost: requests per poll (${TICKETS} tickets on the platform)`,
		['trigger', 'poll', 'requests', 'list pages', 'other', '429s', 'items', 'ms'],
		figures.map((row): Cell[] => [
			row.trigger,
			row.step,
			row.requests,
			row.listRequests,
			row.otherRequests,
			row.status429,
			row.items,
			round(row.ms, 0),
		]),
	);
	const file = writeResults('polling', {
		command: 'npm run bench',
		setup: { tickets: TICKETS, days: DAYS, changed: CHANGED, event: 'ticketUpdated' },
		polls: figures,
	});
	console.log(`\nWritten: ${file}`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
