/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * transport/sharedRate.ts with the platform's hourly Remaining (docs/rate-budget.md "With the
 * platform's headers"): processes that share one account, each told only what its own answers'
 * headers say, settle at the account's limit together. A simulation in simulated milliseconds:
 * each process sends as its rate allows, the server keeps 15 per sliding second (docs/api.md#limits)
 * and answers with the hour's Remaining after a round trip; a 429 gets the process's burst pause.
 */
import fc from 'fast-check';

import { SharedRate } from '../../nodes/CustomerCare/transport/sharedRate';
import { mulberry32 } from '../../tools/fake-platform';
import { propertyRuns } from './property';

const LIMIT_PER_SECOND = 15;
const HOURLY = 54_000;

interface Figures {
	acceptedPerSecond: number;
	share429: number;
	/** Each process's accepted requests a second. */
	perProcess: number[];
}

/**
 * `processes` share one account from `startsMs`; each request's way up and back is half the round
 * trip plus up to `jitterMs` (seeded), and the server judges requests in the order they arrive.
 */
function simulate(
	processes: number,
	roundTripMs: number,
	startsMs: number[],
	headers: boolean,
	seconds = 60,
	jitterMs = 20,
	seed = 1,
	/** How far below the platform's count another host's count is, at a moment (readings from two hosts). */
	hostOffset: (now: number) => number = () => 0,
): Figures {
	const random = mulberry32(seed);
	const leg = () => Math.round(roundTripMs / 2 + random() * jitterMs);
	const rates = Array.from({ length: processes }, () => new SharedRate(LIMIT_PER_SECOND));
	const nextAt = startsMs.slice();
	const accepted: number[] = [];
	const arrivals = new Map<number, Array<{ process: number; sentAt: number }>>();
	const answers = new Map<number, Array<{ process: number; remaining: number; limited: boolean; sentAt: number }>>();
	const at = <T>(map: Map<number, T[]>, ms: number, value: T) => map.set(ms, [...(map.get(ms) ?? []), value]);
	const steady = { from: 20_000, accepted: 0, limited: 0, perProcess: startsMs.map(() => 0) };
	for (let now = 0; now < seconds * 1000; now++) {
		for (const request of arrivals.get(now) ?? []) {
			let inSecond = 0;
			for (let i = accepted.length - 1; i >= 0 && accepted[i] > now - 1000; i--) inSecond++;
			const limited = inSecond >= LIMIT_PER_SECOND;
			if (!limited) accepted.push(now);
			if (request.sentAt >= steady.from) {
				if (limited) steady.limited++;
				else {
					steady.accepted++;
					steady.perProcess[request.process]++;
				}
			}
			at(answers, now + leg(), { ...request, remaining: HOURLY - accepted.length - hostOffset(now), limited });
		}
		arrivals.delete(now);
		for (const answer of answers.get(now) ?? []) {
			const rate = rates[answer.process];
			if (headers) rate.onAccountRemaining(now, answer.remaining);
			if (!answer.limited) continue;
			rate.onRefused();
			nextAt[answer.process] = Math.max(nextAt[answer.process], rate.onBurst(now, answer.sentAt));
		}
		answers.delete(now);
		for (let p = 0; p < processes; p++) {
			if (now < nextAt[p]) continue;
			const rate = rates[p];
			rate.onSent(now);
			nextAt[p] = now + rate.gapMs(now);
			at(arrivals, now + leg(), { process: p, sentAt: now });
		}
	}
	const steadySeconds = seconds - steady.from / 1000;
	return {
		acceptedPerSecond: steady.accepted / steadySeconds,
		share429: steady.limited / (steady.accepted + steady.limited),
		perProcess: steady.perProcess.map((count) => count / steadySeconds),
	};
}

// Measured (SHARED_RATE_TABLE=1, 20 ms of jitter): with the headers 2 or 3 processes get
// 86–92 % of 15/s with 0–0.8 % 429s; without them 76–81 % with 2–6 %. The property holds for any
// round trip, start and jitter: 429s at most 2 %, at least 80 % of 15/s, never fewer accepted nor
// more 429s than the same account without the headers, and no process starved (each at least a
// quarter of an even share: a process that started late once got 1.5 of 14/s, 0.21 of an even
// share, red team of issue 31; shares even out slowly, at each time the total passes the target).
test('2 or 3 processes with the headers: at most 2 % 429s, at least 80 % of 15/s, better than without them, none starved', () => {
	fc.assert(
		fc.property(
			fc.integer({ min: 2, max: 3 }),
			fc.integer({ min: 20, max: 200 }),
			fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 3, maxLength: 3 }),
			fc.integer({ min: 1, max: 1_000_000 }),
			(processes, roundTripMs, starts, seed) => {
				const withHeaders = simulate(processes, roundTripMs, starts.slice(0, processes), true, 60, 20, seed);
				const without = simulate(processes, roundTripMs, starts.slice(0, processes), false, 60, 20, seed);
				expect(withHeaders.share429).toBeLessThanOrEqual(0.02);
				expect(withHeaders.acceptedPerSecond).toBeGreaterThanOrEqual(0.8 * LIMIT_PER_SECOND);
				expect(withHeaders.acceptedPerSecond).toBeGreaterThanOrEqual(without.acceptedPerSecond);
				expect(withHeaders.share429).toBeLessThanOrEqual(without.share429);
				const evenShare = withHeaders.acceptedPerSecond / processes;
				expect(Math.min(...withHeaders.perProcess)).toBeGreaterThanOrEqual(0.25 * evenShare);
			},
		),
		propertyRuns(12),
	);
});

test('a process alone is not capped by the headers: about the same rate as without them, no 429', () => {
	const withHeaders = simulate(1, 50, [0], true, 40);
	const without = simulate(1, 50, [0], false, 40);
	expect(Math.abs(withHeaders.acceptedPerSecond - without.acceptedPerSecond)).toBeLessThanOrEqual(0.2);
	expect(withHeaders.share429).toBe(0);
});

test('readings from two hosts that count apart (primary and backup) do not hold a process back', () => {
	const alternating = simulate(1, 50, [0], true, 60, 20, 1, (now) => (Math.floor(now / 700) % 2 ? 20_000 : 0));
	const without = simulate(1, 50, [0], false, 60, 20, 1);
	expect(alternating.acceptedPerSecond).toBeGreaterThanOrEqual(0.95 * without.acceptedPerSecond);
});

const table = process.env.SHARED_RATE_TABLE ? test : test.skip;
table('the figures (SHARED_RATE_TABLE=1)', () => {
	const rows: string[] = [];
	for (const n of [2, 3, 4])
		for (const rtt of [20, 100, 200])
			for (const headers of [true, false]) {
				const together = simulate(n, rtt, [0, 0, 0, 0].slice(0, n), headers);
				const staggered = simulate(n, rtt, [0, 700, 1500, 2300].slice(0, n), headers);
				const show = (f: Figures) => `${f.acceptedPerSecond.toFixed(2)}/s ${(f.share429 * 100).toFixed(2)} % 429s`;
				rows.push(`${n} processes, ${rtt} ms, headers ${headers ? 'on ' : 'off'}: together ${show(together)} | staggered ${show(staggered)}`);
			}
	process.stdout.write(`${rows.join('\n')}\n`);
});
