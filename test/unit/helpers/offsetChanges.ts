/**
 * Where time zones change their offset (found day by day with Luxon, then to the second): the
 * instants next to which writing or reading a wall-clock time is hard. Shared by the date tests.
 */
import { DateTime } from 'luxon';

const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;
const wholeSecond = (ms: number) => Math.floor(ms / SECOND) * SECOND;

export function offsetChanges(zones: string[], fromYear: number, toYear: number): Array<{ at: number; timeZone: string }> {
	return zones.flatMap((timeZone) => {
		const offset = (at: number) => DateTime.fromMillis(at, { zone: timeZone }).offset;
		const changes: Array<{ at: number; timeZone: string }> = [];
		for (let day = Date.UTC(fromYear, 0, 1); day < Date.UTC(toYear, 0, 1); day += DAY) {
			if (offset(day) === offset(day + DAY)) continue;
			let [before, after] = [day, day + DAY];
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
