/**
 * Dates as the API wants them (nodes/CustomerCare/basics/dates.ts): users' dates in, the API's
 * whole-second forms out. Property runs are seeded: see ./property.ts to replay a failure.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';

import { isValidTimeZone, toEpochMs, toIsoZ, toSlashDate, toUtcText, toZoneless } from '../../../nodes/CustomerCare/basics/dates';
import { offsetChanges } from '../helpers/offsetChanges';
import { propertyRuns } from '../helpers/property';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const wholeSecond = (ms: number) => Math.floor(ms / SECOND) * SECOND;
/** Zones with whole, half and quarter-hour offsets, both hemispheres' daylight saving, and the date line. */
const ZONES = [
	'UTC',
	'Europe/Prague',
	'America/New_York',
	'America/St_Johns',
	'Asia/Ho_Chi_Minh',
	'Asia/Kolkata',
	'Asia/Kathmandu',
	'Australia/Lord_Howe',
	'Pacific/Chatham',
	'Pacific/Kiritimati',
	'America/Sao_Paulo',
];
/** Instants from 1971 to 2100, to the millisecond. */
const instant = fc.integer({
	min: Date.UTC(1971, 0, 1),
	max: Date.UTC(2100, 0, 1),
});
const zone = fc.constantFrom(...ZONES);

/**
 * The instants 2020–2030 where a zone of ZONES changes its offset (found day by day, then to the
 * second), with the zone: wall-clock times next to them are where reading one back is hard.
 */
const CHANGES = offsetChanges(ZONES, 2020, 2031);
/** An instant within three hours of an offset change, with its zone. */
const nearChange = fc
	.record({ change: fc.constantFrom(...CHANGES), seconds: fc.integer({ min: -3 * 3600, max: 3 * 3600 }) })
	.map(({ change, seconds }) => ({ ms: change.at + seconds * SECOND, timeZone: change.timeZone }));

describe('toIsoZ', () => {
	it('writes YYYY-MM-DDTHH:mm:ssZ, the instant cut to its second', () => {
		fc.assert(
			fc.property(instant, (ms) => {
				const text = toIsoZ(ms);
				expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
				expect(Date.parse(text)).toBe(wholeSecond(ms));
			}),
			propertyRuns(1000),
		);
	});

	it('keeps the second at its edges', () => {
		const second = Date.UTC(2026, 10, 23, 18, 35, 44);
		expect(toIsoZ(second)).toBe('2026-11-23T18:35:44Z');
		expect(toIsoZ(second + 999)).toBe('2026-11-23T18:35:44Z');
		expect(toIsoZ(second - 1)).toBe('2026-11-23T18:35:43Z');
	});
});

describe('toUtcText', () => {
	it('writes YYYY-MM-DD HH:mm:ss UTC for any instant a Date holds, and never throws for one it does not', () => {
		fc.assert(
			fc.property(fc.oneof(instant, fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, 8.64e15, 8.64e15 + 1, -8.64e15 - 1)), (ms) => {
				const text = toUtcText(ms);
				if (Math.abs(ms) <= 8.64e15) expect(text).toMatch(/^[-+]?\d{4,6}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
				else expect(text).toBe('an unknown time');
			}),
			propertyRuns(1000),
		);
	});

	it('writes the second of an instant', () => {
		expect(toUtcText(Date.UTC(2026, 10, 23, 18, 35, 44, 999))).toBe('2026-11-23 18:35:44 UTC');
	});
});

