/**
 * How fast this process may send to an account that other processes may share: the rate in force
 * drops after 429s and climbs back (transport/throttle.ts asks it for the gap between requests).
 */

/** Spacing is a little wider than 1 s / rate, so that jitter does not bunch two seconds' requests. */
const GAP_MARGIN_MS = 20;

/**
 * 429 feedback when other processes (queue-mode workers, other tools) share the account and
 * nobody told us our share. Each burst of 429s cuts our rate to BACKOFF_FACTOR of what it was;
 * then the rate climbs back along a cubic curve (the shape of TCP CUBIC, in requests per
 * second): quickly at first, flat just below the rate that drew the 429s (PLATEAU_FACTOR of
 * it: the account's limit is hard, so hovering right at it would only collect 429s), then
 * gently faster again while no 429 comes. Every process runs the same rule, so they settle on about
 * equal shares without talking to each other; a process left alone is back at its ceiling
 * within seconds.
 */
const BACKOFF_FACTOR = 0.7;
const PLATEAU_FACTOR = 0.9;
/** Curvature of the climb, in (requests/s) per s³: the plateau of a 5/s share comes after ~4.6 s. */
const CLIMB_CURVATURE = 0.01;
/**
 * Curvature past the plateau, gentler: processes that share the account reach its limit there
 * together, and the slower they are still climbing when they cross it, the fewer requests
 * arrive before each has seen its 429. A process alone is back at 15/s about 16 s after a burst.
 */
const PROBE_CURVATURE = 0.002;

export class SharedRate {
	/** Where the climb flattens: just below the rate that drew the latest 429 burst; 0 before any. */
	private plateau = 0;

	private burstAt = 0;

	/** Seconds from a burst until the climb reaches the plateau. */
	private plateauAfterS = 0;

	constructor(private ceiling: number) {}

	/** A lower configured rate (another credential's share of the same account). */
	lowerCeiling(rate: number) {
		this.ceiling = Math.min(this.ceiling, rate);
	}

	/** The rate in force at `now`, in requests per second. */
	current(now: number): number {
		if (this.plateau === 0) return this.ceiling;
		const t = (now - this.burstAt) / 1000 - this.plateauAfterS;
		const curvature = t < 0 ? CLIMB_CURVATURE : PROBE_CURVATURE;
		return Math.max(1, Math.min(this.ceiling, this.plateau + curvature * t * t * t));
	}

	/**
	 * Milliseconds to keep between two requests: evenly spaced, also at the ceiling, so that
	 * processes starting together cannot put a whole second's budget each on the wire before
	 * the first 429 comes back to any of them.
	 */
	gapMs(now: number): number {
		// Whole milliseconds: a timer of a fraction of one fires at once, and the wait would spin.
		return Math.ceil((1000 + GAP_MARGIN_MS) / this.current(now));
	}

	/** A new burst of 429s: cut the rate and start the climb from there. */
	onBurst(now: number) {
		const rate = this.current(now);
		this.plateau = rate * PLATEAU_FACTOR;
		this.burstAt = now;
		this.plateauAfterS = Math.cbrt((rate * (PLATEAU_FACTOR - BACKOFF_FACTOR)) / CLIMB_CURVATURE);
	}
}
