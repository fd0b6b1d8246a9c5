/**
 * Reading a list: what a list endpoint is (ListSpec), and its read over a date range split into
 * windows (dateWindows.ts), each window read page by page (pages.ts), merged without repeats.
 */
import type { IDataObject } from 'n8n-workflow';

import { readApiTime, type PlatformClock } from './clock';
import { splitWindow, windowEndOf, windowQuery } from './dateWindows';
import { isEmpty } from './looseValues';
import { dedupe, fetchPages, sentTogether, unshaped, withAccount, type PageShaper } from './pages';
import type { ApiRequest, TransportContext } from './request';

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
	 * Whenever `decides` is sent, `covers` is sent beside it (dateWindows.ts withCoveringPair).
	 */
	coveringPair?: { decides: [string, string]; covers: [string, string] };
	/**
	 * The order the API returns records in for this query. When given, the windows of a long
	 * range are merged in that order (each window read up to the limit, then sorted);
	 * otherwise the windows follow each other oldest first.
	 */
	order?: (qs: IDataObject) => (a: IDataObject, b: IDataObject) => number;
}

/** The windows a range is read in: its bounds as instants, split. */
function windowsOf(
	request: ApiRequest,
	pair: [string, string],
	clock: PlatformClock,
): Array<[number, number]> {
	const qs = request.qs ?? {};
	const sinceMs = readApiTime(qs[pair[0]], clock) ?? NaN;
	const toMs = windowEndOf(qs, pair[1], clock) ?? NaN;
	return splitWindow(sinceMs, toMs);
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
	const pair = spec.windowPairs?.find(([since]) => !isEmpty(qs[since]));
	if (!pair) return await fetchPages.call(this, request, spec, limit, shape);

	// The bounds were written by the platform's clock (checks/checks.ts); windows are split as instants.
	const { account } = await withAccount(this, request);
	const { clock } = account;
	const group = sentTogether(request);
	const windows = windowsOf(request, pair, clock).map(([start, end]) => ({
		...request,
		account,
		qs: { ...qs, ...windowQuery(pair, start, end, clock) },
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