describe('toEpochMs', () => {
	it('reads its own ISO form back, in any zone (the Z wins)', () => {
		fc.assert(
			fc.property(instant, zone, (ms, timeZone) => {
				expect(toEpochMs(toIsoZ(ms), timeZone)).toBe(wholeSecond(ms));
			}),
			propertyRuns(1000),
		);
	});

	it('reads a zone-less time in the zone it was written in (format then parse round-trips)', () => {
		fc.assert(
			fc.property(fc.oneof(fc.record({ ms: instant, timeZone: zone }), nearChange), ({ ms, timeZone }) => {
				const written = toZoneless(ms, timeZone);
				expect(written).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
				const read = toEpochMs(written, timeZone)!;
				// The same wall clock always; the same instant except in the hour a zone repeats
				// when its clocks go back, where one wall-clock time names two instants: then the
				// other one, exactly the change of offset away.
				expect(toZoneless(read, timeZone)).toBe(written);
				const offset = (at: number) => DateTime.fromMillis(at, { zone: timeZone }).offset * MINUTE;
				if (read !== wholeSecond(ms)) {
					expect(offset(read)).not.toBe(offset(ms));
					expect(read - wholeSecond(ms)).toBe(offset(ms) - offset(read));
				}
			}),
			propertyRuns(1000),
		);
	});

	it('reads the same instant at every whole second in a zone outside daylight-saving changes', () => {
		// Asia/Ho_Chi_Minh has kept +07:00 since 1975: here the round trip is exact.
		fc.assert(
			fc.property(fc.integer({ min: Date.UTC(1976, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
				expect(toEpochMs(toZoneless(ms, 'Asia/Ho_Chi_Minh'), 'Asia/Ho_Chi_Minh')).toBe(wholeSecond(ms));
			}),
			propertyRuns(500),
		);
	});

	it('reads n8n date values: Luxon DateTimes, JS Dates and epoch milliseconds as the instant they are', () => {
		fc.assert(
			fc.property(instant, zone, zone, (ms, timeZone, luxonZone) => {
				expect(toEpochMs(DateTime.fromMillis(ms, { zone: luxonZone }), timeZone)).toBe(ms);
				expect(toEpochMs(new Date(ms), timeZone)).toBe(ms);
				expect(toEpochMs(ms, timeZone)).toBe(ms);
			}),
			propertyRuns(500),
		);
	});

	it('reads ISO strings with an offset or fractions as the instant they name', () => {
		expect(toEpochMs('2026-01-31T08:00:00Z', 'Asia/Kolkata')).toBe(Date.UTC(2026, 0, 31, 8));
		expect(toEpochMs('2026-01-31T08:00:00+07:00', 'UTC')).toBe(Date.UTC(2026, 0, 31, 1));
		expect(toEpochMs('2026-01-31T08:00:00.250Z', 'UTC')).toBe(Date.UTC(2026, 0, 31, 8, 0, 0, 250));
		expect(toEpochMs('  2026-01-31T08:00:00Z  ', 'UTC')).toBe(Date.UTC(2026, 0, 31, 8));
	});

	it('reads zone-less dates, with - or /, with or without seconds, in the given zone', () => {
		expect(toEpochMs('2026-01-31 08:00:00', 'Asia/Ho_Chi_Minh')).toBe(Date.UTC(2026, 0, 31, 1));
		expect(toEpochMs('2026/01/31 08:00', 'Asia/Kolkata')).toBe(Date.UTC(2026, 0, 31, 2, 30));
		expect(toEpochMs('2026-01-31', 'America/New_York')).toBe(Date.UTC(2026, 0, 31, 5));
		expect(toEpochMs('2026-07-31', 'America/New_York')).toBe(Date.UTC(2026, 6, 31, 4));
		expect(toEpochMs('2026-01-31T08:00:00', 'Europe/Prague')).toBe(Date.UTC(2026, 0, 31, 7));
		// Both sides of Europe's 2026 clock change (29 March, 01:00 UTC).
		expect(toEpochMs('2026-03-29 01:59:59', 'Europe/Prague')).toBe(Date.UTC(2026, 2, 29, 0, 59, 59));
		expect(toEpochMs('2026-03-29 03:00:00', 'Europe/Prague')).toBe(Date.UTC(2026, 2, 29, 1));
	});

	it('refuses what is not a date', () => {
		const timeZone = 'UTC';
		for (const value of [
			undefined,
			null,
			'',
			'tomorrow',
			'31/01/2026',
			'2026-13-01',
			'2026-00-10',
			'2026-01-32',
			'2026-01-31 24:00:00',
			'2026-01-31 08:60:00',
			'2026-01-31T25:00:00Z',
			NaN,
			Infinity,
			new Date('nope'),
			DateTime.invalid('no reason'),
			{},
			true,
		]) {
			expect(toEpochMs(value, timeZone)).toBeUndefined();
		}
	});
});

describe('toSlashDate', () => {
	it('is the day of the instant in the zone, as YYYY/MM/DD, and matches the zone-less form', () => {
		fc.assert(
			fc.property(instant, zone, (ms, timeZone) => {
				const day = toSlashDate(ms, timeZone);
				expect(day).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
				expect(day.replace(/\//g, '-')).toBe(toZoneless(ms, timeZone).slice(0, 10));
			}),
			propertyRuns(500),
		);
		// 23:30 UTC is already the next day in Kolkata, still the same day in New York.
		const lateUtc = Date.UTC(2026, 0, 31, 23, 30);
		expect(toSlashDate(lateUtc, 'Asia/Kolkata')).toBe('2026/02/01');
		expect(toSlashDate(lateUtc, 'America/New_York')).toBe('2026/01/31');
	});
});

describe('isValidTimeZone', () => {
	it('knows IANA names and refuses others', () => {
		for (const timeZone of ZONES) expect(isValidTimeZone(timeZone)).toBe(true);
		expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
		expect(isValidTimeZone('GMT+25')).toBe(false);
	});
});

describe('toEpochMs: only real calendar dates', () => {
	/** Days of each month, February of a common year (the oracle, from the Gregorian calendar). */
	const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
	const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
	const isReal = ({ y, m, d, h, mi, s }: Parts) =>
		m >= 1 && m <= 12 && d >= 1 && d <= DAYS[m - 1] + (m === 2 && isLeap(y) ? 1 : 0) && h <= 23 && mi <= 59 && s <= 59;
	type Parts = { y: number; m: number; d: number; h: number; mi: number; s: number };
	const p2 = (n: number) => String(n).padStart(2, '0');
	const parts = fc.record({
		// Four-digit years, with the century years that are (not) leap years often.
		y: fc.oneof(fc.integer({ min: 1000, max: 9999 }), fc.constantFrom(1900, 2000, 2024, 2026, 2100, 2400)),
		m: fc.integer({ min: 0, max: 13 }),
		d: fc.oneof(fc.integer({ min: 0, max: 32 }), fc.integer({ min: 28, max: 31 })),
		h: fc.integer({ min: 0, max: 24 }),
		mi: fc.integer({ min: 0, max: 60 }),
		s: fc.integer({ min: 0, max: 60 }),
	});
	const zoneless = ({ y, m, d, h, mi, s }: Parts) => `${y}-${p2(m)}-${p2(d)} ${p2(h)}:${p2(mi)}:${p2(s)}`;
	const isoZ = ({ y, m, d, h, mi, s }: Parts) => `${y}-${p2(m)}-${p2(d)}T${p2(h)}:${p2(mi)}:${p2(s)}Z`;
	const partsOf = (ms: number) => {
		const date = new Date(ms);
		return {
			y: date.getUTCFullYear(),
			m: date.getUTCMonth() + 1,
			d: date.getUTCDate(),
			h: date.getUTCHours(),
			mi: date.getUTCMinutes(),
			s: date.getUTCSeconds(),
		};
	};

	it('accepts exactly the real dates and times, zone-less and ISO with Z, and keeps their parts', () => {
		fc.assert(
			fc.property(parts, (given) => {
				for (const text of [zoneless(given), isoZ(given), zoneless(given).slice(0, 10)]) {
					const whole = text.length === 10 ? { ...given, h: 0, mi: 0, s: 0 } : given;
					const ms = toEpochMs(text, 'UTC');
					if (!isReal(whole)) expect({ text, ms }).toEqual({ text, ms: undefined });
					else expect({ text, parts: partsOf(ms!) }).toEqual({ text, parts: whole });
				}
			}),
			propertyRuns(2000),
		);
	});

	it.each(['2026-02-29', '2100-02-29', '2026-04-31', '2026-02-30T00:00:00Z', '2026-02-31T10:00:00+07:00', '2026-06-31 08:00:00', '2026-01-31T24:00:00Z'])(
		'%s is not a date',
		(text) => {
			expect(toEpochMs(text, 'Asia/Ho_Chi_Minh')).toBeUndefined();
		},
	);

	it.each([
		['2024-02-29', Date.UTC(2024, 1, 29)],
		['2000-02-29T12:00:00Z', Date.UTC(2000, 1, 29, 12)],
		['2026-04-30 23:59:59', Date.UTC(2026, 3, 30, 23, 59, 59)],
	])('%s is a date', (text, ms) => {
		expect(toEpochMs(text, 'UTC')).toBe(ms);
	});
});
