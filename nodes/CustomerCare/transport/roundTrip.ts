import { sleep } from 'n8n-workflow';

/**
 * What the throttle knows about the way to the server and back (docs/rate-budget.md): the
 * shortest round trip measured while this process's event loop ran on time. No request can
 * arrive sooner after it leaves, nor be answered sooner after it arrives, than the parts of that
 * round trip that never shrink (the network's legs, the server's least work); so an answered
 * request arrived at least that much (less a margin) before its answer came back.
 */

/** Round trips to measure before any is trusted: the first ones open connections (TLS). */
const SAMPLES_BEFORE_CREDIT = 5;
/** What the fastest trusted round trip may still hold above the parts that never shrink. */
const CREDIT_MARGIN_MS = 20;
/** After a 429, no credit for this long: the assumption may not hold on this account's path. */
const NO_CREDIT_AFTER_429_MS = 60_000;

/** The event loop is checked this often while requests are on the wire … */
const TICK_MS = 10;
/** … and counts as late when a tick comes this much later than asked. */
const LATE_MS = 5;

/**
 * Watches this process's event loop while requests are on the wire. A round trip measured while
 * it ran late is longer than the way to the server and back (the answer waited in the process),
 * and is not trusted.
 */
class LoopWatch {
	private running = false;

	private lastTickAt = 0;

	/** When the latest late tick ended: the loop ran late somewhere before it. */
	private lateUntil = 0;

	/** Ticks while `needed()` holds; one ticker at a time. */
	watchWhile(needed: () => boolean) {
		if (this.running) return;
		this.running = true;
		this.lastTickAt = Date.now();
		void (async () => {
			while (needed()) {
				const asked = Date.now();
				await sleep(TICK_MS);
				const now = Date.now();
				if (now - asked > TICK_MS + LATE_MS) this.lateUntil = now;
				this.lastTickAt = now;
			}
			this.running = false;
		})();
	}

	/** Whether the loop ran on time from `since` until `now` (a tick came lately and none late). */
	onTimeSince(since: number, now: number): boolean {
		return this.lateUntil < since && now - this.lastTickAt <= TICK_MS + LATE_MS;
	}
}

export class RoundTripFloor {
	private fastestMs = Infinity;

	private trusted = 0;

	private noCreditUntil = 0;

	readonly loop = new LoopWatch();

	/** A request sent at `sentAt` was answered now (any HTTP answer). */
	onAnswer(sentAt: number, now: number) {
		if (!this.loop.onTimeSince(sentAt, now)) return;
		this.trusted++;
		this.fastestMs = Math.min(this.fastestMs, now - sentAt);
	}

	/** A 429: the platform saw more than we counted, so count every request in full for a while. */
	on429(now: number) {
		this.noCreditUntil = now + NO_CREDIT_AFTER_429_MS;
	}

	/**
	 * How many milliseconds before its answer came back an answered request arrived at least, by
	 * what the throttle measured; 0 until enough round trips are trusted.
	 */
	creditMs(now: number): number {
		if (this.trusted < SAMPLES_BEFORE_CREDIT || now < this.noCreditUntil) return 0;
		return Math.max(0, this.fastestMs - CREDIT_MARGIN_MS);
	}
}
