/**
 * The pages of one paged list (one date window at most). Two loops, because they know different
 * things before they start:
 * - up to a limit (fetchPages): pages of the limit's size, one after another, until the limit or
 *   a short page; no request is made for records that will not be output, and no page 1 of 500
 *   is needed to learn the size first;
 * - every record (readAllPages): page 1 of 500 tells how many there are, then the other pages go
 *   together (the throttle keeps them within the account's rate), and a read whose pages shifted
 *   is read again as retry.ts decides (rule 5).
 * Each page's records are shaped (PageShaper) as soon as they arrive.
 *
 * `numFound` is a hint, never a command (pagePlan.ts, docs/api.md#pagination): only a whole number
 * within the read's cap, no smaller than page 1, plans pages sent together. Without one, pages are
 * read one after another until a short page. Every read stops at MAX_PAGES_PER_READ pages with an
 * error naming it, and a page that repeats an earlier one (a server that ignores `page`) is an error.
 */
import type { IDataObject } from 'n8n-workflow';

import { listRecordsOf } from '../answers/answerShape';
import { withCoveringPair } from './dateWindows';
import type { ListSpec } from '../../api/endpoints';
import { customerCareRequest, getAccount, type Account, type ApiRequest, type TransportContext } from '../request/request';
import { readsAgain } from '../request/retry';
import {
	MAX_PAGE_SIZE,
	MAX_PAGES_PER_READ,
	pageKey,
	planAfterFirstPage,
	repeatGuard,
	sameCount,
	tooManyPagesError,
	trustedCount,
} from './pagePlan';

export { MAX_PAGE_SIZE, MAX_PAGES_PER_READ } from './pagePlan';

/**
 * What the caller makes of each page's records as the page arrives (e.g. Simplify), while the
 * next pages are still on the wire: one record out per record in, its id kept (pages are
 * merged without repeats after it). Each record passes through it once.
 */
export type PageShaper = (records: IDataObject[]) => Promise<IDataObject[]>;

export const unshaped: PageShaper = async (records) => await Promise.resolve(records);

/**
 * Requests of one read sent together (its windows, or its pages): once one fails, those not yet
 * sent are not sent at all (retry.ts, rule 6). The read fails with the first error; the others
 * would only spend the account's budget after the item (or the node) has already failed.
 */
export function sentTogether(request: ApiRequest) {
	let failed = false;
	const parent = request.abandoned;
	return {
		abandoned: () => failed || (parent?.() ?? false),
		async all<T>(reads: Array<Promise<T>>): Promise<T[]> {
			return await Promise.all(reads).catch(async (error: unknown) => {
				failed = true;
				return await Promise.reject(error);
			});
		},
	};
}

export type AccountRequest = ApiRequest & { account: Account };

/** The request with its account: read from the credential once for a whole read, when the caller had not. */
export async function withAccount(ctx: TransportContext, request: ApiRequest): Promise<AccountRequest> {
	return request.account ? (request as AccountRequest) : { ...request, account: await getAccount.call(ctx) };
}

/**
 * The reader of one page (or, without `page`, of the whole list when it is not paged): the
 * answer as it came. `abandoned`: the read's own, when its pages are sent together.
 */
function pageReader(ctx: TransportContext, request: AccountRequest, spec: ListSpec, abandoned = request.abandoned) {
	return async (page?: { page: number; count: number }) =>
		await customerCareRequest.call(ctx, {
			...request,
			qs: { ...withCoveringPair(request.qs ?? {}, spec, request.account.clock), ...page },
			abandoned,
		});
}

/** The records of one answer: a missing root is an error, never an empty list (answerShape.ts). */
function recordsOf(
	ctx: TransportContext,
	answer: IDataObject,
	request: ApiRequest,
	spec: ListSpec,
): IDataObject[] {
	return listRecordsOf(ctx.getNode(), answer, {
		method: request.method,
		path: request.path,
		root: spec.rootProperty,
		itemIndex: request.itemIndex,
	});
}

