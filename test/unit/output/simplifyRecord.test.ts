/**
 * Simplify's output convention (nodes/CustomerCare/basics/dates.ts toOffsetIso and
 * output/simplifyRecord.ts): every time ISO 8601 with the account zone's offset, labels beside codes.
 * Which fields are times and codes, and each code's label, come from docs/api.md through
 * ../engine/helpers/documented-records.ts, never from the node's own table (api/records.ts).
 * Property runs are seeded: see ./property.ts to replay a failure.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { RECORDS, type RecordKind } from '../../../nodes/CustomerCare/api/records';
import { toEpochMs, toIsoZ, toOffsetIso, toZoneless } from '../../../nodes/CustomerCare/basics/dates';
import { simplifyRecord, simplifyTime } from '../../../nodes/CustomerCare/output/simplifyRecord';
import type { PlatformClock } from '../../../nodes/CustomerCare/basics/clock';
import { DOCUMENTED_RECORDS, type AccountList, type DocumentedCode, type DocumentedRecord } from '../../engine/helpers/documented-records';
import { propertyRuns } from '../helpers/property';

/** The spec's reading: a `Z` is UTC (docs/api.md#times). */
const isoClock = (zone: string): PlatformClock => ({ zone, convention: 'iso' });
/** The real platform's: a `Z` decorates the zone's wall clock. */
const wallClock = (zone: string): PlatformClock => ({ zone, convention: 'wallClock' });

const SECOND = 1000;
const wholeSecond = (ms: number) => Math.floor(ms / SECOND) * SECOND;
const OFFSET_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
/** The account zone of the fake platform, two daylight-saving zones, half and quarter hours, the date line. */
const ZONES = ['Asia/Ho_Chi_Minh', 'Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham'];
const zone = fc.constantFrom(...ZONES);
/** Instants 1976–2100 to the millisecond (before 1976 some zones had offsets in seconds, which ISO cannot write). */
const instant = fc.integer({ min: Date.UTC(1976, 0, 1), max: Date.UTC(2100, 0, 1) });

