import type { IDataObject } from 'n8n-workflow';

import { readApiTime } from '../basics/clock';
import { toUtcText } from '../basics/dates';
import {
	windowQuery,
	fetchList,
	getAccount,
	type ApiRequest,
	type TransportContext,
	UnconfirmedWriteError,
} from '../transport';

/**
 * Where a create whose answer was lost can be looked for: a list the API filters by creation
 * time (and by requester, assignee and service: docs/api.md#tickets, #leads, #deals), matched on the subject and
 * the requester that were sent.
 */
export interface CreateLookup {
	/** What is created, for messages: `ticket`. */
	noun: string;
	/** The list endpoint, e.g. `/api/v2/tickets`, and the property holding its records. */
	listPath: string;
	rootProperty: string;
	idProperty: string;
	/** The body's wrapper object, e.g. `ticket` in `{ticket: {...}}`. */
	bodyKey: string;
	/** The subject's name, the same in the body and in the list's records. */
	subjectProperty: string;
}

/**
 * The API's clock and ours may differ. Before the send the search reaches back a little, to see
 * a record stamped earlier: it is never taken for this one (it may be someone else's), it only
 * makes the answer ambiguous (the clear error). After the send, far: a record made later than
 * the send can only be this one's.
 */
const MARGIN_BEFORE_MS = 10_000;
const MARGIN_AFTER_MS = 60_000;
/** Body fields the lists take as filters, with the same name and meaning. */
const FILTERS = ['requester_id', 'assignee_id', 'service_id'];
/** The output flag of a record found after its create's answer was lost. */
export const FOUND_AFTER_LOST_ANSWER = 'foundAfterLostAnswer';

const text = (value: unknown) =>
	value === undefined || value === null ? '' : String(value).trim();
const digits = (value: unknown) => text(value).replace(/\D/g, '');

/** The requester as a list record shows it (tickets nest it in `requester`, leads and deals list it flat). */
function requesterOf(record: IDataObject) {
	const nested = (record.requester ?? {}) as IDataObject;
	const present = (values: unknown[], normalize: (value: unknown) => string) =>
		values.map(normalize).filter((value) => value !== '');
	return {
		ids: present([record.requester_id, nested.id], text),
		phones: present([record.phone, record.phone_no, nested.phone_no], digits),
		emails: present([record.email, nested.email], (value) => text(value).toLowerCase()),
	};
}

/** Same subject, and the same requester wherever the record shows it. */
function matches(record: IDataObject, sent: IDataObject, lookup: CreateLookup): boolean {
	if (text(sent[lookup.subjectProperty]) !== text(record[lookup.subjectProperty])) return false;
	const shown = requesterOf(record);
	const checks: Array<[string, string[]]> = [
		[text(sent.requester_id), shown.ids],
		[digits(sent.phone), shown.phones],
		[text(sent.email).toLowerCase(), shown.emails],
	];
	return checks.every(
		([wanted, values]) => wanted === '' || values.length === 0 || values.includes(wanted),
	);
}

/**
 * After a create's answer was lost (UnconfirmedWriteError), looks the record up: found once,
 * it is returned marked with `foundAfterLostAnswer`; otherwise the error is thrown again,
 * saying what the search found.
 */
export async function findLostCreate(
	this: TransportContext,
	lookup: CreateLookup,
	request: ApiRequest,
	lost: UnconfirmedWriteError,
): Promise<IDataObject> {
	const sent = ((request.body ?? {})[lookup.bodyKey] ?? {}) as IDataObject;
	const since = lost.write.sentAt - MARGIN_BEFORE_MS;
	const to = Date.now() + MARGIN_AFTER_MS;
	const account = request.account ?? (await getAccount.call(this));
	const qs = windowQuery(['created_since', 'created_to'], since, to, account.clock);
	for (const filter of FILTERS) if (text(sent[filter]) !== '') qs[filter] = sent[filter];
	const searched = `A search of the ${lookup.noun}s created between ${toUtcText(since)} and ${toUtcText(to)}`;

	let finding: string;
	if (
		text(sent[lookup.subjectProperty]) === '' &&
		!sent.requester_id &&
		!sent.phone &&
		!sent.email
	) {
		finding = `Without a subject or a requester, the ${lookup.noun} cannot be told apart from others.`;
	} else {
		try {
			const records = await fetchList.call(
				this,
				{ method: 'GET', path: lookup.listPath, qs, itemIndex: request.itemIndex, account },
				{ rootProperty: lookup.rootProperty, paged: true, idProperty: lookup.idProperty },
			);
			const found = records.filter((record) => matches(record, sent, lookup));
			// Only a record stamped in the second of the send or later can be this one's; one
			// stamped before (the margin allows for clocks that differ) may be someone else's.
			const sentSecond = Math.floor(lost.write.sentAt / 1000) * 1000;
			const after = found.filter(
				(record) => (readApiTime(record.created_at, account.clock) ?? -Infinity) >= sentSecond,
			);
			if (found.length === 1 && after.length === 1)
				return { ...found[0], [FOUND_AFTER_LOST_ANSWER]: true };
			const ids = found.map((record) => text(record[lookup.idProperty])).join(', ');
			finding =
				found.length === 0
					? `${searched} found none with this subject and requester: it was probably not created.`
					: found.length === 1
						? `${searched} found one with this subject and requester (ID ${ids}), created before this item was sent: it may be another's.`
						: `${searched} found ${found.length} with this subject and requester (IDs ${ids}); which one this item created cannot be told.`;
		} catch (error) {
			finding = `Looking it up failed too: ${(error as Error).message}`;
		}
	}
	throw new UnconfirmedWriteError(this.getNode(), lost.write, request.itemIndex, finding);
}
