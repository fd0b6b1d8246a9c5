// @modes: spec strict
/**
 * Simplify, through n8n's engine against the fake platform: on every operation and every event of
 * the trigger that outputs times or codes.
 */
import { type IDataObject, type INode, type INodeParameters, Workflow } from 'n8n-workflow';
import type { RecordKind } from '../../../nodes/CustomerCare/api/records';
import { type RecordedRequest, FakePlatform } from '../../../tools/fake-platform';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { ACTION_NODE_TYPE, TRIGGER_NODE_TYPE, accountOf, jsonOf, nodeTypes, runNode, TriggerRun } from '../../../tools/engine-harness/harness';
import { ACCOUNT_ZONE, expectReadable } from '../helpers/readable';
import { recordsOf } from '../helpers/answer-lists';
import { LIST_EVENTS } from '../../../nodes/CustomerCareTrigger/events';
import { clockedNow, useTestClock } from '../helpers/clock';
// Simplify on a list of many pages, with a fake of its own (one n8n load for the folder's runner).
import './per-page';

/**
 * Simplify on every operation that outputs times or codes, through n8n's engine against the
 * fake platform: on, every time is ISO 8601 with the account's offset and every code has its
 * label beside it (the account's lead statuses, pipelines and stages read once); off, the
 * API's answer exactly as it came (and no reference list is read). Also the canvas subtitle.
 */
