import { sleep } from 'n8n-workflow';

import { COOL_DOWN_AT, LockoutGuard, type GuardBlock, type RateLimitCause } from './lockout';
import { AccountQuota, type QuotaSnapshot } from './quota';
import type { RateReading } from './rateHeaders';
import { LoopWatch, RoundTripFloor } from './roundTrip';
import { SharedRate } from './sharedRate';

/** The platform's published limits (docs/api.md#limits). */
export const API_LIMITS = {
	perSecond: 15,
	perHour: 54_000,
	/** More than this many 429s in a row lock the domain out for 15 minutes. */
	lockoutAfter429s: 20,
} as const;

const allowedRate = (maxPerSecond: number) =>
	Math.max(1, Math.min(API_LIMITS.perSecond, Math.floor(maxPerSecond)));
/** The hourly quota is split in the same proportion as the per-second one. */
const hourlyShare = (perSecond: number) =>
	Math.floor((API_LIMITS.perHour * perSecond) / API_LIMITS.perSecond);

/** Requests on the wire at once per account (15/s needs 4 at a 250 ms round trip). */
const MAX_IN_FLIGHT = 5;
/** The server counts arrivals; a small margin on the hourly window covers clock granularity. */
const HOUR_MARGIN_MS = 60;
/**
 * The server's second, counted on its side of jitter (see countUntilAnswered): a request counts
 * from the moment it goes until this long after it arrived at the latest. The few milliseconds
 * above 1 s cover clock granularity.
 */
const SERVER_SECOND_MS = 1000 + 2;
/**
 * A request given up without an answer may still be read by the server later: a slow one behind
 * the node's Timeout, or behind a gateway that gave up first. It holds its place this long after.
 */
const UNANSWERED_HOLD_MS = 60_000;
/** After a 429 no credit for this long: the platform saw more than we counted. */
const NO_CREDIT_AFTER_429_MS = 60_000;
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
/** A busy second (the hour has room): 1 s between 429s, the server's window. */
const BUSY_SECOND_PAUSE_MS = 1000;

/**
 * The moments requests were let go, in a sliding window. A moment is recorded when the
 * request actually goes (not when it started waiting), so a late-running event loop cannot
 * bunch requests together.
 */
class SlidingWindow {
	private readonly times: number[] = [];

	private head = 0;

	constructor(
		public limit: number,
		private readonly windowMs: number,
	) {}

	/**
	 * The earliest moment at or after `now` when one more request fits in the window; Infinity
	 * when only a release frees one.
	 */
	earliest(now: number): number {
		while (this.head < this.times.length && this.times[this.head] <= now - this.windowMs)
			this.head++;
		if (this.head > 4096) {
			this.times.splice(0, this.head);
			this.head = 0;
		}
		const inWindow = this.times.length - this.head;
		if (inWindow < this.limit) return now;
		return this.times[this.times.length - this.limit] + this.windowMs;
	}

	record(at: number) {
		this.times.push(at);
	}
}

/**
 * The per-second budget as the server counts it (docs/rate-budget.md): every request holds a place
 * until one server second after the latest moment it can have arrived. An answered request holds
 * it until one second after its answer, less the credit of the host's round trips, read when the
 * window is read (so it also frees answers recorded before the round trips were measured).
 */
class ServerSecond {
	private held: Array<{ until: number; creditedBy?: RoundTripFloor }> = [];

	constructor(public limit: number) {}

	/**
	 * The earliest moment at or after `now` when one more request fits, `taken` places being held
	 * by requests on the wire; Infinity when only a release frees one.
	 */
	earliest(now: number, taken: number, credit: boolean): number {
		// A credit only shortens a place, so one whose full length is over can go.
		this.held = this.held.filter((place) => place.until > now);
		const free = this.limit - taken;
		if (free <= 0) return Infinity;
		const ends = this.held
			.map((place) => place.until - (credit ? (place.creditedBy?.creditMs() ?? 0) : 0))
			.filter((end) => end > now)
			.sort((a, b) => a - b);
		return ends.length < free ? now : ends[ends.length - free];
	}

