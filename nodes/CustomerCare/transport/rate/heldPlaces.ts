/**
 * The places our requests hold in the server's second and hour, as the server counts arrivals
 * (docs/rate-budget.md, rules 1–5): a request in flight holds one as if it arrived now, an
 * answered one until one second after the latest moment it can have arrived, one given up without
 * an answer for a minute more. The slot queue (throttle.ts) asks when one more request fits.
 */
import type { SlotResult } from './slot';
import { LoopWatch, RoundTripFloor } from './roundTrip';

/** The server counts arrivals; a small margin on the hourly window covers clock granularity. */
const HOUR_MARGIN_MS = 60;
/**
 * How long after the latest moment it can have arrived a request holds its place: the server's
 * second plus 2 ms for millisecond rounding on both clocks. A bound for safety, so it leans long;
 * sharedRate.ts measures our share of the server's second with SERVER_SECOND_MS (exactly 1 s),
 * where a margin would only skew the measure.
 */
const PLACE_HELD_AFTER_ARRIVAL_MS = 1000 + 2;
/**
 * A request given up without an answer may still be read by the server later: a slow one behind
 * the node's Timeout, or behind a gateway that gave up first. It holds its place this long after.
 */
const UNANSWERED_HOLD_MS = 60_000;
/** After a 429 no credit for this long: the platform saw more than we counted. */
const NO_CREDIT_AFTER_429_MS = 60_000;

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

/** The places of one account's requests: in the server's second and in its hour. */
export class HeldPlaces {
	private readonly perSecond: ServerSecond;

	private readonly perHour: SlidingWindow;

	/** Per host, the fastest trusted round trip: how long before its answer a request arrived at least. */
	private readonly roundTrips = new Map<string, RoundTripFloor>();

	/** Whether this process's event loop ran on time while requests were on the wire. */
	private readonly loop = new LoopWatch();

	private noCreditUntil = 0;

	constructor(perSecond: number, perHour: number) {
		this.perSecond = new ServerSecond(perSecond);
		this.perHour = new SlidingWindow(perHour, 3_600_000 + HOUR_MARGIN_MS);
	}

	get perSecondLimit(): number {
		return this.perSecond.limit;
	}

	/** A lower share of the account (another credential's Max Requests per Second). */
	limitTo(perSecond: number, perHour: number) {
		this.perSecond.limit = perSecond;
		this.perHour.limit = perHour;
	}

	/** The earliest moment at or after `now` when one more request fits, `inFlight` being on the wire. */
	earliest(now: number, inFlight: number): number {
		return Math.max(
			this.perSecond.earliest(now, inFlight, now >= this.noCreditUntil),
			this.perHour.earliest(now),
		);
	}

	/** A request goes at `now`; the loop is watched while `onTheWire()` holds. */
	onSent(now: number, onTheWire: () => boolean) {
		this.perHour.record(now);
		this.loop.watchWhile(onTheWire);
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
	countUntilAnswered(host: string, sentAt: number, result: SlotResult) {
		const now = Date.now();
		if (result.kind === 'neverSent') return;
		if (result.kind === 'noAnswer') {
			// An answer from elsewhere (a gateway's 502 page) says nothing of the platform's round trip: no credit.
			this.perSecond.hold(now + (result.answered ? 0 : UNANSWERED_HOLD_MS) + PLACE_HELD_AFTER_ARRIVAL_MS);
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
		this.perSecond.hold(now + PLACE_HELD_AFTER_ARRIVAL_MS, roundTrip);
	}
}
