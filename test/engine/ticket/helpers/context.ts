/** The fake platform the ticket runner started, and what its operation cases share. */
import { FakePlatform, type RecordedRequest, type TicketRec } from '../../../../tools/fake-platform';
import { expectContiguousWindows as expectWindows } from '../../helpers/windows';

export { DAY, MAX_WINDOW_MS, iso, sec } from '../../helpers/windows';

export let platform: FakePlatform;

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
export const expectContiguousWindows = (requests: RecordedRequest[], sinceKey: string, toKey: string, since: number, to: number) =>
	expectWindows(platform, requests, sinceKey, toKey, since, to);

export const field = (label: string) => platform.store.ticketFields.find((definition) => definition.custom_field_lable === label)!;
export const choice = (label: string, choiceLabel: string) => field(label).values!.find((value) => value.lable === choiceLabel)!.id;

/** Given to useFakePlatform by the runner: the platform every case of this folder reads. */
export function platformStarted(started: FakePlatform): void {
	platform = started;
}
