/**
 * The filters of the lists, described once: the action node's Get Many operations send them
 * as query parameters (`asQuery`), and the trigger offers the same descriptions for its
 * events. Parameter names are the API's query names (docs/api.md), except where a saved
 * workflow already uses another.
 */
import type { INodeProperties } from 'n8n-workflow';

import {
	CALL_TYPE_OPTIONS,
	CHAT_CHANNEL_OPTIONS,
	CHAT_CHANNEL_TYPES,
	CLOSED_TYPE_OPTIONS,
	CONVERT_TYPE_OPTIONS,
} from '../api/codes';
import type { DateFilter } from '../api/endpoints';
import { codeOf, type CodeWords } from '../api/records';
import { ownEntry } from '../basics/looseValues';
import { checked, declaredCheckOf } from '../checks/declared';
import { dynamicOptions } from './properties';
import { contactLocatorProperty } from './recordLocator';

/** A filter as a Get Many option: sent as the query parameter of its name. */
export function asQuery(filter: INodeProperties): INodeProperties {
	const sent: INodeProperties = {
		...filter,
		routing: { send: { type: 'query', property: filter.name } },
	};
	const check = declaredCheckOf(filter);
	return check ? checked(sent, check) : sent;
}

/** A filter as the trigger offers it: shown for the events that take it, read by the trigger itself. */
export function forEvents(filter: INodeProperties, events: string[]): INodeProperties {
	return { ...filter, displayOptions: { show: { '/event': events } } };
}

export function assigneeFilter(noun: string): INodeProperties {
	return dynamicOptions(
		'Assignee',
		'assignee_id',
		'getAgents',
		`Only ${noun} handled by this agent`,
	);
}

/**
 * The customer of a Get Many: a contact picked from the list, by ID or by phone, sent as the
 * list's `requester_id` (resources/contact/requester.ts resolves a phone).
 */
export function requesterContactFilter(noun: string): INodeProperties {
	return {
		...contactLocatorProperty(
			'Requester',
			'requester_id',
			`Only ${noun} of this customer: pick the contact, or give their ID or phone (a phone costs one lookup)`,
		),
		routing: { send: { type: 'query', property: 'requester_id' } },
	};
}

/** The customer as the trigger takes it: tickets as a number, the lead and deal lists as text. */
export function requesterFilter(noun: string, type: 'number' | 'string'): INodeProperties {
	return type === 'number'
		? {
				displayName: 'Requester ID',
				name: 'requester_id',
				type: 'number',
				default: 0,
				description: `Only ${noun} of this customer`,
			}
		: checked(
				{
					displayName: 'Requester ID',
					name: 'requester_id',
					type: 'string',
					default: '',
					description: `Only ${noun} of this customer (customer ID)`,
				},
				{ integer: true, min: 0, maxLength: 10 },
			);
}

export function serviceFilter(
	noun: string,
	loadOptionsMethod = 'getServices',
	kind = 'channel',
): INodeProperties {
	return dynamicOptions('Service', 'service_id', loadOptionsMethod, `Only ${noun} of this ${kind}`);
}

/**
 * The chat channels as `conversation_type` numbers them (docs/api.md#tickets, #chats), keyed by
 * the option values of the Channel filter: the Chat resource's own table.
 */
export const CONVERSATION_TYPES: Readonly<Record<string, number>> = CHAT_CHANNEL_TYPES;

/**
 * The chat channel a ticket came from (Ticket → Get Many, the trigger's ticket events). Not in
 * the spec: a production client sends `conversation_type` on the ticket list (docs/api.md#tickets).
 */
export const ticketChannelFilter: INodeProperties = {
	displayName: 'Channel',
	name: 'conversation_type',
	type: 'options',
	// The Chat resource's channels but All: a ticket came from one.
	options: CHAT_CHANNEL_OPTIONS.filter((option) => option.value !== 'all'),
	default: 'zalo',
	description:
		'Only tickets that came from this chat channel (sent as conversation_type). Not in the API spec: a production client sends it. If the platform ignores it, tickets of every channel come back.',
};

/** The channel's number: an option value, or the number itself (from an expression); undefined for anything else. */
export function conversationTypeOf(value: unknown): number | undefined {
	const text = String(value).trim();
	const named = ownEntry(CONVERSATION_TYPES, text);
	if (named !== undefined) return named;
	return Object.values(CONVERSATION_TYPES).find((type) => String(type) === text);
}

