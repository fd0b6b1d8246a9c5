/** The fake platform the ticket runner started, and what its operation cases share. */
import { FakePlatform, type RecordedRequest, type TicketRec } from '../../../../tools/fake-platform';
import { instantOf } from '../../helpers/platform-clock';

export const DAY = 24 * 3600 * 1000;
/** A window sent stays a second inside the API's 31 days (docs/api.md#where-the-spec-is-unclear). */
export const MAX_WINDOW_MS = 31 * DAY - 1000;

export let platform: FakePlatform;

export function iso(ms: number): string {
	return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function sec(ms: number): number {
	return Math.floor(ms / 1000) * 1000;
}

/** Requests other than the custom-field definitions read (cached by the node for 30 s). */
export function apiRequests(): RecordedRequest[] {
	return platform.requests().filter((request) => !request.path.endsWith('/custom_fields'));
}

/** The API's list order: by the window's date, then by ticket ID. */
export function byField(field: 'created_at' | 'updated_at') {
	return (a: TicketRec, b: TicketRec) => a[field] - b[field] || a.ticket_id - b.ticket_id;
}

export function ticketsIn(field: 'created_at' | 'updated_at', since: number, to: number) {
	return platform.store.tickets.filter((ticket) => ticket[field] >= since && ticket[field] <= to).sort(byField(field));
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
		expect(end).toBeGreaterThanOrEqual(start);
		if (index > 0) expect(start).toBe(windows[index - 1][1] + 1000);
	}
	return windows;
}

export const field = (label: string) => platform.store.ticketFields.find((definition) => definition.custom_field_lable === label)!;
export const choice = (label: string, choiceLabel: string) => field(label).values!.find((value) => value.lable === choiceLabel)!.id;

/** Given to useFakePlatform by the runner: the platform every case of this folder reads. */
export function platformStarted(started: FakePlatform): void {
	platform = started;
}
