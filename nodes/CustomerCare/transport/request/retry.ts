/**
 * WHERE A REQUEST IS SENT AGAIN, AND WHY. The only place that decides it: exchange.ts carries
 * out what nextStep says after each attempt, pages.ts asks readsAgain after a read whose pages
 * shifted. Every reason, in one table (the rules below say more):
 *
 * | After an attempt                         | Sent again?                            | When                   | Rule |
 * |------------------------------------------|----------------------------------------|------------------------|------|
 * | 429                                      | up to MAX_429_RESENDS times (a busy    | after the account's    | 1    |
 * |                                          | second: until the guard's stop), never | pause                  |      |
 * |                                          | while the guard blocks                 | (rateLimitPolicy.ts)   |      |
 * | no usable answer to a write that may     | never: UnconfirmedWriteError           | —                      | 2    |
 * | have arrived                             |                                        |                        |      |
 * | no usable answer to a write that never   | on the backup; without one, the same   | at once; 1 s, 2 s, 4 s | 2    |
 * | left (no connection)                     | host                                   |                        |      |
 * | no usable answer to a read               | the same host, then the backup (at     | 1 s, 2 s, 4 s; then    | 2    |
 * |                                          | once after no connection or no answer  | at once                |      |
 * |                                          | in time, or from a primary on trial;   |                        |      |
 * |                                          | never a host whose TLS failed)         |                        |      |
 * | an answer (2xx, 4xx, a failure code),    | never                                  | —                      | 3    |
 * | the lock-out                             |                                        |                        |      |
 * | a record read's second 500               | one probe of the host first: answered, | at once                | 4    |
 * |                                          | not found; else as a read              |                        |      |
 * | a paged read whose pages shifted         | the whole read, MAX_READ_ATTEMPTS in   | at once                | 5    |
 * |                                          | all                                    |                        |      |
 * | another request of the same read failed  | not sent at all                        | —                      | 6    |
 *
 * 1. 429 (rate or hourly quota): sent again after the throttle's pause, at most
 *    MAX_429_RESENDS times, and never while the lock-out guard blocks the account
 *    (lockout.ts): then the request fails at once with the guard's error. When the platform's
 *    headers say the hour has room (a busy second, throttle.ts `inBusySecond`), the count does not
 *    end it: the guard's stop at 20 429s in a row does. How long the pause lasts is the account's
 *    429 policy (rateLimitPolicy.ts): it holds every request of the account, not only this one.
 * 2. No usable answer (5xx, unreadable 2xx, no answer in time, connection failure):
 *    - a write (POST, PUT) is sent again ONLY when it provably never left, i.e. the connection
 *      was never established (classify.ts); to the backup when there is one. Any other failure
 *      may have been applied: UnconfirmedWriteError, never a second send (a create is looked up
 *      instead: engine/createLookup.ts, which engine/answer.ts calls; it sends a list read, never the
 *      write);
 *    - a read (GET) is tried again on the same base URL after 1 s, 2 s and 4 s, then on the
 *      backup. A host that refused the connection or gave no answer in time is left for the
 *      backup at once; a host whose TLS was refused is not tried again at all. So is a primary
 *      on trial (failover.ts: its backup-first minute ended less than 10 minutes ago): one
 *      attempt, then the backup, so a primary that stays down costs a long run no more waits
 *      than its first failure did.
 * 3. Anything else is final: an answer (2xx, 4xx, a failure code in a 200), the lock-out.
 * 4. A record read (Get of a ticket, lead or deal by ID) that gets a 500 twice on a host: the
 *    real platform answers 500 to a record it does not have (docs/api.md#answers-and-errors),
 *    as it does when it is down. One probe of the same host (a small reference list) tells them
 *    apart: answered, the platform is up and the record is missing (3 requests, one 1 s wait, no
 *    failover); not answered, the outage path above goes on unchanged (one request more).
 *    Any answer of the platform to the probe means it is up: a 2xx (with any code, NOK too), a
 *    4xx (401, 403, 404, 422, 400: the token may not list groups), and a 429 (the platform's own
 *    rate limiter answered: it is up, so the record is missing; the throttle keeps the 429's
 *    pause for the requests that follow, no failover). Only no usable answer (5xx, no answer in
 *    time, no connection: a `failed` verdict) is "not answered". The probe meeting the lock-out
 *    ends the request with the lock-out (nothing more is sent, no backup). A probe belongs to
 *    its host: on the backup, the record's 500s are probed again there. On a primary on trial
 *    (rule 2) the first 500 is probed at once: not answered, the backup; answered, the record
 *    is read again after 1 s, and a second 500 is "not found" (4 requests, no failover).
 * 5. A paged read whose pages shifted under it (records moving in or out of the list while it is
 *    read: a page reported another numFound, or pages ran past it) is read again from page 1,
 *    MAX_READ_ATTEMPTS reads in all (pages.ts readAllPages); the last one is kept or dropped as
 *    its caller says (docs/guarantees.md, "Records that change while a poll reads").
 * 6. The requests of one read sent together (its windows, its pages): once one fails, those that
 *    have not left are not sent (pages.ts sentTogether; exchange.ts checks as each takes its slot).
 *
 * All attempts of one request (pauses included, waits for a slot not) within its time limit
 * (requestTimeLimitMs).
 */
