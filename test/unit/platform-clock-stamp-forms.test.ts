/**
 * Red team, issue 30 point 1, promise 1: "read every stamp (zoned, Z and zone-less) by one
 * convention; both readings supported".
 *
 * The oracle is written from docs/api.md "Times" with Luxon, never from transport/clock.ts:
 * - a `Z` (any case) is the zone's wall clock (wallClock) or UTC (iso);
 * - a zone-less stamp is the zone's wall clock, in both;
 * - an explicit offset is honoured, in both;
 * - stamps are to the second: a fraction is read to the second (truncated) at most.
 * Each form is its own property (fast-check, fixed seed) so that a failure names the form.
 * RFC 3339 §5.6 (NOTE) allows a space instead of the `T`; ISO 8601 and RFC 3339 allow a
 * lowercase `t`/`z`; PostgreSQL's default output (`2021-06-01 00:05:58+07`) is a common
 * server form of a zoned stamp.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';

import { readApiTime, type ClockConvention } from '../../nodes/CustomerCare/transport/clock';
import { propertyRuns } from './property';

const SECOND = 1000;
const ZONES = ['Asia/Ho_Chi_Minh', 'UTC', 'Asia/Kolkata', 'America/New_York', 'Europe/Berlin'];

/** Whether the zone's wall clock at `ms` names one instant only (not in a repeated autumn hour). */
function unambiguous(ms: number, zone: string): boolean {
	const local = DateTime.fromMillis(ms, { zone });
	const back = DateTime.fromObject(
		{ year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute, second: local.second },
		{ zone },
	);
	return back.toMillis() === Math.floor(ms / SECOND) * SECOND;
}

type Form = (ms: number, zone: string, convention: ClockConvention) => string;

const wall = (ms: number, zone: string, format: string) => DateTime.fromMillis(ms, { zone }).toFormat(format);
/** The `Z` clock: the zone's wall clock (wallClock) or UTC (iso). */
const zClock = (zone: string, convention: ClockConvention) => (convention === 'wallClock' ? zone : 'UTC');

const FORMS: Record<string, Form> = {
	'Z (list stamp)': (ms, zone, c) => `${wall(ms, zClock(zone, c), "yyyy-MM-dd'T'HH:mm:ss")}Z`,
	'lowercase z': (ms, zone, c) => `${wall(ms, zClock(zone, c), "yyyy-MM-dd'T'HH:mm:ss")}z`,
	'Z with milliseconds': (ms, zone, c) => `${wall(ms, zClock(zone, c), "yyyy-MM-dd'T'HH:mm:ss.SSS")}Z`,
	'lowercase t and z': (ms, zone, c) => `${wall(ms, zClock(zone, c), "yyyy-MM-dd't'HH:mm:ss")}z`,
	'space and Z': (ms, zone, c) => `${wall(ms, zClock(zone, c), 'yyyy-MM-dd HH:mm:ss')}Z`,
	'zone-less, space (detail)': (ms, zone) => wall(ms, zone, 'yyyy-MM-dd HH:mm:ss'),
	'zone-less, T': (ms, zone) => wall(ms, zone, "yyyy-MM-dd'T'HH:mm:ss"),
	'zone-less with fraction': (ms, zone) => wall(ms, zone, 'yyyy-MM-dd HH:mm:ss.SSS'),
	'offset +HH:MM, T': (ms, zone) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ"),
	'offset +HHMM, T': (ms, zone) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZZ"),
	'offset +HH:MM with fraction': (ms, zone) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ss.SSSZZ"),
	'offset +HH:MM, space (RFC 3339 5.6)': (ms, zone) => DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd HH:mm:ssZZ'),
	'offset +HH, space (PostgreSQL)': (ms, zone) => {
		const local = DateTime.fromMillis(ms, { zone });
		const minutes = local.offset;
		const sign = minutes < 0 ? '-' : '+';
		const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
		const mm = Math.abs(minutes) % 60;
		return `${local.toFormat('yyyy-MM-dd HH:mm:ss')}${sign}${hh}${mm ? `:${String(mm).padStart(2, '0')}` : ''}`;
	},
};

const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });

// Red team F2 (promise 1), fixed by dates.ts zonedParts; it failed for: 'space and Z', the space-separated offset forms (both
// conventions) and 'lowercase t and z' (iso only) read as no time at all (undefined).
describe.each(['wallClock', 'iso'] as ClockConvention[])('Platform Clock %s reads every stamp form to its instant', (convention) => {
	test.each(Object.keys(FORMS))('%s', (name) => {
		const form = FORMS[name];
		fc.assert(
			fc.property(instant, fc.constantFrom(...ZONES), (ms, zone) => {
				fc.pre(unambiguous(ms, zone));
				const stamp = form(ms, zone, convention);
				const read = readApiTime(stamp, { zone, convention });
				// To the second: a stamp's fraction may be dropped, nothing else.
				expect({ stamp, zone, read: read === undefined ? 'unread' : new Date(Math.floor(read / SECOND) * SECOND).toISOString() }).toEqual({
					stamp,
					zone,
					read: new Date(Math.floor(ms / SECOND) * SECOND).toISOString(),
				});
			}),
			propertyRuns(200),
		);
	});
});
