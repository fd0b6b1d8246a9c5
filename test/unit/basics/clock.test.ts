/**
 * The platform's clock (basics/clock.ts, docs/api.md#times), against a model of the server
 * written here from docs/api.md and real-platform.md §2.1, not from the code under test:
 * - wallClock (the real platform): one local wall clock at the account zone's offset; list stamps
 *   are that wall clock with a `Z`, details have no zone, and a query value's `Z` is ignored;
 * - iso (the spec): a `Z` is UTC; details have no zone (the account zone).
 * Over both conventions × account zones × workflow zones × windows and stamps near window edges
 * and midnights: the node's window selects exactly the records of the instants asked for, and a
 * record's list stamp, detail stamp and Simplify output name the same instant.
 */
import fc from 'fast-check';
import { checkField, type Fail } from '../../../nodes/CustomerCare/checks/fieldRule';
import { simplifyTime } from '../../../nodes/CustomerCare/output/simplifyRecord';
import { readApiTime, type ClockConvention, type PlatformClock } from '../../../nodes/CustomerCare/basics/clock';
import { splitWindow } from '../../../nodes/CustomerCare/transport/lists/dateWindows';
import { propertyRuns } from '../helpers/property';
import { DateTime } from 'luxon';
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Account zones without daylight saving since 2000, and their offsets in minutes (the tz database). */
const ACCOUNT_ZONES: Record<string, number> = {
	'Asia/Ho_Chi_Minh': 420,
	UTC: 0,
	'Asia/Kolkata': 330,
	'Asia/Kathmandu': 345,
	'Pacific/Marquesas': -570,
	'Pacific/Kiritimati': 840,
	'Pacific/Pago_Pago': -660,
};
/** Workflow zones, with daylight saving or not: the platform's clock must not depend on them. */
const WORKFLOW_ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'America/Santiago', 'UTC', 'Asia/Ho_Chi_Minh'];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** 'YYYY-MM-DD HH:mm:ss' of an instant at a fixed offset. */
function wall(ms: number, offsetMinutes: number): string {
	const d = new Date(Math.floor(ms / SECOND) * SECOND + offsetMinutes * MINUTE);
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
/** The instant of 'YYYY-MM-DD[T ]HH:mm:ss' at a fixed offset. */
function fromWall(text: string, offsetMinutes: number): number {
	const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})$/.exec(text);
	if (!m) throw new Error(`not a wall clock: ${text}`);
	return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - offsetMinutes * MINUTE;
}

/** The server of each convention, as the documents describe it. */
function server(convention: ClockConvention, offset: number) {
	return {
		listStamp: (ms: number) =>
			convention === 'wallClock' ? `${wall(ms, offset).replace(' ', 'T')}Z` : `${new Date(Math.floor(ms / SECOND) * SECOND).toISOString().slice(0, 19)}Z`,
		detailStamp: (ms: number) => wall(ms, offset),
		/** A query value the node sent: always 'YYYY-MM-DDTHH:mm:ssZ'. */
		readQuery: (value: string) => {
			const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})Z$/.exec(value);
			if (!m) throw new Error(`the node sent a query time the API does not take: ${value}`);
			return convention === 'wallClock' ? fromWall(m[1], offset) : Date.parse(value);
		},
	};
}

const fail: Fail = (message) => {
	throw new Error(message);
};

/** What a user gives for a bound: epoch ms, ISO with Z, ISO in the workflow's zone, or zone-less (the account's zone). */
function userForms(ms: number, workflowZone: string, accountOffset: number): unknown[] {
	const inWorkflow = new Intl.DateTimeFormat('sv-SE', {
		timeZone: workflowZone,
		year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
		timeZoneName: 'longOffset',
	}).format(new Date(ms));
	// 'YYYY-MM-DD HH:mm:ss GMT+hh:mm' → ISO with that offset.
	const [date, time, gmt] = inWorkflow.split(' ');
	const offset = gmt === 'GMT' ? 'Z' : gmt.replace('GMT', '').replace('\u2212', '-');
	return [ms, new Date(ms).toISOString(), `${date}T${time}${offset}`, wall(ms, accountOffset)];
}

