import { sleep } from 'n8n-workflow';

/**
 * What the throttle knows about the way to the server and back (docs/rate-budget.md): the
 * shortest round trip measured, less the time this process's event loop ran late meanwhile. No
 * request can arrive sooner after it leaves, nor be answered sooner after it arrives, than the
 * parts of that round trip that never shrink (the network's legs, the server's least work); so
 * an answered request arrived at least that much (less a margin) before its answer came back.
 */

/**
 * Round trips to measure before the fastest is trusted: the first ones open connections (TLS),
 * up to one per request on the wire at once (the throttle's MAX_IN_FLIGHT, 5).
 */
const SAMPLES_BEFORE_CREDIT = 10;
/** What the fastest measured round trip may still hold above the parts that never shrink (10 ms of it a stall a tick cannot see). */
const CREDIT_MARGIN_MS = 25;

/** The event loop is checked this often while requests are on the wire. */
const TICK_MS = 5;

/**
 * Measures how late this process's event loop runs while requests are on the wire. A round trip
 * is measured from the moment the request was let go until its answer was handled. If the
 * process was busy with other work (parsing another page, presenting records, a busy machine)
 * when the answer came, the answer waited: that wait shows as the tick that came late just
 * before the answer was handled (timers run before I/O when the loop frees), or as the tick now
 * overdue. Work done while the request was on its way delays nothing and is not taken off.
 */
export class LoopWatch {
	private running = false;

	private lastTickAt = 0;

	/** How late the latest tick came. */
	private lastTickLateMs = 0;

	/** Ticks while `needed()` holds; one ticker at a time. */
	watchWhile(needed: () => boolean) {
		if (this.running) return;
		this.running = true;
		this.lastTickAt = Date.now();
		this.lastTickLateMs = 0;
		void (async () => {
			while (needed()) {
				await sleep(TICK_MS);
				const now = Date.now();
				this.lastTickLateMs = Math.max(0, now - this.lastTickAt - TICK_MS);
				this.lastTickAt = now;
			}
			this.running = false;
		})();
	}

	/** How long an answer handled now may have waited for the busy loop. */
	waitedMs(now: number): number {
		if (!this.running) return 0;
		const overdue = Math.max(0, now - this.lastTickAt - TICK_MS);
		const justLate = now - this.lastTickAt <= TICK_MS ? this.lastTickLateMs : 0;
		return overdue + justLate;
	}
}

/** The round trips to one host (a backup's path has legs of its own). */
export class RoundTripFloor {
	private fastestMs = Infinity;

	private measured = 0;

	/** A request was answered (any HTTP answer) `roundTripMs` after it left, the loop's lateness taken off. */
	onAnswer(roundTripMs: number) {
		this.measured++;
		this.fastestMs = Math.min(this.fastestMs, roundTripMs);
	}

	/**
	 * How many milliseconds before its answer came back an answered request arrived at least, by
	 * what was measured; 0 until enough round trips are measured.
	 */
	creditMs(): number {
		if (this.measured < SAMPLES_BEFORE_CREDIT) return 0;
		return Math.max(0, this.fastestMs - CREDIT_MARGIN_MS);
	}
}
