import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchList } from '../../transport/list';
import { nameOf } from './common';
import { getStatusList, STATUS_TYPES } from './statuses';

/** Lead statuses in the account's order (first → converted), with their kind. */
export async function getLeadStatuses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const statuses = await getStatusList.call(this, { fresh: true });
	return statuses.map((status) => ({
		name: String(status.label),
		value: status.id,
		description: STATUS_TYPES[Number(status.status_type)],
	}));
}

export async function getLeadUnqualifiedReasons(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const reasons = await fetchList.call(
		this,
		{ method: 'GET', path: '/api/v1/lead/unqualified-reason' },
		{ rootProperty: 'reasons' },
	);
	return reasons.map((reason) => ({ name: nameOf(reason), value: reason.id as number }));
}

export async function getLeadLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	// The spec gives this path without the api/v1 segment (docs/api.md#reference-lists).
	const labels = await fetchList.call(this, { method: 'GET', path: '/lead/labels' }, { rootProperty: 'labels' });
	return labels.map((label) => ({ name: nameOf(label), value: label.id as number }));
}
