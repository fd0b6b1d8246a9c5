import { sleep } from 'n8n-workflow';

/** The platform's published limits (docs/api.md#limits). */
export const API_LIMITS = {
	perSecond: 15,
	perHour: 54_000,
	/** More than this many 429s in a row lock the domain out for 15 minutes. */
	lockoutAfter429s: 20,
} as const;

/**
 * We stop sending well before the lock-out. A burst of requests already on the wire can
 * collect up to MAX_IN_FLIGHT 429s at once; after that we probe one request at a time,
 * so the server never counts more than this many 429s in a row from us.
 */
const MAX_CONSECUTIVE_429 = 14;
/** Requests on the wire at once per account (15/s needs 4 at a 250 ms round trip). */
const MAX_IN_FLIGHT = 5;
/** The server counts arrivals; requests leave a little spread out, so keep a margin on the window. */
const WINDOW_MARGIN_MS = 60;
/**
 * The per-second budget counted on the server's side of jitter (see countUntilAnswered):
 * a request counts from the moment it goes until one second after its answer came back.
 * The few milliseconds above 1 s cover clock granularity.
 */
const ANSWERED_WINDOW_MS = 1000 + 20;
const COOL_DOWN_MS = 5 * 60_000;
/**
 * A single 429 after a long quiet spell is most often two of our requests landing in the
 * same server second through network jitter, not a shared or spent quota: it earns a short
 * pause and no slow-down. A second 429 in a row gets the full back-off.
 */
const QUIET_BEFORE_LONE_429_MS = 30_000;
const LONE_429_PAUSE_MS = 100;

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
	 * The earliest moment at or after `now` when one more request fits in the window, `taken`
	 * places being held by requests not recorded yet; Infinity when only a release frees one.
	 */
	earliest(now: number, taken = 0): number {
		while (this.head < this.times.length && this.times[this.head] <= now - this.windowMs) this.head++;
		if (this.head > 4096) {
			this.times.splice(0, this.head);
			this.head = 0;
		}
		const free = this.limit - taken;
		if (free <= 0) return Infinity;
		const inWindow = this.times.length - this.head;
		if (inWindow < free) return now;
		return this.times[this.times.length - free] + this.windowMs;
	}

	record(at: number) {
		this.times.push(at);
	}
}

export type ThrottleBlock =
	| { kind: 'lockedOut'; until: number }
	| { kind: 'coolingDown'; until: number; consecutive429: number };

/**
 * The request budget of one account (base URL + domain) in this process. Every caller
 * (node items, pages, load-options, trigger polls, concurrent executions) takes a slot
 * here before sending. JavaScript runs this bookkeeping on one thread, so each
 * reservation is atomic.
 */
export class AccountThrottle {
	private readonly perSecond: SlidingWindow;

	private readonly perHour: SlidingWindow;

	private inFlight = 0;

	private readonly waitingForSlot: Array<() => void> = [];

	private pausedUntil = 0;

	private consecutive429 = 0;

	private lockedUntil = 0;

	/** The configured rate; the rate in force drops below it after 429s and climbs back. */
	private readonly ceiling: number;

	private rate: number;

	/** When the 429 that began the latest burst came back. */
	private burstSeenAt = 0;

	/** Bursts of 429s since the last other answer. */
	private bursts = 0;

	constructor(readonly maxPerSecond: number) {
		const perSecond = Math.max(1, Math.min(API_LIMITS.perSecond, Math.floor(maxPerSecond)));
		this.ceiling = perSecond;
		this.rate = perSecond;
		this.perSecond = new SlidingWindow(perSecond, ANSWERED_WINDOW_MS);
		// The hourly quota is split in the same proportion as the per-second one.
		this.perHour = new SlidingWindow(
			Math.floor((API_LIMITS.perHour * perSecond) / API_LIMITS.perSecond),
			3_600_000 + WINDOW_MARGIN_MS,
		);
	}

	/** Why no request may be sent now, if that is so. */
	blocked(now = Date.now()): ThrottleBlock | undefined {
		if (this.lockedUntil > now) return { kind: 'lockedOut', until: this.lockedUntil };
		if (this.consecutive429 >= MAX_CONSECUTIVE_429 && this.pausedUntil > now) {
			return { kind: 'coolingDown', until: this.pausedUntil, consecutive429: this.consecutive429 };
		}
		return undefined;
	}

