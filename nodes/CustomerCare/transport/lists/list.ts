/**
 * Reading a list (its spec, ListSpec, is in api/endpoints.ts beside the endpoints it describes):
 * its read over a date range split into windows (dateWindows.ts), each window read page by page
 * (pages.ts), merged without repeats.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ListSpec } from '../../api/endpoints';
import { readApiTime, type PlatformClock } from '../../basics/clock';
import { maxWindowMs, splitWindow, windowEndOf, windowQuery } from './dateWindows';
import { isEmpty } from '../../basics/looseValues';
import { dedupe, fetchPages, sentTogether, unshaped, withAccount, type PageShaper } from './pages';
import type { ApiRequest, TransportContext } from '../request/request';

/** The windows a range is read in: its bounds as instants, split. */
function windowsOf(
	request: ApiRequest,
	spec: ListSpec,
	pair: [string, string],
	clock: PlatformClock,
): Array<[number, number]> {
	const qs = request.qs ?? {};
	const sinceMs = readApiTime(qs[pair[0]], clock) ?? NaN;
	const toMs = windowEndOf(qs, pair[1], clock) ?? NaN;
	return splitWindow(sinceMs, toMs, maxWindowMs(spec.windowDays));
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
	const windows = windowsOf(request, spec, pair, clock).map(([start, end]) => ({
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
