/**
 * The pure parts of reading a list (nodes/CustomerCare/transport/lists/dateWindows.ts, pages.ts): splitting a date
 * range into the API's 31-day windows, and merging pages or windows without repeats.
 * The windows are checked as they are sent, i.e. after toIsoZ (to the second): the ticket list
 * v2 takes a span of at most 31 days whose start precedes its end (docs/api.md, Times and Tickets),
 * and a window stays a second inside 31 days, for a server that counts the span inclusively
 * (docs/api.md#where-the-spec-is-unclear). The limit is written here, not taken from the code.
 * Property runs are seeded: see ./property.ts to replay a failure.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { toIsoZ } from '../../../../nodes/CustomerCare/basics/dates';
import { maxWindowMs, splitWindow } from '../../../../nodes/CustomerCare/transport/lists/dateWindows';
import { dedupe } from '../../../../nodes/CustomerCare/transport/lists/pages';
import { propertyRuns } from '../../helpers/property';

const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;
/** The API's limit (docs/api.md#limits): every window sent spans less than this. */
const LIMIT = 31 * DAY;
/** Instants (whole seconds) one window holds, bounds inclusive: 31 days of seconds. */
const WINDOW_SECONDS = 31 * 24 * 3600;
const T0 = Date.UTC(2026, 10, 23, 18, 35, 44);

/** A window as the request carries it: both ends to the second. */
const sent = ([start, end]: [number, number]) => [Date.parse(toIsoZ(start)), Date.parse(toIsoZ(end))];

/**
 * since < to, both from the date filters (whole seconds), or `to` left empty, so it is now,
 * to the millisecond. Spans cluster around multiples of 31 days, where windows meet.
 */
const range = fc
	.record({
		since: fc.integer({ min: 0, max: 20 * 365 * 24 * 3600 }).map((s) => Date.UTC(2010, 0, 1) + s * SECOND),
		windows: fc.integer({ min: 0, max: 14 }),
		nearEdge: fc.integer({ min: -3, max: 3 }),
		farSeconds: fc.integer({ min: 1, max: 31 * 24 * 3600 }),
		edge: fc.boolean(),
		millis: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 999 })),
	})
	.map(({ since, windows, nearEdge, farSeconds, edge, millis }) => {
		const seconds = edge ? windows * WINDOW_SECONDS + nearEdge : windows * WINDOW_SECONDS + farSeconds;
		return { since, to: since + Math.max(1, seconds) * SECOND + millis };
	});

describe('splitWindow', () => {
	it('covers [since, to] with consecutive windows each shorter than 31 days, each start before its end', () => {
		fc.assert(
			fc.property(range, ({ since, to }) => {
				const windows = splitWindow(since, to).map(sent);
				expect(windows[0][0]).toBe(Date.parse(toIsoZ(since)));
				expect(windows[windows.length - 1][1]).toBe(Date.parse(toIsoZ(to)));
				windows.forEach(([start, end], index) => {
					expect(start).toBeLessThan(end);
					expect(end - start).toBeLessThan(LIMIT);
					// No gap, no overlap: the bounds are inclusive, so the next starts one second on.
					if (index > 0) expect(start).toBe(windows[index - 1][1] + SECOND);
				});
			}),
			propertyRuns(1000),
		);
	});

	it('uses as few windows as the limit allows; a span below 31 days is one window', () => {
		fc.assert(
			fc.property(range, ({ since, to }) => {
				const [first, last] = [Date.parse(toIsoZ(since)), Date.parse(toIsoZ(to))];
				const seconds = (last - first) / SECOND + 1;
				const windows = splitWindow(since, to);
				expect(windows).toHaveLength(Math.ceil(seconds / WINDOW_SECONDS));
				if (last - first < LIMIT) expect(windows).toHaveLength(1);
			}),
			propertyRuns(1000),
		);
	});

	it('splits a second before 31 days end: a span of exactly 31 days is two windows', () => {
		expect(splitWindow(T0, T0 + 31 * DAY - SECOND).map(sent)).toEqual([[T0, T0 + 31 * DAY - SECOND]]);
		expect(splitWindow(T0, T0 + 93 * DAY - 3 * SECOND)).toHaveLength(3);
		// Exactly 31 days: the last window would be a single instant, so it takes a second more.
		expect(splitWindow(T0, T0 + 31 * DAY).map(sent)).toEqual([
			[T0, T0 + 31 * DAY - 2 * SECOND],
			[T0 + 31 * DAY - SECOND, T0 + 31 * DAY],
		]);
		expect(splitWindow(T0, T0 + 31 * DAY + SECOND).map(sent)).toEqual([
			[T0, T0 + 31 * DAY - SECOND],
			[T0 + 31 * DAY, T0 + 31 * DAY + SECOND],
		]);
	});
});

