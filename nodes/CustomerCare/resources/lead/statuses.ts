import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { failFor } from '../../shared/validation';
import { getAccount, type TransportContext } from '../../transport/request';
import { fetchList } from '../../transport/list';
import { recordOf } from './common';

/** A lead status (GET /api/v1/lead/status): status_type 1 first, 0 middle, 2 converted, 3 unqualified. */
export interface LeadStatus {
	id: number;
	label: string;
	status_type: number;
}

export const STATUS_TYPES: Record<number, string> = {
	1: 'First status (the default of a new lead)',
	0: 'Middle status',
	2: 'Final status: converted',
	3: 'Final status: unqualified',
};

/** Final states: only there does an unqualify reason apply (docs/api.md#leads). */
export function isFinal(status: LeadStatus): boolean {
	return Number(status.status_type) === 2 || Number(status.status_type) === 3;
}

/** Statuses change rarely; the items of one execution share one read. */
const CACHE_MS = 30_000;
const cache = new Map<string, { at: number; statuses: Promise<LeadStatus[]> }>();

export async function getStatusList(this: TransportContext, options: { fresh?: boolean } = {}): Promise<LeadStatus[]> {
	const key = (await getAccount.call(this)).key;
	const cached = cache.get(key);
	if (!options.fresh && cached && Date.now() - cached.at < CACHE_MS) return await cached.statuses;
	const statuses = fetchList
		.call(this, { method: 'GET', path: '/api/v1/lead/status' }, { rootProperty: 'statuses' })
		.then((records: IDataObject[]) => records as unknown as LeadStatus[]);
	cache.set(key, { at: Date.now(), statuses });
	statuses.catch(() => cache.delete(key));
	return await statuses;
}

/**
 * A routing `preSend`: an unqualify reason applies only with a final lead status (docs/api.md#leads).
 * On create without a status the lead gets the first status, which is not final, so the
 * reason is refused without asking anything. With a status, the (cached) status list tells;
 * on update without a status the lead's current status decides, which only the API knows.
 */
export async function checkUnqualifyReason(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const lead = recordOf(requestOptions, 'lead');
	const reason = lead.unqualify_reason;
	if (reason === undefined || reason === null || reason === '') return requestOptions;
	const fail = failFor(this);
	const statusId = lead.lead_status_id;
	const creating = requestOptions.method === 'POST';
	if (statusId === undefined || statusId === null || statusId === '') {
		if (creating) {
			fail(
				'Unqualify Reason (unqualify_reason) needs a final Lead Status (converted or unqualified): without one a new lead gets the first status',
			);
		}
		return requestOptions;
	}
	const status = (await getStatusList.call(this)).find((entry) => String(entry.id) === String(statusId).trim());
	if (status && !isFinal(status)) {
		fail(
			`Unqualify Reason (unqualify_reason) applies only with a final Lead Status (converted or unqualified); "${status.label}" (${status.id}) is not final`,
		);
	}
	return requestOptions;
}
