import type { IDataObject } from 'n8n-workflow';

import { ACCOUNT } from '../../api/endpoints';
import { operation } from '../../shared/operation';
import { isLow, type QuotaSnapshot } from '../../transport/quota';
import { quotaOf } from '../../transport/request';

/**
 * The account's hourly quota as one item a workflow can branch on (an IF on `low`): n8n gives a
 * declarative node no execution hints (its per-item context has no addExecutionHints), so the
 * quota is an operation's output. It costs one request, whose answer's headers say the quota.
 */
export const getQuota = operation(
	{
		name: 'Get Quota',
		value: 'getQuota',
		action: 'Get the account’s hourly request quota with what is left and if it is low',
		description:
			'How many of the account’s hourly requests are left (every tool on the account shares them), from the platform’s rate headers. Costs one request.',
	},
	ACCOUNT.quota,
	{ transform: (_records, item) => [quotaItem(quotaOf(item.account))] },
);

export const getQuotaFields = [];

function quotaItem(quota: QuotaSnapshot | undefined): IDataObject {
	if (!quota) {
		return {
			known: false,
			note: 'The platform sent no rate headers (X-RateLimit-Remaining) with its answer: the quota is not known. The published limits are 15 requests per second and 54,000 per hour.',
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
