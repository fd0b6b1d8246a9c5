/**
 * A simulation of processes that share one account through transport/rate/sharedRate.ts, in simulated
 * milliseconds: each process sends as its rate allows, the server keeps 15 per sliding second
 * (docs/api.md#limits) and answers with the hour's Remaining after a round trip; a 429 gets the
 * process's burst pause. Seeded: the same options give the same figures.
 */
import { SharedRate } from '../../../nodes/CustomerCare/transport/rate/sharedRate';
import { mulberry32 } from '../../../tools/fake-platform';

export const LIMIT_PER_SECOND = 15;
const HOURLY = 54_000;

export interface Options {
	processes: number;
	roundTripMs?: number;
	startsMs?: number[];
	headers?: boolean;
	seconds?: number;
	jitterMs?: number;
	seed?: number;
	/** How far below the platform's count the count in an answer to `process` is, at `now`. */
	hostOffset?: (now: number, process: number) => number;
	/** `process` has nothing to send at `now`. */
	paused?: (now: number, process: number) => boolean;
	/** `process` has work for at most this many requests a second at `now`. */
	demand?: (now: number, process: number) => number;
	lateMs?: number;
	/** Answers carry no Remaining from this moment (headers stop). */
	readingsUntil?: number;
	/** The platform's fixed hourly window resets at these moments (Remaining back to 54,000). */
	resetsAt?: number[];
	steadyFrom?: number;
	steadyTo?: number;
	/** Another implementation to compare with (same interface). */
	Rate?: typeof SharedRate;
}

export interface Figures {
	acceptedPerSecond: number;
	share429: number;
	perProcess: number[];
	/** Most 429s in a row one process got (in the order its answers came), in the steady part. */
	most429InARow: number;
	/** 429s per process in the steady part. */
	limitedPerProcess: number[];
}

export function simulate(o: Options): Figures {
	const {
		processes,
		roundTripMs = 50,
		startsMs = Array(processes).fill(0),
		headers = true,
		seconds = 60,
		jitterMs = 20,
		seed = 1,
		hostOffset = () => 0,
		paused = () => false,
		demand = () => Infinity,
		lateMs = 0,
		readingsUntil = Infinity,
		resetsAt = [],
		steadyFrom = 20_000,
		steadyTo = seconds * 1000,
		Rate = SharedRate,
	} = o;
	const random = mulberry32(seed);
	const leg = () => Math.round(roundTripMs / 2 + random() * jitterMs);
	const rates = Array.from({ length: processes }, () => new Rate(LIMIT_PER_SECOND));
	const nextAt = startsMs.slice();
	const accepted: number[] = [];
	let windowCount = 0;
	const arrivals = new Map<number, Array<{ process: number; sentAt: number }>>();
	const answers = new Map<number, Array<{ process: number; remaining: number; limited: boolean; sentAt: number }>>();
	const at = <T>(map: Map<number, T[]>, ms: number, value: T) => map.set(ms, [...(map.get(ms) ?? []), value]);
	const steady = { accepted: 0, limited: 0, perProcess: startsMs.map(() => 0), limitedPer: startsMs.map(() => 0) };
	const run = startsMs.map(() => 0);
	let most429InARow = 0;
	const inSteady = (sentAt: number) => sentAt >= steadyFrom && sentAt < steadyTo;
	for (let now = 0; now < seconds * 1000; now++) {
		if (resetsAt.includes(now)) windowCount = 0;
		for (const request of arrivals.get(now) ?? []) {
			let inSecond = 0;
			for (let i = accepted.length - 1; i >= 0 && accepted[i] > now - 1000; i--) inSecond++;
			const limited = inSecond >= LIMIT_PER_SECOND;
			if (!limited) {
				accepted.push(now);
				windowCount++;
			}
			if (inSteady(request.sentAt)) {
				if (limited) {
					steady.limited++;
					steady.limitedPer[request.process]++;
				} else {
					steady.accepted++;
					steady.perProcess[request.process]++;
				}
			}
			at(answers, now + leg(), { ...request, remaining: HOURLY - windowCount - hostOffset(now, request.process), limited });
		}
		arrivals.delete(now);
		for (const answer of answers.get(now) ?? []) {
			const rate = rates[answer.process];
			if (headers && now < readingsUntil) rate.onAccountRemaining(now, answer.remaining);
			if (answer.limited) {
				run[answer.process]++;
				if (inSteady(answer.sentAt)) most429InARow = Math.max(most429InARow, run[answer.process]);
			} else run[answer.process] = 0;
			if (!answer.limited) continue;
			rate.onRefused();
			nextAt[answer.process] = Math.max(nextAt[answer.process], rate.onBurst(now, answer.sentAt));
		}
		answers.delete(now);
		for (let p = 0; p < processes; p++) {
			if (now < nextAt[p] || paused(now, p)) continue;
			const d = demand(now, p);
			if (d <= 0) continue;
			const rate = rates[p];
			rate.onSent(now);
			nextAt[p] = now + Math.max(rate.gapMs(now), 1000 / d) + Math.round(random() * lateMs);
			at(arrivals, now + leg(), { process: p, sentAt: now });
		}
	}
	const steadySeconds = (steadyTo - steadyFrom) / 1000;
	return {
		acceptedPerSecond: steady.accepted / steadySeconds,
		share429: steady.limited / Math.max(1, steady.accepted + steady.limited),
		perProcess: steady.perProcess.map((count) => count / steadySeconds),
		most429InARow,
		limitedPerProcess: steady.limitedPer,
	};
}

