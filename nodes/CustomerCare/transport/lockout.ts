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
 */

/** From this many 429s in a row, wait for the hour to free before each single probe. */
export const COOL_DOWN_AT = 14;
const FIRST_PROBE_AFTER_MS = 60 * 60_000;

export type GuardBlock =
	| { kind: 'lockedOut'; until: number }
	| { kind: 'coolingDown'; until: number; consecutive429: number }
	| { kind: 'stopped'; since: number; consecutive429: number };

export class LockoutGuard {
	private run = 0;

	/** When the first 429 of the current run came back. */
	private runSince = 0;

	private probeAt = 0;

	private lockedUntil = 0;

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
		if (this.run >= COOL_DOWN_AT && this.probeAt > now) {
			return { kind: 'coolingDown', until: this.probeAt, consecutive429: this.run };
		}
		return undefined;
	}

	on429(now: number) {
		if (this.run === 0) this.runSince = now;
		this.run++;
		if (this.run >= COOL_DOWN_AT) {
			this.probeAt = now + FIRST_PROBE_AFTER_MS * 2 ** (this.run - COOL_DOWN_AT);
		}
	}

	/** Any answer other than 429 (and other than the lock-out) ends the run. */
	onAnswer() {
		this.run = 0;
		this.probeAt = 0;
	}

	/** The platform locked the domain out until `until`; it counts from 0 after. */
	onLockout(until: number) {
		this.lockedUntil = Math.max(this.lockedUntil, until);
		this.run = 0;
		this.probeAt = 0;
	}
}
