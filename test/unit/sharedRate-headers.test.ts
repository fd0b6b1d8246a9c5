/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * transport/sharedRate.ts with the platform's hourly Remaining (docs/rate-budget.md "With the
 * platform's headers"): processes that share one account, each told only what its own answers'
 * headers say, settle at the account's limit together. A simulation in simulated milliseconds:
 * each process sends as its rate allows, the server keeps 15 per sliding second (docs/api.md#limits)
 * and answers with the hour's Remaining after a round trip; a 429 gets the process's burst pause.
 */
import fc from 'fast-check';

import { propertyRuns } from './property';
import { LIMIT_PER_SECOND, simulate, type Figures } from './sharedRateSimulation';

// Measured (SHARED_RATE_TABLE=1, 20 ms of jitter): with the headers 2 or 3 processes get
// 89–93 % of 15/s with 0–0.9 % 429s; without them 73–81 % with 2–6 %. The property holds for any
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
			fc.integer({ min: 0, max: 50 }),
			(processes, roundTripMs, starts, seed, lateMs) => {
				const run = (headers: boolean) =>
					simulate({ processes, roundTripMs, startsMs: starts.slice(0, processes), headers, seed, lateMs });
				const withHeaders = run(true);
				const without = run(false);
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
	const withHeaders = simulate({ processes: 1, seconds: 40 });
	const without = simulate({ processes: 1, seconds: 40, headers: false });
	expect(Math.abs(withHeaders.acceptedPerSecond - without.acceptedPerSecond)).toBeLessThanOrEqual(0.2);
	expect(withHeaders.share429).toBe(0);
});

test('readings from two hosts that count apart (primary and backup) do not hold a process back', () => {
	const alternating = simulate({ processes: 1, hostOffset: (now) => (Math.floor(now / 700) % 2 ? 20_000 : 0) });
	const without = simulate({ processes: 1, headers: false });
	expect(alternating.acceptedPerSecond).toBeGreaterThanOrEqual(0.95 * without.acceptedPerSecond);
});

// Workers' executions pause together (n8n saving finished executions, a busy machine): in
// test:queue both workers sent nothing for a second every few seconds. A cap cut to what was sent
// in such a second took seconds to climb back: 2 processes got 10.2 of 15/s while they had work,
// below the 11.8 they got without the headers (seed 1, 50 ms, 1 s in 6). The cap is now kept
// through a pause that left the account room.
test('executions that pause together: the account used while they work, fewer 429s than without the headers', () => {
	fc.assert(
		fc.property(
			fc.integer({ min: 2, max: 3 }),
			fc.integer({ min: 20, max: 200 }),
			fc.integer({ min: 4000, max: 10_000 }),
			fc.integer({ min: 300, max: 2000 }),
			fc.integer({ min: 1, max: 1_000_000 }),
			fc.integer({ min: 0, max: 50 }),
			(processes, roundTripMs, everyMs, forMs, seed, lateMs) => {
				const paused = (now: number) => now % everyMs >= everyMs - forMs;
				const starts = [0, 300, 900].slice(0, processes);
				const withHeaders = simulate({ processes, roundTripMs, startsMs: starts, seed, paused, lateMs });
				const without = simulate({ processes, roundTripMs, startsMs: starts, headers: false, seed, paused, lateMs });
				// Per second with work to send, over the steady part (from 20 s, as simulate counts).
				let working = 0;
				for (let now = 20_000; now < 60_000; now++) if (!paused(now)) working++;
				const perWorkingSecond = (figures: Figures) => (figures.acceptedPerSecond * 40_000) / working;
				// Pauses in the same millisecond on every process are the worst case for 429s: the caps
				// grow while the account looks idle. Measured up to 2.7 % with 3 processes (without the
				// headers 4–5 %).
				expect(withHeaders.share429).toBeLessThanOrEqual(0.03);
				expect(withHeaders.share429).toBeLessThanOrEqual(without.share429);
				expect(perWorkingSecond(withHeaders)).toBeGreaterThanOrEqual(0.8 * LIMIT_PER_SECOND);
				expect(perWorkingSecond(withHeaders)).toBeGreaterThanOrEqual(perWorkingSecond(without));
			},
		),
		propertyRuns(12),
	);
});

const table = process.env.SHARED_RATE_TABLE ? test : test.skip;
table('the figures (SHARED_RATE_TABLE=1)', () => {
	const rows: string[] = [];
	for (const n of [2, 3, 4])
		for (const rtt of [20, 100, 200])
			for (const headers of [true, false]) {
				const together = simulate({ processes: n, roundTripMs: rtt, startsMs: [0, 0, 0, 0].slice(0, n), headers });
				const staggered = simulate({ processes: n, roundTripMs: rtt, startsMs: [0, 700, 1500, 2300].slice(0, n), headers });
				const show = (f: Figures) => `${f.acceptedPerSecond.toFixed(2)}/s ${(f.share429 * 100).toFixed(2)} % 429s`;
				rows.push(`${n} processes, ${rtt} ms, headers ${headers ? 'on ' : 'off'}: together ${show(together)} | staggered ${show(staggered)}`);
			}
	process.stdout.write(`${rows.join('\n')}\n`);
});