import type { IHttpRequestMethods } from 'n8n-workflow';

import type { Verdict } from './classify';

export const MAX_429_RESENDS = 6;
/** Pauses before the retries of a read on the same base URL. */
const RETRY_DELAYS_MS = [1000, 2000, 4000];
/**
 * One request, all its attempts and retry delays together (both base URLs hanging included, the
 * waits for a slot not), gives up after this long, or after twice the Timeout option if longer.
 */
const REQUEST_TIME_LIMIT_MS = 60_000;
/** Reads of a paged list whose pages shifted, in all (rule 5). */
export const MAX_READ_ATTEMPTS = 3;

/** How long all attempts of one request may take together, each attempt given `attemptTimeoutMs`. */
export function requestTimeLimitMs(attemptTimeoutMs: number): number {
	return Math.max(REQUEST_TIME_LIMIT_MS, 2 * attemptTimeoutMs);
}

/** Whether a paged read whose pages shifted under its `attempt`-th read is read again (rule 5). */
export function readsAgain(attempt: number): boolean {
	return attempt < MAX_READ_ATTEMPTS;
}

export type Step =
	| { action: 'final' }
	| { action: 'resendAfterPause' }
	| { action: 'rateLimitError' }
	| { action: 'sameHostAfter'; delayMs: number }
	| { action: 'nextHost' }
	| { action: 'unconfirmedWrite' }
	| { action: 'unavailable' }
	/** Send one probe of this host, then decide again with its result. */
	| { action: 'probe' }
	/** The probe met the lock-out: it is the request's answer. */
	| { action: 'lockedOut' }
	/** The host is up and the record's 500 means it does not exist. */
	| { action: 'notFound' };

export interface AttemptState {
	method: IHttpRequestMethods;
	/** Retries on this host so far. */
	retry: number;
	/** 429s this request got, this one included. */
	rateLimited: number;
	/** The lock-out guard blocks the account now. */
	guardBlocks: boolean;
	/** The 429s are a full second, not a spent hour: the headers said the hour has room. */
	busySecond?: boolean;
	hostIndex: number;
	hostCount: number;
	now: number;
	deadline: number;
	/** The request reads one record by its ID (Ticket, Lead, Deal Get). */
	recordRead?: boolean;
	/** The probe of this host after the record's 500s: it was answered, or it failed too. */
	probe?: ProbeResult;
	/** This host is a primary on trial (failover.ts `primaryOnTrial`) and a backup can be used: one attempt, then the backup. */
	hostOnTrial?: boolean;
}

/** What the probe of a host says about it (rule 4). */
export type ProbeResult = 'answered' | 'failed' | 'lockedOut';

/** Any answer of the platform means it is up; only a `failed` verdict is no answer (rule 4). */
export function probeResultOf(verdict: Verdict): ProbeResult {
	if (verdict.kind === 'failed') return 'failed';
	if (verdict.kind === 'lockedOut') return 'lockedOut';
	return 'answered';
}

export function nextStep(verdict: Verdict, state: AttemptState): Step {
	if (verdict.kind === 'rateLimited') {
		return (state.rateLimited > MAX_429_RESENDS && !state.busySecond) || state.guardBlocks
			? { action: 'rateLimitError' }
			: { action: 'resendAfterPause' };
	}
	if (verdict.kind !== 'failed') return { action: 'final' };

	const isRead = state.method === 'GET';
	if (!isRead && !verdict.neverLeft) return { action: 'unconfirmedWrite' };
	const recordRead500 = isRead && state.recordRead && verdict.status === 500;
	// The first 500 is retried as any (a passing fault of an existing record); the second is probed.
	// On a primary on trial the first is probed at once: not answered, the backup without waits;
	// answered, the platform is up, so the record is read again as anywhere else (and a second
	// 500 means not found: the probe's answer stands).
	if (recordRead500 && (state.retry >= 1 || state.hostOnTrial)) {
		if (state.probe === undefined && state.now < state.deadline) return { action: 'probe' };
		if (state.probe === 'answered' && state.retry >= 1) return { action: 'notFound' };
		if (state.probe === 'lockedOut') return { action: 'lockedOut' };
	}
	const hasBackup = state.hostCount > 1;
	const trialFailed = state.hostOnTrial && !(recordRead500 && state.probe === 'answered');
	const leaveHost = hasBackup && (verdict.neverLeft || verdict.hostUnusable || !isRead || trialFailed);
	const delayMs = RETRY_DELAYS_MS[state.retry];
	if (
		delayMs !== undefined &&
		!leaveHost &&
		!(verdict.hostUnusable && verdict.neverLeft) &&
		state.now + delayMs < state.deadline
	) {
		return { action: 'sameHostAfter', delayMs };
	}
	if (state.hostIndex + 1 < state.hostCount && state.now < state.deadline) {
		return { action: 'nextHost' };
	}
	return { action: 'unavailable' };
}
