/**
 * The Filters collection of a list event, applied: the filters the API takes go into the query
 * (queryOf), the ones it cannot apply are checked here on each change (passesLocalFilters). The
 * query names are the API's (docs/api.md); the local filters are never sent.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CLOSED_TYPE_WORDS } from '../CustomerCare/api/records';
import { idsOf, isEmpty, ownEntry } from '../CustomerCare/basics/looseValues';
import { codeIsChosen, conversationTypeOf, CONVERSATION_TYPES } from '../CustomerCare/description/filters';
import type { Change, PollState } from './cursor';
import type { ListEvent } from './events';

/** The query a list event sends: its fixed part and the filters the API can apply. */
export function queryOf(event: ListEvent, chosen: IDataObject, node: INode): IDataObject {
	const qs: IDataObject = { ...event.query };
	if (event.filters.includes('conversation_type') && !isEmpty(chosen.conversation_type)) {
		qs.conversation_type = conversationTypeOf(chosen.conversation_type);
		if (qs.conversation_type === undefined)
			throw new NodeOperationError(
				node,
				`Channel (conversation_type) must be one of ${Object.keys(CONVERSATION_TYPES).join(', ')}; got "${String(chosen.conversation_type)}"`,
			);
	}
	for (const key of ['assignee_id', 'service_id', 'requester_id', 'agent_id', 'call_type']) {
		if (event.filters.includes(key) && !isEmpty(chosen[key]) && chosen[key] !== 0) {
			qs[key] = chosen[key];
		}
	}
	if (event.filters.includes('call_type') && chosen.call_type === 0) qs.call_type = 0;
	// A multi-select, or text a workflow saved before it was one ("1,2").
	const list = (key: string) => (event.filters.includes(key) ? idsOf(chosen[key]) : []);
	if (list('lead_status_ids').length) qs.status_ids = list('lead_status_ids').join(',');
	if (list('pipeline_ids').length) qs.pipeline_ids = list('pipeline_ids').join(',');
	if (list('stage_ids').length) qs.stage_ids = list('stage_ids').join(',');
	// The API takes one closed_type; several are filtered here.
	if (list('closed_types').length === 1) qs.closed_type = list('closed_types')[0];
	return qs;
}

/** Filters the API cannot apply. Returns whether the change is emitted. */
export function passesLocalFilters(
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
		const before = ownEntry(state.lastStatus, String(change.record[event.list.idProperty!]));
		if (!statuses.includes(status) || before === status) return false;
	}
	return true;
}