/** Luxon, as the oracle: the wall clock and offset of an instant in a zone. */
const luxonOffsetIso = (ms: number, timeZone: string) =>
	DateTime.fromMillis(wholeSecond(ms), { zone: timeZone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");

/** The 2026 daylight-saving switches of Berlin and New York (spring forward, fall back), in UTC. */
const SWITCHES = [
	{ timeZone: 'Europe/Berlin', at: Date.UTC(2026, 2, 29, 1) },
	{ timeZone: 'Europe/Berlin', at: Date.UTC(2026, 9, 25, 1) },
	{ timeZone: 'America/New_York', at: Date.UTC(2026, 2, 8, 7) },
	{ timeZone: 'America/New_York', at: Date.UTC(2026, 10, 1, 6) },
];
const nearSwitch = fc
	.record({ change: fc.constantFrom(...SWITCHES), seconds: fc.integer({ min: -2 * 3600, max: 2 * 3600 }), ms: fc.integer({ min: 0, max: 999 }) })
	.map(({ change, seconds, ms }) => ({ ms: change.at + seconds * SECOND + ms, timeZone: change.timeZone }));

describe('toOffsetIso', () => {
	it('writes the wall clock and offset of the zone at that instant, cut to the second (as Luxon does)', () => {
		fc.assert(
			fc.property(fc.oneof(fc.record({ ms: instant, timeZone: zone }), nearSwitch), ({ ms, timeZone }) => {
				const text = toOffsetIso(ms, timeZone);
				expect(text).toMatch(OFFSET_ISO);
				expect(text).toBe(luxonOffsetIso(ms, timeZone));
			}),
			propertyRuns(1000),
		);
	});

	it('round-trips: the text names the same whole second, also around the daylight-saving switches', () => {
		fc.assert(
			fc.property(fc.oneof(fc.record({ ms: instant, timeZone: zone }), nearSwitch), ({ ms, timeZone }) => {
				expect(Date.parse(toOffsetIso(ms, timeZone))).toBe(wholeSecond(ms));
				expect(toEpochMs(toOffsetIso(ms, timeZone), 'UTC')).toBe(wholeSecond(ms));
			}),
			propertyRuns(1000),
		);
	});

	it('keeps the second at its edges and writes +00:00 for UTC, never Z', () => {
		const second = Date.UTC(2026, 10, 23, 6, 36, 35);
		expect(toOffsetIso(second, 'Asia/Ho_Chi_Minh')).toBe('2026-11-23T13:36:35+07:00');
		expect(toOffsetIso(second + 999, 'Asia/Ho_Chi_Minh')).toBe('2026-11-23T13:36:35+07:00');
		expect(toOffsetIso(second - 1, 'Asia/Ho_Chi_Minh')).toBe('2026-11-23T13:36:34+07:00');
		expect(toOffsetIso(second, 'UTC')).toBe('2026-11-23T06:36:35+00:00');
		// The day changes with the zone: 23:59:59 UTC is the next morning in Ho Chi Minh City.
		expect(toOffsetIso(Date.UTC(2026, 10, 23, 23, 59, 59), 'Asia/Ho_Chi_Minh')).toBe('2026-11-24T06:59:59+07:00');
	});

	it('crosses the Berlin and New York switches with the right offset on each side', () => {
		expect(toOffsetIso(Date.UTC(2026, 2, 29, 0, 59, 59), 'Europe/Berlin')).toBe('2026-03-29T01:59:59+01:00');
		expect(toOffsetIso(Date.UTC(2026, 2, 29, 1), 'Europe/Berlin')).toBe('2026-03-29T03:00:00+02:00');
		expect(toOffsetIso(Date.UTC(2026, 9, 25, 0, 59, 59), 'Europe/Berlin')).toBe('2026-10-25T02:59:59+02:00');
		expect(toOffsetIso(Date.UTC(2026, 9, 25, 1), 'Europe/Berlin')).toBe('2026-10-25T02:00:00+01:00');
		expect(toOffsetIso(Date.UTC(2026, 2, 8, 6, 59, 59), 'America/New_York')).toBe('2026-03-08T01:59:59-05:00');
		expect(toOffsetIso(Date.UTC(2026, 2, 8, 7), 'America/New_York')).toBe('2026-03-08T03:00:00-04:00');
		expect(toOffsetIso(Date.UTC(2026, 10, 1, 5, 59, 59), 'America/New_York')).toBe('2026-11-01T01:59:59-04:00');
		expect(toOffsetIso(Date.UTC(2026, 10, 1, 6), 'America/New_York')).toBe('2026-11-01T01:00:00-05:00');
	});
});

describe('simplifyTime', () => {
	it('gives a Z time and the same instant written zone-less in the account zone the same output', () => {
		fc.assert(
			fc.property(instant, zone, (ms, timeZone) => {
				const expected = toOffsetIso(ms, timeZone);
				expect(simplifyTime(toIsoZ(ms), 'platform', isoClock(timeZone))).toBe(expected);
				for (const clock of [isoClock(timeZone), wallClock(timeZone)])
					expect(simplifyTime(toOffsetIso(ms, 'Asia/Kolkata'), 'platform', clock)).toBe(expected);
				// A zone-less time is read in the account zone; outside a repeated hour it is the same instant.
				const zoneless = toZoneless(ms, timeZone);
				for (const clock of [isoClock(timeZone), wallClock(timeZone)]) {
					const read = simplifyTime(zoneless, 'platform', clock) as string;
					expect(read.slice(0, 19)).toBe(zoneless.replace(' ', 'T'));
				}
				// The real platform's list stamp: the same wall clock with a Z, the same output.
				const listStamp = `${zoneless.replace(' ', 'T')}Z`;
				expect(simplifyTime(listStamp, 'platform', wallClock(timeZone))).toBe(
					simplifyTime(zoneless, 'platform', wallClock(timeZone)),
				);
			}),
			propertyRuns(1000),
		);
	});

	it('reads a zone-less time at the switches as the wall clock it names (a skipped hour moves forward)', () => {
		// 02:30 does not exist in Berlin on 2026-03-29; the API cannot have meant anything else than an hour later or earlier.
		const skipped = simplifyTime('2026-03-29 02:30:00', 'platform', isoClock('Europe/Berlin')) as string;
		expect(skipped).toMatch(OFFSET_ISO);
		expect(Math.abs(Date.parse(skipped) - Date.UTC(2026, 2, 29, 1, 30))).toBeLessThanOrEqual(3600 * SECOND);
		expect(simplifyTime('2026-03-29 01:59:59', 'platform', isoClock('Europe/Berlin'))).toBe('2026-03-29T01:59:59+01:00');
		expect(simplifyTime('2026-03-29 03:00:00', 'platform', isoClock('Europe/Berlin'))).toBe('2026-03-29T03:00:00+02:00');
		expect(simplifyTime('2026-11-01 00:59:59', 'platform', isoClock('America/New_York'))).toBe('2026-11-01T00:59:59-04:00');
		expect(simplifyTime('2026-11-01 02:00:00', 'platform', isoClock('America/New_York'))).toBe('2026-11-01T02:00:00-05:00');
	});

	it('reads the heartbeat server zone from the answer, and leaves what is not a time alone', () => {
		expect(simplifyTime('2026-11-24 01:08:41', 'server', isoClock('UTC'), 7 * 60)).toBe('2026-11-23T18:08:41+00:00');
		expect(simplifyTime('2026-11-24 01:08:41', 'server', isoClock('Asia/Ho_Chi_Minh'))).toBe('2026-11-24T01:08:41+07:00');
		for (const value of [null, undefined, '', 'soon', 42]) expect(simplifyTime(value, 'platform', isoClock('UTC'))).toBe(value);
	});
});

describe('simplifyRecord', () => {
	const context = {
		clock: isoClock('Asia/Ho_Chi_Minh'),
		references: {
			leadStatus: new Map([['603', 'Qualified']]),
			pipeline: new Map([['902', 'Enterprise']]),
			stage: new Map([['921', 'Discovery']]),
		},
	};

	it('puts each label right after its code, keeps every raw field, and does not change the record', () => {
		const call: IDataObject = {
			id: 1,
			caller: '0901',
			call_type: 1,
			start_time: '2026-11-23 13:36:35',
			call_status: 'miss',
			missed_reason: 'missed_customer',
			end_status: 'system',
			path: null,
		};
		const copy = JSON.parse(JSON.stringify(call));
		const shown = simplifyRecord(call, 'call', context);
		expect(call).toEqual(copy);
		expect(Object.keys(shown)).toEqual([
			'id',
			'caller',
			'caller_number',
			'call_type',
			'call_type_label',
			'start_time',
			'call_status',
			'call_status_label',
			'missed_reason',
			'missed_reason_label',
			'end_status',
			'end_status_label',
			'path',
		]);
		expect(shown).toMatchObject({
			caller_number: '0901',
			call_type_label: 'Outgoing',
			start_time: '2026-11-23T13:36:35+07:00',
			call_status_label: 'Missed',
			missed_reason_label: 'Customer hung up',
			end_status_label: 'Agent ended',
		});
	});

	it('labels from the account lists, nested codes and times, null for a code no list knows', () => {
		const deal = simplifyRecord(
			{
				lead_status_id: 603,
				pipeline_id: 902,
				pipeline_stage_id: 999,
				closed_type: 1,
				closed_at: '2026-11-23T06:36:35Z',
				comments: [{ id: 1, created_at: '2026-11-23T06:36:35Z' }],
			},
			'deal',
			context,
		);
		expect(deal).toEqual({
			lead_status_id: 603,
			lead_status_label: 'Qualified',
			pipeline_id: 902,
			pipeline_label: 'Enterprise',
			pipeline_stage_id: 999,
			pipeline_stage_label: null,
			closed_type: 1,
			closed_type_label: 'Won',
			closed_at: '2026-11-23T13:36:35+07:00',
			comments: [{ id: 1, created_at: '2026-11-23T13:36:35+07:00' }],
		});
		const ticket = simplifyRecord({ assignee: { id: 7, role_id: 4 }, assignee_id: 7 }, 'ticketListItem', context);
		expect(ticket).toEqual({ assignee: { id: 7, role_id: 4, role_label: 'Super' }, assignee_id: 7 });
	});

	it('adds a label to every coded field present and converts every time field present, for any kind', () => {
		const kinds = Object.keys(DOCUMENTED_RECORDS) as RecordKind[];
		fc.assert(
			fc.property(fc.constantFrom(...kinds), instant, zone, fc.constantFrom('0', '1', '3'), (kind, ms, timeZone, code) => {
				const record: IDataObject = {};
				const shape: DocumentedRecord = DOCUMENTED_RECORDS[kind];
				for (const path of Object.keys(shape.times)) if (!path.includes('.')) record[path] = toIsoZ(ms);
				for (const coded of shape.codes) if (!coded.field.includes('.')) record[coded.field] = code;
				const shown = simplifyRecord(record, kind, { clock: isoClock(timeZone), references: {} });
				for (const path of Object.keys(shape.times)) {
					if (!path.includes('.')) expect(shown[path]).toBe(toOffsetIso(ms, timeZone));
				}
				for (const coded of shape.codes) {
					if (coded.field.includes('.')) continue;
					expect(shown[coded.field]).toBe(code);
					expect(coded.label in shown).toBe(true);
				}
			}),
			propertyRuns(300),
		);
	});

	it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
		'a code %j, which every object inherits a property for, gets no label (null), never an inherited function or object',
		(code) => {
			const call = simplifyRecord({ id: 1, call_type: code, call_status: code, missed_reason: code, end_status: code }, 'call', context);
			expect(call).toMatchObject({ call_type_label: null, call_status_label: null, missed_reason_label: null, end_status_label: null });
			const monitor = simplifyRecord({ id: 1, status: code, previous_status: code }, 'monitor', context);
			expect(monitor).toMatchObject({ status_label: null, previous_status_label: null });
		},
	);
});

/**
 * Every record kind against docs/api.md (../engine/helpers/documented-records.ts): one record holding
 * every documented time and code, and every code of every label table, each compared whole,
 * in order. A time field or a label the node's table lacks, or a label in other words, fails here.
 */
describe('simplifyRecord, against the documented records', () => {
	const ZONE = 'Asia/Ho_Chi_Minh';
	/** The one instant every sample time names: 2026-11-23 06:36:35 UTC. */
	const SHOWN = '2026-11-23T13:36:35+07:00';
	/**
	 * How each kind of time comes, two ways: with `Z`, and with an offset of +09:00; the server's
	 * zone-less time then follows the answer's `generated_at` (zoned: Z or +09:00 too).
	 */
	const SAMPLES: Array<{ name: string; time: Record<'zoned' | 'account' | 'server', string> }> = [
		{ name: 'zoned times with Z', time: { zoned: '2026-11-23T06:36:35Z', account: '2026-11-23 13:36:35', server: '2026-11-23 06:36:35' } },
		{ name: 'zoned times with +09:00', time: { zoned: '2026-11-23T15:36:35+09:00', account: '2026-11-23 13:36:35', server: '2026-11-23 15:36:35' } },
	];
	/** The account's lists, with ids no two lists share, so a code read from the wrong list has no label. */
	const ACCOUNT_LISTS: Record<AccountList, { id: number; name: string }> = {
		leadStatus: { id: 603, name: 'Qualified' },
		pipeline: { id: 902, name: 'Enterprise' },
		stage: { id: 921, name: 'Discovery' },
	};
	const context = {
		clock: isoClock(ZONE),
		references: Object.fromEntries(
			Object.entries(ACCOUNT_LISTS).map(([list, { id, name }]) => [list, new Map([[String(id), name]])]),
		),
	};

	/** Writes `value` at a path; `*` is every entry of a two-entry list (`comments.*.created_at`). */
	function put(record: IDataObject, path: string, value: unknown): void {
		const [head, ...rest] = path.split('.');
		if (rest.length === 0) {
			record[head] = value as IDataObject[string];
			return;
		}
		if (rest[0] === '*') {
			record[head] ??= [{ id: 1 }, { id: 2 }];
			for (const entry of record[head] as IDataObject[]) put(entry, rest.slice(1).join('.'), value);
			return;
		}
		record[head] ??= {};
		put(record[head] as IDataObject, rest.join('.'), value);
	}

	/** Where a code's label sits: beside the code, in the same object. */
	const labelPath = (coded: DocumentedCode) => [...coded.field.split('.').slice(0, -1), coded.label].join('.');
	/** The API's codes are numbers where the table's keys are digits (`call_type: 1`), else text (`miss`). */
	const codeValue = (code: string) => (/^\d+$/.test(code) ? Number(code) : code);
	/** Every code of a field and its label: the table's, or the one entry of the account's list. */
	const codesOf = (coded: DocumentedCode): Array<[unknown, string]> =>
		typeof coded.labels === 'string'
			? [[ACCOUNT_LISTS[coded.labels].id, ACCOUNT_LISTS[coded.labels].name]]
			: Object.entries(coded.labels).map(([code, label]) => [codeValue(code), label]);

	const kinds = Object.keys(DOCUMENTED_RECORDS) as RecordKind[];

	it('documents every kind of record the node simplifies', () => {
		// The node's table is read for its kinds only, so that none goes unchecked here.
		expect(Object.keys(RECORDS).sort()).toEqual([...kinds].sort());
	});

	describe.each(kinds)('%s', (kind) => {
		const shape: DocumentedRecord = DOCUMENTED_RECORDS[kind];

		it.each(SAMPLES)('every documented time as the account-zone offset time, every code labelled, in order ($name)', ({ time }) => {
			const raw: IDataObject = { id: 1 };
			const expected: IDataObject = { id: 1 };
			for (const [from, to] of Object.entries(shape.copies)) {
				put(raw, from, '0901');
				put(expected, from, '0901');
				put(expected, to, '0901');
			}
			for (const [path, convention] of Object.entries(shape.times)) {
				put(raw, path, time[convention]);
				put(expected, path, SHOWN);
			}
			for (const coded of shape.codes) {
				const [[code, label]] = codesOf(coded);
				put(raw, coded.field, code);
				put(expected, coded.field, code);
				put(expected, labelPath(coded), label);
			}
			const copy = JSON.parse(JSON.stringify(raw));
			const shown = simplifyRecord(raw, kind, context);
			expect(raw).toEqual(copy);
			// JSON text compares the key order too: each label right after its code.
			expect(JSON.stringify(shown, null, 1)).toBe(JSON.stringify(expected, null, 1));
		});

		const codes = shape.codes.flatMap((coded) => codesOf(coded).map(([code, label]) => ({ coded, code, label })));
		// Tickets as written and groups have no codes (docs/api.md#tickets, api-spec 2.2): nothing to label.
		if (codes.length === 0) return;
		it.each(codes.map((entry) => [entry.coded.field, entry.code, entry.label, entry] as const))(
			'%s %p reads "%s"',
			(_field, _code, _label, { coded, code, label }) => {
				const raw: IDataObject = {};
				put(raw, coded.field, code);
				const expected: IDataObject = {};
				put(expected, coded.field, code);
				put(expected, labelPath(coded), label);
				expect(simplifyRecord(raw, kind, context)).toEqual(expected);
			},
		);

		it('a code no table or list knows, and no code, give a null label', () => {
			for (const coded of shape.codes) {
				for (const code of [999, null]) {
					const raw: IDataObject = {};
					put(raw, coded.field, code);
					const expected: IDataObject = {};
					put(expected, coded.field, code);
					put(expected, labelPath(coded), null);
					expect(simplifyRecord(raw, kind, context)).toEqual(expected);
				}
			}
		});
	});
});
