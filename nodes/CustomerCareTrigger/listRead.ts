/**
 * Reading a list event's records: one window of its list, every page, through the action node's
 * transport (transport/lists/list.ts), and the changes those records are. Used by the poll's bounded
 * read (listPoll.ts, chunk by chunk) and by Fetch Test Event (sampleEvents.ts): one request for both.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { readApiTime, toQueryTime } from '../CustomerCare/basics/clock';
import { readAllPages, type PagedReadOptions, type PagesRead, type Account } from '../CustomerCare/transport';
import { changeOf, stampedWithin, type Change, type ReadWindow } from './cursor';
import type { ListEvent } from './events';

/** One poll of a list event: its account (with the platform's clock), read once from the credential. */
export interface ListPoll {
	ctx: IPollFunctions;
	event: ListEvent;
	account: Account;
}

/**
 * Every page of one window of the event's list, [since, to] in whole seconds (at most 31 days,
 * docs/api.md#limits). `options` as readAllPages takes them: by default every record is read,
 * and a read whose pages kept shifting is kept.
 */
export async function readListWindow(
	{ ctx, event, account }: ListPoll,
	qs: IDataObject,
	window: ReadWindow,
	options?: PagedReadOptions,
): Promise<PagesRead> {
	const { list, date } = event;
	const { clock } = account;
	const request = {
		method: list.method,
		path: list.path,
		account,
		qs: { ...qs, [date.since]: toQueryTime(window.since, clock), [date.to]: toQueryTime(window.to, clock) },
	};
	return await readAllPages.call(ctx, request, list, options);
}

/**
 * The changes of the records read from `window`. A record whose stamp is not a time cannot be
 * placed on the cursor, so it is left out, and n8n's log says so: never silently. An event whose
 * window filters another time (`stampedWithinWindow`: Contact Created in the updated window)
 * keeps only the changes stamped within the window: an older one was handled, or let go, by the
 * read whose window held it (docs/guarantees.md#what-is-guaranteed).
 */
export function changesOf(
	{ ctx, event, account }: ListPoll,
	records: IDataObject[],
	window: ReadWindow,
): Change[] {
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
	return event.stampedWithinWindow ? stampedWithin(window, changes) : changes;
}
