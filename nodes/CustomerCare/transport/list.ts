import type { IDataObject } from 'n8n-workflow';

import { listRecordsOf } from './answerShape';
import { readApiTime, toQueryTime, type PlatformClock } from './clock';
import { customerCareRequest, getAccount, type Account, type ApiRequest, type TransportContext } from './request';

/** The API's largest page (docs/api.md#limits). */
export const MAX_PAGE_SIZE = 500;

/** How often a list that changed while being read is read again. */
const MAX_READ_ATTEMPTS = 3;

export interface ListSpec {
	/** The property of the answer that holds the records, e.g. `tickets`. */
	rootProperty: string;
	/** The endpoint pages with `page`/`count` and reports `numFound`; otherwise it returns everything at once. */
	paged?: boolean;
	/** Records are de-duplicated on this property when pages overlap (records moving while we read). */
	idProperty?: string;
	/**
	 * Date-window query pairs `[since, to]` the endpoint limits to 31 days, in the API's order
	 * of precedence. A longer range on the first pair present is split into windows.
	 */
	windowPairs?: Array<[string, string]>;
	/**
	 * A date pair the spec marks required although another pair decides the filter (calls:
	 * `start_time_since` is "required", and when `end_time_since` is also sent, end_time wins).
	 * Whenever `decides` is sent, `covers` is sent beside it (see withCoveringPair).
	 */
	coveringPair?: { decides: [string, string]; covers: [string, string] };
	/**
	 * The order the API returns records in for this query. When given, the windows of a long
	 * range are merged in that order (each window read up to the limit, then sorted);
	 * otherwise the windows follow each other oldest first.
	 */
	order?: (qs: IDataObject) => (a: IDataObject, b: IDataObject) => number;
}

/**
 * What the caller makes of each page's records as the page arrives (e.g. Simplify), while the
 * next pages are still on the wire: one record out per record in, its id kept (pages are
 * merged without repeats after it). Each record passes through it once.
 */
export type PageShaper = (records: IDataObject[]) => Promise<IDataObject[]>;

const unshaped: PageShaper = async (records) => await Promise.resolve(records);

/**
 * The longest date window sent (`to` − `since`): a second inside the API's 31 days
 * (docs/api.md#limits). The spec does not say whether a span of exactly 31 days is allowed; a
 * server that counts it inclusively would refuse every full window, and the second costs nothing
 * (bounds are inclusive, so a window still holds 31 days of seconds).
 */
export const MAX_WINDOW_MS = 31 * 24 * 3600 * 1000 - 1000;

/**
 * Consecutive windows covering [since, to] with no gap and no overlap: bounds are inclusive
 * and to the second, so each window ends one second before the next begins. A window spans
 * MAX_WINDOW_MS (a 90-day range is three windows, not four).
 */
export function splitWindow(sinceMs: number, toMs: number): Array<[number, number]> {
	// Windows are sent to the second; an end of "now" carries milliseconds that would hide a
	// one-instant last window from the check below.
	const [since, to] = [Math.floor(sinceMs / 1000) * 1000, Math.floor(toMs / 1000) * 1000];
	const windows: Array<[number, number]> = [];
	for (let start = since; start <= to; start += MAX_WINDOW_MS + 1000) {
		windows.push([start, Math.min(start + MAX_WINDOW_MS, to)]);
	}
	// A range that ends one second into a new window would end on a window of one instant, which
	// the ticket list v2 refuses (its start must precede its end): that window takes one more
	// second from the one before it.
	const last = windows[windows.length - 1];
	if (windows.length > 1 && last[0] === last[1]) {
		windows[windows.length - 2][1] -= 1000;
		last[0] -= 1000;
	}
	return windows;
}

/**
 * The query with the spec's required pair filled in (ListSpec.coveringPair): a window of the
 * longest span sent (MAX_WINDOW_MS) ending where the deciding window ends. It holds the deciding
 * window whole, so a server that applied both pairs, against the spec, would still return every
 * record the deciding pair selects (for calls: a call starts before it ends, and up to
 * MAX_WINDOW_MS minus the deciding window's span earlier). A pair the caller chose is kept.
 */
export function withCoveringPair(qs: IDataObject, spec: ListSpec, clock: PlatformClock): IDataObject {
	const pair = spec.coveringPair;
	if (!pair) return qs;
	const [decidesSince, decidesTo] = pair.decides;
	const [coversSince, coversTo] = pair.covers;
	if (!given(qs[decidesSince]) || given(qs[coversSince])) return qs;
	const toMs = given(qs[decidesTo]) ? readApiTime(qs[decidesTo], clock) : Date.now();
	if (toMs === undefined) return qs;
	return {
		...qs,
		[coversSince]: toQueryTime(toMs - MAX_WINDOW_MS, clock),
		[coversTo]: toQueryTime(toMs, clock),
	};
}

