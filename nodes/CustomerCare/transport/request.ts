import type { ICredentialDataDecryptedObject, IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { GROUP } from '../api/endpoints';
import { accountOf, CREDENTIAL_TYPE, isHostAllowed, type Account } from './account';
import { classify, recordMissing, type Verdict } from './classify';
import {
	apiError,
	notFoundError,
	blockedError,
	credentialError,
	describeWrite,
	lockoutError,
	rateLimitError,
	UnconfirmedWriteError,
	unavailableError,
	type FailedAttempt,
} from './errors';
import { baseUrlsInOrder, markPrimaryDown, markPrimaryUp } from './failover';
import type { QuotaSnapshot } from './quota';
import { readRateHeaders } from './rateHeaders';
import { nextStep, probeResultOf, type ProbeResult } from './retry';
import { sendOnce, sendVia, type ApiRequest, type Outcome, type Send, type TransportContext } from './send';
import { requestSettingsOf, type RequestSettings } from './settings';
import { throttleFor, type SlotResult } from './throttle';

export { CREDENTIAL_TYPE, type Account } from './account';
export type { ApiRequest, TransportContext } from './send';

/** How long one attempt waits for an answer when the node's Request Options set no Timeout. */
const DEFAULT_ATTEMPT_TIMEOUT_MS = 30_000;
/**
 * One request, all its attempts and retry delays together (both base URLs hanging included, the
 * waits for a slot not), gives up after this long, or after twice the Timeout option if longer.
 */
const REQUEST_TIME_LIMIT_MS = 60_000;

/** The account's hourly quota as the platform's headers last told this process; undefined when they never did. */
export function quotaOf(account: Account): QuotaSnapshot | undefined {
	return throttleFor(account.budgetKey, account.maxPerSecond).quotaSnapshot();
}

/** The credential each account was read from, for n8n's authenticated helper (sendVia). */
const credentialOf = new WeakMap<Account, ICredentialDataDecryptedObject>();

export async function getAccount(this: TransportContext): Promise<Account> {
	const credential = await this.getCredentials(CREDENTIAL_TYPE);
	const account = accountOf(this.getNode(), credential);
	credentialOf.set(account, credential);
	return account;
}

/** What a request goes out with: the node (for its errors), the way to send, the Request Options. */
export interface Channel {
	node: INode;
	send: Send;
	settings: RequestSettings;
}

/**
 * An answer the platform gave to the request: data, a refusal, the lock-out, or a record read's
 * 500 that a probe showed to mean "no such record" (retry.ts, rule 4).
 */
export type FinalAnswer =
	| Extract<Verdict, { kind: 'ok' | 'rejected' | 'lockedOut' }>
	| { kind: 'notFound'; status: number; message: string; host: string };

/** The probe of a host whose record read answered 500: a small read that every account answers. */
const PROBE: ApiRequest = { method: 'GET', path: GROUP.list.path };

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
		send: sendVia(this, credentialOf.get(account)),
		settings: requestSettingsOf(this, request.itemIndex),
	};
	const answer = await exchange(channel, account, request);
	if (answer.kind === 'ok') return answer.body ?? {};
	if (answer.kind === 'lockedOut') {
		const until = Date.now() + answer.minutes * 60_000;
		throw lockoutError(channel.node, until, answer.message, request.itemIndex);
	}
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

function hostsFor(node: INode, account: Account, request: ApiRequest): string[] {
	if (request.target !== 'status') {
		// The Base URL's own host is always in the list; a backup outside it is never sent the token.
		return baseUrlsInOrder(account).filter((host) => isHostAllowed(host, account.allowedDomains));
	}
	if (!account.statusUrl) {
		throw credentialError(node, 'Status URL', 'must be set to read the heartbeat');
	}
	return [account.statusUrl];
}

/** The platform's rate headers on an answer; a 5xx may be a gateway's page, whose headers are not the platform's. */
function rateHeadersOf(outcome: Outcome) {
	if (outcome.kind !== 'answer' || outcome.status >= 500) return undefined;
	return readRateHeaders(outcome.headers, Date.now());
}

/** What the throttle learns from a verdict, as the slot is released. */
function slotResultOf(verdict: Verdict, sentAt: number): SlotResult {
	if (verdict.kind === 'rateLimited') return { kind: 'rateLimited', sentAt };
	if (verdict.kind === 'lockedOut') {
		return { kind: 'lockedOut', until: Date.now() + verdict.minutes * 60_000 };
	}
	if (verdict.kind === 'failed') {
		if (verdict.neverLeft) return { kind: 'neverSent' };
		return { kind: 'noAnswer', answered: verdict.status !== undefined && verdict.status !== 504 };
	}
	return { kind: 'answered' };
}

/**
 * The pipeline of one request: throttle → send → classify → (release the slot with the verdict)
 * → retry or fail over (retry.ts). Ends with the platform's answer, or throws why there is none.
 */
