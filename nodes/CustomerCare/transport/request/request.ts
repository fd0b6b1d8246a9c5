/**
 * The one way every part of the package talks to the platform (customerCareRequest), and the
 * account a context's credential gives (getAccount). Each request goes through exchange.ts
 * (throttle, send, classify, retry.ts); its final answer comes back here as data or an error.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { accountOf, CREDENTIAL_TYPE, type Account } from './account';
import { recordMissing } from './classify';
import { exchange, PROBE } from './exchange';
import { lockoutWaitMs } from '../rate/lockout';
import type { QuotaSnapshot } from '../rate/quota';
import { lockoutError } from '../answers/rateLimitErrors';
import { apiError, notFoundError } from '../answers/refusalErrors';
import { sendVia, type ApiRequest, type Send, type TransportContext } from './send';
import { requestSettingsOf } from './settings';
import { throttleFor } from '../rate/throttle';

export { CREDENTIAL_TYPE, type Account } from './account';
export type { ApiRequest, TransportContext } from './send';

/** The account's hourly quota as the platform's headers last told this process; undefined when they never did. */
export function quotaOf(account: Account): QuotaSnapshot | undefined {
	return throttleFor(account.budgetKey, account.maxPerSecond).quotaSnapshot();
}

/** The credential each account was read from, for n8n's authenticated helper (sendVia). */
const credentialOf = new WeakMap<Account, ICredentialDataDecryptedObject>();

/** How a context sends for an account: with the credential the account was read from. */
export function senderFor(ctx: TransportContext, account: Account): Send {
	return sendVia(ctx, credentialOf.get(account));
}

export async function getAccount(this: TransportContext): Promise<Account> {
	const credential = await this.getCredentials(CREDENTIAL_TYPE);
	const account = accountOf(this.getNode(), credential);
	credentialOf.set(account, credential);
	return account;
}

/**
 * The one way every part of the package talks to the platform: throttled per account, 429s
 * backed off, lock-outs kept, reads retried and failed over, writes never sent twice (retry.ts
 * says when a request goes again), the node's Request Options and the credential's allowed
 * domains honoured, error envelopes (also in a 200) turned into NodeApiError, the token never
 * shown. Returns the parsed JSON body.
 */
export async function customerCareRequest(
	this: TransportContext,
	request: ApiRequest,
): Promise<IDataObject> {
	const account = request.account ?? (await getAccount.call(this));
	const channel = {
		node: this.getNode(),
		send: senderFor(this, account),
		settings: requestSettingsOf(this, request.itemIndex),
	};
	const answer = await exchange(channel, account, request);
	if (answer.kind === 'ok') return answer.body ?? {};
	if (answer.kind === 'lockedOut') {
		const until = Date.now() + lockoutWaitMs(answer.minutes);
		throw lockoutError(channel.node, until, answer.message, request.itemIndex);
	}
	if (answer.kind === 'rejected' && request.refusalIsResult?.(answer.status, answer.body))
		return answer.body ?? {};
	const failure = {
		method: request.method ?? 'GET',
		path: request.path,
		host: answer.host,
		itemIndex: request.itemIndex,
	};
	if (answer.kind === 'notFound' || (request.record && recordMissing(answer))) {
		throw notFoundError(channel.node, request.record, {
			...failure,
			status: answer.status,
			body: answer.kind === 'rejected' ? answer.body : undefined,
			probed: answer.kind === 'notFound' ? { message: answer.message, path: PROBE.path } : undefined,
		});
	}
	throw apiError(channel.node, { ...failure, status: answer.status, body: answer.body });
}
