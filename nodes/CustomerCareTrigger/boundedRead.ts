import type { ReadWindow } from './cursor';

/**
 * A poll's bounded read, free of I/O (the list is read through `readChunk`, time through
 * `clock`), so that the property test drives the very loop the trigger runs.
 *
 * n8n's durable scheduler abandons a poll that runs past its time limit: it emits nothing and
 * commits nothing, and the next poll starts over from the same cursor (docs/scheduler.md §3).
 * A catch-up that cannot finish in one poll would never finish. So a poll reads its window in
 * consecutive parts ("chunks"), oldest first, each read whole, and stops starting new ones when
 * its time or request budget runs low; the cursor then moves to the end of the last chunk read.
 *
 * Why whole chunks: the lead and deal lists are sorted by id, not by the watched stamp (docs/api.md,
 * tools/fake-platform/handlers.ts), so the first pages of a window say nothing about any one
 * second. A second counts as fully read only when every page of a chunk holding it was read.
 * Page 1 of a chunk tells how many records it holds (numFound); a chunk that does not fit what
 * is left is not read further but narrowed, in proportion to what fits. A count that cannot be
 * trusted (missing, not a number, past the cap: transport/lists/pagePlan.ts trustedCount) tells
 * nothing: the chunk is read page by page until a short page, as far as what is left allows, and
 * a chunk that had not ended there is narrowed as one that does not fit.
 */

const SECOND = 1000;

/** The API's longest window is 31 days (docs/api.md#limits); a chunk is one window at most. */
const MAX_CHUNK_SPAN_MS = 31 * 24 * 3600 * SECOND - SECOND;

/**
 * Reading stops starting requests at this share of the budget. The rest covers what follows
 * the read (Simplify's definitions and the records simplified), a chunk slower than the last, and
 * n8n's own bookkeeping (n8n already keeps a margin of its own below its time limit).
 */
export const READ_SHARE = 0.6;
/**
 * The share of the budget by which a poll's last file (Call Ended's recordings) starts: the
 * rest is for that file and for the output, so the poll ends in time and its cursor moves.
 */
export const FILES_SHARE = 0.8;

/** Narrowings of a poll's first chunk once its budget is spent, before the least chunk is read. */
const LAST_CHUNK_TRIES = 2;

/** A narrowed chunk aims below what fits, for records that land while it is read. */
const NARROWING_SLACK = 0.8;

export interface ReadBudget {
	/** When the poll started (`Date.now()` at the start of `poll()`). */
	startedAt: number;
	/** Milliseconds the poll may take from its start. */
	budgetMs: number;
	/** Requests the poll may make to read the list (pages, including page 1 of each chunk). */
	maxRequests: number;
	/** Records per page. */
	pageSize: number;
}

/** One chunk's read: every record, or only its size when page 1 showed that it does not fit. */
export interface ChunkRead<T> {
	records?: T[];
	/** Page 1's count when it could be trusted; else the records read (fewer than there are when the read stopped). */
	numFound: number;
	requests: number;
	/** The chunk's pages kept shifting under every attempt: nothing of it is kept. */
	unstable?: boolean;
}

/**
 * Reads a chunk; `morePages`, called with page 1's numFound (undefined when it cannot be
 * trusted) and the requests made so far (page 1 included) on every attempt, says how many pages
 * after page 1 the read may take: a trusted count of more is not read on, and without one the
 * read stops there (no records) when it had not ended.
 */
export type ReadChunk<T> = (
	chunk: ReadWindow,
	morePages: (numFound: number | undefined, requestsSoFar: number) => number,
) => Promise<ChunkRead<T>>;

export interface BoundedReadResult<T> {
	/** Every record of the part read. */
	records: T[];
	/**
	 * The part of the window read completely, from its start; absent when nothing of it was (its
	 * least chunk kept shifting under every attempt): the cursor then stays where it was.
	 */
	read?: ReadWindow;
	/** The requests made. */
	requests: number;
}

/**
 * The end of the chunk starting at `from`: `span` later, or the window's end when less than two
 * seconds would be left after it (the ticket list refuses a window whose start is its end).
 */
