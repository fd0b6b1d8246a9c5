import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError, sleep } from 'n8n-workflow';

import { MONITOR, MONITOR_ROOT } from '../CustomerCare/api/endpoints';
import { optionsOf, TICKET_STATUSES } from '../CustomerCare/api/codes';
import { CLOSED_TYPE_WORDS } from '../CustomerCare/api/records';
import { customerCareApiTest } from '../CustomerCare/methods/credentialTest';
import { loadOptions } from '../CustomerCare/methods/loadOptions';
import { withFieldLabels } from '../CustomerCare/customFields/values';
import { alphabetical } from '../CustomerCare/description/properties';
import {
	assigneeFilter,
	callAgentFilter,
	callTypeFilter,
	closedTypeFilter,
	codeIsChosen,
	forEvents,
	leadStatusFilter,
	pipelineFilter,
	requesterFilter,
	serviceFilter,
	stageFilter,
} from '../CustomerCare/description/filters';
import { readLookups } from '../CustomerCare/definitions/lookups';
import { readApiTime, stampsOutsideMessage, toQueryTime } from '../CustomerCare/transport/clock';
import { toEpochMs } from '../CustomerCare/transport/dates';
import { presentLookupsOf, presentRecords } from '../CustomerCare/output/simplify';
import { optionsSubtitle } from '../CustomerCare/description/subtitle';
import { listRecordsOf } from '../CustomerCare/transport/answerShape';
import { fetchList } from '../CustomerCare/transport/list';
import { MAX_PAGE_SIZE, readAllPages } from '../CustomerCare/transport/pages';
import { customerCareRequest, getAccount, type Account } from '../CustomerCare/transport/request';
import {
	changeOf,
	compareChanges,
	completeRead,
	outsideWindow,
	planPoll,
	rememberStatuses,
	type Change,
	type PollState,
	type ReadWindow,
} from './cursor';
import { boundedRead, type ReadChunk } from './boundedRead';
import { LIST_EVENTS, MONITOR_EVENT, type ListEvent } from './events';

const DEFAULT_OVERLAP_SECONDS = 120;

/**
 * A poll's time budget when n8n gives none (versions before `getPollBudgetMs`): 30 s, well
 * inside the durable scheduler's default limit (45 s, of which n8n grants 36 s) and the shortest
 * poll interval (a minute), so a poll ends before its time is up and before the next one starts.
 */
const DEFAULT_POLL_BUDGET_MS = 30_000;

/**
 * Requests one poll may make to read its list: 20 pages of 500, about 10,000 changes. It bounds
 * what one execution carries and the time Simplify takes on it, where n8n's budget is large
 * (5 minutes on the in-memory scheduler); a bigger backlog is read over the following polls.
 */
const MAX_LIST_REQUESTS_PER_POLL = 20;

/** A poll waits at most this share of its budget for a poll of the same node still running here. */
const WAIT_SHARE = 0.25;
const WAIT_STEP_MS = 50;

const EVENTS = [...LIST_EVENTS, MONITOR_EVENT].map(({ name, value, description }) => ({
	name,
	value,
	description,
}));

const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		"Whether to return readable events: times in ISO 8601 with the account's offset, labels beside coded values, custom fields keyed by label. Off: the API's records as they are.",
};
const SAMPLE_SIZE = 3;
/** Fetch Test Event looks back this far, widening until it has a sample: an hour, a day, a week. */
const SAMPLE_LOOKBACK_HOURS = [1, 24, 7 * 24];

const listEventsWith = (filter: string) =>
	LIST_EVENTS.filter((event) => event.filters.includes(filter)).map((event) => event.value);

/** The action node's filter descriptions, each shown for the events that take it. */
const filters: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	displayOptions: { hide: { event: [MONITOR_EVENT.value] } },
	options: alphabetical(
		[
			assigneeFilter('records'),
			callAgentFilter,
			callTypeFilter,
			{
				...closedTypeFilter,
				name: 'closed_types',
				type: 'multiOptions',
				default: [],
				description: 'Only deals closed this way; none chosen means all',
			},
			leadStatusFilter('lead_status_ids'),
			pipelineFilter,
			requesterFilter('records', 'number'),
			serviceFilter('records'),
			stageFilter,
			{
				displayName: 'Status Becomes',
				name: 'ticket_statuses',
				type: 'multiOptions',
				options: optionsOf(TICKET_STATUSES),
				default: [],
				description:
					'Only updates that put the ticket in one of these statuses (a ticket the trigger has not seen before counts as changed); none chosen means every update',
			},
		].map((filter) => forEvents(filter as INodeProperties, listEventsWith(filter.name))),
	),
};

