/** The fake platform the deal runner started, and what its operation cases share. */
import type { IDataObject } from 'n8n-workflow';
import { type FakePlatform, type DealRec, type RecordedRequest } from '../../../../tools/fake-platform';
import { accountOf } from '../../../../tools/engine-harness/harness';

export let platform: FakePlatform;

/** The account in Ho Chi Minh City time (+07:00), the fake's zone for zone-less times. */
export function account() {
	return { ...accountOf(platform), timeZone: 'Asia/Ho_Chi_Minh' };
}

/** Requests other than the custom-field definitions read (cached by the node for 30 s). */
export function apiRequests(): RecordedRequest[] {
	// Simplify's reads of the account's labels aside.
	return platform.requests().filter((request) => !/\/(custom_fields|lead\/status|deal\/pipelines)$/.test(request.path));
}

export function only(requests: RecordedRequest[]): RecordedRequest {
	expect(requests).toHaveLength(1);
	return requests[0];
}

export const deal = (parameters: IDataObject) => ({ resource: 'deal', ...parameters });
export const field = (label: string) => platform.store.ticketFields.find((definition) => definition.custom_field_lable === label)!;
export const choice = (label: string, choiceLabel: string) => field(label).values!.find((value) => value.lable === choiceLabel)!.id;
export const enterprise = () => platform.store.dealPipelines.find((pipeline) => pipeline.name === 'Enterprise')!;
export const retail = () => platform.store.dealPipelines.find((pipeline) => pipeline.name === 'Retail')!;

export function openDealIn(pipelineId: number): DealRec {
	return platform.store.deals.find((entry) => entry.pipeline_id === pipelineId && entry.closed_type === null)!;
}

/** Given to useFakePlatform by the runner: the platform every case of this folder reads. */
export function platformStarted(started: FakePlatform): void {
	platform = started;
}
