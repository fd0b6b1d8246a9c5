import type { IDataObject } from 'n8n-workflow';

import { ACCOUNT } from '../../api/endpoints';
import { operation } from '../../engine/operation';
import { isLow, type QuotaSnapshot, quotaOf } from '../../transport';

/**
 * The account's hourly quota as one item a workflow can branch on (an IF on `low`): n8n gives a
 * declarative node no execution hints (its per-item context has no addExecutionHints), so the
 * quota is an operation's output. It costs one request, whose answer's headers say the quota.
 */
export const getQuota = operation(
	{
		name: 'Get Quota',
		value: 'getQuota',
		action: 'Get the request quota',
		description:
			'How many of the account’s hourly requests are left (every tool on the account shares them), from the platform’s rate headers, and whether that is low (below 10 %). Costs one request.',
	},
	ACCOUNT.quota,
	{
		checks: [(_request, item) => void askedAt.set(item, Date.now())],
		// Only what this request's own answer told: an older reading (another workflow's) is not this one.
		transform: (_records, item) => {
			const quota = quotaOf(item.account);
			return [quotaItem(quota && quota.readAt >= (askedAt.get(item) ?? Infinity) ? quota : undefined)];
		},
	},
);

export const getQuotaFields = [];

/** When each item's request was about to go. */
const askedAt = new WeakMap<object, number>();

function quotaItem(quota: QuotaSnapshot | undefined): IDataObject {
	if (!quota) {
		return {
			known: false,
			note: 'The platform’s answer carried no hourly rate headers (X-RateLimit-Remaining) that could be read: the quota is not known. The published limits are 15 requests per second and 54,000 per hour.',
		};
	}
	const limit = quota.limit;
	return {
		known: true,
		remaining: quota.remaining,
		...(limit !== undefined ? { limit, used: limit - quota.remaining } : {}),
		low: isLow(quota),
		readAt: new Date(quota.readAt).toISOString(),
		...(quota.freesAt !== undefined ? { freesAt: new Date(quota.freesAt).toISOString() } : {}),
	};
}