	/**
	 * Waits for a slot. Returns a release function to call when the answer arrived, or the
	 * reason why nothing may be sent.
	 */
	async acquire(): Promise<ThrottleBlock | (() => void)> {
		for (;;) {
			const now = Date.now();
			const block = this.blocked(now);
			if (block) return block;
			if (this.pausedUntil > now) {
				await sleep(this.pausedUntil - now);
				continue;
			}
			// After a 429, probe with one request at a time until one succeeds.
			const concurrency = this.consecutive429 > 0 ? 1 : MAX_IN_FLIGHT;
			if (this.inFlight >= concurrency) {
				await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
				continue;
			}
			const next = Math.max(this.perSecond.earliest(now, this.inFlight), this.perHour.earliest(now));
			if (next === Infinity) {
				await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
				continue;
			}
			if (next > now) {
				// Whoever wakes first takes the free slot; the others look again.
				await sleep(next - now);
				continue;
			}
			this.perHour.record(now);
			this.inFlight++;
			let released = false;
			return () => {
				if (released) return;
				released = true;
				this.countUntilAnswered();
				this.inFlight--;
				this.waitingForSlot.shift()?.();
			};
		}
	}

	/**
	 * Issue 11, point 8: the server counts a request when it arrives, somewhere between the moment
	 * we let it go and the moment its answer is back; a stalled event loop can hold a request
	 * between the two for hundreds of milliseconds. So a request in flight takes a place in the
	 * per-second window as if it arrived now, and once answered it keeps that place until one
	 * second after its answer. Then no second of the server's can hold more than the limit,
	 * however late requests leave (in steady state about limit / (1 s + round trip) per second).
	 */
	private countUntilAnswered() {
		this.perSecond.record(Date.now());
	}

	/** Any answer other than 429 ends a run of 429s; the rate climbs back towards the ceiling. */
	onAnswer() {
		if (this.rate < this.ceiling) {
			this.rate = Math.min(this.ceiling, this.rate + 0.25);
			this.perSecond.limit = Math.floor(this.rate);
		}
		if (this.consecutive429 > 0) {
			this.consecutive429 = 0;
			this.bursts = 0;
			this.pausedUntil = 0;
			// Wake everything that queued behind the probe.
			this.waitingForSlot.splice(0).forEach((wake) => wake());
		}
	}

	/**
	 * A 429 answering a request sent at `sentAt`. A run of them means someone else shares the
	 * account, or its quota is used up: halve our rate and pause the whole account with
	 * exponential back-off (after a short pause for a lone one: 0.1 s, 2 s, 4 s ... 30 s).
	 * The requests that were already on the wire when a 429 came back are of the same burst:
	 * their 429s tell nothing new, so they neither lengthen the pause nor lower the rate again
	 * (they still count towards the lock-out guard).
	 */
	on429(sentAt: number): number {
		const now = Date.now();
		this.consecutive429++;
		if (this.consecutive429 > 1 && sentAt <= this.burstSeenAt) return Math.max(0, this.pausedUntil - now);
		const lone = this.bursts === 0 && now - this.burstSeenAt >= QUIET_BEFORE_LONE_429_MS;
		this.burstSeenAt = now;
		this.bursts++;
		if (lone) {
			this.pausedUntil = Math.max(this.pausedUntil, now + LONE_429_PAUSE_MS);
			return LONE_429_PAUSE_MS;
		}
		this.rate = Math.max(1, this.rate / 2);
		this.perSecond.limit = Math.floor(this.rate);
		const backoff =
			this.consecutive429 >= MAX_CONSECUTIVE_429 ? COOL_DOWN_MS : Math.min(30_000, 1000 * 2 ** (this.bursts - 1));
		this.pausedUntil = Math.max(this.pausedUntil, now + backoff);
		return backoff;
	}

	onLockout(until: number) {
		this.lockedUntil = Math.max(this.lockedUntil, until);
	}
}

const throttles = new Map<string, AccountThrottle>();

/** One throttle per account and per configured rate, shared by the whole process. */
export function throttleFor(accountKey: string, maxPerSecond: number): AccountThrottle {
	const key = `${accountKey}|${maxPerSecond}`;
	let throttle = throttles.get(key);
	if (!throttle) {
		throttle = new AccountThrottle(maxPerSecond);
		throttles.set(key, throttle);
	}
	return throttle;
}

/** For tests: forget every account's state. */
export function resetThrottles() {
	throttles.clear();
}
