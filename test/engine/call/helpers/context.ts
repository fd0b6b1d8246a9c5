/** The fake platform the call runner started, and what its operation cases share. */
import type { IDataObject } from 'n8n-workflow';
import { type FakePlatform, type CallRec, type RecordedRequest } from '../../../../tools/fake-platform';
import { callAgentIds, type RenderContext } from '../../../../tools/fake-platform/render';
import { expectContiguousWindows as expectWindows } from '../../helpers/windows';

export { DAY, MAX_WINDOW_MS, iso, sec } from '../../helpers/windows';

export let platform: FakePlatform;

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
export const expectContiguousWindows = (requests: RecordedRequest[], sinceKey: string, toKey: string, since: number, to: number) =>
	expectWindows(platform, requests, sinceKey, toKey, since, to);

/** Given to useFakePlatform by the runner: the platform every case of this folder reads. */
export function platformStarted(started: FakePlatform): void {
	platform = started;
}