describe('Simplify on the node\'s operations', () => {
	let platform: FakePlatform;

	useFakePlatform((started) => (platform = started));

	const DAY = 86_400_000;
	const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
	const account = () => accountOf(platform, { timeZone: ACCOUNT_ZONE });

	/** Reads the node makes for labels, beside the operation's own request. */
	const REFERENCE_PATHS = /\/(custom_fields|lead\/status|deal\/pipelines)$/;

	interface Case {
		name: string;
		kind: RecordKind;
		parameters: () => INodeParameters;
		/** The records of the operation's answer(s), in order. */
		records: (answers: IDataObject[]) => IDataObject[];
		/** The reference lists Simplify reads for this output. */
		references: string[];
	}

	/** One record (`ticket`) or a list (`leads`: under whatever root the platform answered, ./answer-lists.ts). */
	const root = (property: string) => (answers: IDataObject[]) =>
		answers.flatMap((answer) => {
			const value = answer[property];
			if (value !== undefined && !Array.isArray(value)) return [value as IDataObject];
			return recordsOf(answer, property);
		});

	const ticketId = () => String(platform.store.tickets.find((ticket) => ticket.comments.length > 0)!.ticket_id);
	const leadWithStatus = () => platform.store.leads.find((lead) => lead.lead_status_id !== null && lead.comments.length > 0)!;
	const closedDeal = () => platform.store.deals.find((deal) => deal.closed_type !== null && deal.pipeline_stage_id !== null)!;

	const CASES: Case[] = [
		{
			name: 'Ticket → Create',
			kind: 'ticketWritten',
			parameters: () => ({ resource: 'ticket', operation: 'create', subject: 'Readable', phone: '0912000999' }),
			records: root('ticket'),
			references: [],
		},
		{
			name: 'Ticket → Get',
			kind: 'ticketDetail',
			parameters: () => ({ resource: 'ticket', operation: 'get', ticketId: ticketId() }),
			records: root('ticket'),
			references: ['custom_fields'],
		},
		{
			name: 'Ticket → Get Many',
			kind: 'ticketListItem',
			parameters: () => ({ resource: 'ticket', operation: 'getAll', dateField: 'updated', since: iso(Date.now() - 20 * DAY), limit: 30 }),
			records: root('tickets'),
			references: ['custom_fields'],
		},
		{
			name: 'Ticket → Update',
			kind: 'ticketWritten',
			parameters: () => ({ resource: 'ticket', operation: 'update', ticketId: ticketId(), commentBody: 'Seen.', commentAuthorId: 1003 }),
			records: root('ticket'),
			references: [],
		},
		{
			name: 'Lead → Create',
			kind: 'lead',
			parameters: () => ({ resource: 'lead', operation: 'create', phone: '0912000998', additionalFields: { estimated_closed_date: '2026-12-01 10:00:00' } }),
			records: root('lead'),
			references: ['lead/status'],
		},
		{
			name: 'Lead → Get',
			kind: 'lead',
			parameters: () => ({ resource: 'lead', operation: 'get', leadId: String(leadWithStatus().id) }),
			records: root('lead'),
			references: ['lead/status', 'custom_fields'],
		},
		{
			name: 'Lead → Get Many',
			kind: 'lead',
			parameters: () => ({ resource: 'lead', operation: 'getAll', limit: 40 }),
			records: root('leads'),
			references: ['lead/status', 'custom_fields'],
		},
		{
			name: 'Lead → Update',
			kind: 'lead',
			parameters: () => ({ resource: 'lead', operation: 'update', leadId: String(leadWithStatus().id), commentBody: 'Called.', commentAuthorId: 1003 }),
			records: root('lead'),
			references: ['lead/status'],
		},
		{
			name: 'Deal → Create',
			kind: 'deal',
			parameters: () => ({ resource: 'deal', operation: 'create', email: 'readable@example.com' }),
			records: root('deal'),
			references: ['deal/pipelines'],
		},
		{
			name: 'Deal → Get',
			kind: 'deal',
			parameters: () => ({ resource: 'deal', operation: 'get', dealId: String(closedDeal().id) }),
			records: root('deal'),
			references: ['deal/pipelines', 'custom_fields'],
		},
		{
			name: 'Deal → Get Many',
			kind: 'deal',
			parameters: () => ({ resource: 'deal', operation: 'getAll', limit: 40 }),
			records: root('deals'),
			references: ['lead/status', 'deal/pipelines', 'custom_fields'],
		},
		{
			name: 'Deal → Update',
			kind: 'deal',
			parameters: () => ({ resource: 'deal', operation: 'update', dealId: String(closedDeal().id), commentBody: 'Signed.', commentAuthorId: 1003 }),
			records: root('deal'),
			references: ['deal/pipelines'],
		},
		{
			name: 'Call → Get Many',
			kind: 'call',
			parameters: () => ({ resource: 'call', operation: 'getAll', since: iso(Date.now() - 3 * DAY), returnAll: true }),
			records: root('calls'),
			references: [],
		},
		{
			name: 'Agent → Get Many',
			kind: 'agent',
			parameters: () => ({ resource: 'agent', operation: 'getAll', returnAll: true }),
			records: root('agents'),
			references: [],
		},
		{
			name: 'Group → Get Many',
			kind: 'group',
			parameters: () => ({ resource: 'group', operation: 'getAll', returnAll: true }),
			records: root('groups'),
			references: [],
		},
		{
			name: 'Service → Get Many',
			kind: 'service',
			parameters: () => ({ resource: 'service', operation: 'getAll', returnAll: true }),
			records: root('services'),
			references: [],
		},
		{
			name: 'Monitor → Get Many',
			kind: 'monitor',
			parameters: () => ({ resource: 'monitor', operation: 'getAll', returnAll: true }),
			// Each monitor with the answer's generation time, as Simplify gives it.
			records: (answers) =>
				answers.flatMap((answer) => (answer.monitors as IDataObject[]).map((monitor) => ({ ...monitor, generated_at: answer.generated_at }))),
			references: [],
		},
	];

	const operationRequests = (requests: RecordedRequest[]) => requests.filter((request) => !REFERENCE_PATHS.test(request.path));
	const referenceRequests = (requests: RecordedRequest[]) => requests.filter((request) => REFERENCE_PATHS.test(request.path));

	describe.each(CASES)('$name', ({ kind, parameters, records, references }) => {
		test('Simplify on: offset times in the account zone and labels beside the codes', async () => {
			const run = await runNode({ parameters: parameters(), account: account() });
			expect(run.error).toBeUndefined();
			const requests = platform.requests();
			const answered = operationRequests(requests);
			const raw = records(answered.map((request) => request.response as IDataObject));
			const output = jsonOf(run);
			expect(output.length).toBeGreaterThan(0);
			expect(output).toHaveLength(raw.length);
			let times = 0;
			let labels = 0;
			output.forEach((record, index) => {
				const checked = expectReadable(platform, kind, record, raw[index]);
				times += checked.times;
				labels += checked.labels;
			});
			// Real services carry no times and no type id (real-platform.md §2.3): nothing to convert there.
			const plainRealServices = kind === 'service' && platform.platform === 'real';
			if (!plainRealServices) expect(times).toBeGreaterThan(0);
			// Each reference list at most once, and only those the records need (docs/api.md: leads
			// and deals carry custom fields of the tickets' definitions; each test starts cold).
			const read = referenceRequests(requests).map((request) => request.path.replace(/^\/acme\/(api\/v1\/)?/, ''));
			expect(read.filter((path) => !references.some((list) => path.endsWith(list)))).toEqual([]);
			expect(read.length).toBe(new Set(read).size);
			if (kind !== 'group' && kind !== 'ticketWritten' && !plainRealServices) expect(labels).toBeGreaterThan(0);
		});

		test("Simplify off: the API's answer exactly as it came, nothing else read", async () => {
			const run = await runNode({ parameters: { ...parameters(), simplify: false }, account: account() });
			expect(run.error).toBeUndefined();
			const requests = platform.requests();
			expect(referenceRequests(requests)).toHaveLength(0);
			const answers = requests.map((request) => request.response as IDataObject);
			const raw =
				kind === 'monitor' ? answers.flatMap((answer) => answer.monitors as IDataObject[]) : records(answers);
			expect(jsonOf(run)).toEqual(raw);
		});
	});

	describe('the labels of the spec', () => {
		test('calls: incoming and outgoing, missed with its reason, who ended the call', async () => {
			const missed = platform.store.createCall({ call_status: 'miss', call_type: 0, missed_reason: 'missed_agent_timeout', end_status: 'cus' });
			const answered = platform.store.createCall({ call_status: 'meetAgent', call_type: 1, end_status: 'system' });
			const run = await runNode({
				parameters: { resource: 'call', operation: 'getAll', since: iso(Date.now() - 3600_000), returnAll: true },
				account: account(),
			});
			const byId = new Map(jsonOf(run).map((call) => [call.id, call]));
			expect(byId.get(missed.id)).toMatchObject({
				call_type: 0,
				call_type_label: 'Incoming',
				call_status: 'miss',
				call_status_label: 'Missed',
				missed_reason: 'missed_agent_timeout',
				missed_reason_label: 'Agent did not answer',
				end_status: 'cus',
				end_status_label: 'Customer hung up',
				caller_number: missed.caller,
			});
			expect(byId.get(answered.id)).toMatchObject({
				call_type_label: 'Outgoing',
				call_status_label: 'Met agent',
				missed_reason: null,
				missed_reason_label: null,
				end_status_label: 'Agent ended',
			});
		});

		test('agents, services, monitors and deals', async () => {
			const agents = jsonOf(await runNode({ parameters: { resource: 'agent', operation: 'getAll', returnAll: true }, account: account() }));
			expect(agents.find((agent) => agent.role_id === 1)).toMatchObject({ role_label: 'Admin' });
			const services = jsonOf(await runNode({ parameters: { resource: 'service', operation: 'getAll', returnAll: true }, account: account() }));
			if (platform.platform === 'spec') expect(services.find((service) => service.type === 3)).toMatchObject({ type_label: 'Email' });
			// The real platform sends no type id: no label is made up for it.
			else expect(services.every((service) => !('type' in service) && !('type_label' in service))).toBe(true);
			platform.store.setMonitorStatus(platform.store.monitors[0].id, 0);
			const monitors = jsonOf(await runNode({ parameters: { resource: 'monitor', operation: 'getAll', status: 'DOWN', returnAll: true }, account: account() }));
			expect(monitors.map((monitor) => [monitor.status, monitor.status_label])).toContainEqual([0, 'DOWN']);
			expect(monitors.every((monitor) => monitor.status_label === 'DOWN')).toBe(true);
			platform.store.setMonitorStatus(platform.store.monitors[0].id, 1);
			const won = platform.store.deals.find((deal) => deal.closed_type === 1)!;
			const [deal] = jsonOf(await runNode({ parameters: { resource: 'deal', operation: 'get', dealId: String(won.id) }, account: account() }));
			const pipeline = platform.store.dealPipelines.find((entry) => entry.id === won.pipeline_id)!;
			expect(deal).toMatchObject({ closed_type: 1, closed_type_label: 'Won', pipeline_id: pipeline.id, pipeline_label: pipeline.name });
		});

		test('a Return All of several pages reads each reference list once', async () => {
			const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true }, account: account() });
			expect(run.error).toBeUndefined();
			expect(platform.requests({ path: '/acme/api/v1/leads' }).length).toBeGreaterThan(1);
			expect(platform.requests({ path: '/acme/api/v1/lead/status' }).length).toBeLessThanOrEqual(1);
			expect(jsonOf(run).every((lead) => lead.lead_status_id === null || typeof lead.lead_status_label === 'string')).toBe(true);
		});
	});

	describe('Subtitle', () => {
		/** The subtitle as the editor's canvas evaluates it: an expression over the node's parameters. */
		function subtitleOf(parameters: IDataObject, type = ACTION_NODE_TYPE): unknown {
			const node: INode = {
				id: 'subtitle',
				name: 'Customer Care',
				type,
				typeVersion: 1,
				position: [0, 0],
				parameters: parameters as INode['parameters'],
			};
			const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
			const subtitle = nodeTypes.getByNameAndVersion(type).description.subtitle!;
			return workflow.expression.getSimpleParameterValue(node, subtitle, 'internal', {});
		}

		test('says "Get Many: Call" and "Create: Ticket": display names, not values', () => {
			expect(subtitleOf({ resource: 'call', operation: 'getAll' })).toBe('Get Many: Call');
			expect(subtitleOf({ resource: 'ticket', operation: 'create' })).toBe('Create: Ticket');
			expect(subtitleOf({ resource: 'customField', operation: 'getAll' })).toBe('Get Many: Custom Field');
			expect(subtitleOf({ resource: 'deal', operation: 'getLostReasons' })).toBe('Get Lost Reasons: Deal');
		});

		test('the trigger names its event: "Ticket Updated", "Monitor Status Changed"', () => {
			expect(subtitleOf({ event: 'ticketUpdated' }, TRIGGER_NODE_TYPE)).toBe('Ticket Updated');
			expect(subtitleOf({ event: 'monitorStatusChanged' }, TRIGGER_NODE_TYPE)).toBe('Monitor Status Changed');
		});

		test('every operation of every resource reads as its own display name', () => {
			const { properties } = nodeTypes.getByNameAndVersion(ACTION_NODE_TYPE).description;
			const resources = properties.find((property) => property.name === 'resource')!.options as Array<{ name: string; value: string }>;
			for (const selector of properties.filter((property) => property.name === 'operation')) {
				for (const resource of selector.displayOptions!.show!.resource as string[]) {
					const resourceName = resources.find((option) => option.value === resource)!.name;
					for (const option of selector.options as Array<{ name: string; value: string }>) {
						expect(subtitleOf({ resource, operation: option.value })).toBe(`${option.name}: ${resourceName}`);
					}
				}
			}
		});
	});
});

