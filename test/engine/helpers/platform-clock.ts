/**
 * The oracle of the platform's clock for the engine tests, written from the platform's facts
 * (shared real-platform.md §2.1), never from the node's basics/clock.ts:
 *
 * - The real platform runs on one local wall clock (UTC+7, Asia/Ho_Chi_Minh, no daylight saving).
 *   Its ticket, lead and deal list stamps are that wall clock followed by a literal `Z`, and it
 *   compares a query value's wall clock, ignoring the `Z`. So the node must send the instant's
 *   UTC+7 wall clock with a `Z`.
 * - The spec reads `Z` as UTC: the node sends UTC with a `Z`.
 * - Zone-less stamps are the account zone's wall clock on both; explicit offsets are honoured.
 * - Simplify outputs times as ISO 8601 with the account zone's offset (`+07:00`).
 *
 * The platform is the started fake's `.platform`, else CC_FAKE_PLATFORM (`platformFromEnv`).
 * A fake started with another `timeZoneOffset` (and a credential whose Account Time Zone agrees)
 * passes that offset.
 */
import { platformFromEnv, type FakePlatformKind } from '../../../tools/fake-platform';

export interface ClockOf {
	/** The platform played, or a started fake (its `.platform`); default CC_FAKE_PLATFORM. */
	platform?: FakePlatformKind | { platform: FakePlatformKind };
	/** The account zone's fixed offset, `+07:00` (Asia/Ho_Chi_Minh) unless given. */
	offset?: string;
}


function kindOf(on: ClockOf = {}): FakePlatformKind {
	const p = on.platform;
	if (p === undefined) return platformFromEnv();
	return typeof p === 'string' ? p : p.platform;
}

/** Minutes east of UTC of `+HH:MM` / `-HH:MM`. */
function offsetMinutes(offset = '+07:00'): number {
	const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
	if (!m) throw new Error(`platform-clock: bad offset "${offset}"`);
	return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** `YYYY-MM-DDTHH:mm:ss` of `ms` on a clock `minutes` east of UTC, to the second. */
function wallClock(ms: number, minutes: number): string {
	return new Date(Math.floor(ms / 1000) * 1000 + minutes * 60_000).toISOString().slice(0, 19);
}

/** The query value the node must send for the instant `ms` (a list filter's bound). */
export function queryTime(ms: number, on: ClockOf = {}): string {
	return `${wallClock(ms, kindOf(on) === 'real' ? offsetMinutes(on.offset) : 0)}Z`;
}

/**
 * The instant of a sent query value or of a stamp the platform wrote: a `Z` is the wall clock
 * (real) or UTC (spec); zone-less is the account zone's wall clock; an offset is honoured.
 */
export function instantOf(text: string, on: ClockOf = {}): number {
	const t = text.trim();
	const z = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?)Z$/i.exec(t);
	const minutes = offsetMinutes(on.offset);
	let ms: number;
	if (z) ms = Date.parse(`${z[1]}T${z[2]}Z`) - (kindOf(on) === 'real' ? minutes * 60_000 : 0);
	else if (/[+-]\d{2}:?\d{2}$/.test(t)) ms = Date.parse(t);
	else ms = Date.parse(`${t.replace(' ', 'T')}Z`) - minutes * 60_000;
	if (Number.isNaN(ms)) throw new Error(`platform-clock: not a time "${text}"`);
	return ms;
}

/** Simplify's output of the instant `ms`: ISO 8601 with the account zone's offset, to the second. */
export function simplifyTime(ms: number, on: Pick<ClockOf, 'offset'> = {}): string {
	const offset = on.offset ?? '+07:00';
	return `${wallClock(ms, offsetMinutes(offset))}${offset}`;
}

/** Simplify's output of a time the platform wrote (list stamp `…Z`, zone-less or with offset). */
export function simplifyStamp(text: string, on: ClockOf = {}): string {
	return simplifyTime(instantOf(text, on), on);
}

/** Re-stamps a query value or `Z` stamp written for the spec as the platform played writes it. */
export function fromUtcZ(utcZ: string, on: ClockOf = {}): string {
	return queryTime(Date.parse(utcZ), on);
}

