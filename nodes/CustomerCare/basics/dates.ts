/**
 * Dates as the API wants them. The API mixes ISO times with a `Z` (ticket lists, lead, deal
 * and call filters) and zone-less `YYYY-MM-DD HH:mm:ss` times in the account's time zone
 * (create/update answers, calls, estimated close dates). Users give n8n dates: ISO strings,
 * Luxon DateTimes from expressions, JS Dates, epoch milliseconds.
 */
import { isEmpty } from './looseValues';

const ZONELESS = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

function pad(value: number, width = 2): string {
	return String(value).padStart(width, '0');
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (a list converts thousands of times). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(timeZone, formatter);
	}
	return formatter;
}

/** Wall-clock parts of an instant in a time zone (IANA name), via Intl. */
function wallClock(ms: number, timeZone: string) {
	const parts = formatterOf(timeZone).formatToParts(new Date(ms));
	const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
	return {
		year: get('year'),
		month: get('month'),
		day: get('day'),
		hour: get('hour'),
		minute: get('minute'),
		second: get('second'),
	};
}

/** Offset of a time zone at an instant, in ms (wall clock minus UTC). */
function offsetAt(ms: number, timeZone: string): number {
	const wall = wallClock(ms, timeZone);
	const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
	return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant of a wall-clock time in a time zone: from the kept block offsets when the offset
 * holds on both sides (every stamp of a list is read so), from Intl next to a change.
 */
export function fromWallClock(
	parts: [number, number, number, number, number, number],
	timeZone: string,
): number {
	const [year, month, day, hour, minute, second] = parts;
	const guess = Date.UTC(year, month - 1, day, hour, minute, second);
	if (guess > FAST_FROM + 2 * 86_400_000 && guess < FAST_TO - 2 * 86_400_000) {
		const offset = blockOffsetAt(guess, timeZone);
		// The offset at the instant it gives must be the same: then its wall clock is this one.
		if (offset !== null && blockOffsetAt(guess - offset, timeZone) === offset) return guess - offset;
	}
	const first = guess - offsetAt(guess, timeZone);
	// A second pass settles instants next to a daylight-saving change.
	return guess - offsetAt(first, timeZone);
}

/** Days in a month (1–12) of the Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
	if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
	return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Whether the parts name a real calendar date and time. Date.UTC and Date.parse roll an
 * impossible day over (2026-02-30 becomes March 2), which would send another date.
 */
function isRealDateTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): boolean {
	return (
		month >= 1 &&
		month <= 12 &&
		day >= 1 &&
		day <= daysInMonth(year, month) &&
		hour <= 23 &&
		minute <= 59 &&
		second <= 59
	);
}

/**
 * An ISO 8601 / RFC 3339 time with a zone, in the forms servers write it: `T`, `t` or a space
 * between date and time, fractions, and `Z`, `z`, `±HH:MM`, `±HHMM` or `±HH` (PostgreSQL),
 * with or without a space before it.
 */
const ZONED = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2})(?::(\d{2})(?::(\d{2})(\.\d+)?)?)? ?(?:([Zz])|([+-])(\d{2}):?(\d{2})?)$/;

export interface ZonedParts {
	/** Wall-clock parts: year, month, day, hour, minute, second. */
	wall: [number, number, number, number, number, number];
	/** Milliseconds of a fraction. */
	ms: number;
	/** Minutes east of UTC, or `Z` when the time ends in Z (which some servers do not mean as UTC). */
	zone: number | 'Z';
}

/** The parts of a zoned time (see ZONED), or undefined when the text is not one or names no real date. */
export function zonedParts(text: string): ZonedParts | undefined {
	const match = ZONED.exec(text.trim());
	if (!match) return undefined;
	const [, y, mo, d, h, mi = '0', s = '0', fraction, z, sign, oh, om = '0'] = match;
	const wall = [y, mo, d, h, mi, s].map(Number) as ZonedParts['wall'];
	if (!isRealDateTime(...wall)) return undefined;
	const ms = fraction ? Math.floor(Number(fraction) * 1000) : 0;
	if (z) return { wall, ms, zone: 'Z' };
	const minutes = Number(oh) * 60 + Number(om);
	if (Number(oh) > 23 || Number(om) > 59) return undefined;
	return { wall, ms, zone: sign === '-' ? -minutes : minutes };
}

/** The instant of zoned parts, a `Z` read as UTC. */
export function instantOfZoned({ wall, ms, zone }: ZonedParts): number {
	const [year, month, day, hour, minute, second] = wall;
	const offset = zone === 'Z' ? 0 : zone;
	return Date.UTC(year, month - 1, day, hour, minute, second) + ms - offset * 60_000;
}

export function isValidTimeZone(timeZone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone });
		return true;
	} catch {
		return false;
	}
}