	hold(until: number, creditedBy?: RoundTripFloor) {
		this.held.push({ until, creditedBy });
	}
}

export type ThrottleBlock = GuardBlock;

/**
 * What the answer of a request was, told to the throttle as its slot is released, so that no
 * request waiting for the slot can leave before the throttle knows (a lock-out above all).
 */
export type SlotResult =
	/** Any answer other than 429 and the lock-out. */
	| { kind: 'answered' }
	| { kind: 'rateLimited'; sentAt: number }
	| { kind: 'lockedOut'; until: number }
	/**
	 * No usable answer: tells nothing about the 429 count. `answered`: something answered (a 5xx,
	 * an unreadable body), so the request had arrived by then; else no answer came, or a
	 * gateway gave up waiting (504) and the platform may still read it.
	 */
	| { kind: 'noAnswer'; answered: boolean }
	/** The connection was never made: nothing reached the platform. */
	| { kind: 'neverSent' };

/**
 * Gives the slot back with what the answer was, and what its rate headers said (rateHeaders.ts);
 * returns the pause after a 429 (ms), else 0.
 */
export type Release = (result: SlotResult, rate?: RateReading) => number;

/**
 * The request budget of one account (base URL + domain) in this process. Every caller
 * (node items, pages, load-options, trigger polls, concurrent executions) takes a slot
 * here before sending. JavaScript runs this bookkeeping on one thread, so each
 * reservation is atomic.
 */
export class AccountThrottle {
	private readonly perSecond: ServerSecond;

	private readonly perHour: SlidingWindow;

	private inFlight = 0;

	private readonly waitingForSlot: Array<() => void> = [];

	/** Urgent requests waiting for a slot; while there are any, the others wait in `waitingForUrgent`. */
	private urgentWaiting = 0;

	private readonly waitingForUrgent: Array<() => void> = [];

	private pausedUntil = 0;

	/** The 429s in a row, the cool-down and the lock-out (lockout.ts). */
	private readonly guard = new LockoutGuard(API_LIMITS.lockoutAfter429s);

	/** Per host, the fastest trusted round trip: how long before its answer a request arrived at least. */
	private readonly roundTrips = new Map<string, RoundTripFloor>();

	/** Whether this process's event loop ran on time while requests were on the wire. */
	private readonly loop = new LoopWatch();

	private noCreditUntil = 0;

	/** The configured rate; the rate in force drops below it after 429s and climbs back. */
	private readonly sharedRate: SharedRate;

	/** When the spacing lets the next request go. */
	private spacedUntil = 0;

	/** When the 429 that began the latest burst came back. */
	private burstSeenAt = 0;

	/** Bursts of 429s since the last other answer. */
	private bursts = 0;

	/** The hourly quota as the platform's headers last said it. */
	private readonly quota = new AccountQuota();

	/** Why the latest 429 came, when its headers (or a fresh reading) told. */
	private latest429Cause?: RateLimitCause;

	constructor(maxPerSecond: number) {
		const perSecond = allowedRate(maxPerSecond);
		this.sharedRate = new SharedRate(perSecond);
		this.perSecond = new ServerSecond(perSecond);
		this.perHour = new SlidingWindow(hourlyShare(perSecond), 3_600_000 + HOUR_MARGIN_MS);
	}

	/**
	 * Several credentials of one account in one process share this budget, at the lowest Max
	 * Requests per Second among them: none of them gets more than its share.
	 */
	limitTo(maxPerSecond: number) {
		const perSecond = allowedRate(maxPerSecond);
		if (perSecond >= this.perSecond.limit) return;
		this.perSecond.limit = perSecond;
		this.perHour.limit = hourlyShare(perSecond);
		this.sharedRate.lowerCeiling(perSecond);
	}

