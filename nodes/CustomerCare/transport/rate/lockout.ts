/**
 * The lock-out guard of one account. The platform locks a domain out for 15 minutes at the 21st
 * 429 in a row (more than 20, docs/api.md#limits), and only an answer other than 429 ends its
 * count: waiting does not. So this process counts its own 429s in a row and keeps them at 20 at
 * most, however long the quota stays spent:
 *
 * - below COOL_DOWN_AT (14): the throttle's back-off (1 s … 30 s), one request at a time after
 *   the first 429 (at most 5 are on the wire when the first one comes back);
 * - from 14 on, the hourly quota is taken as spent (54,000 per rolling hour): nothing is sent
 *   until an hour has passed (the hour could have freed), then ONE probe. Each probe answered
 *   429 doubles the wait: 1 h, 2 h, 4 h, 8 h, 16 h, 32 h. Meanwhile every request ends at once
 *   with `quota-exhausted`;
 * - at 20: stop. The 21st would lock the domain out, so this process sends nothing more to the
 *   account until n8n restarts (the error says so, and what to look for).
 *
 * At most 14 + 6 = 20 429s in a row, for any length of spent quota. Any other answer ends the run;
 * a lock-out answer blocks until its end (the platform starts counting from 0 after it).
 *
 * When the platform's headers say why (rateHeaders.ts, docs/rate-budget.md), the guess gives way:
 * - a busy second (the hour has requests left): no hour of silence; the throttle's short pauses
 *   go on, and from 17 in a row silences of 1, 5 and 15 minutes; the stop at 20 stays;
 * - a spent hour (none left): silence at once, until the moment the platform named; when it named
 *   none, the first probe after a minute, each next one twice as late, at most an hour apart.
 */

import { LONGEST_WAIT_MS } from './rateHeaders';

/** The lock-out the platform documents (docs/api.md#limits), when its answer names no usable minutes. */
const DOCUMENTED_LOCKOUT_MINUTES = 15;

/**
 * How long a lock-out answer blocks the account: the minutes it names (docs/api.md#limits,
 * "retry after N minutes"), at most a day, as for the rate headers. Minutes that are no count
 * (negative, NaN) mean the documented 15; a wait past a day (150,000,000,000 minutes would be
 * past the last date a Date can hold) is no lock-out's, and would block until n8n restarts.
 */
export function lockoutWaitMs(minutes: number): number {
	const named = Number.isNaN(minutes) || minutes < 0 ? DOCUMENTED_LOCKOUT_MINUTES : minutes;
	return Math.min(LONGEST_WAIT_MS, named * 60_000);
}

/** From this many 429s in a row, wait for the hour to free before each single probe. */
export const COOL_DOWN_AT = 14;
const FIRST_PROBE_AFTER_MS = 60 * 60_000;

/** Why a 429 came, when the platform's headers tell: its second was full, or its hour is spent. */
export type RateLimitCause =
	| { kind: 'second' }
	| { kind: 'hour'; freesAt?: number; limit?: number }
	/** The platform named a wait too long to sit out: silence until then. */
	| { kind: 'told'; until: number };

/**
 * A busy second that lasts: from this many 429s in a row, short silences (1, 5, 15 min) instead of
 * going on to the stop at 20, which only a restart of n8n lifts.
 */
const BUSY_COOL_DOWN_AT = 17;
const BUSY_COOL_DOWNS_MS = [60_000, 5 * 60_000, 15 * 60_000];

const SPENT_FIRST_PROBE_AFTER_MS = 60_000;

export type GuardBlock =
	| { kind: 'lockedOut'; until: number }
	/**
	 * `spent`: the platform said the hour has no request left (of `limit`, when it said);
	 * `busySecond`: it said the hour has room, and others have filled its seconds for long.
	 */
	| { kind: 'coolingDown'; until: number; consecutive429: number; spent?: { limit?: number }; busySecond?: true }
	| { kind: 'stopped'; since: number; consecutive429: number };

export class LockoutGuard {
	private run = 0;

	/** When the first 429 of the current run came back. */
	private runSince = 0;

	private probeAt = 0;

	private lockedUntil = 0;

	/** The hour is known to be spent (the latest 429's headers said so), of this limit. */
	private spent?: { limit?: number };

	/** The silence is a lasting busy second's, not a spent hour's. */
	private busySecond = false;

	/** @param limit The platform's limit: more 429s in a row than this lock the domain out. */
	constructor(readonly limit: number) {}

	/** Our 429s in a row: the platform's count, as far as this process made it. */
	get consecutive429(): number {
		return this.run;
	}

	/** Why nothing may be sent now, if that is so. */
	blocked(now: number): GuardBlock | undefined {
		if (this.lockedUntil > now) return { kind: 'lockedOut', until: this.lockedUntil };
		if (this.run >= this.limit) {
			return { kind: 'stopped', since: this.runSince, consecutive429: this.run };
		}
		if (this.probeAt > now) {
			const block = { kind: 'coolingDown', until: this.probeAt, consecutive429: this.run } as const;
			if (this.spent) return { ...block, spent: this.spent };
			return this.busySecond ? { ...block, busySecond: true } : block;
		}
		return undefined;
	}

	/** A 429; `cause`: what the platform's headers said of it, if anything. */
	on429(now: number, cause?: RateLimitCause) {
		if (this.run === 0) this.runSince = now;
		this.run++;
		this.spent = undefined;
		this.busySecond = false;
		this.probeAt = 0;
		if (cause?.kind === 'second') {
			this.busySecond = true;
			if (this.run >= BUSY_COOL_DOWN_AT) this.probeAt = now + BUSY_COOL_DOWNS_MS[Math.min(this.run - BUSY_COOL_DOWN_AT, BUSY_COOL_DOWNS_MS.length - 1)];
			return;
		}
		if (cause?.kind === 'told') {
			this.probeAt = cause.until;
			return;
		}
		if (cause?.kind === 'hour') {
			this.spent = { limit: cause.limit };
			const guessed = Math.min(FIRST_PROBE_AFTER_MS, SPENT_FIRST_PROBE_AFTER_MS * 2 ** (this.run - 1));
			this.probeAt = cause.freesAt ?? now + guessed;
			return;
		}
		if (this.run >= COOL_DOWN_AT) {
			this.probeAt = now + FIRST_PROBE_AFTER_MS * 2 ** (this.run - COOL_DOWN_AT);
		}
	}

	/** Any answer other than 429 (and other than the lock-out) ends the run. */
	onAnswer() {
		this.run = 0;
		this.probeAt = 0;
		this.spent = undefined;
	}

	/** The platform locked the domain out until `until`; it counts from 0 after. */
	onLockout(until: number) {
		this.lockedUntil = Math.max(this.lockedUntil, until);
		this.run = 0;
		this.probeAt = 0;
		this.spent = undefined;
	}
}
