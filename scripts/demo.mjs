#!/usr/bin/env node
/**
 * `npm run demo -- <command>`: makes something happen in the fake platform that `npm start` is
 * running, through its control API, so that the example trigger workflows have something to react to.
 *
 *   npm run demo -- ticket-solved [ticket id]   an open or pending ticket becomes solved
 *   npm run demo -- missed-call                 a missed call from a customer ends now
 *   npm run demo -- monitor-down [monitor id]   a status monitor goes DOWN (default 1, "API")
 *   npm run demo -- monitor-up [monitor id]     …and UP again
 *   npm run demo -- lead-created                a new lead arrives
 *   npm run demo -- deal-won                    a new deal is created and closed as won
 *   npm run demo -- zalo-message                customer 50350 writes on Zalo (a new conversation)
 *
 * It finds the fake platform from CC_FAKE_URL (or --fake-url=), else from the file `npm start`
 * writes while it runs (DEMO_STATE_FILE below; CC_DEMO_STATE moves it).
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { queryTime } from './lib/platform-clock.mjs';

/** Where `npm start` publishes the running fake platform's URL (removed when it stops). */
export const DEMO_STATE_FILE = process.env.CC_DEMO_STATE || join(tmpdir(), 'n8n-nodes-customer-care-demo.json');

const ACTIVATE = 'Publish a trigger example first (it reads the changes made after that), or open its trigger node and click "Fetch Test Event"';

/** The demo commands: what each makes happen, and which example workflow reacts to it (by its name in n8n, as the examples' `name`). */
export const DEMO_COMMANDS = [
	{ name: 'ticket-solved', args: '[ticket id]', what: 'an open or pending ticket becomes solved', reacts: 'the example “Ticket solved → satisfaction survey”', run: ticketSolved },
	{ name: 'missed-call', args: '', what: 'a missed call from customer 50002 ends now', reacts: 'the examples “Missed call → find the caller → call-back ticket” and “Call ended → log it”', run: missedCall },
	{ name: 'recorded-call', args: '', what: 'an answered call of customer 50002 on a new ticket, ended 6 minutes ago (its recording exists)', reacts: 'the example “Call ended → its recording on the ticket”', run: recordedCall },
	{ name: 'monitor-down', args: '[monitor id]', what: 'status monitor 1 ("API") goes DOWN', reacts: 'the example “Monitor goes DOWN → page the on-call”', run: (fake, id) => setMonitor(fake, id, 0) },
	{ name: 'monitor-up', args: '[monitor id]', what: 'the monitor comes back UP', reacts: 'no example (“Monitor goes DOWN → page the on-call” watches DOWN only)', run: (fake, id) => setMonitor(fake, id, 1) },
	{ name: 'lead-created', args: '', what: 'a new lead arrives', reacts: 'the example “New lead → notify sales”', run: leadCreated },
	{ name: 'deal-won', args: '', what: 'a new deal is created and closed as won', reacts: 'the example “Deal won → hand over to fulfilment”', run: dealWon },
	{ name: 'zalo-message', args: '', what: 'customer 50350 writes on Zalo', reacts: 'the example “Zalo message → find the customer → ticket with the message”', run: zaloMessage },
];

/** The lines `npm start` prints under its summary. */
export function demoHelp() {
	const width = Math.max(...DEMO_COMMANDS.map((c) => `${c.name} ${c.args}`.trim().length));
	return [
		'Make things happen in the fake platform (in another terminal):',
		...DEMO_COMMANDS.map((c) => `  npm run demo -- ${`${c.name} ${c.args}`.trim().padEnd(width)}  ${c.what} → ${c.reacts}`),
		`  The examples' triggers poll every minute. ${ACTIVATE}.`,
	];
}