/** The records without repeats of an id seen before, in their order; records without an id are kept. */
export function dedupe(records: IDataObject[], idProperty: string | undefined): IDataObject[] {
	if (!idProperty) return records;
	const seen = new Set<unknown>();
	return records.filter((record) => {
		const id = record[idProperty];
		if (id === undefined || id === null) return true;
		if (seen.has(id)) return false;
		seen.add(id);
		return true;
	});
}

/**
 * Reads one list (or one window of it). `limit` undefined means every record (readAllPages).
 * With a limit, pages are read one after another until it is reached, MAX_PAGES_PER_READ at most.
 */
export async function fetchPages(
	this: TransportContext,
	given: ApiRequest,
	spec: ListSpec,
	limit?: number,
	shape: PageShaper = unshaped,
): Promise<IDataObject[]> {
	const request = await withAccount(this, given);
	const read = pageReader(this, request, spec);
	if (!spec.paged) {
		const records = recordsOf(this, await read(), request, spec);
		return await shape(limit === undefined ? records : records.slice(0, limit));
	}

	if (limit !== undefined) {
		const source = { node: this.getNode(), request };
		const repeats = repeatGuard(source);
		const shaped: Array<Promise<IDataObject[]>> = [];
		for (let pageNumber = 1, count = Math.min(MAX_PAGE_SIZE, limit), done = 0; done < limit; pageNumber++) {
			if (pageNumber > MAX_PAGES_PER_READ) throw tooManyPagesError(source, MAX_PAGES_PER_READ);
			const batch = recordsOf(this, await read({ page: pageNumber, count }), request, spec);
			repeats(pageNumber, pageKey(batch, spec.idProperty));
			done += batch.length;
			// Shaped while the next page is read; a failure is reported below, not left unhandled.
			const next = shape(batch);
			next.catch(() => undefined);
			shaped.push(next);
			if (batch.length < count) break;
		}
		const records = (await Promise.all(shaped)).flat();
		return dedupe(records, spec.idProperty).slice(0, limit);
	}

	const all = await readAllPages.call(this, request, spec, { shape });
	return all.records ?? [];
}

/** A whole read of a paged list, or its size when page 1 showed more than the caller accepts. */
export interface PagesRead {
	/** Every record (de-duplicated); absent when the read stopped before its end (the caller's pages), or was unstable and not kept. */
	records?: IDataObject[];
	/**
	 * The number of records page 1 reported, when it could be trusted (trustedCount); else the
	 * records read: all of them when the read is whole, fewer than there are when it stopped.
	 */
	numFound: number;
	/** The requests the read made. */
	requests: number;
	/** The list kept changing under every attempt (only reported when the caller does not keep such a read). */
	unstable?: boolean;
}

/**
 * What a read whose pages kept shifting until its last attempt is worth: Get Many keeps it (a
 * snapshot, the best the API gives); the trigger drops it, since a record that slid onto a page
 * already read would be skipped for good once its cursor moved past it.
 */
export type UnstableRead = 'keep' | 'drop';

export interface PagedReadOptions {
	/**
	 * Given the count page 1 reports (undefined when it cannot be trusted: trustedCount) and the
	 * requests the read has made so far (page 1 included), how many pages after page 1 the caller
	 * takes; asked on every attempt. A trusted count of more pages is not read at all; without
	 * one, pages are read one by one up to it, and a read that had not ended there is not kept.
	 * Default: all (up to MAX_PAGES_PER_READ, past which the read fails).
	 */
	morePages?: (numFound: number | undefined, requestsSoFar: number) => number;
	/** Shapes each page's records as soon as they arrive. Default: as they are. */
	shape?: PageShaper;
	/** Default: keep. */
	whenUnstable?: UnstableRead;
}

/**
 * Reads every page of a paged list (one window at most). `morePages` may stop the read after a
 * page 1, on every attempt: the trigger's bounded poll reads a window only when all of it, read
 * again if need be, fits in what is left of its budget. Each page's records are shaped as soon
 * as they arrive.
 */