function given(value: unknown): boolean {
	return value !== undefined && value !== null && value !== '';
}

/**
 * Requests of one read sent together (its windows, or its pages): once one fails, those not yet
 * sent are not sent at all. The read fails with the first error; the others would only spend the
 * account's budget after the item (or the node) has already failed.
 */
function sentTogether(request: ApiRequest) {
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

/** The request of one page (or of the whole list when it is not paged). */
function pageRequest(request: AccountRequest, spec: ListSpec, page?: { page: number; count: number }): ApiRequest {
	return { ...request, qs: { ...withCoveringPair(request.qs ?? {}, spec, request.account.clock), ...page } };
}

type AccountRequest = ApiRequest & { account: Account };

/** The request with its account: read from the credential once for a whole read, when the caller had not. */
async function withAccount(ctx: TransportContext, request: ApiRequest): Promise<AccountRequest> {
	return request.account ? (request as AccountRequest) : { ...request, account: await getAccount.call(ctx) };
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
 * Reads a list, window by window where the endpoint limits date ranges: windows oldest
 * first, merged without duplicates. `limit` undefined means every record.
 */
export async function fetchList(
	this: TransportContext,
	request: ApiRequest,
	spec: ListSpec,
	limit?: number,
	shape: PageShaper = unshaped,
): Promise<IDataObject[]> {
	const qs = request.qs ?? {};
	const pair = spec.windowPairs?.find(([since]) => qs[since] !== undefined && qs[since] !== '');
	if (!pair) return await fetchPages.call(this, request, spec, limit, shape);

	const [since, to] = pair;
	// The bounds were written by the platform's clock (checks/checks.ts); windows are split as instants.
	const { account } = await withAccount(this, request);
	const { clock } = account;
	const sinceMs = readApiTime(qs[since], clock) ?? NaN;
	const toMs = qs[to] !== undefined && qs[to] !== '' ? (readApiTime(qs[to], clock) ?? NaN) : Date.now();
	const group = sentTogether(request);
	const windows = splitWindow(sinceMs, toMs).map(([start, end]) => ({
		...request,
		account,
		qs: { ...qs, [since]: toQueryTime(start, clock), [to]: toQueryTime(end, clock) },
		abandoned: group.abandoned,
	}));
	const compare = windows.length > 1 ? spec.order?.(qs) : undefined;
	if (compare) {
		// Each window comes in the API's order, so the first `limit` records of the merge are
		// among the first `limit` of each window.
		const perWindow = await group.all(
			windows.map(async (window) => await fetchPages.call(this, window, spec, limit)),
		);
		const merged = dedupe(perWindow.flat(), spec.idProperty).sort(compare);
		// Sorted on the API's own values: shaped (times rewritten) only once merged.
		return await shape(limit === undefined ? merged : merged.slice(0, limit));
	}
	if (limit !== undefined) {
		const records: IDataObject[] = [];
		for (const window of windows) {
			if (records.length >= limit) break;
			records.push(...(await fetchPages.call(this, window, spec, limit - records.length, shape)));
		}
		return dedupe(records, spec.idProperty).slice(0, limit);
	}
	const perWindow = await group.all(
		windows.map(async (window) => await fetchPages.call(this, window, spec, undefined, shape)),
	);
	return dedupe(perWindow.flat(), spec.idProperty);
}

/**
 * Reads one list (or one window of it). `limit` undefined means every record: the first page (500) tells how many
 * there are, and the remaining pages are then requested together; the shared throttle
 * keeps them within the account's rate. With a limit, pages are read one after another
 * until it is reached.
 */
async function fetchPages(
	this: TransportContext,
	given: ApiRequest,
	spec: ListSpec,
	limit?: number,
	shape: PageShaper = unshaped,
): Promise<IDataObject[]> {
	const request = await withAccount(this, given);
	if (!spec.paged) {
		const records = recordsOf(
			this,
			await customerCareRequest.call(this, pageRequest(request, spec)),
			request,
			spec,
		);
		return await shape(limit === undefined ? records : records.slice(0, limit));
	}

	const page = async (pageNumber: number, count: number) =>
		await customerCareRequest.call(this, pageRequest(request, spec, { page: pageNumber, count }));

	if (limit !== undefined) {
		const shaped: Array<Promise<IDataObject[]>> = [];
		for (let pageNumber = 1, read = 0; read < limit; pageNumber++) {
			const count = Math.min(MAX_PAGE_SIZE, limit);
			const batch = recordsOf(this, await page(pageNumber, count), request, spec);
			read += batch.length;
			// Shaped while the next page is read; a failure is reported below, not left unhandled.
			const next = shape(batch);
			next.catch(() => undefined);
			shaped.push(next);
			if (batch.length < count) break;
		}
		const records = (await Promise.all(shaped)).flat();
		return dedupe(records, spec.idProperty).slice(0, limit);
	}

	const read = await readAllPages.call(this, request, spec, { shape });
	return read.records ?? [];
}

/** A whole read of a paged list, or its size when page 1 showed more than the caller accepts. */
export interface PagesRead {
	/** Every record (de-duplicated); absent when the read stopped after a page 1, or was unstable and not kept. */
	records?: IDataObject[];
	/** The number of records page 1 reported. */
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
	 * Given the size page 1 reports and the requests the read has made so far (page 1 included),
	 * whether to read on; asked on every attempt. Default: always.
	 */
	accept?: (numFound: number, requestsSoFar: number) => boolean;
	/** Shapes each page's records as soon as they arrive. Default: as they are. */
	shape?: PageShaper;
	/** Default: keep. */
	whenUnstable?: UnstableRead;
}

/**
 * Reads every page of a paged list (one window at most). `accept` may stop the read after a
 * page 1, on every attempt: the trigger's bounded poll reads a window only when all of it, read
 * again if need be, fits in what is left of its budget. Each page's records are shaped as soon
 * as they arrive.
 */
export async function readAllPages(
	this: TransportContext,
	given: ApiRequest,
	spec: ListSpec,
	{ accept = () => true, shape = unshaped, whenUnstable = 'keep' }: PagedReadOptions = {},
): Promise<PagesRead> {
	const request = await withAccount(this, given);
	const pagesGroup = sentTogether(request);
	const page = async (pageNumber: number, count: number) =>
		await customerCareRequest.call(this, {
			...pageRequest(request, spec, { page: pageNumber, count }),
			abandoned: pagesGroup.abandoned,
		});
	/**
	 * A page's records, shaped as soon as they arrive; only what the read needs of the answer
	 * is kept besides (the raw answer is left to the garbage collector at once).
	 */
	const shapedPage = async (pageNumber: number) => {
		const answer = await page(pageNumber, MAX_PAGE_SIZE);
		const raw = recordsOf(this, answer, request, spec);
		return { numFound: answer.numFound, count: raw.length, records: await shape(raw) };
	};
	let requests = 0;
	// Records that change while the pages are read shift the pages under us (one could be
	// skipped): every page reports numFound, and a read where it moved is done again.
	for (let attempt = 1; ; attempt++) {
		const first = await page(1, MAX_PAGE_SIZE);
		requests++;
		const firstRaw = recordsOf(this, first, request, spec);
		const total = Number(first.numFound ?? firstRaw.length);
		const pages = Math.ceil(total / MAX_PAGE_SIZE);
		if (!accept(total, requests)) return { numFound: total, requests };
		if (firstRaw.length < MAX_PAGE_SIZE || pages <= 1) {
			return { records: dedupe(await shape(firstRaw), spec.idProperty), numFound: total, requests };
		}

		// The other pages are asked for first, then the first page is shaped while they are read.
		const [rest, firstRecords] = await Promise.all([
			pagesGroup.all(
				Array.from({ length: pages - 1 }, async (_, index) => await shapedPage(index + 2)),
			),
			shape(firstRaw),
		]);
		requests += rest.length;
		const records = firstRecords.concat(...rest.map((answer) => answer.records));
		let stable = rest.every((answer) => Number(answer.numFound ?? total) === total);
		// Records added while we read push the list past numFound: follow on until a short page.
		for (
			let pageNumber = pages + 1, count = rest[rest.length - 1].count;
			count === MAX_PAGE_SIZE;
			pageNumber++
		) {
			const next = await shapedPage(pageNumber);
			requests++;
			count = next.count;
			records.push(...next.records);
			stable = false;
		}
		if (stable) return { records: dedupe(records, spec.idProperty), numFound: total, requests };
		if (attempt === MAX_READ_ATTEMPTS) {
			if (whenUnstable === 'drop') return { numFound: total, requests, unstable: true };
			return { records: dedupe(records, spec.idProperty), numFound: total, requests };
		}
	}
}
