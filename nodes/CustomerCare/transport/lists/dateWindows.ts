/**
 * The date windows of a list read: a long range split into windows the API accepts (31 days at
 * most, docs/api.md#limits), and the query's date pairs written and read on the platform's clock.
 */
import type { IDataObject } from 'n8n-workflow';

import { readApiTime, toQueryTime, type PlatformClock } from '../../basics/clock';
import type { ListSpec } from '../../api/endpoints';
import { isEmpty } from '../../basics/looseValues';

/**
 * The longest date window sent (`to` − `since`): a second inside the API's 31 days
 * (docs/api.md#limits). The spec does not say whether a span of exactly 31 days is allowed; a
 * server that counts it inclusively would refuse every full window, and the second costs nothing
 * (bounds are inclusive, so a window still holds 31 days of seconds).
 */
export const MAX_WINDOW_MS = 31 * 24 * 3600 * 1000 - 1000;

/**
 * The longest window sent to a list whose limit is `days` (ListSpec.windowDays; 31 when not
 * given): a second inside it, as MAX_WINDOW_MS (the chat messages: 30 days, docs/api.md#chats).
 */
export function maxWindowMs(days = 31): number {
	return days * 24 * 3600 * 1000 - 1000;
}

/**
 * Consecutive windows covering [since, to] with no gap and no overlap: bounds are inclusive
 * and to the second, so each window ends one second before the next begins. A window spans
 * `windowMs`, MAX_WINDOW_MS by default (a 90-day range is three windows, not four).
 */
export function splitWindow(sinceMs: number, toMs: number, windowMs = MAX_WINDOW_MS): Array<[number, number]> {
	// Windows are sent to the second; an end of "now" carries milliseconds that would hide a
	// one-instant last window from the check below.
	const [since, to] = [Math.floor(sinceMs / 1000) * 1000, Math.floor(toMs / 1000) * 1000];
	const windows: Array<[number, number]> = [];
	for (let start = since; start <= to; start += windowMs + 1000) {
		windows.push([start, Math.min(start + windowMs, to)]);
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
 * The windows of the last `days` days back from `nowMs`, newest first (a lookup that stops at the
 * window holding what it looks for): each spans `windowMs` at most, contiguous to the second,
 * together (nowMs − days, nowMs]. A whole number of days is whole windows of a 30- or 31-day
 * list when it is a multiple of their days: no window of one instant at the far end.
 */
export function windowsBackFrom(nowMs: number, days: number, windowMs: number): Array<[number, number]> {
	const now = Math.floor(nowMs / 1000) * 1000;
	const floor = now - days * 24 * 3600 * 1000 + 1000;
	const windows: Array<[number, number]> = [];
	for (let end = now; end >= floor; end -= windowMs + 1000) windows.push([Math.max(end - windowMs, floor), end]);
	return windows;
}

/** The query values of a date pair `[since, to]` for the window [startMs, endMs], on the platform's clock. */
export function windowQuery(
	[since, to]: readonly [string, string],
	startMs: number,
	endMs: number,
	clock: PlatformClock,
): IDataObject {
	return { [since]: toQueryTime(startMs, clock), [to]: toQueryTime(endMs, clock) };
}

/** The instant a window's end bound names; now when it is not given; undefined when it is no time. */
export function windowEndOf(qs: IDataObject, to: string, clock: PlatformClock): number | undefined {
	return isEmpty(qs[to]) ? Date.now() : readApiTime(qs[to], clock);
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
	if (isEmpty(qs[decidesSince]) || !isEmpty(qs[pair.covers[0]])) return qs;
	const toMs = windowEndOf(qs, decidesTo, clock);
	if (toMs === undefined) return qs;
	return { ...qs, ...windowQuery(pair.covers, toMs - MAX_WINDOW_MS, toMs, clock) };
}