export async function readAllPages(
	this: TransportContext,
	given: ApiRequest,
	spec: ListSpec,
	{ morePages = () => Infinity, shape = unshaped, whenUnstable = 'keep' }: PagedReadOptions = {},
): Promise<PagesRead> {
	const request = await withAccount(this, given);
	const source = { node: this.getNode(), request };
	const pagesGroup = sentTogether(request);
	const read = pageReader(this, request, spec, pagesGroup.abandoned);
	const page = async (pageNumber: number) => await read({ page: pageNumber, count: MAX_PAGE_SIZE });
	/**
	 * A page's records, shaped as soon as they arrive; only what the read needs of the answer
	 * is kept besides (the raw answer is left to the garbage collector at once).
	 */
	const shapedPage = async (pageNumber: number) => {
		const answer = await page(pageNumber);
		const raw = recordsOf(this, answer, request, spec);
		return { numFound: answer.numFound, count: raw.length, key: pageKey(raw, spec.idProperty), records: await shape(raw) };
	};
	let requests = 0;
	// Records that change while the pages are read shift the pages under us (one could be
	// skipped): every page reports numFound, and a read where it moved is done again.
	for (let attempt = 1; ; attempt++) {
		const first = await page(1);
		requests++;
		const firstRaw = recordsOf(this, first, request, spec);
		const trusted = trustedCount(first.numFound, firstRaw.length);
		const allowed = morePages(trusted, requests);
		const plan = planAfterFirstPage(firstRaw.length, trusted, allowed);
		// One by one: the caller's pages; past a count to trust (records added meanwhile): the cap.
		const lastPage = plan.read === 'oneByOne' ? plan.upTo : MAX_PAGES_PER_READ;
		const firstCount = first.numFound;
		if (plan.read === 'notNow') return { numFound: trusted!, requests };
		if (plan.read === 'done') {
			const records = dedupe(await shape(firstRaw), spec.idProperty);
			return { records, numFound: trusted ?? firstRaw.length, requests };
		}

		const repeats = repeatGuard(source);
		repeats(1, pageKey(firstRaw, spec.idProperty));
		// A count to trust: the other pages are asked for first, then the first page is shaped while they are read.
		const together = plan.read === 'together' ? plan.pages : 1;
		const [rest, firstRecords] = await Promise.all([
			pagesGroup.all(Array.from({ length: together - 1 }, async (_, index) => await shapedPage(index + 2))),
			shape(firstRaw),
		]);
		requests += rest.length;
		rest.forEach((answer, index) => repeats(index + 2, answer.key));
		const records = firstRecords.concat(...rest.map((answer) => answer.records));
		// Every page must report what page 1 did (without a count: the same absence, the same text).
		let stable = rest.every((answer) => sameCount(answer.numFound, firstCount));
		// Without a count, or when records added while we read pushed the list past it: one page after
		// another until a short page, within the caller's pages and the cap.
		let count = rest.length > 0 ? rest[rest.length - 1].count : firstRaw.length;
		for (let pageNumber = together + 1; count === MAX_PAGE_SIZE; pageNumber++) {
			if (pageNumber > lastPage) {
				if (lastPage >= MAX_PAGES_PER_READ) throw tooManyPagesError(source, MAX_PAGES_PER_READ, trusted === undefined ? { numFound: firstCount } : undefined);
				// The caller's pages ran out before the list did: nothing of this read is whole.
				return { numFound: trusted ?? records.length, requests };
			}
			const next = await shapedPage(pageNumber);
			requests++;
			repeats(pageNumber, next.key);
			count = next.count;
			records.push(...next.records);
			// A count that moved: the list changed while we read, read again. Records past a count every
			// page still reports only show the count wrong: it is a hint, so such a read is judged as one
			// without a count (else a list whose count always says less would never be read whole).
			if (!sameCount(next.numFound, firstCount)) stable = false;
		}
		const whole = Math.max(trusted ?? 0, records.length);
		if (stable) return { records: dedupe(records, spec.idProperty), numFound: whole, requests };
		if (!readsAgain(attempt)) {
			if (whenUnstable === 'drop') return { numFound: whole, requests, unstable: true };
			return { records: dedupe(records, spec.idProperty), numFound: whole, requests };
		}
	}
}
