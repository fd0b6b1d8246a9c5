import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { CONTACT, DEAL, LEAD, TICKET, type ListEndpoint } from '../api/endpoints';
import { normalizedPhone } from '../checks/phone';
import { contactByPhone } from '../resources/contact/lookup';
import { isPlainObject } from '../basics/looseValues';
import { fetchPages, MAX_WINDOW_MS, fetchList, getAccount } from '../transport';
import { readApiTime, toQueryTime, type PlatformClock } from '../basics/clock';

const DAY_MS = 24 * 3600 * 1000;

/**
 * How far back a picker lists records: older ones are still reachable By ID. Without it a
 * search that matches nothing would read the account's whole history.
 */
const LOOKBACK_MS = 366 * DAY_MS;

/** A page of the picker ends once it holds this many matches (or the lookback is spent). */
const PAGE_TARGET = 50;

/** One kind of record the pickers list. */
interface RecordList {
	/** The list of the API catalogue; every one of these takes `created_since`/`created_to`. */
	list: ListEndpoint & { idProperty: string };
	/**
	 * The span (`created_to` − `created_since`, bounds inclusive) of a page's first request. The lists state no order, and
	 * none has a sort option, so "newest first" is made here: the list is read backwards in
	 * windows of creation date (`created_since`/`created_to`, which every one of these lists
	 * takes), each window sorted newest first. A week of tickets keeps the first page quick
	 * on a busy account; leads and deals come less often. A search that needs more reads on
	 * in windows of MAX_WINDOW_MS (a second inside the API's 31 days).
	 */
	firstWindowMs: number;
	/** The line the picker shows, e.g. `#100245 · Printer jam · open`. */
	name: (record: IDataObject) => string;
	/** The words a search matches, besides the ID. */
	words: (record: IDataObject) => unknown[];
}

const TICKETS: RecordList = {
	list: TICKET.list,
	firstWindowMs: 7 * DAY_MS - 1000,
	name: (ticket) => line(ticket.ticket_id, ticket.ticket_subject, ticket.ticket_status),
	words: (ticket) => {
		const requester = (ticket.requester ?? {}) as IDataObject;
		return [
			ticket.ticket_no,
			ticket.ticket_subject,
			ticket.ticket_status,
			requester.username,
			requester.email,
			requester.phone_no,
		];
	},
};

/** Leads and deals: the customer's contact is on each record, and shown instead of a status. */
function contactRecords(list: ListEndpoint & { idProperty: string }): RecordList {
	return {
		list,
		firstWindowMs: MAX_WINDOW_MS,
		name: (record) => line(record.id, record.subject, record.username),
		words: (record) => [record.subject, record.username, record.email, record.phone],
	};
}

const LEADS = contactRecords(LEAD.list);
const DEALS = contactRecords(DEAL.list);

/** `#id · part · part`, leaving out empty parts. */
function line(id: unknown, ...parts: unknown[]): string {
	const shown = parts.filter(
		(part) => part !== undefined && part !== null && String(part).trim() !== '',
	);
	return [`#${String(id)}`, ...shown.map(String)].join(' · ');
}

/**
 * Where the next page starts: the inclusive end of its first window and the oldest instant
 * listed, both in epoch seconds, so every page of one search reads the same span.
 */
function parseToken(token: string | undefined): { endMs: number; stopMs: number } | undefined {
	const match = /^(\d+)-(\d+)$/.exec(token ?? '');
	if (!match) return undefined;
	return { endMs: Number(match[1]) * 1000, stopMs: Number(match[2]) * 1000 };
}

function tokenOf(endMs: number, stopMs: number): string {
	return `${endMs / 1000}-${stopMs / 1000}`;
}

function createdMs(record: IDataObject, clock: PlatformClock): number {
	return readApiTime(record.created_at, clock) ?? 0;
}

/**
 * One page of a picker: windows of creation date read from the newest backwards, through
 * the shared transport (rate limit, retries, errors), until the page holds PAGE_TARGET
 * matches. Windows follow each other without a gap or an overlap (bounds are inclusive to
 * the second), so no record is listed twice or skipped between pages.
 */
