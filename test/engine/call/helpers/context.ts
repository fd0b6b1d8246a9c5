/** The fake platform the call runner started, and what its operation cases share. */
import type { IDataObject } from 'n8n-workflow';
import { type FakePlatform, type CallRec, type RecordedRequest } from '../../../../tools/fake-platform';
import { callAgentIds, type RenderContext } from '../../../../tools/fake-platform/render';
import { instantOf } from '../../helpers/platform-clock';

export const DAY = 24 * 3600 * 1000;
/** A window sent stays a second inside the API's 31 days (docs/api.md#where-the-spec-is-unclear). */
export const MAX_WINDOW_MS = 31 * DAY - 1000;

export let platform: FakePlatform;

/** `YYYY-MM-DDTHH:mm:ssZ` of an instant, to the second. */
export function iso(ms: number): string {
	return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Whole seconds: the API's precision. */
export function sec(ms: number): number {
	return Math.floor(ms / 1000) * 1000;
}

export const calls = (parameters: IDataObject) => ({ resource: 'call', operation: 'getAll', ...parameters });

/** The API's default order: start_time newest first, ties by record id in the same direction. */
export function newestFirst(a: CallRec, b: CallRec) {
	return b.start_time - a.start_time || b.id - a.id;
}

/** The IP-phone numbers a call lists as the fake answers it (real: a transferred call lists "a,b"). */
export const agentsOf = (call: CallRec) => String(callAgentIds({ platform: platform.platform } as RenderContext, call) ?? '').split(',');

export function callsIn(field: 'start_time' | 'end_time', since: number, to: number, keep: (call: CallRec) => boolean = () => true) {
	return platform.store.calls.filter((call) => call[field] >= since && call[field] <= to && keep(call));
}

/** Windows are contiguous to the second, each at most 31 days, together exactly [since, to]. */
export function expectContiguousWindows(requests: RecordedRequest[], sinceKey: string, toKey: string, since: number, to: number) {
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

/** Given to useFakePlatform by the runner: the platform every case of this folder reads. */
export function platformStarted(started: FakePlatform): void {
	platform = started;
}