/**
 * Epoch ms of a user's date, or undefined when it is not a date. A time without a zone is
 * read in `timeZone`.
 */
export function toEpochMs(value: unknown, timeZone: string): number | undefined {
	if (isEmpty(value)) return undefined;
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'object') {
		// A Luxon DateTime from an expression such as {{ $now }}.
		const luxon = value as { toMillis?: () => number; isValid?: boolean };
		if (typeof luxon.toMillis === 'function')
			return luxon.isValid === false ? undefined : luxon.toMillis();
		return undefined;
	}
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	const zoneless = ZONELESS.exec(text);
	if (zoneless) {
		const [, y, mo, d, h = '0', mi = '0', s = '0'] = zoneless;
		const parts = [y, mo, d, h, mi, s].map(Number) as [
			number,
			number,
			number,
			number,
			number,
			number,
		];
		if (!isRealDateTime(...parts)) return undefined;
		return fromWallClock(parts, timeZone);
	}
	const zoned = zonedParts(text);
	return zoned ? instantOfZoned(zoned) : undefined;
}

/** `YYYY-MM-DDTHH:mm:ssZ`, the ISO form the list filters take. */
export function toIsoZ(ms: number): string {
	return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * `YYYY-MM-DD HH:mm:ss UTC`: a moment as the transport's messages write it. A moment no Date
 * holds (NaN, past ±8.64e15 ms) is written as such: an error's message must never throw.
 */
export function toUtcText(ms: number): string {
	const date = new Date(ms);
	if (Number.isNaN(date.getTime())) return 'an unknown time';
	// Years past 9999 are written with a sign and six digits: the fraction is cut at its dot, not by length.
	return date.toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
}

/** `YYYY-MM-DD HH:mm:ss` in the account's time zone. */
export function toZoneless(ms: number, timeZone: string): string {
	const w = wallClock(ms, timeZone);
	return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** `YYYY/MM/DD`, the custom-field DATE form, in the account's time zone. */
export function toSlashDate(ms: number, timeZone: string): string {
	const w = wallClock(ms, timeZone);
	return `${w.year}/${pad(w.month)}/${pad(w.day)}`;
}

/**
 * Offsets change seldom: the zone's offset is kept per 15-minute UTC block, taken at the
 * block's first and last second. When both agree the offset holds for the whole block (no zone
 * changes its offset twice within 15 minutes); when they differ the block holds a change and
 * each time in it is converted on its own. A Return All presents tens of thousands of times,
 * and one Intl call costs more than all the rest of presenting a record.
 */
const BLOCK_MS = 15 * 60_000;
const MAX_BLOCKS = 100_000;
const blockOffsets = new Map<string, Map<number, number | null>>();

function blockOffsetAt(second: number, timeZone: string): number | null {
	let offsets = blockOffsets.get(timeZone);
	if (!offsets) {
		offsets = new Map();
		blockOffsets.set(timeZone, offsets);
	}
	const block = Math.floor(second / BLOCK_MS);
	let offset = offsets.get(block);
	if (offset === undefined) {
		const start = block * BLOCK_MS;
		const first = offsetAt(start, timeZone);
		offset = first === offsetAt(start + BLOCK_MS - 1000, timeZone) ? first : null;
		if (offsets.size >= MAX_BLOCKS) offsets.clear();
		offsets.set(block, offset);
	}
	return offset;
}

/** Years written as four digits, where a UTC Date's fields and Intl's agree. */
const FAST_FROM = Date.UTC(1000, 0, 2);
const FAST_TO = Date.UTC(9999, 11, 30);

/** The wall clock of `second` in the zone: from the block's offset, else from Intl. */
function wallClockOf(second: number, timeZone: string) {
	const offset = second > FAST_FROM && second < FAST_TO ? blockOffsetAt(second, timeZone) : null;
	if (offset === null) return wallClock(second, timeZone);
	const wall = new Date(second + offset);
	return {
		year: wall.getUTCFullYear(),
		month: wall.getUTCMonth() + 1,
		day: wall.getUTCDate(),
		hour: wall.getUTCHours(),
		minute: wall.getUTCMinutes(),
		second: wall.getUTCSeconds(),
	};
}

/**
 * ISO 8601 with the zone's offset at that instant, to the second: `2026-11-23T13:36:35+07:00`
 * (`+00:00` for UTC, never `Z`: one form for every output time).
 */
export function toOffsetIso(ms: number, timeZone: string): string {
	const second = Math.floor(ms / 1000) * 1000;
	const w = wallClockOf(second, timeZone);
	// The offset from the same wall clock (as offsetAt does).
	const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
	const offsetMinutes = Math.round((wallAsUtc - second) / 60_000);
	const sign = offsetMinutes < 0 ? '-' : '+';
	const abs = Math.abs(offsetMinutes);
	const offset = `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
	return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${offset}`;
}
