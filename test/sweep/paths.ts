/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The paths of the sweep: every trigger event (Simplify on and off), the writes, each Get Many
 * with Return All over more than 31 days, the dropdowns, the pickers and the credential test.
 * Each runs on a fresh fake platform of its own; `arm()` marks where the part under test begins
 * (the log is cleared and the case's fault injected there).
 */
import type { INodeParameters } from 'n8n-workflow';

import type { FakePlatform } from '../../tools/fake-platform';
import { accountOf, jsonOf, listSearch, loadOptions, runNode, testCredentials, TriggerRun, type Account } from '../../tools/engine-harness/harness';
import { accountOf as transportAccountOf } from '../../nodes/CustomerCare/transport/request/account';
import { resetThrottles } from '../../nodes/CustomerCare/transport/rate/throttle';
import { MAX_RECORDING_MB, TIMEOUT_MS } from './faults';
import type { ErrorSeen, Observation, PollSeen } from './invariants';

export interface CaseContext {
	platform: FakePlatform;
	/** A workflow id of its own: polls of one workflow wait for each other, different ones run together. */
	workflowId: string;
	/** The part under test begins: the log is cleared and the case's fault injected. */
	arm(): void;
	/** The part under test is over: faults cleared and a lock-out ended, for a trigger's recovery polls. */
	disarm(): { endedLockout: boolean };
}

export interface SweepPath {
	name: string;
	group: 'trigger' | 'write' | 'read' | 'credential';
	/** `real`: the platform's clock is the real one (triggers, writes, pickers); `fixed`: the data sits at DATA_NOW (reads). */
	clock: 'real' | 'fixed';
	/** The node's Request Options → Timeout applies (set to TIMEOUT_MS). */
	hasTimeoutOption: boolean;
	run(context: CaseContext): Promise<Observation>;
}

/** The data clock of the read paths: one instant for every case, so that every platform holds the same data. */
export const DATA_NOW = Math.floor(Date.now() / 1000) * 1000 - 60_000;
const DAY = 86_400_000;
/** Small enough to start in milliseconds; a 31-day ticket window still holds more than one page (500). */
export const SIZE = { tickets: 1500, leads: 400, deals: 300, calls: 400, days: 60 };

const second = (ms: number) => Math.floor(ms / 1000) * 1000;
const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
const requestOptions = { timeout: TIMEOUT_MS };

function errorOf(error: unknown): ErrorSeen {
	const e = error as { message?: unknown; description?: unknown };
	return { message: String(e?.message ?? error), description: typeof e?.description === 'string' ? e.description : null };
}

// --- Trigger -------------------------------------------------------------------------------

interface EventSeed {
	event: string;
	/** Makes the changes the event reports, stamped `at`; returns their ids. */
	change: (platform: FakePlatform, at: number) => Array<string | number>;
}

const openDeals = (platform: FakePlatform) => platform.store.deals.filter((deal) => deal.closed_at === null && deal.pipeline_stage_id !== null);

const EVENT_SEEDS: EventSeed[] = [
	{
		event: 'ticketCreated',
		change: (p, at) => [1, 2].map((n) => p.store.createTicket({ ticket_subject: `sweep ${n}`, phone: `090000010${n}`, assignee_id: 1002 }, at).ticket_id),
	},
	{
		event: 'ticketUpdated',
		change: (p, at) =>
			p.store.tickets
				.filter((ticket) => ticket.assignee_id !== null)
				.slice(0, 2)
				.map((ticket) => p.store.updateTicket(ticket.ticket_id, { ticket_subject: 'changed by the sweep' }, at).ticket_id),
	},
	{ event: 'leadCreated', change: (p, at) => [1, 2].map((n) => p.store.createLead({ subject: `sweep lead ${n}`, phone: `090000020${n}` }, at).id) },
	{
		event: 'leadUpdated',
		change: (p, at) =>
			p.store.leads
				.filter((lead) => lead.lead_status_id !== null)
				.slice(0, 2)
				.map((lead) => p.store.updateLead(lead.id, { subject: 'changed lead' }, at).id),
	},
	{ event: 'dealCreated', change: (p, at) => [1, 2].map((n) => p.store.createDeal({ subject: `sweep deal ${n}`, phone: `090000030${n}` }, at).id) },
	{ event: 'dealUpdated', change: (p, at) => openDeals(p).slice(0, 2).map((deal) => p.store.updateDeal(deal.id, { subject: 'changed deal' }, at).id) },
	{ event: 'dealClosed', change: (p, at) => openDeals(p).slice(0, 2).map((deal) => p.store.updateDeal(deal.id, { closed_type: 1 }, at).id) },
	{
		// An old contact updated too: no Contact Created (docs/guarantees.md), so never among the expected.
		event: 'contactCreated',
		change: (p, at) => {
			p.store.updateContact(p.store.customers[5].id, { username: 'changed by the sweep' }, (kept) => kept, at);
			return [1, 2].map((n) => p.store.createContact({ username: `sweep contact ${n}`, phone_no: `090000040${n}` }, at).id);
		},
	},
	{
		event: 'contactUpdated',
		change: (p, at) => p.store.customers.slice(0, 2).map((contact) => p.store.updateContact(contact.id, { username: 'changed contact' }, (kept) => kept, at).id),
	},
	{ event: 'callEnded', change: (p, at) => [1, 2].map(() => p.store.createCall({ call_type: 1, end_status: 'system' }, at).id) },
	{
		event: 'missedCall',
		change: (p, at) => [1, 2].map(() => p.store.createCall({ call_status: 'miss', missed_reason: 'missed_customer', end_status: 'cus' }, at).id),
	},
	{
		// A message in a conversation started 3 hours before (its opening line stamped then: history,
		// not news) and one opening a Zalo conversation: both found under their conversations' starts.
		event: 'newChatMessage',
		change: (p, at) => {
			const { conversation } = p.store.addChatMessage({ conversation_type: 0, content: 'opened earlier', from: 'customer' }, at - 3 * 3_600_000);
			return [
				p.store.addChatMessage({ conversation_id: conversation.conversation_id, content: 'written now', from: 'customer' }, at).message.id,
				p.store.addChatMessage({ conversation_type: 3, content: 'huỷ đơn', from: 'customer' }, at).message.id,
			];
		},
	},
	{
		event: 'monitorStatusChanged',
		change: (p) => {
			const monitor = p.store.monitors.find((entry) => entry.status === 1)!;
			p.store.setMonitorStatus(monitor.id, 0);
			return [monitor.id];
		},
	},
];

const RECOVERY_POLLS = 3;

const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));