async function searchRecords(
	ctx: ILoadOptionsFunctions,
	records: RecordList,
	filter: string | undefined,
	paginationToken: string | undefined,
): Promise<INodeListSearchResult> {
	const { list } = records;
	const nowMs = Math.floor(Date.now() / 1000) * 1000;
	const span = parseToken(paginationToken) ?? { endMs: nowMs, stopMs: nowMs - LOOKBACK_MS };
	const { stopMs } = span;
	let { endMs } = span;
	// The picker shows IDs as "#100245": a search for "#100245" means that ID.
	const needle = (filter ?? '').trim().toLowerCase().replace(/^#/, '');
	const matches = (record: IDataObject) =>
		needle === '' ||
		String(record[list.idProperty]).includes(needle) ||
		records
			.words(record)
			.some(
				(word) =>
					word !== undefined && word !== null && String(word).toLowerCase().includes(needle),
			);

	const results: INodeListSearchItems[] = [];
	// One credential read for the whole search, not one per window (n8n decrypts it for each).
	const account = await getAccount.call(ctx);
	// The editor loads a search's next page only when its list is scrolled, so a page holds
	// PAGE_TARGET matches or ends the list; the windows after the first are the API's longest
	// (31 days of seconds, docs/api.md#times), so a rare match costs about one request per month read.
	for (
		let windowMs = records.firstWindowMs;
		endMs > stopMs && results.length < PAGE_TARGET;
		windowMs = MAX_WINDOW_MS
	) {
		const sinceMs = Math.max(endMs - windowMs, stopMs);
		const page = await fetchList.call(
			ctx,
			{
				method: list.method,
				path: list.path,
				qs: {
					created_since: toQueryTime(sinceMs, account.clock),
					created_to: toQueryTime(endMs, account.clock),
				},
				account,
			},
			list,
		);
		page
			.filter(matches)
			.sort(
				(a, b) =>
					createdMs(b, account.clock) - createdMs(a, account.clock) ||
					Number(b[list.idProperty]) - Number(a[list.idProperty]),
			)
			.forEach((record) =>
				results.push({ name: records.name(record), value: String(record[list.idProperty]) }),
			);
		endMs = sinceMs - 1000;
	}
	return { results, paginationToken: endMs > stopMs ? tokenOf(endMs, stopMs) : undefined };
}

export async function searchTickets(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) {
	return await searchRecords(this, TICKETS, filter, paginationToken);
}

export async function searchLeads(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) {
	return await searchRecords(this, LEADS, filter, paginationToken);
}

export async function searchDeals(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) {
	return await searchRecords(this, DEALS, filter, paginationToken);
}

/** Contacts a picker page reads at most (newest updated first), so a rare name costs a bounded read. */
const CONTACT_PAGES_PER_SEARCH = 5;
const CONTACT_PAGE_SIZE = 100;

const isContactId = (id: unknown) => /^[1-9]\d{0,9}$/.test(String(id ?? '').trim());

/** `#id · name · phone` */
const contactLine = (contact: IDataObject) => line(contact.id, contact.username, contact.phone_no);

/**
 * The contact picker: a search that is a phone is one lookup by phone (any of the contact's
 * three, any written form); otherwise the contacts updated most recently, matched on name,
 * phone and ID, a few pages per scroll.
 */
export async function searchContacts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const account = await getAccount.call(this);
	const needle = (filter ?? '').trim().toLowerCase().replace(/^#/, '');
	const phone = /^[+\d][\d\s.\-()]{5,}$/.test(needle) ? normalizedPhone(needle) : undefined;
	if (phone !== undefined && !paginationToken) {
		// An odd answer to the lookup is no reason to fail the picker: the list below is read.
		const contact = await contactByPhone(this, phone, { account }).catch(() => undefined);
		if (contact && isContactId(contact.id))
			return { results: [{ name: contactLine(contact), value: String(contact.id) }] };
	}
	const firstPage = Number(paginationToken ?? '1') || 1;
	const results: INodeListSearchItems[] = [];
	let page = firstPage;
	let more = true;
	for (; more && page < firstPage + CONTACT_PAGES_PER_SEARCH && results.length < PAGE_TARGET; page++) {
		const contacts = await fetchPages.call(
			this,
			{
				method: CONTACT.list.method,
				path: CONTACT.list.path,
				qs: { order_by: 'updated_at', order_type: 'desc', page, count: CONTACT_PAGE_SIZE },
				account,
			},
			{ ...CONTACT.list, paged: false },
		);
		more = contacts.length === CONTACT_PAGE_SIZE;
		// Only records a contact can be picked by (PHP may send null or `[]` in a list).
		for (const contact of contacts.filter((entry) => isPlainObject(entry) && isContactId(entry.id))) {
			const words = [contact.id, contact.username, contact.phone_no];
			if (needle === '' || words.some((word) => String(word ?? '').toLowerCase().includes(needle)))
				results.push({ name: contactLine(contact), value: String(contact.id) });
		}
	}
	return { results, paginationToken: more ? String(page) : undefined };
}
