/**
 * The Customer Care Trigger: its description (events, filters, options) and `poll()`, which only
 * wires a poll to its event. The polls live beside it: listPoll.ts (tickets, leads, deals,
 * contacts, calls), monitorPoll.ts (the heartbeat) and agentPoll.ts (the agents' states), run one
 * at a time per node by pollLock.ts, each on its own copy of the static data, committed only if
 * no later poll committed first (staticData.ts).
 */
import type {
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { optionsOf, TICKET_STATUSES } from '../CustomerCare/api/codes';
import { customerCareApiTest } from '../CustomerCare/methods/credentialTest';
import { loadOptions } from '../CustomerCare/methods/loadOptions';
import { alphabetical } from '../CustomerCare/description/properties';
import {
	assigneeFilter,
	callAgentFilter,
	callTypeFilter,
	closedTypeFilter,
	forEvents,
	leadStatusFilter,
	pipelineFilter,
	requesterFilter,
	serviceFilter,
	stageFilter,
	ticketChannelFilter,
} from '../CustomerCare/description/filters';
import { optionsSubtitle } from '../CustomerCare/description/subtitle';
import { recordingOptions } from '../CustomerCare/resources/call/recording';
import type { PollState } from './cursor';
import { agentStatusFields } from './agentFields';
import { pollAgents } from './agentPoll';
import { chatEventProperties, pollChatMessages } from './chatPoll';
import { AGENT_EVENT, CHAT_EVENT, LIST_EVENTS, MONITOR_EVENT } from './events';
import { DEFAULT_OVERLAP_SECONDS, pollList } from './listPoll';
import { pollMonitors } from './monitorPoll';
import { pollBudgetMsOf } from './pollBudget';
import { oneAtATime } from './pollLock';
import { commitPoll, startPoll, watchedBy } from './staticData';

const EVENTS = [...LIST_EVENTS, MONITOR_EVENT, AGENT_EVENT, CHAT_EVENT].map(({ name, value, description }) => ({
	name,
	value,
	description,
}));

/** The events whose calls can carry their recording (Download Recording). */
const RECORDING_EVENTS = LIST_EVENTS.filter((event) => event.recordings).map((event) => event.value);

const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		"Whether to return readable events: times in ISO 8601 with the account's offset, labels beside coded values, custom fields keyed by label. Off: the API's records as they are.",
};

/** The options of every list event. */
const listOptions: INodeProperties[] = [
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
];

const listEventsWith = (filter: string) =>
	LIST_EVENTS.filter((event) => event.filters.includes(filter)).map((event) => event.value);

/** The action node's filter descriptions, each shown for the events that take it. */
const filters: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	// Shown for the events that take a filter (the contact list takes none: docs/api.md#contacts).
	displayOptions: {
		show: { event: LIST_EVENTS.filter((event) => event.filters.length > 0).map((event) => event.value) },
	},
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
			ticketChannelFilter,
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
			"Act on tickets, leads, deals, calls, chats and SMS of the Customer Care platform, or start a workflow when they change, a chat message comes, a monitor goes up or down or an agent's status changes",
		defaults: { name: 'Customer Care Trigger' },
		// What n8n's AI workflow builder searches and reads about the node (n8n-workflow IBuilderHint).
		builderHint: {
			searchHint:
				'CareSoft customer care polling trigger: start a workflow on a missed call, an ended call (with its recording file), a new or changed ticket, contact (customer), lead or deal, a deal won or lost, a new Live Chat, Messenger or Zalo message, a status monitor going down, or an agent turning NO ANSWER or logging out. Each change once.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-customer-care.customerCare',
					relationHint: 'Finds the caller by phone, opens or updates their ticket, sends an SMS',
				},
			],
		},
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
			...agentStatusFields,
			...chatEventProperties(simplifyOption),
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
				displayOptions: { hide: { event: [MONITOR_EVENT.value, AGENT_EVENT.value, CHAT_EVENT.value, ...RECORDING_EVENTS] } },
				options: listOptions,
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				displayOptions: { show: { event: RECORDING_EVENTS } },
				options: alphabetical([...listOptions, ...recordingOptions]),
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
		return await oneAtATime(key, pollBudgetMsOf(this), async () => {
			const live = this.getWorkflowStaticData('node') as PollState;
			const start = startPoll(live);
			// Fetch Test Event leaves the state as it was (sampleEvents.ts).
			if (this.getMode() !== 'manual') watchedBy(start.state, eventName);
			const event = LIST_EVENTS.find((candidate) => candidate.value === eventName);
			let result: INodeExecutionData[][] | null;
			if (eventName === MONITOR_EVENT.value) result = await pollMonitors(this, start.state);
			else if (eventName === AGENT_EVENT.value) result = await pollAgents(this, start.state);
			else if (eventName === CHAT_EVENT.value) result = await pollChatMessages(this, start.state, startedAt);
			else if (event) result = await pollList(this, event, start.state, startedAt);
			else throw new NodeOperationError(this.getNode(), `Unknown event "${eventName}"`);
			if (commitPoll(live, start, start.state)) return result;
			// A later poll started from the same state and committed first (staticData.ts).
			this.logger.warn(
				`Customer Care Trigger "${this.getNode().name}": a poll that outlasted the next one emitted nothing; the next poll emitted its changes, or the one after it will.`,
				{ workflowId: this.getWorkflow().id, nodeName: this.getNode().name },
			);
			return null;
		});
	}
}
