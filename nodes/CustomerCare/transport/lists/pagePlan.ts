/**
 * The paging decision of a list read, free of I/O (pages.ts carries it out): which `numFound` a
 * read may plan by, what it does after page 1, the cap of pages of one read, and a page that
 * repeats an earlier one. `numFound` is a hint, never a command (docs/api.md#pagination).
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiRequest, TransportContext } from '../request/request';

/** The API's largest page (docs/api.md#limits). */
export const MAX_PAGE_SIZE = 500;

/**
 * The most pages one read takes: one date window of Get Many (31 days at most), one chunk of a
 * trigger's poll, one picker's page. 1,000 pages of 500 are 500,000 records, about 70 s at the
 * account's 15 requests a second; past it the read fails naming this cap (docs/api.md#pagination).
 */
export const MAX_PAGES_PER_READ = 1000;

/**
 * `numFound` as a count pages can be planned by: a whole number (or its digits as text), no
 * smaller than page 1's records, and within `maxPages` pages. Anything else (missing, "1,234",
 * 1e12, fewer than page 1 holds) is undefined: the read goes on page by page until a short page.
 */
export function trustedCount(numFound: unknown, firstPageRecords: number, maxPages = MAX_PAGES_PER_READ): number | undefined {
	const count =
		typeof numFound === 'number' ? numFound : typeof numFound === 'string' && /^\d+$/.test(numFound) ? Number(numFound) : NaN;
	if (!Number.isSafeInteger(count) || count < firstPageRecords || count > maxPages * MAX_PAGE_SIZE) return undefined;
	return count;
}

/** What a read does after page 1 (planAfterFirstPage). */
export type AfterFirstPage =
	/** Page 1 was short: the read is whole. */
	| { read: 'done' }
	/** A count to trust: pages 2 to `pages` are sent together. */
	| { read: 'together'; pages: number }
	/** No count to trust, or one that says a full page 1 is the only page: one page after another until a short page, page `upTo` at most. */
	| { read: 'oneByOne'; upTo: number }
	/** A count to trust, of more pages than the caller takes now. */
	| { read: 'notNow' };

/**
 * The paging decision after page 1, free of I/O: `count` as trustedCount gives it,
 * `morePagesAllowed` the pages after page 1 the caller takes (Infinity: all), `maxPages` the cap.
 * Page promises are made only from a trusted count, so never more than `maxPages` at once.
 */
export function planAfterFirstPage(
	firstPageRecords: number,
	count: number | undefined,
	morePagesAllowed: number,
	maxPages = MAX_PAGES_PER_READ,
): AfterFirstPage {
	if (firstPageRecords < MAX_PAGE_SIZE) return { read: 'done' };
	const lastAllowed = lastPageAllowed(morePagesAllowed, maxPages);
	if (count === undefined) return { read: 'oneByOne', upTo: lastAllowed };
	const pages = Math.ceil(count / MAX_PAGE_SIZE);
	// A full page 1 whose count says it is the only page: nothing proves it, so page 2 is read (as a
	// full last page of a planned read is followed by one more), within the caller's pages.
	if (pages <= 1) return { read: 'oneByOne', upTo: lastAllowed };
	return pages <= lastAllowed ? { read: 'together', pages } : { read: 'notNow' };
}

/** The last page a read may ask for: page 1 and the pages the caller takes after it, within the cap. */
function lastPageAllowed(morePagesAllowed: number, maxPages = MAX_PAGES_PER_READ): number {
	return 1 + Math.max(0, Math.min(morePagesAllowed, maxPages - 1));
}

/** A page's records known by their ids, in order; undefined when they carry none (nothing to compare). */
export function pageKey(records: IDataObject[], idProperty: string | undefined): string | undefined {
	if (!idProperty || records.length === 0) return undefined;
	const ids = records.map((record) => record[idProperty]);
	return ids.some((id) => id === undefined || id === null) ? undefined : JSON.stringify(ids);
}

/** What a read needs to say in its errors. */
export interface ReadSource {
	node: ReturnType<TransportContext['getNode']>;
	request: ApiRequest;
}

/** The read reached its cap of pages without a short page: it stops, never reads on without end. */
export function tooManyPagesError({ node, request }: ReadSource, maxPages: number, count?: { numFound: unknown }): NodeApiError {
	const said = !count
		? ''
		: count.numFound === undefined
			? ' Page 1 gave no numFound.'
			: ` Page 1 gave numFound ${JSON.stringify(count.numFound)}, not a count to plan by.`;
	return new NodeApiError(
		node,
		{ numFound: count?.numFound === undefined ? null : JSON.stringify(count.numFound) },
		{
			message: `The list ${request.method ?? 'GET'} ${request.path} has more than ${maxPages.toLocaleString('en-US')} pages of ${MAX_PAGE_SIZE} records in one read, the most one read takes`,
			description: `Every page came back full up to page ${maxPages.toLocaleString('en-US')} (${(maxPages * MAX_PAGE_SIZE).toLocaleString('en-US')} records).${said} A read stops at this cap so that no answer can make it run without end. Narrow the date range or the filters, or read with a Limit.`,
			itemIndex: request.itemIndex,
		},
	);
}

/** A page that repeats an earlier one: the platform answered the same page whatever `page` asked. */
function ignoredPageError({ node, request }: ReadSource, page: number, earlier: number): NodeApiError {
	return new NodeApiError(
		node,
		{ page, repeats: earlier },
		{
			message: `The platform ignored "page": page ${page} of ${request.method ?? 'GET'} ${request.path} repeats the records of page ${earlier}`,
			description: `Page ${page} holds the very records (the same ids, in the same order) of page ${earlier} of the same read, so the platform did not page the list. Reading on would only return them again, so the read stops rather than return a list with records missing. Please report this to the platform.`,
			itemIndex: request.itemIndex,
		},
	);
}

/** Remembers the pages of one read by their keys (pageKey), and fails on a page that repeats one. */
export function repeatGuard(source: ReadSource) {
	const pages = new Map<string, number>();
	return (page: number, key: string | undefined) => {
		if (key === undefined) return;
		const earlier = pages.get(key);
		if (earlier !== undefined) throw ignoredPageError(source, page, earlier);
		pages.set(key, page);
	};
}

/** Whether a page reports the count page 1 did (the same number, the same text, or none either). */
export const sameCount = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
