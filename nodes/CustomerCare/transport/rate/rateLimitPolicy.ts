/**
 * The 429 policy of one account: what a 429 (and the rate headers of any answer) does to the
 * account's pause, its rate and its lock-out guard (docs/rate-budget.md "Why a 429 came"). The
 * slot queue (throttle.ts) holds requests back while it pauses or blocks; whether a request is
 * sent again after a 429 is retry.ts's to decide.
 */
import { COOL_DOWN_AT, LockoutGuard, type GuardBlock, type RateLimitCause } from './lockout';
import { AccountQuota, type QuotaSnapshot } from './quota';
import type { RateReading } from './rateHeaders';
import type { SharedRate } from './sharedRate';
import type { SlotResult } from './slot';

/**
 * A single 429 after a long quiet spell is most often two of our requests landing in the
 * same server second through network jitter, not a shared or spent quota: it earns a short
 * pause and no slow-down. A second 429 in a row gets the full back-off.
 */
const QUIET_BEFORE_LONE_429_MS = 30_000;
const LONE_429_PAUSE_MS = 100;
/**
 * A wait the platform asks for (Retry-After) up to this long is sat out as a pause, also when its
 * hour is spent: the requests then go on. A longer one silences the account until then.
 */
const LONGEST_TOLD_PAUSE_MS = 60_000;
/** The back-off's first pause after the first burst: 1 s, the server's window; it doubles up to LONGEST_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 1000;
const LONGEST_BACKOFF_MS = 30_000;

export class RateLimitPolicy {
	private pausedUntilMs = 0;

	/** The 429s in a row, the cool-down and the lock-out (lockout.ts). */
	private readonly guard: LockoutGuard;

	/** When the 429 that began the latest burst came back. */
	private burstSeenAt = 0;

	/** Bursts of 429s since the last other answer. */
	private bursts = 0;

	/** The hourly quota as the platform's headers last said it. */
	private readonly quota = new AccountQuota();

	/** Why the latest 429 came, when its headers (or a fresh reading) told. */
	private latest429Cause?: RateLimitCause;

	/**
	 * @param sharedRate The account's rate in force, lowered by 429s and by the headers' readings.
	 * @param onRunEnded Called when an answer ends a run of 429s: whatever queued behind the probe may go.
	 */
	constructor(
		lockoutAfter429s: number,
		private readonly sharedRate: SharedRate,
		private readonly onRunEnded: () => void,
	) {
		this.guard = new LockoutGuard(lockoutAfter429s);
	}

	/** Why no request may be sent now, if that is so. */
	blocked(now: number): GuardBlock | undefined {
		return this.guard.blocked(now);
	}

	/** Until when the whole account pauses after 429s. */
	get pausedUntil(): number {
		return this.pausedUntilMs;
	}

	/** After a 429, the account probes with one request at a time until one succeeds. */
	get probing(): boolean {
		return this.guard.consecutive429 > 0;
	}

	/** The hourly quota as the platform's headers last said it; undefined when they never did. */
	quotaSnapshot(): QuotaSnapshot | undefined {
		return this.quota.snapshot();
	}

	/**
	 * The 429s in a row are known to be a full second, not a spent hour (the headers said the hour
	 * has room): a request may go on through more of them than MAX_429_RESENDS (retry.ts).
	 */
	inBusySecond(): boolean {
		return this.guard.consecutive429 > 0 && this.latest429Cause?.kind === 'second';
	}

	/** What an answer was, and what its headers said; returns the pause after a 429 (ms), else 0. */
	record(result: SlotResult, headers?: RateReading): number {
		const rate = headers && this.quota.scaled(headers);
		if (rate) {
			const now = Date.now();
			this.quota.onReading(rate, now);
			if (rate.scope === 'hour' && rate.remaining !== undefined) this.sharedRate.onAccountRemaining(now, rate.remaining);
		}
		if (result.kind === 'answered') this.onAnswer();
		else if (result.kind === 'lockedOut') this.guard.onLockout(result.until);
		else if (result.kind === 'rateLimited') {
			this.sharedRate.onRefused();
			return this.on429(result.sentAt, rate);
		}
		return 0;
	}

	/** Any answer other than 429 ends a run of 429s (the rate climbs back by itself, with time). */
	private onAnswer() {
		if (this.guard.consecutive429 > 0) {
			this.guard.onAnswer();
			this.bursts = 0;
			this.pausedUntilMs = 0;
			this.onRunEnded();
		}
	}

	/**
	 * A 429 answering a request sent at `sentAt`. A run of them means someone else shares the
	 * account, or its quota is used up: lower our rate (SharedRate) and pause the whole account
	 * (after a short pause for a lone one; see backoffAfterBurst).
	 * The requests that were already on the wire when a 429 came back are of the same burst:
	 * their 429s tell nothing new, so they neither lengthen the pause nor lower the rate again
	 * (they still count towards the lock-out guard).
	 */
	private on429(sentAt: number, rate?: RateReading): number {
		const now = Date.now();
		// A wait of 0 (or a Reset already past) tells nothing: the back-off below applies.
		const told = rate?.retryAfterMs ? rate.retryAfterMs : undefined;
		const cause = this.quota.causeOf429(rate, now);
		// A wait the platform named that a request can sit out is a pause; a longer one, a silence.
		if (told !== undefined && told > LONGEST_TOLD_PAUSE_MS) {
			this.latest429Cause = cause?.kind === 'hour' ? { ...cause, freesAt: now + told } : { kind: 'told', until: now + told };
		} else this.latest429Cause = cause?.kind === 'hour' && told !== undefined ? { kind: 'second' } : cause;
		this.guard.on429(now, this.latest429Cause);
		if (told !== undefined) this.pausedUntilMs = Math.max(this.pausedUntilMs, now + told);
		if (this.guard.consecutive429 > 1 && sentAt <= this.burstSeenAt)
			return Math.max(0, this.pausedUntilMs - now);
		const lone =
			this.bursts === 0 &&
			now - this.burstSeenAt >= QUIET_BEFORE_LONE_429_MS &&
			!this.sharedRate.showsShare(sentAt);
		this.burstSeenAt = now;
		this.bursts++;
		if (lone) {
			this.pausedUntilMs = Math.max(this.pausedUntilMs, now + LONE_429_PAUSE_MS);
			return Math.max(0, this.pausedUntilMs - now);
		}
		const roomAt = this.sharedRate.onBurst(now, sentAt);
		const backoff = told ?? this.backoffAfterBurst(now, roomAt);
		this.pausedUntilMs = Math.max(this.pausedUntilMs, now + backoff);
		return Math.max(0, this.pausedUntilMs - now);
	}

	/**
	 * The first burst after a success is a share to find: the rate was lowered, and the pause
	 * lasts until the server's second has room (`roomAt`). Then 1 s (the server's window), 2 s,
	 * 4 s … 30 s, doubling:
	 * - a burst right after another means the account's window is full (several processes started
	 *   at once, or the quota is spent): doubling from the second burst on; near the lock-out the
	 *   guard holds everything back (lockout.ts);
	 * - a busy second, as the headers said (the hour has room: others fill the account's second):
	 *   one request a second, the server's window, doubling only from COOL_DOWN_AT 429s in a row,
	 *   so that a long burst of others has time to end before the 20 that would lock the domain out.
	 */
	private backoffAfterBurst(now: number, roomAt: number): number {
		if (this.bursts === 1) return roomAt - now;
		const doublings =
			this.latest429Cause?.kind === 'second'
				? Math.max(0, this.guard.consecutive429 - COOL_DOWN_AT + 1)
				: this.bursts - 2;
		return Math.min(LONGEST_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** doublings);
	}
}
