/**
 * Reading a list event's records: one window of its list, every page, through the action node's
 * transport (transport/list.ts), and the changes those records are. Used by the poll's bounded
 * read (listPoll.ts, chunk by chunk) and by Fetch Test Event (sampleEvents.ts).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { readApiTime, toQueryTime } from '../CustomerCare/transport/clock';
import { fetchList, readAllPages } from '../CustomerCare/transport/list';
import type { Account } from '../CustomerCare/transport/request';
import type { ReadChunk } from './boundedRead';
import { changeOf, type Change, type ReadWindow } from './cursor';
import type { ListEvent } from './events';

/** One poll of a list event: its account (with the platform's clock), read once from the credential. */
export interface ListPoll {
	ctx: IPollFunctions;
	event: ListEvent;
	account: Account;
}

/** The request of the event's list for one window, [since, to] in whole seconds. */
function windowRequest({ event, account }: ListPoll, qs: IDataObject, window: ReadWindow) {
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
export async function readWindow(poll: ListPoll, qs: IDataObject, since: number, to: number) {
	return await fetchList.call(poll.ctx, windowRequest(poll, qs, { since, to }), poll.event.list);
}

/** Reads one chunk of the event's list (one window, every page), or only its size when it does not fit. */
export function chunkReader(poll: ListPoll, qs: IDataObject): ReadChunk<IDataObject> {
	return async (chunk, accept) =>
		await readAllPages.call(poll.ctx, windowRequest(poll, qs, chunk), poll.event.list, {
			accept,
			whenUnstable: 'drop',
		});
}

/**
 * The changes of the records read. A record whose stamp is not a time cannot be placed on the
 * cursor, so it is left out, and n8n's log says so: never silently.
 */
export function changesOf({ ctx, event, account }: ListPoll, records: IDataObject[]): Change[] {
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