/** Instants from 2001 to 2039, near the midnights of the zones and their edges. */
const base = fc.integer({ min: Date.UTC(2001, 0, 1) / DAY, max: Date.UTC(2039, 0, 1) / DAY }).map((day) => day * DAY);
const nearMidnight = fc
	.tuple(base, fc.constantFrom(...Object.values(ACCOUNT_ZONES), -300, -240, 60, 120), fc.integer({ min: -3, max: 3 }))
	.map(([day, offset, seconds]) => day - offset * MINUTE + seconds * SECOND);
const anyInstant = fc.oneof(nearMidnight, fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2039, 0, 1) }));

const scenario = fc
	.record({
		convention: fc.constantFrom<ClockConvention>('wallClock', 'iso'),
		zone: fc.constantFrom(...Object.keys(ACCOUNT_ZONES)),
		workflowZone: fc.constantFrom(...WORKFLOW_ZONES),
		since: anyInstant,
		spanSeconds: fc.oneof(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 95 * 86_400 })),
		form: fc.nat({ max: 3 }),
		// Records: seconds around the window's edges and anywhere in it.
		offsets: fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 12 }),
		inside: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
	})
	.map((s) => ({ ...s, since: Math.floor(s.since / SECOND) * SECOND }));

describe('the platform clock (fast-check, seeded)', () => {
	it('every record of the asked window is listed once, none outside it; list, detail and Simplify agree', () => {
		fc.assert(
			fc.property(scenario, ({ convention, zone, workflowZone, since, spanSeconds, form, offsets, inside }) => {
				const offset = ACCOUNT_ZONES[zone];
				const clock: PlatformClock = { zone, convention };
				const api = server(convention, offset);
				const to = since + spanSeconds * SECOND;
				const records = [
					...offsets.flatMap((d) => [since + d * SECOND, to + d * SECOND]),
					...inside.map((f) => since + Math.floor((f * (to - since)) / SECOND) * SECOND),
				];
				// The user's bounds in one of the forms n8n gives, through the node's own check.
				const given = (ms: number) => userForms(ms, workflowZone, offset)[form];
				const sentSince = checkField({ path: 'updated_since', label: 'From', date: 'query' }, given(since), clock, fail) as string;
				const sentTo = checkField({ path: 'updated_to', label: 'To', date: 'query' }, given(to), clock, fail) as string;
				// The node splits the range into the API's windows from the bounds it wrote.
				const windows = splitWindow(readApiTime(sentSince, clock)!, readApiTime(sentTo, clock)!);
				const listed: number[] = [];
				for (const [start, end] of windows) {
					const [from, until] = [api.readQuery(toQuery(start, clock)), api.readQuery(toQuery(end, clock))];
					listed.push(...records.filter((r) => r >= from && r <= until));
				}
				const expected = records.filter((r) => r >= since && r <= to);
				expect([...listed].sort()).toEqual([...expected].sort());
				for (const r of records) {
					const fromList = readApiTime(api.listStamp(r), clock);
					const fromDetail = readApiTime(api.detailStamp(r), clock);
					expect(fromList).toBe(r);
					expect(fromDetail).toBe(r);
					expect(simplifyTime(api.listStamp(r), 'platform', clock)).toBe(simplifyTime(api.detailStamp(r), 'platform', clock));
				}
			}),
			propertyRuns(600),
		);
	});
});

/** What the node sends for a window bound it split: the same check as a user's bound. */
function toQuery(ms: number, clock: PlatformClock): string {
	return checkField({ path: 'since', label: 'From', date: 'query' }, ms, clock, fail) as string;
}

describe('every stamp form the platform writes', () => {
	/**
	 * The promise: "read every stamp (zoned, Z and zone-less) by one
	 * convention; both readings supported".
	 *
	 * The oracle is written from docs/api.md "Times" with Luxon, never from basics/clock.ts:
	 * - a `Z` (any case) is the zone's wall clock (wallClock) or UTC (iso);
	 * - a zone-less stamp is the zone's wall clock, in both;
	 * - an explicit offset is honoured, in both;
	 * - stamps are to the second: a fraction is read to the second (truncated) at most.
	 * Each form is its own property (fast-check, fixed seed) so that a failure names the form.
	 * RFC 3339 §5.6 (NOTE) allows a space instead of the `T`; ISO 8601 and RFC 3339 allow a
	 * lowercase `t`/`z`; PostgreSQL's default output (`2021-06-01 00:05:58+07`) is a common
	 * server form of a zoned stamp.
	 */
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

	// Read by dates.ts zonedParts; before it, these read as no time at all: 'space and Z', the space-separated offset forms (both
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
});