describe('splitWindow with a list of 30-day ranges (the chat messages, docs/api.md#chats)', () => {
	const CHAT_LIMIT = 30 * DAY;
	const chatRange = fc
		.record({
			since: fc.integer({ min: 0, max: 20 * 365 * 24 * 3600 }).map((s) => Date.UTC(2010, 0, 1) + s * SECOND),
			windows: fc.integer({ min: 0, max: 14 }),
			offset: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: 1, max: 30 * 24 * 3600 })),
		})
		.map(({ since, windows, offset }) => ({ since, to: since + Math.max(1, windows * 30 * 24 * 3600 + offset) * SECOND }));

	it('covers [since, to] with consecutive windows each shorter than 30 days, as few as the limit allows', () => {
		fc.assert(
			fc.property(chatRange, ({ since, to }) => {
				const windows = splitWindow(since, to, maxWindowMs(30)).map(sent);
				expect(windows[0][0]).toBe(since);
				expect(windows[windows.length - 1][1]).toBe(to);
				windows.forEach(([start, end], index) => {
					expect(start).toBeLessThan(end);
					expect(end - start).toBeLessThan(CHAT_LIMIT);
					if (index > 0) expect(start).toBe(windows[index - 1][1] + SECOND);
				});
				expect(windows).toHaveLength(Math.ceil(((to - since) / SECOND + 1) / (30 * 24 * 3600)));
			}),
			propertyRuns(500),
		);
	});

	it('a range of 30 days less a second is one window; 75 days are three', () => {
		expect(splitWindow(T0, T0 + 30 * DAY - SECOND, maxWindowMs(30)).map(sent)).toEqual([[T0, T0 + 30 * DAY - SECOND]]);
		expect(splitWindow(T0, T0 + 75 * DAY, maxWindowMs(30)).map(sent)).toEqual([
			[T0, T0 + 30 * DAY - SECOND],
			[T0 + 30 * DAY, T0 + 60 * DAY - SECOND],
			[T0 + 60 * DAY, T0 + 75 * DAY],
		]);
	});
});

describe('dedupe', () => {
	const records = fc.array(
		fc.record({
			ticket_id: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
			page: fc.nat(9),
		}),
		{ maxLength: 60 },
	);

	it('keeps the first record of each id, in order, and every record without an id', () => {
		fc.assert(
			fc.property(records, (list) => {
				const merged = dedupe(list as IDataObject[], 'ticket_id');
				const expected = list.filter(
					(record, index) =>
						record.ticket_id === undefined || list.findIndex((other) => other.ticket_id === record.ticket_id) === index,
				);
				expect(merged).toEqual(expected);
				expect(merged.every((record, index) => merged.indexOf(record) === index)).toBe(true);
			}),
			propertyRuns(500),
		);
	});

	it('keeps everything when the list has no id field', () => {
		const list: IDataObject[] = [{ id: 1 }, { id: 1 }];
		expect(dedupe(list, undefined)).toEqual(list);
	});
});
