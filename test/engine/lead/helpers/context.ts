/** The fake platform the lead runner started, and what its operation cases share. */
import type { IDataObject } from 'n8n-workflow';
import { type FakePlatform, type LeadRec, type RecordedRequest } from '../../../../tools/fake-platform';
import { accountOf } from '../../../../tools/engine-harness/harness';

export let platform: FakePlatform;

/** The account in Ho Chi Minh City time (+07:00), the fake's zone for zone-less times. */
export function account() {
	return { ...accountOf(platform), timeZone: 'Asia/Ho_Chi_Minh' };
}

/** Requests other than the reads the node caches (custom-field definitions, lead statuses). */
export function apiRequests(): RecordedRequest[] {
	return platform
		.requests()
		.filter((request) => !request.path.endsWith('/custom_fields') && !request.path.endsWith('/lead/status'));
}

export function only(requests: RecordedRequest[]): RecordedRequest {
	expect(requests).toHaveLength(1);
	return requests[0];
}

export const lead = (parameters: IDataObject) => ({ resource: 'lead', ...parameters });
export const field = (label: string) => platform.store.ticketFields.find((definition) => definition.custom_field_lable === label)!;
export const choice = (label: string, choiceLabel: string) => field(label).values!.find((value) => value.lable === choiceLabel)!.id;
export const statusOfType = (type: number) => platform.store.leadStatuses.find((status) => status.status_type === type)!;
export const finalStatus = () => statusOfType(3);
export const middleStatus = () => statusOfType(0);

/** A seeded lead in a middle (non-final) status. */
export function leadInMiddleStatus(): LeadRec {
	return platform.store.leads.find((entry) => entry.lead_status_id === middleStatus().id)!;
}

/** Given to useFakePlatform by the runner: the platform every case of this folder reads. */
export function platformStarted(started: FakePlatform): void {
	platform = started;
}
