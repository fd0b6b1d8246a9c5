/**
 * How fast this process may send to an account that other processes may share: the rate in force
 * drops after 429s and climbs back (transport/rate/throttle.ts asks it for the gap between requests).
 */

/** Spacing is a little wider than 1 s / rate, so that jitter does not bunch two seconds' requests. */
const GAP_MARGIN_MS = 20;

/**
 * The server's rate window, exactly: which of our requests fell in the second that refused one,
 * and when that second has room again, are measures, and a margin would skew them. The places
 * requests hold (heldPlaces.ts PLACE_HELD_AFTER_ARRIVAL_MS, 1 s + 2 ms) are a bound for safety
 * instead, and lean long for the rounding of both clocks.
 */
const SERVER_SECOND_MS = 1000;

/**
 * 429 feedback when other processes (queue-mode workers, other tools) share the account and
 * nobody told us our share. A 429 means the server's last second held the account's limit; the
 * requests of ours it held (those we sent in the second before the refused one) are our share of
 * it, as the server saw it. So each burst cuts our rate to BACKOFF_FACTOR of that share (or of the
 * rate in force, when lower): every process sharing the account measures its own share of the
 * same full second, so together they drop to about BACKOFF_FACTOR of the limit at once, whether
 * two or five of them share it, instead of halving again and again until they fit.
 * Then the rate climbs back along a cubic curve (the shape of TCP CUBIC, in requests per second):
 * quickly at first, flat just below the share that drew the 429s (PLATEAU_FACTOR of it: the
 * account's limit is hard, so hovering right at it would only collect 429s), then gently faster
 * again while no 429 comes, so that a process left alone gets the whole account back.
 */
const BACKOFF_FACTOR = 0.85;
const PLATEAU_FACTOR = 0.95;
/** Curvature of the climb, in (requests/s) per s³: the plateau of a 7.5/s share comes after ~4.2 s. */
const CLIMB_CURVATURE = 0.01;
/**
 * Past the plateau the rate climbs back to the ceiling in this many seconds, along a cubic
 * again: gently at first (processes that share the account reach its limit there together, and
 * the slower they still climb when they cross it, the fewer requests arrive before one sees
 * its 429), faster from a small share than from a large one (so shares even out, and a process
 * left alone, or one cut while it had just started, does not crawl).
 */
const PROBE_SECONDS = 7;
/**
 * A 429 while our own requests filled at least this share of the rate in force in the server's
 * last second may be our own jitter (two of our seconds bunched): the account need not be shared.
 */
const OWN_SECOND_SHARE = 0.9;
/**
 * One burst never cuts below this share of the rate in force: a share measured from a second we
 * hardly used (we had just started, or paused) says little, and a process cut to 1/s would take
 * long to climb back. Four processes at once find their shares with one burst each; more take
 * two.
 */
const MIN_SHARE = 0.25;

/**
 * With the platform's hourly Remaining (rateHeaders.ts), the account's whole rate is measured: its
 * fall between two readings at least SAMPLE_MS apart is every request the account took meanwhile,
 * ours and everyone else's (docs/rate-budget.md "With the platform's headers"). Every process sees
 * the same total and steers it to ACCOUNT_TARGET, the way TCP shares a link: below the target each
 * process adds the same step (INCREASE_GAIN of the gap), above it each scales its rate by target /
 * total. The scaling brings the sum to the target at once and shrinks the differences between the
 * processes each time; the equal steps keep them: so shares even out, whoever started first.
 * ACCOUNT_TARGET leaves one request a second for the jitter of processes that space their requests
 * independently.
 */
const ACCOUNT_TARGET = 14;
const INCREASE_GAIN = 0.15;
const SAMPLE_MS = 1000;
const FLOOR_SHARE = 0.25;
/** Others send less than this: alone on the account, so no cap (the 429 feedback still works). */
const ALONE_BELOW = 0.5;
const OTHERS_SMOOTHING = 0.3;
/**
 * Remaining this much above the lowest read: the window freed (an hour's requests left it, a
 * reset), or another host's count (primary and backup); answers out of order differ by less.
 */
const WINDOW_FREED = 30;
/**
 * A fall faster than this is not the account's rate (the platform takes 15 a second): readings
 * from two hosts that count apart (the primary and the backup). The sample is dropped.
 */