export async function exchange(
	channel: Channel,
	account: Account,
	request: ApiRequest,
): Promise<FinalAnswer> {
	const { node, settings } = channel;
	const method = request.method ?? 'GET';
	const throttle = throttleFor(
		request.target === 'status' ? `${account.statusUrl}|status` : account.budgetKey,
		account.maxPerSecond,
	);
	const attemptTimeoutMs = settings.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
	const limitMs = Math.max(REQUEST_TIME_LIMIT_MS, 2 * attemptTimeoutMs);
	const hosts = hostsFor(node, account, request);
	let failures: FailedAttempt[] = [];
	let [hostIndex, retry, rateLimited, deadline, firstSentAt] = [0, 0, 0, 0, 0];
	let probe: ProbeResult | undefined;
	let probeVerdict: Verdict | undefined;

	for (;;) {
		const host = hosts[hostIndex];
		const waitingSince = Date.now();
		const release = await throttle.acquire(host, request.urgent);
		if (typeof release !== 'function') throw blockedError(node, release, request.itemIndex);
		if (request.abandoned?.()) {
			release({ kind: 'neverSent' });
			throw new NodeOperationError(node, 'Not sent: another request of the same read failed first', {
				itemIndex: request.itemIndex,
			});
		}
		const sentAt = Date.now();
		// Waits for a slot (429 pauses too) do not count: a hang after 429s still ends in time.
		if (deadline) deadline += sentAt - waitingSince;
		else [deadline, firstSentAt] = [sentAt + limitMs, sentAt];
		const timeoutMs = Math.max(1, Math.min(attemptTimeoutMs, deadline - sentAt));
		const outcome = await sendOnce(channel.send, account, host, request, settings, timeoutMs);
		const verdict = classify(outcome, {
			host,
			token: account.token,
			timeoutMs,
			timeoutFromOption: settings.timeoutMs !== undefined,
		});
		const pauseMs = release(slotResultOf(verdict, sentAt), rateHeadersOf(outcome));
		if (verdict.kind !== 'failed' && host === account.baseUrl) markPrimaryUp(account.key);
		if (verdict.kind === 'rateLimited') rateLimited++;
		else if (verdict.kind === 'failed') failures.push(verdict);

		const state = {
			method,
			retry,
			rateLimited,
			guardBlocks: throttle.blocked() !== undefined,
			busySecond: throttle.inBusySecond(),
			hostIndex,
			hostCount: hosts.length,
			now: Date.now(),
			deadline,
			recordRead: request.record !== undefined,
			probe,
		};
		let step = nextStep(verdict, state);
		if (step.action === 'probe') {
			probeVerdict = await probeHost(channel, account, host, throttle, deadline, attemptTimeoutMs);
			probe = probeResultOf(probeVerdict);
			step = nextStep(verdict, { ...state, probe, now: Date.now() });
		}
		const leavingPrimary = host === account.baseUrl && hosts.length > 1;
		switch (step.action) {
			case 'final':
				return verdict as FinalAnswer;
			case 'probe':
				// nextStep never asks twice: the probe's result is in its state.
				throw new NodeOperationError(node, 'The transport probed twice', {
					itemIndex: request.itemIndex,
					failure: { cause: 'node-defect' },
				});
			case 'lockedOut':
				// The probe met the lock-out: reported as it is, nothing more is sent.
				return probeVerdict as Extract<Verdict, { kind: 'lockedOut' }>;
			case 'notFound': {
				const failed = verdict as Extract<Verdict, { kind: 'failed' }>;
				return { kind: 'notFound', status: failed.status ?? 500, message: failed.message, host };
			}
			case 'resendAfterPause':
				// A new round on the primary; the throttle holds back its slot for the pause.
				failures = [];
				[hostIndex, retry] = [0, 0];
				continue;
			case 'rateLimitError': {
				const block = throttle.blocked();
				if (block) throw blockedError(node, block, request.itemIndex);
				throw rateLimitError(node, rateLimited, Date.now() + pauseMs, request.itemIndex);
			}
			case 'sameHostAfter':
				retry++;
				await sleep(step.delayMs);
				continue;
			case 'nextHost':
				if (leavingPrimary) markPrimaryDown(account.key);
				// The next host is probed on its own (a probe says nothing about another host).
				[hostIndex, retry, probe, probeVerdict] = [hostIndex + 1, 0, undefined, undefined];
				continue;
			case 'unconfirmedWrite': {
				const write = { method, path: request.path, what: describeWrite(request) };
				const attempts = { sentAt: firstSentAt, attempts: failures };
				throw new UnconfirmedWriteError(node, { ...write, ...attempts }, request.itemIndex);
			}
			case 'unavailable':
				if (leavingPrimary) markPrimaryDown(account.key);
				throw unavailableError(
					node,
					failures,
					unavailableAdvice(account, request, hosts),
					request.itemIndex,
				);
		}
	}
}

/**
 * One attempt of PROBE on the host, in the request's time limit: its verdict (probeResultOf says
 * whether the platform answered it). No slot (the throttle blocks the account): no answer.
 */
async function probeHost(
	channel: Channel,
	account: Account,
	host: string,
	throttle: ReturnType<typeof throttleFor>,
	deadline: number,
	attemptTimeoutMs: number,
): Promise<Verdict> {
	const release = await throttle.acquire(host);
	if (typeof release !== 'function') {
		const message = 'the probe was not sent';
		return { kind: 'failed', host, code: 'NOT_SENT', message, neverLeft: true, hostUnusable: false };
	}
	const sentAt = Date.now();
	const timeoutMs = Math.max(1, Math.min(attemptTimeoutMs, deadline - sentAt));
	const outcome = await sendOnce(channel.send, account, host, PROBE, channel.settings, timeoutMs);
	const verdict = classify(outcome, {
		host,
		token: account.token,
		timeoutMs,
		timeoutFromOption: channel.settings.timeoutMs !== undefined,
	});
	release(slotResultOf(verdict, sentAt), rateHeadersOf(outcome));
	if (verdict.kind !== 'failed' && host === account.baseUrl) markPrimaryUp(account.key);
	return verdict;
}

function unavailableAdvice(account: Account, request: ApiRequest, hosts: string[]): string {
	if (hosts.length > 1) return '';
	if (account.backupBaseUrl && request.target !== 'status') {
		return ` The Backup Base URL was not tried: its host is not among the credential's Allowed Domains (${account.allowedDomains}).`;
	}
	return ' Set a Backup Base URL in the credential to fail over automatically.';
}