/** IDs of a multi-select, or of text a workflow saved before it was one (`"1,2"`). */
function idsOf(value: unknown): Array<string | number> {
	if (Array.isArray(value)) return value as Array<string | number>;
	return typeof value === 'string'
		? value
				.split(',')
				.map((id) => id.trim())
				.filter(Boolean)
		: [];
}

/** The query a list event sends: its fixed part and the filters the API can apply. */
function queryOf(event: ListEvent, chosen: IDataObject): IDataObject {
	const qs: IDataObject = { ...event.query };
	for (const key of ['assignee_id', 'service_id', 'requester_id', 'agent_id', 'call_type']) {
		if (
			event.filters.includes(key) &&
			chosen[key] !== undefined &&
			chosen[key] !== '' &&
			chosen[key] !== 0
		) {
			qs[key] = chosen[key];
		}
	}
	if (event.filters.includes('call_type') && chosen.call_type === 0) qs.call_type = 0;
	const list = (key: string) => (event.filters.includes(key) ? idsOf(chosen[key]) : []);
	if (list('lead_status_ids').length) qs.status_ids = list('lead_status_ids').join(',');
	if (list('pipeline_ids').length) qs.pipeline_ids = list('pipeline_ids').join(',');
	if (list('stage_ids').length) qs.stage_ids = list('stage_ids').join(',');
	// The API takes one closed_type; several are filtered here.
	if (list('closed_types').length === 1) qs.closed_type = list('closed_types')[0];
	return qs;
}

/** Filters the API cannot apply. Returns whether the change is emitted. */
function passesLocalFilters(
	event: ListEvent,
	chosen: IDataObject,
	change: Change,
	state: PollState,
): boolean {
	const closedTypes = Array.isArray(chosen.closed_types) ? (chosen.closed_types as unknown[]) : [];
	if (event.filters.includes('closed_types') && closedTypes.length > 1) {
		if (!codeIsChosen(change.record.closed_type, closedTypes, CLOSED_TYPE_WORDS)) return false;
	}
	const statuses = Array.isArray(chosen.ticket_statuses)
		? (chosen.ticket_statuses as string[])
		: [];
	if (event.filters.includes('ticket_statuses') && statuses.length > 0) {
		const status = String(change.record.ticket_status);
		const before = state.lastStatus?.[String(change.record[event.list.idProperty!])];
		if (!statuses.includes(status) || before === status) return false;
	}
	return true;
}

/**
 * Polls of one trigger node in this process: a second one waits for the first and reads its
 * cursor. That matters on n8n's in-memory scheduler, where overlapping ticks share one static-data
 * object. On the durable scheduler each poll has its own copy of the committed state, and a poll
 * n8n abandoned may still be running here: the wait is bounded, so such a poll only delays the
 * next one a little and never decides what it emits (docs/scheduler.md §3, §4).
 */
const pollsInFlight = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(key: string, maxWaitMs: number, poll: () => Promise<T>): Promise<T> {
	const previous = pollsInFlight.get(key);
	const afterPrevious = async () => {
		if (previous) {
			let settled = false;
			void previous.then(
				() => (settled = true),
				() => (settled = true),
			);
			const until = Date.now() + maxWaitMs;
			while (!settled && Date.now() < until) await sleep(WAIT_STEP_MS);
		}
		return await poll();
	};
	const current = afterPrevious();
	pollsInFlight.set(key, current);
	try {
		return await current;
	} finally {
		if (pollsInFlight.get(key) === current) pollsInFlight.delete(key);
	}
}

/** One poll of a list event: its account (with the platform's clock), read once from the credential. */
interface Poll {
	ctx: IPollFunctions;
	event: ListEvent;
	account: Account;
}

/** The time this poll may take: n8n's budget where it gives one, else our default. */
function pollBudgetMsOf(ctx: IPollFunctions): number {
	const given = typeof ctx.getPollBudgetMs === 'function' ? Number(ctx.getPollBudgetMs()) : NaN;
	return Number.isFinite(given) && given > 0 ? given : DEFAULT_POLL_BUDGET_MS;
}

/**
 * The changes of the records read. A record whose stamp is not a time cannot be placed on the
 * cursor, so it is left out, and n8n's log says so: never silently.
 */
