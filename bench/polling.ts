/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Benchmark 4: what the polling trigger costs, in requests per poll, when nothing changed
 * and when 1,200 tickets changed between two polls. "Ticket Updated" polls run by n8n-core's
 * TriggersAndPollers (harness TriggerRun) against the fake platform (20,000 tickets over 93
 * days); changes are made in the platform's store between polls.
 *
 *   npx ts-node --transpile-only bench/polling.ts           # both tables
 *   npx ts-node --transpile-only bench/polling.ts --chat    # New Chat Message's alone
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

/**
 * New Chat Message at a stated traffic: 2,000 messages a day over the three channels (conversations
 * of 8 messages, 5 minutes apart, starting evenly over the last 3 days, beside the fake's seeded
 * ones), polled with the default lookback (24 h) and with 72 h. Each poll's list requests are
 * counted per channel from the platform's log, beside docs/operations.md's formula worked out on
 * the store: per channel, max(1, ceil(messages in conversations started within the lookback / 500)).
 */
const CHAT_MESSAGES_PER_DAY = 2_000;
const CHAT_CONVERSATION_LENGTH = 8;
const CHAT_DAYS = 3;

async function chatPolls(): Promise<void> {
	const platform = await FakePlatform.start({ size: { tickets: 100, days: 7 } });
	resetThrottles();
	const account = accountOf(platform);
	const HOUR = 3_600_000;
	const now = Date.now();
	const conversations = (CHAT_MESSAGES_PER_DAY * CHAT_DAYS) / CHAT_CONVERSATION_LENGTH;
	for (let n = 0; n < conversations; n++) {
		const start = now - CHAT_DAYS * 24 * HOUR + Math.floor((n * CHAT_DAYS * 24 * HOUR) / conversations);
		const channel = ([0, 1, 3] as const)[n % 3];
		const { conversation } = platform.store.addChatMessage({ conversation_type: channel, content: 'hello', from: 'customer' }, start);
		for (let k = 1; k < CHAT_CONVERSATION_LENGTH; k++) {
			const at = Math.min(start + k * 5 * 60_000, now - 1000);
			platform.store.addChatMessage({ conversation_id: conversation.conversation_id, content: `line ${k}`, from: k % 2 ? 'agent' : 'customer' }, at);
		}
	}
	const path = `/${platform.domain}/api/v1/chats/messages`;
	const rows: Cell[][] = [];
	const results: IDataObject[] = [];
	try {
		for (const lookbackHours of [24, 72]) {
			const since = Math.floor((Date.now() - lookbackHours * HOUR) / 1000) * 1000;
			const formula = [0, 1, 3].map((channel) => {
				const inLookback = new Set(
					platform.store.conversations.filter((c) => c.conversation_type === channel && c.start_time >= since).map((c) => c.conversation_id),
				);
				const messages = platform.store.chatMessages.filter((m) => inLookback.has(m.conversation_id)).length;
				return { channel, messages, pages: Math.max(1, Math.ceil(messages / 500)) };
			});
			const run = new TriggerRun({ event: 'newChatMessage', options: { lookbackHours } }, account);
			for (const step of ['activation (first poll)', 'a message written in a conversation 20 h old']) {
				if (step !== 'activation (first poll)') {
					await sleep(1100);
					const old = platform.store.conversations.find((c) => c.start_time >= Date.now() - 20 * HOUR && c.conversation_type === 3)!;
					platform.store.addChatMessage({ conversation_id: old.conversation_id, content: 'huỷ đơn', from: 'customer' });
				}
				platform.clearLog();
				const started = performance.now();
				const items = (await run.poll()) ?? [];
				const ms = performance.now() - started;
				const list = platform.requests({ path });
				const byChannel = [0, 1, 3].map((channel) => list.filter((r) => r.query.conversation_type === String(channel)).length);
				const expected = formula.reduce((sum, row) => sum + row.pages, 0);
				rows.push([
					`${lookbackHours} h`,
					step,
					formula.map((row) => row.messages).join(' / '),
					byChannel.join(' / '),
					list.length,
					expected,
					platform.requests().filter((r) => r.path.startsWith(`/${platform.domain}/`)).length - list.length,
					items.length,
					round(ms, 0),
				]);
				results.push({ lookbackHours, step, messagesPerChannel: formula, listRequestsPerChannel: byChannel, listRequests: list.length, formula: expected, items: items.length, ms });
			}
		}
	} finally {
		await platform.close();
	}
	printTable(
		`4b. New Chat Message: requests per poll at ${CHAT_MESSAGES_PER_DAY.toLocaleString('en-US')} messages a day over three channels`,
		['lookback', 'poll', 'messages read (0 / 1 / 3)', 'list requests (0 / 1 / 3)', 'list requests', 'formula', 'other', 'items', 'ms'],
		rows,
	);
	const file = writeResults('polling-chat', {
		command: 'npm run bench -- --only=polling',
		setup: { messagesPerDay: CHAT_MESSAGES_PER_DAY, conversationLength: CHAT_CONVERSATION_LENGTH, days: CHAT_DAYS, event: 'newChatMessage' },
		polls: results,
	});
	console.log(`\nWritten: ${file}`);
}

// `--chat`: New Chat Message's table alone.
(process.argv.includes('--chat') ? chatPolls() : main().then(chatPolls)).catch((error) => {
	console.error(error);
	process.exit(1);
});
