import type { IDataObject } from 'n8n-workflow';

import type { RecordKind } from '../CustomerCare/api/records';
import type { ListSpec } from '../CustomerCare/transport/list';

/** A list-backed event: which list to watch, which date window, what marks a change. */
export interface ListEvent {
	name: string;
	value: string;
	description: string;
	/** The noun for messages, e.g. "ticket". */
	noun: string;
	path: string;
	list: ListSpec;
	/** Query names of the date window the event watches. */
	since: string;
	to: string;
	/** The record field holding the change's time. */
	timeField: string;
	/** The record field identifying the record. */
	idField: string;
	/** Query parameters the event always sends. */
	query?: IDataObject;
	/** The filters (parameter names of the Filters collection) this event offers. */
	filters: string[];
	/** The kind of record the event emits, for Simplify (shared/present.ts), as the matching Get Many. */
	record: RecordKind;
}

const tickets = (window: 'created' | 'updated'): Partial<ListEvent> => ({
	noun: 'ticket',
	path: '/api/v2/tickets',
	list: { rootProperty: 'tickets', paged: true, idProperty: 'ticket_id', windowPairs: [[`${window}_since`, `${window}_to`]] },
	since: `${window}_since`,
	to: `${window}_to`,
	timeField: `${window}_at`,
	idField: 'ticket_id',
	record: 'ticketListItem',
	filters: ['assignee_id', 'service_id', 'requester_id'],
});

const leads = (window: 'created' | 'updated'): Partial<ListEvent> => ({
	noun: 'lead',
	path: '/api/v1/leads',
	list: { rootProperty: 'leads', paged: true, idProperty: 'id' },
	since: `${window}_since`,
	to: `${window}_to`,
	timeField: `${window}_at`,
	idField: 'id',
	record: 'lead',
	filters: ['assignee_id', 'service_id', 'requester_id', 'lead_status_ids'],
});

const deals = (window: 'created' | 'updated' | 'closed'): Partial<ListEvent> => ({
	noun: 'deal',
	path: '/api/v1/deals',
	list: { rootProperty: 'deals', paged: true, idProperty: 'id' },
	since: `${window}_since`,
	to: `${window}_to`,
	timeField: `${window}_at`,
	idField: 'id',
	record: 'deal',
	filters: ['assignee_id', 'service_id', 'requester_id', 'pipeline_ids', 'stage_ids'],
});

const calls: Partial<ListEvent> = {
	noun: 'call',
	path: '/api/v1/calls',
	list: {
		rootProperty: 'calls',
		paged: true,
		idProperty: 'id',
		windowPairs: [['end_time_since', 'end_time_to']],
	},
	since: 'end_time_since',
	to: 'end_time_to',
	timeField: 'end_time',
	idField: 'id',
	filters: ['service_id', 'agent_id', 'call_type'],
	record: 'call',
};

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
		description: 'A ticket changed: comment, status, assignee or any field; optionally only when its status becomes one you choose',
		filters: ['assignee_id', 'service_id', 'requester_id', 'ticket_statuses'],
	},
	{ ...leads('created'), name: 'Lead Created', value: 'leadCreated', description: 'A new lead was created' },
	{ ...leads('updated'), name: 'Lead Updated', value: 'leadUpdated', description: 'A lead changed' },
	{ ...deals('created'), name: 'Deal Created', value: 'dealCreated', description: 'A new deal was created' },
	{ ...deals('updated'), name: 'Deal Updated', value: 'dealUpdated', description: 'A deal changed' },
	{
		...deals('closed'),
		name: 'Deal Closed',
		value: 'dealClosed',
		description: 'A deal was closed as won, lost or unqualified',
		filters: ['assignee_id', 'service_id', 'requester_id', 'pipeline_ids', 'stage_ids', 'closed_types'],
	},
	{ ...calls, name: 'Call Ended', value: 'callEnded', description: 'A call ended (answered or missed)' },
	{
		...calls,
		name: 'Missed Call',
		value: 'missedCall',
		description: 'A call ended without reaching an agent',
		query: { call_status: 'miss' },
	},
] as ListEvent[];

export const MONITOR_EVENT = {
	name: 'Monitor Status Changed',
	value: 'monitorStatusChanged',
	description: 'A monitored service went DOWN or came back UP (from the status heartbeat)',
};