function chunkEnd(from: number, to: number, span: number): number {
	const end = from + Math.min(Math.max(span, SECOND), MAX_CHUNK_SPAN_MS);
	if (end < to - SECOND) return end;
	// Stretched to the window's end, the chunk must still stay under 31 days; a window one
	// second too long ends with a chunk of one second instead (as splitWindow does).
	return to - from <= MAX_CHUNK_SPAN_MS ? to : to - 2 * SECOND;
}

/** A span (whole seconds) that holds about `capacity` records at the density just seen. */
function spanFor(spanMs: number, found: number, capacity: number): number {
	if (found <= 0) return MAX_CHUNK_SPAN_MS;
	const seconds = Math.floor(((spanMs + SECOND) / SECOND) * (capacity / found) * NARROWING_SLACK);
	return Math.min(Math.max(seconds - 1, 1) * SECOND, MAX_CHUNK_SPAN_MS);
}

/**
 * Reads `window` oldest first, chunk by chunk, within the budget. The first chunk of a poll
 * narrowed to its least (two seconds) is read whole whatever it costs, so every poll moves on
 * (up to the cap of pages of one read, MAX_PAGES_PER_READ, past which the poll fails);
 * a later chunk is started only when a request still fits in time and in the request budget,
 * and read on only when all its pages fit (judged from page 1's round trip, pages one after
 * another).
 */
export async function boundedRead<T>(
	window: ReadWindow,
	budget: ReadBudget,
	clock: () => number,
	readChunk: ReadChunk<T>,
): Promise<BoundedReadResult<T>> {
	const readUntil = budget.startedAt + budget.budgetMs * READ_SHARE;
	const records: T[] = [];
	let requests = 0;
	let readTo: number | undefined;
	let span = MAX_CHUNK_SPAN_MS;
	let slowestRoundTrip = 0;
	let lastChunkTries = 0;
	for (let from = window.since; from <= window.to; ) {
		// Nothing read yet and the budget spent narrowing: so that the poll moves on, a chunk of at
		// most two pages is read whole; narrowed to one page by the density page 1 showed, and after
		// LAST_CHUNK_TRIES narrowings to the least chunk. A few requests past the budget at most.
		const lastChunk = requests >= budget.maxRequests || clock() + slowestRoundTrip > readUntil;
		if (lastChunk && readTo !== undefined) break;
		if (lastChunk && lastChunkTries++ >= LAST_CHUNK_TRIES) span = SECOND;
		const end = chunkEnd(from, window.to, span);
		const least = end === chunkEnd(from, window.to, SECOND);
		const startedChunk = clock();
		let capacity = budget.pageSize;
		const answer = await readChunk({ since: from, to: end }, (_numFound, requestsSoFar) => {
			// A page 1 read again after the pages shifted is judged by the slowest round trip seen.
			const roundTrip = requestsSoFar === 1 ? Math.max(clock() - startedChunk, 1) : slowestRoundTrip;
			slowestRoundTrip = Math.max(slowestRoundTrip, roundTrip);
			const pagesLeft = budget.maxRequests - requests - requestsSoFar;
			const pagesInTime = Math.floor((readUntil - clock()) / roundTrip);
			const morePages = Math.max(0, Math.min(pagesLeft, pagesInTime));
			capacity = (morePages + 1) * budget.pageSize;
			if (readTo === undefined && least) return Infinity;
			if (readTo === undefined && lastChunk) return Math.max(morePages, 1);
			return morePages;
		});
		requests += answer.requests;
		if (answer.records) {
			records.push(...answer.records);
			readTo = end;
			const left = Math.max(budget.maxRequests - requests, 1) * budget.pageSize;
			span = spanFor(end - from, answer.numFound, left);
			from = end + SECOND;
			continue;
		}
		// Too many records for what is left, or pages that kept shifting (records changed during the
		// read): nothing of this chunk is kept. A shifting chunk is narrowed to one page, read at once.
		if (least) break;
		span = Math.min(
			spanFor(end - from, answer.numFound, answer.unstable || lastChunk ? budget.pageSize : capacity),
			end - from - SECOND,
		);
		if (readTo !== undefined && (requests >= budget.maxRequests || clock() > readUntil)) break;
	}
	return { records, read: readTo === undefined ? undefined : { since: window.since, to: readTo }, requests };
}