/** Ticket → Get Many's Channel: sent as its number; any other value is refused before sending. */
export const ticketChannelQuery: INodeProperties = checked(
	{
		...ticketChannelFilter,
		routing: {
			send: {
				type: 'query',
				property: 'conversation_type',
				value: `={{ ${Object.entries(CONVERSATION_TYPES)
					.map(([option, type]) => `$value === '${option}' ? ${type} : `)
					.join('')}$value }}`,
			},
		},
	},
	{ oneOf: Object.values(CONVERSATION_TYPES), label: 'Channel' },
);

/** The IP-phone number of the agent of a call; kept as text, since it may start with 0. */
export const callAgentFilter: INodeProperties = checked(
	dynamicOptions(
		'Agent',
		'agent_id',
		'getCallAgents',
		'Only calls handled by this agent, matched by IP-phone number (agent_id)',
	),
	{ id: false },
);

export const callTypeFilter: INodeProperties = {
	displayName: 'Call Type',
	name: 'call_type',
	type: 'options',
	description: 'Only calls of this direction',
	options: CALL_TYPE_OPTIONS,
	default: 0,
};

export function convertTypeFilter(noun: string): INodeProperties {
	return {
		displayName: 'Conversion',
		name: 'convert_type',
		type: 'options',
		options: CONVERT_TYPE_OPTIONS,
		default: 1,
		description: `Only ${noun} converted this way`,
	};
}

/** Lead statuses: `status_ids` in the lead list, `lead_status_ids` in the trigger's saved workflows. */
export function leadStatusFilter(name: string): INodeProperties {
	return {
		displayName: 'Status Names or IDs',
		name,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getLeadStatuses' },
		default: [],
		description:
			'Only leads in one of these statuses. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	};
}

export const pipelineFilter: INodeProperties = {
	displayName: 'Pipeline Names or IDs',
	name: 'pipeline_ids',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getDealPipelines' },
	default: [],
	description:
		'Only deals in one of these pipelines. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const stageFilter: INodeProperties = {
	displayName: 'Stage Names or IDs',
	name: 'stage_ids',
	type: 'multiOptions',
	typeOptions: {
		loadOptionsMethod: 'getDealStages',
		loadOptionsDependsOn: ['filters.pipeline_ids'],
	},
	default: [],
	description:
		'Only deals in one of these stages (of the pipelines chosen above, or of any pipeline). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const closedTypeFilter: INodeProperties = {
	displayName: 'Closed As',
	name: 'closed_type',
	type: 'options',
	options: CLOSED_TYPE_OPTIONS,
	default: 1,
	description: 'Only deals closed this way',
};

/** The date filters of a list as From/To options, e.g. "Created From" (`created_since`). */
export function dateFilterOptions(
	dates: Record<string, DateFilter>,
	noun: string,
): INodeProperties[] {
	return Object.entries(dates).flatMap(([name, { since, to }]): INodeProperties[] => {
		const field = dateLabel(name);
		return [
			{
				displayName: `${field} From`,
				name: since,
				type: 'dateTime',
				default: '',
				description: `Only ${noun} ${field.toLowerCase()} at or after this time`,
				routing: { send: { type: 'query', property: since } },
			},
			{
				displayName: `${field} To`,
				name: to,
				type: 'dateTime',
				default: '',
				description: `Only ${noun} ${field.toLowerCase()} at or before this time`,
				routing: { send: { type: 'query', property: to } },
			},
		];
	});
}

/** `converted` → Converted. */
export function dateLabel(name: string): string {
	return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The date ranges of a list with their labels, for `checkDateRanges`. */
export function labelledRanges(dates: Record<string, DateFilter>) {
	return Object.entries(dates).map(([name, { since, to }]) => ({
		since,
		to,
		sinceLabel: `${dateLabel(name)} From`,
		toLabel: `${dateLabel(name)} To`,
	}));
}

/** The filters the lead and deal lists share: who (assignee, customer, channel) and when. */
export function salesListFilters(
	noun: string,
	dates: Record<string, DateFilter>,
): INodeProperties[] {
	return [
		asQuery(assigneeFilter(noun)),
		requesterContactFilter(noun),
		asQuery(serviceFilter(noun)),
		...dateFilterOptions(dates, noun),
	];
}

/**
 * Whether a record's coded value is one of those chosen, for the filters the trigger applies
 * itself: the value is read as a number or as its word (`won` is 1), since the spec writes
 * `closed_type` both ways. A value neither way never matches.
 */
export function codeIsChosen(value: unknown, chosen: unknown[], words: CodeWords): boolean {
	const code = codeOf(value, words);
	return code !== undefined && chosen.some((option) => codeOf(option, words) === code);
}