const MOST_PER_SECOND = 30;
/**
 * Sending at least this share of the cap: the cap, not our demand, holds us back. A busy worker's
 * timers let requests go 10–25 ms late, so a process with work sends about 90 % of its cap.
 */
const SATURATED = 0.75;
/** No reading for this long: the headers stopped, and the cap with them. */
const READING_STALE_MS = 10_000;

interface Sent {
	at: number;
	answeredAt: number;
}

export class SharedRate {
	/** Where the climb flattens: just below the share that drew the latest 429 burst; 0 before any. */
	private plateau = 0;

	private burstAt = 0;

	/** Seconds from a burst until the climb reaches the plateau. */
	private plateauAfterS = 0;

	/** Our recent requests (the last two seconds): when each left and when its answer came. */
	private readonly sent: Sent[] = [];

	/** The reading of the account's hourly Remaining the total is measured from, and our counts then. */
	private anchor?: { at: number; remaining: number; sent: number; refused: number };

	/** The lowest Remaining read since the anchor. */
	private lowest?: number;

	/** What everyone else sends the account (accepted requests a second), smoothed. */
	private others?: number;

	/** Our requests sent, and refused with a 429, in all. */
	private oursSent = 0;

	private oursRefused = 0;

	/** The cap the headers set on our rate (Infinity: none), and when it was last measured. */
	private accountCap = Infinity;

	private accountCapAt = 0;

	constructor(private ceiling: number) {}

	/**
	 * The account's hourly Remaining as an answer said it at `now`: the account's whole rate since
	 * the anchor, less what it took of ours, is everyone else's; our rate moves towards the share
	 * that brings the account to its target.
	 */
	onAccountRemaining(now: number, remaining: number) {
		// Answers come back out of the order they arrived in: the lowest Remaining is the latest count.
		if (this.lowest !== undefined && remaining > this.lowest + WINDOW_FREED) this.anchor = undefined;
		this.lowest = this.anchor ? Math.min(this.lowest ?? remaining, remaining) : remaining;
		const anchor = this.anchor;
		const start = () => {
			this.anchor = { at: now, remaining: this.lowest ?? remaining, sent: this.oursSent, refused: this.oursRefused };
		};
		if (!anchor) {
			start();
			return;
		}
		const seconds = (now - anchor.at) / 1000;
		if (seconds * 1000 < SAMPLE_MS) return;
		const total = (anchor.remaining - this.lowest) / seconds;
		const sent = (this.oursSent - anchor.sent) / seconds;
		const taken = sent - (this.oursRefused - anchor.refused) / seconds;
		start();
		if (total > MOST_PER_SECOND) return;
		this.accountCapAt = now;
		// Smoothed: one reading's order or timing is worth about a request.
		this.others = this.others === undefined ? total - taken : this.others + OTHERS_SMOOTHING * (total - taken - this.others);
		const capped = Number.isFinite(this.accountCap);
		// Alone and uncapped: nothing to share.
		if (this.others < ALONE_BELOW && !capped) return;
		const target = this.others < ALONE_BELOW ? this.ceiling + 1 : ACCOUNT_TARGET;
		// From the cap while we use it (our spacing keeps us a little under it), else from what we send.
		const saturated = capped && sent >= SATURATED * this.accountCap;
		const from = saturated ? this.accountCap : Math.max(sent, 1);
		let cap = total > target ? (from * target) / total : from + INCREASE_GAIN * (target - total);
		// Below the target while we did not use our cap (our own executions paused: a stall, a
		// gap between them), the cap is kept, not cut to what we sent: the account had room, so
		// the share was not too large, and cutting it would leave the account short for the
		// seconds the climb back takes (TCP's congestion window validation, RFC 7661, likewise).
		// Not when 429s held us under it: then the cap was too large.
		if (capped && !saturated && total <= target && this.afterBursts(now) >= this.accountCap) {
			cap = Math.max(cap, this.accountCap);
		}
		// Never below a quarter of the target: a process that started late, while another filled
		// the account, would otherwise keep the small share it found (the scaling keeps ratios).
		// Four processes fill the target with their floors; more share by the 429s, as without headers.
		this.accountCap = cap >= this.ceiling ? Infinity : Math.max(FLOOR_SHARE * ACCOUNT_TARGET, cap);
	}

