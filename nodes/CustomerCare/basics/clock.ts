/**
 * The platform's clock: one model for every time the node sends to the API and every stamp it
 * reads back (docs/api.md#times).
 *
 * The real platform runs on one local wall clock, UTC+7 on every account seen. It writes that
 * wall clock with a `Z` on its ticket, contact, lead and deal list stamps, without a zone
 * elsewhere, and compares query values by their wall clock, ignoring a `Z`. The spec reads
 * `Z` as UTC. The credential's Platform Clock chooses the reading; both keep zone-less stamps
 * in the account's zone and honour an explicit offset (`+07:00`).
 */
import { fromWallClock, instantOfZoned, toEpochMs, toIsoZ, toOffsetIso, toZoneless, zonedParts } from './dates';

/**
 * - `wallClock`: `Z` is decoration; the API's times are the account zone's wall clock (the
 *   real platform, docs/api.md#what-the-real-platform-answers).
 * - `iso`: `Z` means UTC, as ISO 8601 and the spec say.
 */
export type ClockConvention = 'wallClock' | 'iso';

export interface PlatformClock {
	/** IANA zone of the platform's clock (credential Account Time Zone). */
	zone: string;
	convention: ClockConvention;
}

/** The zone of the platform's clock on every account seen (UTC+7, no daylight saving). */
export const PLATFORM_ZONE = 'Asia/Ho_Chi_Minh';


/**
 * A query time (a list filter's bound) as the platform compares it, to the second:
 * the zone's wall clock with a `Z` (wallClock), or UTC (iso).
 */
export function toQueryTime(ms: number, clock: PlatformClock): string {
	if (clock.convention === 'iso') return toIsoZ(ms);
	return `${toZoneless(ms, clock.zone).replace(' ', 'T')}Z`;
}

/**
 * The instant of a time the API wrote (or of a query time from `toQueryTime`), or undefined
 * when it is not one. A `Z` reads as the zone's wall clock (wallClock) or as UTC (iso); no zone
 * reads in the zone; an explicit offset is honoured.
 */
export function readApiTime(value: unknown, clock: PlatformClock): number | undefined {
	if (typeof value !== 'string') return undefined;
	const zoned = zonedParts(value);
	if (!zoned) return toEpochMs(value, clock.zone);
	if (zoned.zone !== 'Z' || clock.convention === 'iso') return instantOfZoned(zoned);
	// The real platform's Z decorates its wall clock.
	return fromWallClock(zoned.wall, clock.zone) + zoned.ms;
}

/** The zone's offset from UTC at an instant, in ms (east positive). */
function offsetMsAt(ms: number, zone: string): number {
	const [, sign, hours, minutes] = /([+-])(\d{2}):(\d{2})$/.exec(toOffsetIso(ms, zone)) ?? ['', '+', '0', '0'];
	return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
}

/**
 * What to say when most records of a read are stamped outside the window asked for: the
 * platform selects by its own clock, so such stamps mean the credential's clock is not the
 * platform's. `shiftMs` is signed: the furthest stamp's distance after the window (negative:
 * before it). A wrong Account Time Zone under the wall clock shifts windows and stamps alike and
 * never shows here, so the advice is, by what can show (docs/api.md#times):
 * - wallClock: the platform reads a `Z` as UTC: switch to the spec's reading;
 * - iso, stamps before the window by about the zone's offset: the real platform's `Z` is local
 *   time: switch to its reading and keep the zone (changing the zone instead would hide the
 *   warning and leave every time off by that offset);
 * - iso, any other shift: zone-less stamps are in another zone: set Account Time Zone.
 */
export function stampsOutsideMessage(
	outside: number,
	total: number,
	noun: string,
	window: { since: number; to: number },
	shiftMs: number,
	clock: PlatformClock,
): string {
	const hours = Math.round(Math.abs(shiftMs) / 900_000) / 4;
	const side = shiftMs < 0 ? 'before' : 'after';
	const settings = `Account Time Zone ${clock.zone}, Platform Clock ${clock.convention === 'wallClock' ? 'Local Time, Even With "Z"' : '"Z" Means UTC'}`;
	// Read as UTC, the wall clock of a zone east of UTC lands its offset after the truth, so the
	// platform, comparing wall clocks, lists what is that offset before the window.
	const offsetMs = offsetMsAt(window.to, clock.zone);
	const wallClockReadAsUtc = offsetMs !== 0 && Math.abs(shiftMs + offsetMs) <= 3_600_000;
	const advice =
		clock.convention === 'wallClock'
			? 'This platform reads times ending in "Z" as UTC: set Platform Clock to "Z" Means UTC (API Spec).'
			: wallClockReadAsUtc
				? `This platform writes local time even where it adds a "Z": set Platform Clock to Local Time, Even With "Z" (Real Platform), and keep Account Time Zone ${clock.zone}.`
				: `Its times without a zone are not in ${clock.zone}: set Account Time Zone to the zone the platform shows its times in.`;
	return (
		`${outside} of ${total} ${noun} the platform listed for ${toOffsetIso(window.since, clock.zone)} to ${toOffsetIso(window.to, clock.zone)} ` +
		`are stamped outside that window, up to about ${hours} h ${side} it: the credential's clock (${settings}) does not match the platform's. ` +
		`${advice} The records are output all the same.`
	);
}