function changesOf({ ctx, event, account }: Poll, records: IDataObject[]): Change[] {
	const changes: Change[] = [];
	const unread: IDataObject[] = [];
	for (const record of records) {
		const at = readApiTime(record[event.date.field], account.clock);
		if (at === undefined) unread.push(record);
		else changes.push(changeOf(record[event.list.idProperty!], at, record));
	}
	if (unread.length > 0) {
		const [first] = unread;
		ctx.logger.warn(
			`Customer Care Trigger "${ctx.getNode().name}": ${unread.length} ${event.noun}(s) left out, their ${event.date.field} not a time (e.g. ${event.noun} ${String(first[event.list.idProperty!])}: ${JSON.stringify(first[event.date.field])}).`,
			{ workflowId: ctx.getWorkflow().id, nodeName: ctx.getNode().name },
		);
	}
	return changes;
}

/** A stamp this far outside the window counts as outside: more than an edge second, less than any zone offset. */
const OUTSIDE_MARGIN_MS = 60_000;

/**
 * Says once, in n8n's log, that most changes of a read are stamped outside the window the poll
 * asked for: the platform selects by its own clock, so the stamps contradict the credential's
 * Platform Clock or Account Time Zone. The changes are emitted all the same, each once
 * (cursor.ts). Poll executions take no hints, hence the log. Returns whether the state should
 * remember that it was said: until a read whose stamps fit again.
 */
function warnOfStampsOutside(
	{ ctx, event, account }: Poll,
	window: ReadWindow,
	changes: Change[],
	state: PollState,
): boolean | undefined {
	if (changes.length === 0) return state.zoneWarned;
	const widened = { since: window.since - OUTSIDE_MARGIN_MS, to: window.to + OUTSIDE_MARGIN_MS };
	const outside = outsideWindow(widened, changes);
	if (outside * 2 <= changes.length) return outside === 0 ? undefined : state.zoneWarned;
	if (state.zoneWarned) return true;
	// Signed: after the window (positive) or before it (negative), the furthest stamp's distance.
	const shift = changes
		.map((change) => (change.at > window.to ? change.at - window.to : Math.min(change.at - window.since, 0)))
		.reduce((furthest, distance) => (Math.abs(distance) > Math.abs(furthest) ? distance : furthest), 0);
	ctx.logger.warn(
		`Customer Care Trigger "${ctx.getNode().name}": ${stampsOutsideMessage(outside, changes.length, `${event.noun}s`, window, shift, account.clock)}`,
		{ workflowId: ctx.getWorkflow().id, nodeName: ctx.getNode().name },
	);
	return true;
}

/** The request of the event's list for one window, [since, to] in whole seconds. */
function windowRequest({ event, account }: Poll, qs: IDataObject, window: ReadWindow) {
	const { list, date } = event;
	const { clock } = account;
	return {
		method: list.method,
		path: list.path,
		account,
		qs: { ...qs, [date.since]: toQueryTime(window.since, clock), [date.to]: toQueryTime(window.to, clock) },
	};
}

/** Every record of the event's list whose change falls in [since, to] (whole seconds), all pages. */
async function readWindow(poll: Poll, qs: IDataObject, since: number, to: number) {
	return await fetchList.call(poll.ctx, windowRequest(poll, qs, { since, to }), poll.event.list);
}

/** Reads one chunk of the event's list (one window, every page), or only its size when it does not fit. */
function chunkReader(poll: Poll, qs: IDataObject): ReadChunk<IDataObject> {
	return async (chunk, accept) =>
		await readAllPages.call(poll.ctx, windowRequest(poll, qs, chunk), poll.event.list, {
			accept,
			whenUnstable: 'drop',
		});
}

/** The emitted records as the action node's Get Many shows them: Simplify on, labelled and in the account's time. */
async function output(
	{ ctx, event, account }: Poll,
	records: IDataObject[],
): Promise<INodeExecutionData[][]> {
	if (!(ctx.getNodeParameter('options.simplify', true) as boolean))
		return [ctx.helpers.returnJsonArray(records)];
	const lookups = await readLookups(ctx, account, [
		'fieldDefinitions',
		...presentLookupsOf(event.record),
	]);
	const labelled = withFieldLabels(records, lookups.fieldDefinitions);
	return [ctx.helpers.returnJsonArray(presentRecords(labelled, event.record, account.clock, lookups))];
}