	/** One of our requests was answered 429: the account did not take it. */
	onRefused() {
		this.oursRefused++;
	}

	/** A lower configured rate (another credential's share of the same account). */
	lowerCeiling(rate: number) {
		this.ceiling = Math.min(this.ceiling, rate);
	}

	/** The rate in force at `now`, in requests per second. */
	current(now: number): number {
		return Math.min(this.capFresh(now) ? this.accountCap : Infinity, this.afterBursts(now));
	}

	/** The headers set a cap on our rate, measured lately. */
	private capFresh(now: number): boolean {
		return Number.isFinite(this.accountCap) && now - this.accountCapAt <= READING_STALE_MS;
	}

	/** The rate the 429 feedback allows: the ceiling, or the climb back after the latest burst. */
	private afterBursts(now: number): number {
		if (this.plateau === 0) return this.ceiling;
		const t = (now - this.burstAt) / 1000 - this.plateauAfterS;
		const curvature = t < 0 ? CLIMB_CURVATURE : (this.ceiling - this.plateau) / PROBE_SECONDS ** 3;
		return Math.max(1, Math.min(this.ceiling, this.plateau + curvature * t * t * t));
	}

	/**
	 * Milliseconds to keep between two requests: evenly spaced, also at the ceiling, so that
	 * processes starting together cannot put a whole second's budget each on the wire before
	 * the first 429 comes back to any of them.
	 */
	gapMs(now: number): number {
		return (1000 + GAP_MARGIN_MS) / this.current(now);
	}

	/** A request left at `now`; returns what to call when its answer comes. */
	onSent(now: number): () => void {
		const sent: Sent = { at: now, answeredAt: Infinity };
		this.sent.push(sent);
		this.oursSent++;
		while (this.sent[0].at <= now - 2 * SERVER_SECOND_MS) this.sent.shift();
		return () => {
			sent.answeredAt = Math.min(sent.answeredAt, Date.now());
		};
	}

	/**
	 * Whether a 429 to the request sent at `sentAt` shows that others share the account: the
	 * server's second that refused it held some of our requests, but fewer than we were sending.
	 * When ours filled it, the 429 may be our own jitter; when it held none of ours, it tells
	 * nothing of a share yet (a stray one, another tool's moment): a lone 429 then earns only a
	 * short pause.
	 */
	showsShare(sentAt: number): boolean {
		const ours = this.sentBefore(sentAt).length;
		return ours > 0 && ours + 1 < OWN_SECOND_SHARE * this.current(sentAt);
	}

	/**
	 * A new burst of 429s, the first answering a request sent at `sentAt`: cut the rate and start
	 * the climb from there. Returns when to send again: once the server's second that refused us
	 * has room, i.e. one second after our oldest request in it arrived (the others', sent
	 * alongside ours, leave it about then), and one gap at the new rate at the least. When it
	 * arrived we cannot know (a busy event loop can hold a request for 200 ms after it left),
	 * but it had arrived when its answer came: one second after that answer, or after now if
	 * it is still on the wire.
	 */
	onBurst(now: number, sentAt = now): number {
		const ours = this.sentBefore(sentAt);
		const roomAt = ours.length > 0 ? Math.min(ours[0].answeredAt, now) + SERVER_SECOND_MS : now;
		const rate = this.current(now);
		// Our share of the server's second is only measured when that whole second was ours to
		// use: a burst less than a second before it (and its pause) leaves it short.
		const measured = this.burstAt <= sentAt - SERVER_SECOND_MS;
		const share = measured ? Math.max(1, rate * MIN_SHARE, Math.min(rate, ours.length)) : rate;
		this.plateau = share * PLATEAU_FACTOR;
		this.burstAt = now;
		this.plateauAfterS = Math.cbrt((share * (PLATEAU_FACTOR - BACKOFF_FACTOR)) / CLIMB_CURVATURE);
		return Math.max(roomAt, now + this.gapMs(now));
	}

	/** Our requests that left in the server's second before the one sent at `sentAt` (the latest then). */
	private sentBefore(sentAt: number): Sent[] {
		return this.sent
			.filter(({ at }) => at > sentAt - SERVER_SECOND_MS && at <= sentAt)
			.slice(0, -1);
	}
}