async function control(fake, method, path, body) {
	const res = await fetch(`${fake.baseUrl}/__control${path}`, {
		method,
		headers: body ? { 'Content-Type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	});
	const json = await res.json();
	if (!res.ok) throw new Error(`${method} /__control${path} answered ${res.status}: ${json.message ?? JSON.stringify(json)}`);
	return json;
}


/** The newest open or pending ticket of the last 31 days, as a client of the API finds it. */
async function openTicketId(fake) {
	const now = Date.parse(fake.info.now);
	const url = new URL(`${fake.baseUrl}/${fake.info.domain}/api/v2/tickets`);
	// In the form of the platform the fake plays (the real one: its wall clock with a Z).
	url.searchParams.set('updated_since', queryTime(now - 31 * 86_400_000 + 1000, fake.info.platform));
	url.searchParams.set('updated_to', queryTime(now, fake.info.platform));
	url.searchParams.set('filter_id', '2');
	url.searchParams.set('count', '500');
	const res = await fetch(url, { headers: { Authorization: `Bearer ${fake.info.token}` } });
	const body = await res.json();
	if (!res.ok) throw new Error(`listing open tickets answered ${res.status}: ${body.message}`);
	const tickets = body.tickets ?? [];
	if (tickets.length === 0) return undefined;
	return tickets[tickets.length - 1].ticket_id;
}

async function ticketSolved(fake, id) {
	let ticketId = id === undefined ? await openTicketId(fake) : Number(id);
	if (ticketId === undefined) {
		({ ticket: { ticket_id: ticketId } } = await control(fake, 'POST', '/tickets', { requester_id: 50002, ticket_status: 'open', ticket_subject: 'Demo: a ticket to solve' }));
	}
	const { ticket } = await control(fake, 'PATCH', `/tickets/${ticketId}`, { ticket_status: 'solved' });
	return `ticket ${ticket.ticket_id} ("${ticket.ticket_subject}") is now solved`;
}

async function missedCall(fake) {
	const { call } = await control(fake, 'POST', '/calls', { call_status: 'miss', call_type: 0, customer_id: 50002 });
	return `missed call ${call.id} (${call.call_id}) from ${call.caller}, customer ${call.customer_id}`;
}

/** The platform makes a recording 5 minutes after the call ends (api-spec §calls): this one has it. */
async function recordedCall(fake) {
	const { ticket } = await control(fake, 'POST', '/tickets', { requester_id: 50002, ticket_status: 'open', ticket_subject: 'Demo: a recorded call' });
	const { call } = await control(fake, 'POST', '/calls', { call_status: 'meetAgent', call_type: 0, customer_id: 50002, ticket_id: ticket.ticket_id, end_time: Date.now() - 6 * 60_000 });
	return `answered call ${call.id} (${call.call_id}) from ${call.caller}, ended 6 minutes ago, with its recording, on ticket ${ticket.ticket_id}`;
}

async function setMonitor(fake, id, status) {
	const { monitor } = await control(fake, 'POST', `/monitors/${Number(id ?? 1)}`, { status });
	return `monitor ${monitor.id} ("${monitor.name}") is now ${status === 1 ? 'UP' : 'DOWN'}`;
}

async function leadCreated(fake) {
	const { lead } = await control(fake, 'POST', '/leads', { subject: 'Demo: quote for 3 laptops', phone: '0911000111', email: 'demo.lead@example.com', username: 'Demo Lead' });
	return `lead ${lead.id} ("${lead.subject}") created`;
}

async function dealWon(fake) {
	const { deal } = await control(fake, 'POST', '/deals', { subject: 'Demo: office laptops', phone: '0911000222', value: 1500 });
	await control(fake, 'PATCH', `/deals/${deal.id}`, { closed_type: 1 });
	return `deal ${deal.id} ("${deal.subject}") created and closed as won`;
}

/** The seed's customer 50350 (tools/fake-platform README "Seed data") starts a Zalo conversation (conversation_type 3). */
async function zaloMessage(fake) {
	const answer = await control(fake, 'POST', '/chats/messages', {
		conversation_type: 3,
		from: 'customer',
		requester_id: 50350,
		content: 'Tôi muốn huỷ đơn hàng A1029 (I want to cancel order A1029)',
	});
	const message = answer.message ?? answer;
	return `Zalo message ${message.id} from customer ${message.requester_id} in conversation ${message.conversation_id}: "${message.content}"`;
}

function fakeUrl() {
	const arg = process.argv.slice(2).find((a) => a.startsWith('--fake-url='));
	if (arg) return arg.slice('--fake-url='.length);
	if (process.env.CC_FAKE_URL) return process.env.CC_FAKE_URL;
	try {
		return JSON.parse(readFileSync(DEMO_STATE_FILE, 'utf8')).fakeUrl;
	} catch {
		return undefined;
	}
}

async function main() {
	const [name, arg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
	const command = DEMO_COMMANDS.find((c) => c.name === name);
	if (!command) {
		process.stdout.write(`${name ? `Unknown demo command "${name}".\n` : ''}Usage: npm run demo -- <command>\n${demoHelp().slice(1).join('\n')}\n`);
		process.exit(name ? 2 : 0);
	}
	const baseUrl = fakeUrl();
	if (!baseUrl) {
		throw new Error(`No running demo found (${DEMO_STATE_FILE} is missing): start it with \`npm start\`, or give CC_FAKE_URL=<fake platform URL>`);
	}
	let info;
	try {
		info = await (await fetch(`${baseUrl}/__control/info`)).json();
	} catch (error) {
		throw new Error(`The fake platform at ${baseUrl} does not answer (${error.cause?.code ?? error.message}); is \`npm start\` still running?`);
	}
	const done = await command.run({ baseUrl, info }, arg);
	process.stdout.write(`${done}.\nReacts: ${command.reacts}.\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	main().catch((error) => {
		process.stderr.write(`${error.message}\n`);
		process.exit(1);
	});
}
