import type { FakePlatform, RecordedRequest } from '../../../tools/fake-platform';
import { instantOf } from './platform-clock';

/** Times as the list tests write them: whole seconds, the API's 31-day window (docs/api.md#where-the-spec-is-unclear). */
export const DAY = 24 * 3600 * 1000;
/** A window sent stays a second inside the API's 31 days. */
export const MAX_WINDOW_MS = 31 * DAY - 1000;

/** `YYYY-MM-DDTHH:mm:ssZ` of an instant, to the second. */
export function iso(ms: number): string {
	return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Whole seconds: the API's precision. */
export function sec(ms: number): number {
	return Math.floor(ms / 1000) * 1000;
}

/** Windows are contiguous to the second, each at most 31 days, together exactly [since, to]. */
export function expectContiguousWindows(
	platform: FakePlatform,
	requests: RecordedRequest[],
	sinceKey: string,
	toKey: string,
	since: number,
	to: number,
) {
	const windows = [...new Map(requests.map((request) => [request.query[sinceKey], request.query[toKey]])).entries()]
		.map(([start, end]) => [instantOf(start, { platform }), instantOf(end, { platform })] as const)
		.sort((a, b) => a[0] - b[0]);
	expect(windows[0][0]).toBe(since);
	expect(windows[windows.length - 1][1]).toBe(to);
	for (let index = 0; index < windows.length; index++) {
		const [start, end] = windows[index];
		expect(end - start).toBeLessThanOrEqual(MAX_WINDOW_MS);
		expect(end - start).toBeLessThan(31 * DAY);
		expect(end).toBeGreaterThanOrEqual(start);
		if (index > 0) expect(start).toBe(windows[index - 1][1] + 1000);
	}
	return windows;
}