/**
 * Simplify on every event of the Customer Care Trigger, run by n8n-core against the fake
 * platform: on (the default), every time ISO 8601 with the account's offset and labels beside
 * the codes, as the matching Get Many gives them; off, the API's records exactly as listed.
 */
describe('Simplify on the trigger\'s events', () => {
	let platform: FakePlatform;

	const clock = useTestClock();
	useFakePlatform((started) => (platform = started), { now: clockedNow });

	const second = (ms: number) => Math.floor(ms / 1000) * 1000;

	interface EventCase {
		event: string;
		kind: RecordKind;
		/** Makes one change the event reports, at `at`; returns the changed record's id. */
		change: (at: number) => number;
		listPath: string;
		root: string;
	}

	const openDeal = () => platform.store.deals.find((deal) => deal.closed_at === null && deal.pipeline_stage_id !== null)!;
	const leadWithStatus = () => platform.store.leads.find((lead) => lead.lead_status_id !== null)!;

	const EVENTS: EventCase[] = [
		{
			event: 'ticketCreated',
			kind: 'ticketListItem',
			change: (at) => platform.store.createTicket({ ticket_subject: 'new', phone: '0900000101', assignee_id: 1002 }, at).ticket_id,
			listPath: '/acme/api/v2/tickets',
			root: 'tickets',
		},
		{
			event: 'ticketUpdated',
			kind: 'ticketListItem',
			change: (at) => platform.store.updateTicket(platform.store.tickets.find((ticket) => ticket.assignee_id !== null)!.ticket_id, { ticket_subject: 'changed' }, at).ticket_id,
			listPath: '/acme/api/v2/tickets',
			root: 'tickets',
		},
		{
			event: 'leadCreated',
			kind: 'lead',
			change: (at) => platform.store.createLead({ subject: 'new lead', phone: '0900000102' }, at).id,
			listPath: '/acme/api/v1/leads',
			root: 'leads',
		},
		{
			event: 'leadUpdated',
			kind: 'lead',
			change: (at) => platform.store.updateLead(leadWithStatus().id, { subject: 'changed lead' }, at).id,
			listPath: '/acme/api/v1/leads',
			root: 'leads',
		},
		{
			event: 'dealCreated',
			kind: 'deal',
			change: (at) => platform.store.createDeal({ subject: 'new deal', phone: '0900000103' }, at).id,
			listPath: '/acme/api/v1/deals',
			root: 'deals',
		},
		{
			event: 'dealUpdated',
			kind: 'deal',
			change: (at) => platform.store.updateDeal(openDeal().id, { subject: 'changed deal' }, at).id,
			listPath: '/acme/api/v1/deals',
			root: 'deals',
		},
		{
			event: 'dealClosed',
			kind: 'deal',
			change: (at) => platform.store.updateDeal(openDeal().id, { closed_type: 1 }, at).id,
			listPath: '/acme/api/v1/deals',
			root: 'deals',
		},
		{
			event: 'contactCreated',
			kind: 'contact',
			change: (at) => platform.store.createContact({ username: 'New contact', email: `new-${at}@example.com` }, at).id,
			listPath: '/acme/api/v1/contacts',
			root: 'contacts',
		},
		{
			event: 'contactUpdated',
			kind: 'contact',
			change: (at) => platform.store.updateContact(platform.store.customers[0].id, { username: 'Changed contact' }, (kept) => kept, at).id,
			listPath: '/acme/api/v1/contacts',
			root: 'contacts',
		},
		{
			event: 'callEnded',
			kind: 'call',
			change: (at) => platform.store.createCall({ call_type: 1, end_status: 'system' }, at).id,
			listPath: '/acme/api/v1/calls',
			root: 'calls',
		},
		{
			event: 'missedCall',
			kind: 'call',
			change: (at) => platform.store.createCall({ call_status: 'miss', missed_reason: 'missed_customer', end_status: 'cus' }, at).id,
			listPath: '/acme/api/v1/calls',
			root: 'calls',
		},
	];

	test('every list event of the trigger is covered here', () => {
		expect(EVENTS.map((entry) => entry.event).sort()).toEqual(LIST_EVENTS.map((event) => event.value).sort());
	});

	describe.each(EVENTS)('$event', ({ event, kind, change, listPath, root }) => {
		async function emitted(options: INodeParameters) {
			const run = new TriggerRun({ event, options }, accountOf(platform, { timeZone: ACCOUNT_ZONE }));
			expect(await run.poll()).toBeNull();
			const at = second(Date.now()) + 1000;
			const id = change(at);
			clock.set(at + 1000);
			platform.clearLog();
			const items = (await run.poll())!;
			const listed = platform
				.requests({ path: listPath })
				.flatMap((request) => recordsOf(request.response, root));
			const idField = root === 'tickets' ? 'ticket_id' : 'id';
			const emittedItem = items.find((item) => item[idField] === id);
			const raw = listed.find((record) => record[idField] === id);
			expect(emittedItem).toBeDefined();
			expect(raw).toBeDefined();
			return { item: emittedItem!, raw: raw! };
		}

		test('Simplify on (the default): offset times in the account zone, labels beside the codes', async () => {
			const { item, raw } = await emitted({});
			const checked = expectReadable(platform, kind, item, raw);
			expect(checked.times).toBeGreaterThan(0);
			// Contacts have no coded values (docs/api.md#contacts).
			if (kind !== 'ticketListItem' && kind !== 'contact' && event !== 'leadCreated' && event !== 'dealCreated') expect(checked.labels).toBeGreaterThan(0);
		});

		test("Simplify off: the API's record as listed", async () => {
			const { item, raw } = await emitted({ simplify: false });
			expect(item).toEqual(raw);
		});
	});

	describe('monitorStatusChanged', () => {
		async function wentDown(options: INodeParameters) {
			const monitor = platform.store.monitors[2];
			platform.store.setMonitorStatus(monitor.id, 1);
			const run = new TriggerRun({ event: 'monitorStatusChanged', options }, accountOf(platform, { timeZone: ACCOUNT_ZONE }));
			expect(await run.poll()).toBeNull();
			platform.store.setMonitorStatus(monitor.id, 0);
			platform.clearLog();
			const items = (await run.poll())!;
			platform.store.setMonitorStatus(monitor.id, 1);
			const answer = platform.requests({ path: '/status/api/v1/heartbeat' })[0].response as IDataObject;
			const raw = (answer.monitors as IDataObject[]).find((entry) => entry.id === monitor.id)!;
			expect(items).toHaveLength(1);
			return { item: items[0], raw, answer };
		}

		test('Simplify on (the default): UP/DOWN labels, last heartbeat and generation time with the offset', async () => {
			const { item, raw, answer } = await wentDown({});
			expect(item).toMatchObject({ status: 0, status_label: 'DOWN', previous_status: 1, previous_status_label: 'UP' });
			const checked = expectReadable(platform, 'monitor', item, { ...raw, previous_status: 1, generated_at: answer.generated_at });
			expect(checked.times).toBe(2);
		});

		test('Simplify off: the monitor as the heartbeat gave it, with the status before', async () => {
			const { item, raw } = await wentDown({ simplify: false });
			expect(item).toEqual({ ...raw, previous_status: 1 });
		});
	});
});
