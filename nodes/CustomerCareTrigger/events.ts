import type { IDataObject } from 'n8n-workflow';

import {
	CALL,
	CONTACT,
	DEAL,
	LEAD,
	TICKET,
	type DateFilter,
	type ListEndpoint,
} from '../CustomerCare/api/endpoints';
import type { RecordKind } from '../CustomerCare/api/records';

/** A list-backed event: which list of the API catalogue to watch, which of its dates marks a change. */
export interface ListEvent {
	name: string;
	value: string;
	description: string;
	/** The noun for messages, e.g. "ticket". */
	noun: string;
	list: ListEndpoint;
	/** The date filter the event watches: its query pair and the record's time field. */
	date: DateFilter;
	/** Query parameters the event always sends. */
	query?: IDataObject;
	/** The filters (parameter names of the Filters collection) this event offers. */
	filters: string[];
	/** The kind of record the event emits, for Simplify (output/simplifyRecord.ts), as the matching Get Many. */
	record: RecordKind;
	/**
	 * The window filters another time than the one the event watches (Contact Created: the list
	 * filters on updated_at only). A record whose watched time lies before the window read is an
	 * older change listed again for a later one, so only the changes stamped within it count
	 * (listRead.ts `changesOf`).
	 */
	stampedWithinWindow?: true;
	/** Its calls may carry their recording file (the Download Recording option, listOutput.ts). */
	recordings?: boolean;
}

type EventSource = Pick<ListEvent, 'noun' | 'list' | 'date' | 'filters' | 'record' | 'stampedWithinWindow'>;
const PARTY_FILTERS = ['assignee_id', 'service_id', 'requester_id'];

const tickets = (date: 'created' | 'updated'): EventSource => ({
	noun: 'ticket',
	list: TICKET.list,
	date: TICKET.list.dates[date],
	filters: PARTY_FILTERS,
	record: 'ticketListItem',
});

const leads = (date: 'created' | 'updated'): EventSource => ({
	noun: 'lead',
	list: LEAD.list,
	date: LEAD.list.dates[date],
	filters: [...PARTY_FILTERS, 'lead_status_ids'],
	record: 'lead',
});

const deals = (date: 'created' | 'updated' | 'closed'): EventSource => ({
	noun: 'deal',
	list: DEAL.list,
	date: DEAL.list.dates[date],
	filters: [...PARTY_FILTERS, 'pipeline_ids', 'stage_ids'],
	record: 'deal',
});

const calls: EventSource = {
	noun: 'call',
	list: CALL.list,
	date: CALL.list.dates.end_time,
	filters: ['service_id', 'agent_id', 'call_type'],
	record: 'call',
};

/**
 * Both contact events read the updated window, the only one the list takes (docs/api.md#contacts);
 * Contact Created watches created_at in it: a contact is updated when it is created.
 */
const contacts = (field: 'created_at' | 'updated_at'): EventSource => ({
	noun: 'contact',
	list: CONTACT.list,
	date: { ...CONTACT.list.dates.updated, field },
	filters: [],
	record: 'contact',
	...(field === 'created_at' ? { stampedWithinWindow: true as const } : {}),
});

export const LIST_EVENTS: ListEvent[] = [
	{
		...tickets('created'),
		name: 'Ticket Created',
		value: 'ticketCreated',
		description: 'A new ticket was created',
	},
	{
		...tickets('updated'),
		name: 'Ticket Updated',
		value: 'ticketUpdated',
		description:
			'A ticket changed: comment, status, assignee or any field; optionally only when its status becomes one you choose',
		filters: [...PARTY_FILTERS, 'ticket_statuses'],
	},
	{
		...leads('created'),
		name: 'Lead Created',
		value: 'leadCreated',
		description: 'A new lead was created',
	},
	{
		...leads('updated'),
		name: 'Lead Updated',
		value: 'leadUpdated',
		description: 'A lead changed',
	},
	{
		...deals('created'),
		name: 'Deal Created',
		value: 'dealCreated',
		description: 'A new deal was created',
	},
	{
		...deals('updated'),
		name: 'Deal Updated',
		value: 'dealUpdated',
		description: 'A deal changed',
	},
	{
		...deals('closed'),
		name: 'Deal Closed',
		value: 'dealClosed',
		description: 'A deal was closed as won, lost or unqualified',
		filters: [...PARTY_FILTERS, 'pipeline_ids', 'stage_ids', 'closed_types'],
	},
	{
		...contacts('created_at'),
		name: 'Contact Created',
		value: 'contactCreated',
		description: 'A new contact was created',
	},
	{
		...contacts('updated_at'),
		name: 'Contact Updated',
		value: 'contactUpdated',
		description: 'A contact changed, or was created',
	},
	{
		...calls,
		name: 'Call Ended',
		value: 'callEnded',
		description: 'A call ended (answered or missed)',
		recordings: true,
	},
	{
		...calls,
		name: 'Missed Call',
		value: 'missedCall',
		description: 'A call ended without reaching an agent',
		query: { call_status: 'miss' },
	},
];

export const MONITOR_EVENT = {
	name: 'Monitor Status Changed',
	value: 'monitorStatusChanged',
	description: 'A monitored service went DOWN or came back UP (from the status heartbeat)',
};

/** docs/operations.md#new-chat-message: read per channel over the conversations started within the lookback (chatPoll.ts). */
export const CHAT_EVENT = {
	name: 'New Chat Message',
	value: 'newChatMessage',
	description: 'A message was written in a Live Chat, Messenger/Instagram or Zalo conversation, also one started hours earlier',
};