	/** Why no request may be sent now, if that is so. */
	blocked(now = Date.now()): ThrottleBlock | undefined {
		return this.guard.blocked(now);
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

	/**
	 * Waits for a slot for a request to `host`. Returns the release to call with the answer, or
	 * the reason why nothing may be sent. An `urgent` request (other work waits on its answer)
	 * takes the next slot before the requests waiting without it.
	 */
	async acquire(host = '', urgent = false): Promise<ThrottleBlock | Release> {
		if (!urgent) return await this.take(host, false);
		this.urgentWaiting++;
		try {
			return await this.take(host, true);
		} finally {
			if (--this.urgentWaiting === 0) this.waitingForUrgent.splice(0).forEach((wake) => wake());
		}
	}

	private async take(host: string, urgent: boolean): Promise<ThrottleBlock | Release> {
		for (;;) {
			const now = Date.now();
			const block = this.blocked(now);
			if (block) return block;
			if (!urgent && this.urgentWaiting > 0) {
				// Hand any slot this request was woken for to the urgent ones, and wait behind them.
				this.waitingForSlot.splice(0).forEach((wake) => wake());
				await new Promise<void>((resolve) => this.waitingForUrgent.push(resolve));
				continue;
			}
			if (this.pausedUntil > now) {
				await sleep(this.pausedUntil - now);
				continue;
			}
			// After a 429, probe with one request at a time until one succeeds.
			const concurrency = this.guard.consecutive429 > 0 ? 1 : MAX_IN_FLIGHT;
			if (this.inFlight >= concurrency) {
				await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
				continue;
			}
			const next = Math.max(
				this.perSecond.earliest(now, this.inFlight, now >= this.noCreditUntil),
				this.perHour.earliest(now),
				this.spacedUntil,
			);
			if (next === Infinity) {
				await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
				continue;
			}
			if (next > now) {
				// Whoever wakes first takes the free slot; the others look again.
				// Whole milliseconds: the spacing is fractional, and a shorter timer would wake too soon.
				await sleep(Math.ceil(next - now));
				continue;
			}
			this.perHour.record(now);
			// Spaced from when it goes: a request the loop let go late pushes the next one back. Keeping
			// the grid instead (catching up after a wait) gained a few per cent on a lone Return All when
			// measured, and bunched requests that drew 429s when workers share the account.
			this.spacedUntil = now + this.sharedRate.gapMs(now);
			const answered = this.sharedRate.onSent(now);
			this.inFlight++;
			this.loop.watchWhile(() => this.inFlight > 0);
			let released = false;
			return (result, rate) => {
				if (released) return 0;
				released = true;
				answered();
				this.countUntilAnswered(host, now, result);
				// What the answer means is recorded before anyone waiting for the slot wakes.
				const pauseMs = this.record(result, rate);
				this.inFlight--;
				// Blocked now: every waiter wakes to fail at once; else the next one takes the slot.
				if (this.blocked()) this.waitingForSlot.splice(0).forEach((wake) => wake());
				else this.waitingForSlot.shift()?.();
				return pauseMs;
			};
		}
	}

	/**
	 * The server counts a request when it arrives, somewhere between the moment we let it go and
	 * the moment its answer is back; a stalled event loop can hold a request between the two for
	 * hundreds of milliseconds. So a request in flight takes a place in the per-second window as
	 * if it arrived now, and once answered it keeps that place until one second after the latest
	 * moment it can have arrived: its answer, less the part of a round trip that never shrinks
	 * (roundTrip.ts). Then no second of the server's holds more than the limit, however late
	 * requests leave (docs/rate-budget.md); in steady state about limit / (1 s + the round trip's
	 * jitter) per second.
	 */
	private countUntilAnswered(host: string, sentAt: number, result: SlotResult) {
		const now = Date.now();
		if (result.kind === 'neverSent') return;
		if (result.kind === 'noAnswer') {
			// An answer from elsewhere (a gateway's 502 page) says nothing of the platform's round trip: no credit.
			this.perSecond.hold(now + (result.answered ? 0 : UNANSWERED_HOLD_MS) + SERVER_SECOND_MS);
			return;
		}
		let roundTrip = this.roundTrips.get(host);
		if (!roundTrip) {
			roundTrip = new RoundTripFloor();
			this.roundTrips.set(host, roundTrip);
		}
		if (result.kind === 'rateLimited') this.noCreditUntil = now + NO_CREDIT_AFTER_429_MS;
		if (result.kind !== 'lockedOut') {
			roundTrip.onAnswer(now - sentAt - this.loop.waitedMs(now));
		}
		this.perSecond.hold(now + SERVER_SECOND_MS, roundTrip);
	}

	private record(result: SlotResult, headers?: RateReading): number {
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
			this.pausedUntil = 0;
			// Wake everything that queued behind the probe.
			this.waitingForSlot.splice(0).forEach((wake) => wake());
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
		if (told !== undefined) this.pausedUntil = Math.max(this.pausedUntil, now + told);
		if (this.guard.consecutive429 > 1 && sentAt <= this.burstSeenAt)
			return Math.max(0, this.pausedUntil - now);
		const lone =
			this.bursts === 0 &&
			now - this.burstSeenAt >= QUIET_BEFORE_LONE_429_MS &&
			!this.sharedRate.showsShare(sentAt);
		this.burstSeenAt = now;
		this.bursts++;
		if (lone) {
			this.pausedUntil = Math.max(this.pausedUntil, now + LONE_429_PAUSE_MS);
			return Math.max(0, this.pausedUntil - now);
		}
		const roomAt = this.sharedRate.onBurst(now, sentAt);
		const backoff = told ?? (this.latest429Cause?.kind === 'second' ? this.busySecondBackoff(now, roomAt) : this.backoffAfterBurst(now, roomAt));
		this.pausedUntil = Math.max(this.pausedUntil, now + backoff);
		return Math.max(0, this.pausedUntil - now);
	}

	/**
	 * A busy second, as the headers said (the hour has room): others fill the account's second.
	 * The first burst waits for room in that second; then one request a second, the server's
	 * window; from COOL_DOWN_AT 429s in a row on, 2 s, 4 s … 30 s, so that a long burst of others
	 * has time to end before the 20 that would lock the domain out.
	 */
	private busySecondBackoff(now: number, roomAt: number): number {
		if (this.bursts === 1) return roomAt - now;
		const run = this.guard.consecutive429;
		if (run < COOL_DOWN_AT) return BUSY_SECOND_PAUSE_MS;
		return Math.min(30_000, BUSY_SECOND_PAUSE_MS * 2 ** (run - COOL_DOWN_AT + 1));
	}

	/**
	 * The first burst after a success is a share to find: the rate was lowered, and the pause
	 * lasts until the server's second has room (`roomAt`). A burst right after another means the account's window is full
	 * (several processes started at once, or the quota is spent): 1 s (the server's window), then
	 * 2 s, 4 s ... 30 s; near the lock-out the guard holds everything back (lockout.ts).
	 */
	private backoffAfterBurst(now: number, roomAt: number): number {
		if (this.bursts === 1) return roomAt - now;
		return Math.min(30_000, 1000 * 2 ** (this.bursts - 2));
	}
}

const throttles = new Map<string, AccountThrottle>();

/**
 * One throttle per account (its `budgetKey`: the domain under its token), shared by the whole
 * process: every base URL, credential and rate of the account draws on it.
 */
export function throttleFor(budgetKey: string, maxPerSecond: number): AccountThrottle {
	let throttle = throttles.get(budgetKey);
	if (!throttle) {
		throttle = new AccountThrottle(maxPerSecond);
		throttles.set(budgetKey, throttle);
	}
	throttle.limitTo(maxPerSecond);
	return throttle;
}

/** For tests: forget one account's state (its `budgetKey`), or every account's. */
export function resetThrottles(budgetKey?: string) {
	if (budgetKey === undefined) throttles.clear();
	else throttles.delete(budgetKey);
}