async function pollOnce(run: TriggerRun, label: string): Promise<PollSeen> {
	const stateBefore = JSON.stringify(run.state);
	const persistedBefore = JSON.stringify(run.persisted);
	let emitted: string[] = [];
	let error: ErrorSeen | undefined;
	try {
		const items = (await run.poll()) ?? [];
		emitted = items.map((item) => String(item.ticket_id ?? item.id));
	} catch (caught) {
		error = errorOf(caught);
	}
	return { label, emitted, error, stateBefore, stateAfter: JSON.stringify(run.state), persistedBefore, persistedAfter: JSON.stringify(run.persisted) };
}

/** The node's key of the platform's account, as its transport reads the credential. */
function budgetKeyOf(platform: FakePlatform): string {
	const node = { id: 'sweep', name: 'sweep', type: 'sweep', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
	return transportAccountOf(node, { ...accountOf(platform) }).budgetKey;
}

function triggerPath(seed: EventSeed, simplify: boolean): SweepPath {
	return {
		name: `trigger ${seed.event}, Simplify ${simplify ? 'on' : 'off'}`,
		group: 'trigger',
		clock: 'real',
		hasTimeoutOption: false,
		async run({ platform, workflowId, arm, disarm }) {
			const account: Account = accountOf(platform);
			// The seeded data is stamped up to the platform's start: activate in a later second.
			await nextSecond();
			const run = new TriggerRun({ event: seed.event, options: simplify ? {} : { simplify: false } }, account, workflowId);
			if ((await run.poll()) !== null) throw new Error('the activation poll emitted');
			const expected = seed.change(platform, second(Date.now())).map(String);
			// The poll reads up to its own second: poll from the next one, as n8n's poll interval would.
			await nextSecond();
			arm();
			const polls = [await pollOnce(run, 'poll with the fault')];
			const { endedLockout } = disarm();
			let recoveredAt: number | undefined;
			if (endedLockout) {
				// 15 minutes later: the platform's lock-out is over (disarm) and so is the node's own
				// memory of it (per account: its domain and token).
				resetThrottles(budgetKeyOf(platform));
				recoveredAt = Date.now();
			}
			for (let n = 1; n <= RECOVERY_POLLS; n++) polls.push(await pollOnce(run, `recovery poll ${n}`));
			return { kind: 'trigger', expected, polls, recoveredAt };
		},
	};
}

// --- Writes --------------------------------------------------------------------------------

interface WriteSpec {
	name: string;
	parameters: (platform: FakePlatform) => INodeParameters;
	/** Records, comments or SMS of the kind the write adds, and the id the output must carry. */
	count: (platform: FakePlatform) => number;
	newId: (platform: FakePlatform) => string;
}

const openTicket = (p: FakePlatform) => p.store.tickets.find((ticket) => ticket.ticket_status === 'open')!;
const openLead = (p: FakePlatform) =>
	p.store.leads.find((lead) => p.store.leadStatuses.find((status) => status.id === lead.lead_status_id)?.status_type === 0)!;
const openDeal = (p: FakePlatform) => p.store.deals.find((deal) => deal.closed_type === null)!;
const last = <T>(list: T[]) => list[list.length - 1];
const comment = { commentBody: 'Written by the fault sweep', commentAuthorId: 1003 };
/** A phone no contact has yet, so that each case's contact write creates one. */
function unusedPhone(p: FakePlatform): string {
	for (let n = p.store.customers.length; ; n++) {
		const phone = `0355${String(n).padStart(6, '0')}`;
		if (!p.store.customerByPhone(phone)) return phone;
	}
}

const WRITES: WriteSpec[] = [
	{
		name: 'Ticket → Create',
		parameters: () => ({ resource: 'ticket', operation: 'create', phone: '0912000501', subject: 'Sweep ticket' }),
		count: (p) => p.store.tickets.length,
		newId: (p) => String(last(p.store.tickets).ticket_id),
	},
	{
		name: 'Ticket → Update',
		parameters: (p) => ({ resource: 'ticket', operation: 'update', ticketId: String(openTicket(p).ticket_id), ...comment }),
		count: (p) => openTicket(p).comments.length,
		newId: (p) => String(openTicket(p).ticket_id),
	},
	{
		name: 'Lead → Create',
		parameters: () => ({ resource: 'lead', operation: 'create', phone: '0912000502', subject: 'Sweep lead' }),
		count: (p) => p.store.leads.length,
		newId: (p) => String(last(p.store.leads).id),
	},
	{
		name: 'Lead → Update',
		parameters: (p) => ({ resource: 'lead', operation: 'update', leadId: String(openLead(p).id), ...comment }),
		count: (p) => openLead(p).comments.length,
		newId: (p) => String(openLead(p).id),
	},
	{
		name: 'Deal → Create',
		parameters: () => ({ resource: 'deal', operation: 'create', email: 'sweep.deal@example.com', subject: 'Sweep deal' }),
		count: (p) => p.store.deals.length,
		newId: (p) => String(last(p.store.deals).id),
	},
	{
		name: 'Deal → Update',
		parameters: (p) => ({ resource: 'deal', operation: 'update', dealId: String(openDeal(p).id), ...comment }),
		count: (p) => openDeal(p).comments.length,
		newId: (p) => String(openDeal(p).id),
	},
	{
		name: 'Contact → Create',
		parameters: (p) => ({ resource: 'contact', operation: 'create', phone_no: unusedPhone(p), username: 'Sweep contact' }),
		count: (p) => p.store.customers.length,
		newId: (p) => String(last(p.store.customers).id),
	},
	{
		// A lookup, then the create: a fault at either, and a lost create answer looked up by phone.
		name: 'Contact → Find or Create',
		parameters: (p) => ({ resource: 'contact', operation: 'findOrCreate', phone_no: unusedPhone(p), username: 'Sweep contact' }),
		count: (p) => p.store.customers.length,
		newId: (p) => String(last(p.store.customers).id),
	},
	{
		// Without a ticket, the platform files the SMS in a new ticket: one SMS, one ticket.
		name: 'SMS → Send',
		parameters: (p) => ({
			resource: 'sms',
			operation: 'send',
			serviceId: p.store.services.find((service) => service.service_type === 'SMS')!.service_id,
			phone: '0912345678',
			content: 'Sent by the fault sweep',
		}),
		count: (p) => p.store.tickets.length,
		newId: (p) => String(last(p.store.tickets).ticket_id),
	},
];

function writePath(spec: WriteSpec): SweepPath {
	return {
		name: spec.name,
		group: 'write',
		clock: 'real',
		hasTimeoutOption: true,
		async run({ platform, arm }) {
			const parameters = { ...spec.parameters(platform), requestOptions };
			const before = spec.count(platform);
			arm();
			const started = performance.now();
			const run = await runNode({ parameters, account: accountOf(platform) });
			const ms = Math.round(performance.now() - started);
			return {
				kind: 'write',
				before,
				after: spec.count(platform),
				newId: spec.newId(platform),
				output: jsonOf(run),
				error: run.error ? errorOf(run.error) : undefined,
				ms,
			};
		},
	};
}

// --- Reads ---------------------------------------------------------------------------------

/** More than 31 days, ending a day before the data clock: the ticket and call lists are read in two windows. */
const SINCE = second(DATA_NOW - 46 * DAY);
const TO = second(DATA_NOW - DAY);

/** [name, parameters, input items, round trip ms]: n8n sends the items of a declarative node together. */
const GET_MANY: Array<[string, INodeParameters, number?, number?]> = [
	['Ticket → Get Many (45 days)', { resource: 'ticket', operation: 'getAll', since: iso(SINCE), to: iso(TO), returnAll: true }],
	['Lead → Get Many (45 days)', { resource: 'lead', operation: 'getAll', returnAll: true, filters: { created_since: iso(SINCE), created_to: iso(TO) } }],
	['Deal → Get Many (45 days)', { resource: 'deal', operation: 'getAll', returnAll: true, filters: { created_since: iso(SINCE), created_to: iso(TO) } }],
	['Call → Get Many (45 days)', { resource: 'call', operation: 'getAll', since: iso(SINCE), to: iso(TO), returnAll: true }],
	// Two days of calls, each answered one's recording downloaded: the file faults' path.
	[
		'Call → Get Many with Download Recording (2 days)',
		{ resource: 'call', operation: 'getAll', since: iso(TO - 2 * DAY), to: iso(TO), returnAll: true, options: { downloadRecording: true, maxRecordingSizeMb: MAX_RECORDING_MB } },
	],
	['Contact → Get Many (45 days)', { resource: 'contact', operation: 'getAll', returnAll: true, filters: { updated_since: iso(SINCE), updated_to: iso(TO) } }],
	// Ten requests at once: a lock-out or a 429 answering one while the others are in flight or waiting for a slot.
	['Agent → Get Many (ten items)', { resource: 'agent', operation: 'getAll', returnAll: true }, 10, 200],
];

/**
 * `roundTripMs`: every answer takes this long, so that the path's requests overlap on the wire.
 * `clock`: `real` for a read whose window ends at the node's now (the pickers), so that every
 * case lists the same records however long after the fault-free run it comes.
 */
function readPath(
	name: string,
	read: (account: Account) => Promise<{ output: unknown; error?: ErrorSeen }>,
	roundTripMs = 0,
	clock: SweepPath['clock'] = 'fixed',
): SweepPath {
	return {
		name,
		group: 'read',
		clock,
		hasTimeoutOption: true,
		async run({ platform, arm }) {
			const account = accountOf(platform);
			arm();
			if (roundTripMs) platform.inject({ kind: 'latency', ms: roundTripMs, target: 'any' });
			const started = performance.now();
			const { output, error } = await read(account);
			const ms = Math.round(performance.now() - started);
			// Recording links carry the platform's address, which differs from case to case.
			const portless = output === undefined ? undefined : JSON.parse(JSON.stringify(output).split(platform.baseUrl).join('<base URL>'));
			return { kind: 'read', output: portless, error, ms };
		},
	};
}

async function caught<T>(work: () => Promise<T>): Promise<{ output: unknown; error?: ErrorSeen }> {
	try {
		return { output: await work() };
	} catch (error) {
		return { output: undefined, error: errorOf(error) };
	}
}

/** The dropdowns (loadOptions methods), each with the parameters of a form that shows it. */
const DROPDOWNS: Array<[string, INodeParameters, string?]> = [
	['getAgents', { resource: 'ticket', operation: 'create' }],
	['getCallAgents', { resource: 'call', operation: 'getAll' }],
	['getCallServices', { resource: 'call', operation: 'getAll' }],
	['getCustomFields', { resource: 'ticket', operation: 'create' }],
	// The choices of the field picked in the same row of the Custom Fields form, as the editor asks for them.
	[
		'getCustomFieldValues',
		{ resource: 'ticket', operation: 'create', customFields: { field: [{ fieldId: 305 }] } },
		'parameters.customFields.field[0].choices',
	],
	['getDealLabels', { resource: 'deal', operation: 'create' }],
	['getDealPipelines', { resource: 'deal', operation: 'create' }],
	['getDealStages', { resource: 'deal', operation: 'getAll' }],
	['getDealUnqualifiedReasons', { resource: 'deal', operation: 'create' }],
	['getGroups', { resource: 'ticket', operation: 'create' }],
	['getLeadLabels', { resource: 'lead', operation: 'create' }],
	['getLeadStatuses', { resource: 'lead', operation: 'create' }],
	['getLeadUnqualifiedReasons', { resource: 'lead', operation: 'create' }],
	['getServices', { resource: 'ticket', operation: 'create' }],
	['getSmsServices', { resource: 'sms', operation: 'send' }],
];

const PICKERS: Array<[string, string]> = [
	['searchTickets', 'ticket'],
	['searchLeads', 'lead'],
	['searchDeals', 'deal'],
	['searchContacts', 'contact'],
];

export const PATHS: SweepPath[] = [
	...EVENT_SEEDS.flatMap((seed) => [triggerPath(seed, true), triggerPath(seed, false)]),
	...WRITES.map(writePath),
	...GET_MANY.map(([name, parameters, items = 1, roundTripMs = 0]) =>
		readPath(name, async (account) => {
			const input = Array.from({ length: items }, (_, item) => ({ item }));
			const run = await runNode({ parameters: { ...parameters, requestOptions }, account, input });
			return { output: jsonOf(run), error: run.error ? errorOf(run.error) : undefined };
		}, roundTripMs),
	),
	...DROPDOWNS.map(([method, parameters, path]) =>
		readPath(`dropdown ${method}`, (account) => caught(() => loadOptions(method, account, { ...parameters, requestOptions }, path ? { path } : {}))),
	),
	// The picker's results (its page token carries the node's clock, which differs from run to run).
	// It reads the weeks before the node's now: on the data clock, a case minutes after the
	// fault-free run would list one record fewer at the window's start.
	...PICKERS.map(([method, resource]) =>
		readPath(
			`picker ${method}`,
			(account) => caught(async () => (await listSearch(method, account, { resource, operation: 'update', requestOptions })).results),
			0,
			'real',
		),
	),
	{
		name: 'credential test',
		group: 'credential',
		clock: 'fixed',
		hasTimeoutOption: false,
		async run({ platform, arm }) {
			arm();
			const started = performance.now();
			const result = await testCredentials(accountOf(platform));
			return { kind: 'credential', result: { status: result.status, message: result.message }, ms: Math.round(performance.now() - started) };
		},
	},
];

