/**
 * The platform's clock (transport/clock.ts, docs/api.md#times), against a model of the server
 * written here from docs/api.md and real-platform.md §2.1, not from the code under test:
 * - wallClock (the real platform): one local wall clock at the account zone's offset; list stamps
 *   are that wall clock with a `Z`, details have no zone, and a query value's `Z` is ignored;
 * - iso (the spec): a `Z` is UTC; details have no zone (the account zone).
 * Over both conventions × account zones × workflow zones × windows and stamps near window edges
 * and midnights: the node's window selects exactly the records of the instants asked for, and a
 * record's list stamp, detail stamp and Simplify output name the same instant.
 */
import fc from 'fast-check';

import { checkField, type Fail } from '../../nodes/CustomerCare/checks/fieldRule';
import { presentTime } from '../../nodes/CustomerCare/output/simplifyRecord';
import { readApiTime, type ClockConvention, type PlatformClock } from '../../nodes/CustomerCare/transport/clock';
import { splitWindow } from '../../nodes/CustomerCare/transport/dateWindows';
import { propertyRuns } from './property';

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
					expect(presentTime(api.listStamp(r), 'platform', clock)).toBe(presentTime(api.detailStamp(r), 'platform', clock));
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
