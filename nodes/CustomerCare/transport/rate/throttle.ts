/**
 * The slot queue of one account: every request of the process (node items, pages, load-options,
 * trigger polls) takes a slot here before it is sent, and gives it back with what its answer was.
 * A slot is free when the places held in the server's second and hour allow one more
 * (heldPlaces.ts), the spacing of the rate in force has passed (sharedRate.ts), and the 429
 * policy neither pauses nor blocks the account (rateLimitPolicy.ts, lockout.ts). The argument
 * that no server second holds more than 15 is docs/rate-budget.md.
 */
import { sleep } from 'n8n-workflow';

import type { GuardBlock } from './lockout';
import type { QuotaSnapshot } from './quota';
import type { RateReading } from './rateHeaders';
import { HeldPlaces } from './heldPlaces';
import { RateLimitPolicy } from './rateLimitPolicy';
import { SharedRate } from './sharedRate';
import type { SlotResult } from './slot';

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

export type ThrottleBlock = GuardBlock;

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
/**
 * The request budget of one account (base URL + domain) in this process. Every caller
 * (node items, pages, load-options, trigger polls, concurrent executions) takes a slot
 * here before sending. JavaScript runs this bookkeeping on one thread, so each
 * reservation is atomic.
 */
export class AccountThrottle {
	private readonly places: HeldPlaces;

	private inFlight = 0;

	private readonly waitingForSlot: Array<() => void> = [];

	/** Urgent requests waiting for a slot; while there are any, the others wait in `waitingForUrgent`. */
	private urgentWaiting = 0;

	private readonly waitingForUrgent: Array<() => void> = [];

	/** The configured rate; the rate in force drops below it after 429s and climbs back. */
	private readonly sharedRate: SharedRate;

	/** What 429s and rate headers do to the account: pauses, back-off, the lock-out guard. */
	private readonly rateLimits: RateLimitPolicy;

	/** When the spacing lets the next request go. */
	private spacedUntil = 0;

	constructor(maxPerSecond: number) {
		const perSecond = allowedRate(maxPerSecond);
		this.sharedRate = new SharedRate(perSecond);
		this.places = new HeldPlaces(perSecond, hourlyShare(perSecond));
		// An answer that ends a run of 429s wakes everything that queued behind the probe.
		this.rateLimits = new RateLimitPolicy(API_LIMITS.lockoutAfter429s, this.sharedRate, () =>
			this.waitingForSlot.splice(0).forEach((wake) => wake()),
		);
	}

	/**
	 * Several credentials of one account in one process share this budget, at the lowest Max
	 * Requests per Second among them: none of them gets more than its share.
	 */
	limitTo(maxPerSecond: number) {
		const perSecond = allowedRate(maxPerSecond);
		if (perSecond >= this.places.perSecondLimit) return;
		this.places.limitTo(perSecond, hourlyShare(perSecond));
		this.sharedRate.lowerCeiling(perSecond);
	}

	/** Why no request may be sent now, if that is so. */
	blocked(now = Date.now()): ThrottleBlock | undefined {
		return this.rateLimits.blocked(now);
	}

	/** The hourly quota as the platform's headers last said it; undefined when they never did. */
	quotaSnapshot(): QuotaSnapshot | undefined {
		return this.rateLimits.quotaSnapshot();
	}

	/**
	 * The 429s in a row are known to be a full second, not a spent hour (the headers said the hour
	 * has room): a request may go on through more of them than MAX_429_RESENDS (retry.ts).
	 */
	inBusySecond(): boolean {
		return this.rateLimits.inBusySecond();
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
			if (this.rateLimits.pausedUntil > now) {
				await sleep(this.rateLimits.pausedUntil - now);
				continue;
			}
			// After a 429, probe with one request at a time until one succeeds.
			const concurrency = this.rateLimits.probing ? 1 : MAX_IN_FLIGHT;
			if (this.inFlight >= concurrency) {
				await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
				continue;
			}
			const next = Math.max(this.places.earliest(now, this.inFlight), this.spacedUntil);
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
			// Spaced from when it goes: a request the loop let go late pushes the next one back. Keeping
			// the grid instead (catching up after a wait) gained a few per cent on a lone Return All when
			// measured, and bunched requests that drew 429s when workers share the account.
			this.spacedUntil = now + this.sharedRate.gapMs(now);
			const answered = this.sharedRate.onSent(now);
			this.inFlight++;
			this.places.onSent(now, () => this.inFlight > 0);
			let released = false;
			return (result, rate) => {
				if (released) return 0;
				released = true;
				answered();
				this.places.countUntilAnswered(host, now, result);
				// What the answer means is recorded before anyone waiting for the slot wakes.
				const pauseMs = this.rateLimits.record(result, rate);
				this.inFlight--;
				// Blocked now: every waiter wakes to fail at once; else the next one takes the slot.
				if (this.blocked()) this.waitingForSlot.splice(0).forEach((wake) => wake());
				else this.waitingForSlot.shift()?.();
				return pauseMs;
			};
		}
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