/** "Fetch Test Event": the most recent matching changes of the last days; the cursor is not touched. */
async function sample(poll: Poll, chosen: IDataObject, qs: IDataObject) {
	const { ctx, event } = poll;
	const now = Date.now();
	let newest: Change[] = [];
	for (const hours of SAMPLE_LOOKBACK_HOURS) {
		const records = await readWindow(poll, qs, now - hours * 3_600_000, now);
		newest = changesOf(poll, records)
			.filter((change) => passesLocalFilters(event, chosen, change, {}))
			.sort(compareChanges)
			.slice(-SAMPLE_SIZE);
		if (newest.length === SAMPLE_SIZE) break;
	}
	if (newest.length === 0) {
		const days = SAMPLE_LOOKBACK_HOURS[SAMPLE_LOOKBACK_HOURS.length - 1] / 24;
		throw new NodeOperationError(
			ctx.getNode(),
			`No ${event.noun} matched "${event.name}" in the last ${days} days`,
			{
				description: `Make a matching change in the platform, then fetch a test event again.`,
			},
		);
	}
	return await output(
		poll,
		newest.map((change) => change.record),
	);
}

/** The Overlap option in ms: whole seconds (a fraction reads a little more), refused when not a number ≥ 0. */
function overlapMsOf(ctx: IPollFunctions, options: IDataObject): number {
	const seconds = Number(options.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS);
	if (!Number.isFinite(seconds) || seconds < 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Overlap (Seconds) is ${JSON.stringify(options.overlapSeconds)}; a number of seconds of 0 or more is allowed`,
		);
	}
	return Math.ceil(seconds) * 1000;
}

/**
 * Moves the static data to the next state, in place (n8n keeps and saves that very object).
 * Called once per poll, after everything the poll returns was built: a poll that throws
 * before it leaves the static data as it was, so its changes are read again by the next poll.
 */
function moveTo(state: PollState, next: PollState) {
	if (next === state) return;
	for (const key of Object.keys(state) as Array<keyof PollState>)
		if (!(key in next) || next[key] === undefined) delete state[key];
	for (const [key, value] of Object.entries(next))
		if (value !== undefined) (state as IDataObject)[key] = value as IDataObject;
}

/**
 * One poll: a pure step from the saved state to (output, next state). Every read the output
 * needs (the list, and with Simplify the definitions and labels) happens before the state moves.
 * The list is read within the poll's budget (boundedRead.ts): what the poll emits and where its
 * cursor goes depend only on the static data n8n gave it and on the platform's data.
 */
async function pollList(
	ctx: IPollFunctions,
	event: ListEvent,
	startedAt: number,
): Promise<INodeExecutionData[][] | null> {
	const state = ctx.getWorkflowStaticData('node') as PollState;
	const chosen = ctx.getNodeParameter('filters', {}) as IDataObject;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const account = await getAccount.call(ctx);
	const poll: Poll = { ctx, event, account };
	const qs = queryOf(event, chosen);
	if (ctx.getMode() === 'manual') return await sample(poll, chosen, qs);

	const overlapMs = overlapMsOf(ctx, options);
	const plannedAt = Date.now();
	const plan = planPoll(state, plannedAt, overlapMs, toEpochMs(options.startFrom, account.clock.zone));
	if (!plan.window) {
		moveTo(state, plan.state);
		return null;
	}

	const budget = {
		startedAt,
		budgetMs: pollBudgetMsOf(ctx),
		maxRequests: MAX_LIST_REQUESTS_PER_POLL,
		pageSize: MAX_PAGE_SIZE,
	};
	const bounded = await boundedRead(plan.window, budget, () => Date.now(), chunkReader(poll, qs));
	const readChanges = changesOf(poll, bounded.records);
	// The first chunk is always read, so `read` is set; the cursor moves to its end only.
	const { handled, state: read } = completeRead(
		plan.state,
		bounded.read ?? plan.window,
		readChanges,
		overlapMs,
		plannedAt,
	);
	const zoneWarned = warnOfStampsOutside(poll, bounded.read ?? plan.window, readChanges, plan.state);
	const emitted = handled.filter((change) => passesLocalFilters(event, chosen, change, plan.state));
	// Only Status Becomes needs the statuses seen before.
	const statusesChosen = Array.isArray(chosen.ticket_statuses) && chosen.ticket_statuses.length > 0;
	const afterRead: PollState = { ...read, zoneWarned };
	const next: PollState =
		event.filters.includes('ticket_statuses') && statusesChosen
			? {
					...afterRead,
					lastStatus: rememberStatuses(
						read.lastStatus,
						handled.map((change) => ({
							id: change.id,
							status: String(change.record.ticket_status),
						})),
					),
				}
			: afterRead;
	const result =
		emitted.length === 0
			? null
			: await output(
					poll,
					emitted.map((change) => change.record),
				);
	moveTo(state, next);
	return result;
}

async function pollMonitors(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const state = ctx.getWorkflowStaticData('node') as PollState;
	const direction = ctx.getNodeParameter('direction', 'any') as string;
	const account = await getAccount.call(ctx);
	const answer = await customerCareRequest.call(ctx, { ...MONITOR.heartbeat, account });
	const monitors = listRecordsOf(ctx.getNode(), answer, {
		...MONITOR.heartbeat,
		root: MONITOR_ROOT,
	});
	const label = (status: unknown) => (Number(status) === 1 ? 'UP' : 'DOWN');
	const simplify = ctx.getNodeParameter('options.simplify', true) as boolean;
	// Simplify adds the heartbeat's generation time and the labels; off, the monitor as the API gave it.
	const describe = (monitor: IDataObject, previous?: number): IDataObject => ({
		...monitor,
		previous_status: previous ?? null,
		...(simplify ? { generated_at: answer.generated_at } : {}),
	});
	const emit = (events: IDataObject[]) => [
		ctx.helpers.returnJsonArray(
			simplify
				? presentRecords(events, 'monitor', account.clock, {})
				: events,
		),
	];

	if (ctx.getMode() === 'manual') {
		if (monitors.length === 0)
			throw new NodeOperationError(ctx.getNode(), 'The heartbeat lists no monitors');
		return emit(monitors.map((monitor) => describe(monitor)));
	}

	const previous = state.monitors;
	const next: PollState = {
		...state,
		monitors: Object.fromEntries(
			monitors.map((monitor) => [String(monitor.id), Number(monitor.status)]),
		),
	};
	const changed =
		previous === undefined
			? []
			: monitors.filter((monitor) => {
					const before = previous[String(monitor.id)];
					if (before === undefined || before === Number(monitor.status)) return false;
					return direction === 'any' || direction === label(monitor.status);
				});
	// The output is built before the state moves, as for the list events.
	const result =
		changed.length === 0
			? null
			: emit(changed.map((monitor) => describe(monitor, previous![String(monitor.id)])));
	moveTo(state, next);
	return result;
}

export class CustomerCareTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Customer Care Trigger',
		name: 'customerCareTrigger',
		icon: {
			light: 'file:../../icons/customercare.svg',
			dark: 'file:../../icons/customercare.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: optionsSubtitle('event', EVENTS),
		// n8n's node picker shows one "Customer Care" entry for both nodes, with this text (see docs/operations.md#in-the-editor).
		description:
			'Act on tickets, leads, deals, calls and SMS of the Customer Care platform, or start a workflow when they change or a monitor goes up or down',
		defaults: { name: 'Customer Care Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'customerCareApi', required: true, testedBy: 'customerCareApiTest' }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: EVENTS,
				default: 'ticketUpdated',
			},
			{
				displayName: 'Direction',
				name: 'direction',
				type: 'options',
				options: [
					{ name: 'Any Change', value: 'any' },
					{ name: 'Went Down', value: 'DOWN' },
					{ name: 'Came Back Up', value: 'UP' },
				],
				default: 'any',
				displayOptions: { show: { event: [MONITOR_EVENT.value] } },
			},
			filters,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				displayOptions: { show: { event: [MONITOR_EVENT.value] } },
				options: [simplifyOption],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				displayOptions: { hide: { event: [MONITOR_EVENT.value] } },
				options: [
					{
						displayName: 'Overlap (Seconds)',
						name: 'overlapSeconds',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: DEFAULT_OVERLAP_SECONDS,
						description:
							'Each poll reads again this far back, for changes that reach the API late; what was already emitted is not emitted again',
					},
					simplifyOption,
					{
						displayName: 'Start From',
						name: 'startFrom',
						type: 'dateTime',
						default: '',
						description:
							'On first activation, emit the changes since this date instead of starting from now (older than 31 days is read window by window)',
					},
				],
			},
		],
	};

	methods = {
		credentialTest: { customerCareApiTest },
		loadOptions,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		// The budget counts from here: waiting for an earlier poll spends it too.
		const startedAt = Date.now();
		const eventName = this.getNodeParameter('event') as string;
		const key = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
		return await oneAtATime(key, pollBudgetMsOf(this) * WAIT_SHARE, async () => {
			if (eventName === MONITOR_EVENT.value) return await pollMonitors(this);
			const event = LIST_EVENTS.find((candidate) => candidate.value === eventName);
			if (!event) throw new NodeOperationError(this.getNode(), `Unknown event "${eventName}"`);
			return await pollList(this, event, startedAt);
		});
	}
}
