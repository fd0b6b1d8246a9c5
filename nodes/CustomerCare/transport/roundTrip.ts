import { sleep } from 'n8n-workflow';

/**
 * What the throttle knows about the way to the server and back (docs/rate-budget.md): the
 * shortest round trip measured while this process's event loop ran on time. No request can
 * arrive sooner after it leaves, nor be answered sooner after it arrives, than the parts of that
 * round trip that never shrink (the network's legs, the server's least work); so an answered
 * request arrived at least that much (less a margin) before its answer came back.
 */

/**
 * Round trips to measure before the fastest is trusted: the first ones open connections (TLS),
 * up to one per request on the wire at once (the throttle's MAX_IN_FLIGHT, 5).
 */
const SAMPLES_BEFORE_CREDIT = 10;
/** What the fastest trusted round trip may still hold above the parts that never shrink. */
const CREDIT_MARGIN_MS = 20;

/** The event loop is checked this often while requests are on the wire … */
const TICK_MS = 10;
/** … and counts as late when a tick comes this much later than asked. */
const LATE_MS = 5;

/**
 * Watches this process's event loop while requests are on the wire. A round trip measured while
 * it ran late is longer than the way to the server and back (the answer waited in the process),
 * and is not trusted.
 */
export class LoopWatch {
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

/** The round trips to one host (a backup's path has legs of its own). */
export class RoundTripFloor {
	private fastestMs = Infinity;

	private trusted = 0;

	/** A request sent at `sentAt` was answered now (any HTTP answer), the loop on time meanwhile or not. */
	onAnswer(sentAt: number, now: number, loopOnTime: boolean) {
		if (!loopOnTime) return;
		this.trusted++;
		this.fastestMs = Math.min(this.fastestMs, now - sentAt);
	}

	/**
	 * How many milliseconds before its answer came back an answered request arrived at least, by
	 * what was measured; 0 until enough round trips are trusted.
	 */
	creditMs(): number {
		if (this.trusted < SAMPLES_BEFORE_CREDIT) return 0;
		return Math.max(0, this.fastestMs - CREDIT_MARGIN_MS);
	}
}
