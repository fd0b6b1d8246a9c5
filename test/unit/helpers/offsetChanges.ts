/**
 * Where time zones change their offset (found week by week with Luxon, then to the second): the
 * instants next to which writing or reading a wall-clock time is hard. Shared by the date tests.
 * A week apart: the zones the tests use never change twice within a week (on Node 20.20's zone data
 * the weekly and the daily scan find the same 547 changes 1980-2040 and 110 changes 2020-2030); a
 * zone added to a test must be checked so. Day by day cost the unit tests some 5 s of CPU.
 */
import { IANAZone } from 'luxon';

const SECOND = 1000;
const WEEK = 7 * 24 * 3600 * SECOND;
const wholeSecond = (ms: number) => Math.floor(ms / SECOND) * SECOND;

export function offsetChanges(zones: string[], fromYear: number, toYear: number): Array<{ at: number; timeZone: string }> {
	return zones.flatMap((timeZone) => {
		const zone = IANAZone.create(timeZone);
		const offset = (at: number) => zone.offset(at);
		const changes: Array<{ at: number; timeZone: string }> = [];
		for (let week = Date.UTC(fromYear, 0, 1); week < Date.UTC(toYear, 0, 1); week += WEEK) {
			if (offset(week) === offset(week + WEEK)) continue;
			let [before, after] = [week, week + WEEK];
			while (after - before > SECOND) {
				const middle = wholeSecond((before + after) / 2);
				if (offset(middle) === offset(before)) before = middle;
				else after = middle;
			}
			changes.push({ at: after, timeZone });
		}
		return changes;
	});
}
