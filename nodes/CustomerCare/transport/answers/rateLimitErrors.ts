/**
 * The errors of an account that may not be sent to now: the platform's lock-out, a run of 429s,
 * the lock-out guard's stop, a spent hourly quota (lockout.ts, rateLimitPolicy.ts). Each carries
 * n8n's failure cause with the time it lifts, when it lifts by itself.
 */
import type { Failure, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { toUtcText } from '../../basics/dates';
import { classified } from './failureCause';
import type { GuardBlock } from '../rate/lockout';

export function lockoutError(node: INode, until: number, apiMessage: string, itemIndex?: number) {
	const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
	return new NodeApiError(
		node,
		{ code: 'errors', message: apiMessage },
		classified(
			{
				message: `The platform has locked this domain out after too many rate-limited requests. Retry after ${toUtcText(until)} (in about ${minutes} min).`,
				description: `The API answered 404 "${apiMessage}". n8n sends nothing to this account until then.`,
				httpCode: '404',
				itemIndex,
			},
			{ cause: 'rate-limited', resetsAtEpochMs: until },
		),
	);
}

/** The platform's 429 "Too Many Attempts." as the request's error, with what it means and when it lifts. */
function tooManyAttempts(
	node: INode,
	text: { message: string; description: string },
	failure: Failure,
	itemIndex: number | undefined,
) {
	return new NodeApiError(
		node,
		{ code: 'errors', message: 'Too Many Attempts.' },
		classified({ ...text, httpCode: '429', itemIndex }, failure),
	);
}

/**
 * `coolingDown`: 429s went on through every back-off (minutes of them): the API documents its 429
 * as the hourly quota being used up, so that is `quota-exhausted` until the pause ends.
 * Otherwise a shorter run: `rate-limited`, with the wait.
 */
export function rateLimitError(
	node: INode,
	consecutive429: number,
	retryAt: number,
	itemIndex?: number,
	coolingDown = false,
) {
	const failure: Failure = coolingDown
		? { cause: 'quota-exhausted', resetsAtEpochMs: retryAt }
		: { cause: 'rate-limited', retryAfterMs: Math.max(0, retryAt - Date.now()) };
	return tooManyAttempts(
		node,
		{
			message: `The platform keeps answering 429 "Too Many Attempts." (${consecutive429} times in a row). Retry after ${toUtcText(retryAt)}.`,
			description:
				'Another client may be using the same account, or its hourly quota (54,000 requests) is used up. n8n paused this account to stay clear of the 15-minute lock-out that follows 20 such answers in a row.',
		},
		failure,
		itemIndex,
	);
}

/**
 * The lock-out guard stopped this process at the platform's limit of 429s in a row: one more
 * would lock the domain out (lockout.ts). No timed cause: waiting alone does not lift it.
 */
export function quotaStoppedError(
	node: INode,
	consecutive429: number,
	since: number,
	itemIndex?: number,
) {
	return tooManyAttempts(
		node,
		{
			message: `n8n stopped sending to this account: the platform answered 429 "Too Many Attempts." ${consecutive429} times in a row since ${toUtcText(since)}, and one more would lock the domain out for 15 minutes.`,
			description:
				"The hourly quota of the account (54,000 requests) has stayed used up, by another client of the same account. Find that client and stop it, and restart n8n only once the platform answers again (e.g. the platform's own API log shows requests accepted, or an hour has passed since that client stopped): the count of 429s is kept in this process only, so after a restart the first request that still gets a 429 locks the domain out for 15 minutes.",
		},
		{ cause: 'quota-exhausted' },
		itemIndex,
	);
}

/** The platform's headers said the hour has no request left (Remaining 0). */
export function quotaSpentError(node: INode, limit: number | undefined, freesAt: number, itemIndex?: number) {
	const of = limit !== undefined ? ` of ${limit.toLocaleString('en-US')}` : '';
	return tooManyAttempts(
		node,
		{
			message: `The account's hourly quota is used up: the platform says 0${of} requests are left. n8n sends nothing to this account until ${toUtcText(freesAt)}.`,
			description:
				'Every tool on the account shares its hourly quota. Run this workflow again after that time, or find what else uses the account (its other workflows, other tools), and lower their Max Requests per Second.',
		},
		{ cause: 'quota-exhausted', resetsAtEpochMs: freesAt },
		itemIndex,
	);
}

/** Why the throttle let nothing go, as the error of the request. */
export function blockedError(node: INode, block: GuardBlock, itemIndex?: number) {
	if (block.kind === 'lockedOut') {
		return lockoutError(node, block.until, 'Domain incorrect too many times', itemIndex);
	}
	if (block.kind === 'stopped') {
		return quotaStoppedError(node, block.consecutive429, block.since, itemIndex);
	}
	if (block.spent) return quotaSpentError(node, block.spent.limit, block.until, itemIndex);
	// A lasting busy second is a rate limit, not a spent quota: the hour has room.
	return rateLimitError(node, block.consecutive429, block.until, itemIndex, !block.busySecond);
}
