/**
 * The pipeline of one request: throttle → send → classify → (release the slot with the verdict)
 * → what retry.ts decides: the answer, another attempt (same host or the backup), one probe, or
 * the error of no answer. request.ts turns its final answer into data or a NodeApiError.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { GROUP } from '../../api/endpoints';
import { isHostAllowed, type Account } from './account';
import { classify, type Verdict } from './classify';
import { baseUrlsInOrder, markPrimaryDown, markPrimaryUp, primaryOnTrial } from './failover';
import { blockedError, rateLimitError } from '../answers/rateLimitErrors';
import { lockoutWaitMs } from '../rate/lockout';
import { readRateHeaders } from '../rate/rateHeaders';
import { nextStep, probeResultOf, requestTimeLimitMs, type ProbeResult } from './retry';
import { sendOnce, type ApiRequest, type Outcome, type Send } from './send';
import type { RequestSettings } from './settings';
import { credentialError } from '../answers/settingErrors';
import type { SlotResult } from '../rate/slot';
import { throttleFor, type Release } from '../rate/throttle';
import { describeWrite, UnconfirmedWriteError, unavailableError, type FailedAttempt } from '../answers/unansweredErrors';

/** How long one attempt waits for an answer when the node's Request Options set no Timeout. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 30_000;

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
export const PROBE: ApiRequest = { method: 'GET', path: GROUP.list.path };

function hostsFor(node: INode, account: Account, request: ApiRequest, now: number): string[] {
	if (request.target !== 'status') {
		// The Base URL's own host is always in the list; a backup outside it is never sent the token.
		return baseUrlsInOrder(account, now).filter((host) => isHostAllowed(host, account.allowedDomains));
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
		return { kind: 'lockedOut', until: Date.now() + lockoutWaitMs(verdict.minutes) };
	}
	if (verdict.kind === 'failed') {
		if (verdict.neverLeft) return { kind: 'neverSent' };
		return { kind: 'noAnswer', answered: verdict.status !== undefined && verdict.status !== 504 };
	}
	return { kind: 'answered' };
}

/**
 * One attempt in a slot already taken: sent to `host` with what is left of the time limit, its
 * verdict, the slot released with it (and the pause after a 429), the primary marked up when it
 * answered.
 */
async function attempt(
	channel: Channel,
	account: Account,
	host: string,
	request: ApiRequest,
	slot: { release: Release; sentAt: number; deadline: number; attemptTimeoutMs: number },
): Promise<{ verdict: Verdict; pauseMs: number }> {
	const { settings } = channel;
	const timeoutMs = Math.max(1, Math.min(slot.attemptTimeoutMs, slot.deadline - slot.sentAt));
	const outcome = await sendOnce(channel.send, account, host, request, settings, timeoutMs);
	const verdict = classify(outcome, {
		host,
		token: account.token,
		timeoutMs,
		timeoutFromOption: settings.timeoutMs !== undefined,
	});
	const pauseMs = slot.release(slotResultOf(verdict, slot.sentAt), rateHeadersOf(outcome));
	if (verdict.kind !== 'failed' && host === account.baseUrl) markPrimaryUp(account.key);
	return { verdict, pauseMs };
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
	const limitMs = requestTimeLimitMs(attemptTimeoutMs);
	// The order and the trial read at one instant: a primary on trial is first, and left at its
	// first failure (retry.ts rule 2) only when a backup can be used.
	const now = Date.now();
	const hosts = hostsFor(node, account, request, now);
	const trial = request.target !== 'status' && hosts.length > 1 && primaryOnTrial(account.key, now);
	let failures: FailedAttempt[] = [];
	let [hostIndex, retry, rateLimited, deadline, firstSentAt] = [0, 0, 0, 0, 0];
	let probe: ProbeResult | undefined;
	let probeVerdict: Verdict | undefined;

	for (;;) {
		const host = hosts[hostIndex];
		const waitingSince = Date.now();
		const release = await throttle.acquire(host, request.urgent);
		if (typeof release !== 'function') throw blockedError(node, release, request.itemIndex);
		// Rule 6 of retry.ts: another request of the same read failed first.
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
		const { verdict, pauseMs } = await attempt(channel, account, host, request, {
			release,
			sentAt,
			deadline,
			attemptTimeoutMs,
		});
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
			hostOnTrial: trial && host === account.baseUrl,
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
	const slot = { release, sentAt: Date.now(), deadline, attemptTimeoutMs };
	return (await attempt(channel, account, host, PROBE, slot)).verdict;
}

function unavailableAdvice(account: Account, request: ApiRequest, hosts: string[]): string {
	if (hosts.length > 1) return '';
	if (account.backupBaseUrl && request.target !== 'status') {
		return ` The Backup Base URL was not tried: its host is not among the credential's Allowed Domains (${account.allowedDomains}).`;
	}
	return ' Set a Backup Base URL in the credential to fail over automatically.';
}
