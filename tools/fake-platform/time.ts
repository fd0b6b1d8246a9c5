/**
 * Time helpers of the fake platform. Every timestamp is kept as epoch milliseconds
 * (whole seconds) and rendered per endpoint format at answer time.
 */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** The largest window the ticket and call lists accept: 31 days, inclusive. */
export const MAX_WINDOW_MS = 31 * DAY;
/** The largest start-time range the chat message list accepts: 30 days, inclusive (docs/api.md#chats). */
export const CHAT_WINDOW_MS = 30 * DAY;

/** Truncates to whole seconds (the API never shows fractions). */
export function truncSec(ms: number): number {
	return Math.floor(ms / SECOND) * SECOND;
}

/** '+07:00' → 420 (minutes east of UTC). */
export function parseOffset(tz: string): number {
	const m = /^([+-])(\d{2}):?(\d{2})$/.exec(tz.trim());
	if (!m) {
		if (tz === 'Z' || tz === 'z') return 0;
		throw new Error(`Invalid time-zone offset: ${tz}`);
	}
	const minutes = Number(m[2]) * 60 + Number(m[3]);
	return m[1] === '-' ? -minutes : minutes;
}

export function formatOffset(offsetMinutes: number): string {
	const sign = offsetMinutes < 0 ? '-' : '+';
	const abs = Math.abs(offsetMinutes);
	return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function pad(n: number, width = 2): string {
	return String(n).padStart(width, '0');
}

/** 'YYYY-MM-DD HH:mm:ss' in the zone `offsetMinutes`. */
export function fmtLocal(ms: number, offsetMinutes: number): string {
	const iso = new Date(truncSec(ms) + offsetMinutes * MINUTE).toISOString();
	return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** 'YYYY-MM-DDTHH:mm:ssZ' with the wall clock of the zone `offsetMinutes`: the real platform's list stamps. */
export function fmtLocalZ(ms: number, offsetMinutes: number): string {
	return `${fmtLocal(ms, offsetMinutes).replace(' ', 'T')}Z`;
}

/** 'YYYY-MM-DDTHH:mm:ssZ' (UTC). */
export function fmtIsoZ(ms: number): string {
	return `${new Date(truncSec(ms)).toISOString().slice(0, 19)}Z`;
}

/** RFC 3339 with the account offset: 'YYYY-MM-DDTHH:mm:ss+07:00'. */
export function fmtRfc3339(ms: number, offsetMinutes: number): string {
	const iso = new Date(truncSec(ms) + offsetMinutes * MINUTE).toISOString();
	return `${iso.slice(0, 19)}${formatOffset(offsetMinutes)}`;
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number): number | null {
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
	const ms = Date.UTC(y, mo - 1, d, h, mi, s);
	const back = new Date(ms);
	if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
	return ms;
}

const ISO_ZONED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * ISO 8601 with a zone: 'YYYY-MM-DDTHH:mm:ssZ' or 'YYYY-MM-DDTHH:mm:ss±HH:MM'.
 * No fractions. A '+' that arrived unencoded in a query string is a space here and fails.
 */
export function parseIsoZoned(s: string): number | null {
	const m = ISO_ZONED.exec(s);
	if (!m) return null;
	const base = utc(+m[1], +m[2], +m[3], +m[4], +m[5], +m[6]);
	if (base === null) return null;
	const off = m[7] === 'Z' ? 0 : parseOffset(m[7]);
	return base - off * MINUTE;
}

/** 'YYYY-MM-DD HH:mm:ss' read in the zone `offsetMinutes`. */
export function parseLocal(s: string, offsetMinutes: number): number | null {
	const m = LOCAL.exec(s);
	if (!m) return null;
	const base = utc(+m[1], +m[2], +m[3], +m[4], +m[5], +m[6]);
	return base === null ? null : base - offsetMinutes * MINUTE;
}

/** 'YYYY/MM/DD' (custom-field DATE). */
export function isSlashDate(s: string): boolean {
	const m = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(s);
	return !!m && utc(+m[1], +m[2], +m[3], 0, 0, 0) !== null;
}

/** Seconds → 'hh:mm:ss'. */
export function fmtDuration(seconds: number): string {
	const s = Math.max(0, Math.round(seconds));
	return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** 'hh:mm:ss' → seconds. */
export function parseDuration(s: string): number {
	const [h, m, sec] = s.split(':').map(Number);
	return h * 3600 + m * 60 + sec;
}
