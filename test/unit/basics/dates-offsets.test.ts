/**
 * toOffsetIso keeps a zone's offset per 15-minute UTC block (nodes/CustomerCare/basics/dates.ts):
 * the times Simplify writes must stay exactly what the zone's rules give, also right beside an
 * offset change that falls inside a block (St John's and Lord Howe switch on the half hour, Chatham
 * on the quarter) and whatever order the instants come in (the blocks are kept between calls).
 * Luxon is the oracle. Property runs are seeded: see ./property.ts to replay a failure.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';

import { toOffsetIso } from '../../../nodes/CustomerCare/basics/dates';
import { offsetChanges } from '../helpers/offsetChanges';
import { propertyRuns } from '../helpers/property';

const SECOND = 1000;
const wholeSecond = (ms: number) => Math.floor(ms / SECOND) * SECOND;
const ZONES = [
	'America/St_Johns',
	'Australia/Lord_Howe',
	'Pacific/Chatham',
	'Asia/Kathmandu',
	'Europe/Berlin',
	'America/Sao_Paulo',
	'Asia/Ho_Chi_Minh',
];
const luxonOffsetIso = (ms: number, timeZone: string) =>
	DateTime.fromMillis(wholeSecond(ms), { zone: timeZone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");

/** Each zone's offset changes 1980–2040. */
const CHANGES = offsetChanges(ZONES, 1980, 2040);

describe('toOffsetIso beside offset changes', () => {
	it('finds changes in every zone, some off the hour in UTC', () => {
		for (const timeZone of ZONES.filter((zone) => zone !== 'Asia/Ho_Chi_Minh' && zone !== 'Asia/Kathmandu'))
			expect(CHANGES.filter((change) => change.timeZone === timeZone).length).toBeGreaterThan(20);
		expect(CHANGES.some((change) => change.at % (3600 * SECOND) !== 0)).toBe(true);
	});

	it('writes what the zone gives for every second within an hour of a change, in any order', () => {
		const near = fc
			.record({
				change: fc.constantFrom(...CHANGES),
				seconds: fc.array(fc.integer({ min: -3600, max: 3600 }), { minLength: 1, maxLength: 40 }),
				ms: fc.integer({ min: 0, max: 999 }),
			})
			.map(({ change, seconds, ms }) => ({ timeZone: change.timeZone, instants: seconds.map((s) => change.at + s * SECOND + ms) }));
		fc.assert(
			fc.property(near, ({ timeZone, instants }) => {
				for (const ms of instants) expect(toOffsetIso(ms, timeZone)).toBe(luxonOffsetIso(ms, timeZone));
			}),
			propertyRuns(1000),
		);
	});

	it('is exact on each side of every change, the block first seen from either side', () => {
		for (const { at, timeZone } of CHANGES) {
			for (const ms of [at - SECOND, at, at + SECOND, at - 1, at + 15 * 60 * SECOND - 1])
				expect(toOffsetIso(ms, timeZone)).toBe(luxonOffsetIso(ms, timeZone));
			for (const ms of [at + 7 * 60 * SECOND, at - 7 * 60 * SECOND, at])
				expect(toOffsetIso(ms, timeZone)).toBe(luxonOffsetIso(ms, timeZone));
		}
	});
});
