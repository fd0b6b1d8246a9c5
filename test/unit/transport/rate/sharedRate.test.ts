/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * transport/rate/sharedRate.ts with the platform's hourly Remaining (docs/rate-budget.md "With the
 * platform's headers"): processes that share one account, each told only what its own answers'
 * headers say, settle at the account's limit together. A simulation in simulated milliseconds:
 * each process sends as its rate allows, the server keeps 15 per sliding second (docs/api.md#limits)
 * and answers with the hour's Remaining after a round trip; a 429 gets the process's burst pause.
 */
import fc from 'fast-check';
import { propertyRuns } from '../../helpers/property';
import { LIMIT_PER_SECOND, simulate, type Figures, type Options } from '../../helpers/sharedRateSimulation';
// Measured (SHARED_RATE_TABLE=1, 20 ms of jitter): with the headers 2 or 3 processes get
// 89–93 % of 15/s with 0–0.9 % 429s; without them 73–81 % with 2–6 %. The property holds for any
// round trip, start and jitter: 429s at most 2 %, at least 80 % of 15/s, never fewer accepted nor
// more 429s than the same account without the headers, and no process starved (each at least a
// quarter of an even share: a process that started late once got 1.5 of 14/s, 0.21 of an even
// share; shares even out slowly, at each time the total passes the target).
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

describe('processes with their own demand, pauses and clocks', () => {
	/**
	 * sharedRate.ts with the platform's hourly Remaining, docs/rate-budget.md
	 * "With the platform's headers": SATURATED 0.75, the cap kept below the target, T over 3 s.
	 * The simulation of the property above (helpers/sharedRateSimulation.ts), with per-process demand, pauses,
	 * host offsets, readings that stop, a window reset, and 429s in a row. Oracles: docs/api.md#limits
	 * (15 per sliding second, 54,000 an hour) and the promises of docs/rate-budget.md.
	 */
	const show = (name: string, f: Figures) =>
		`${name}: ${f.acceptedPerSecond.toFixed(2)}/s ${(f.share429 * 100).toFixed(2)} % 429s, per process ${f.perProcess
			.map((r) => r.toFixed(2))
			.join(' ')}, most in a row ${f.most429InARow}`;

	const without = (o: Options) => simulate({ ...o, headers: false });

	// Once a defect (fixed: the 3 s window is gone): with MEASURE_MS = 3000 three processes that start staggered, with
	// punctual timers, overshoot: seeds 1–30 (50 ms, [0, 700, 1500], lateMs 0) give > 2 % 429s in 11 of
	// 30 (worst 2.8 %), 24 of 30 under 90 % of 15/s; HEAD (1 s) gave 0 of 30 over 2 %. The same code
	// with MEASURE_MS = 1000 gives 0 of 30, worst 1.3 %, and passes
	// the property above. That property draws lateMs 0–50 and rarely hits small ones.
	test.each([5, 6, 8])('3 staggered processes, punctual timers, seed %i: at most 2 % 429s', (seed) => {
		const o: Options = { processes: 3, roundTripMs: 50, startsMs: [0, 700, 1500], seed };
		const f = simulate(o);
		expect(f.share429).toBeLessThanOrEqual(0.02);
		expect(f.acceptedPerSecond).toBeGreaterThanOrEqual(without(o).acceptedPerSecond);
	});

	// Outside the documented 20–200 ms round trips: 2 processes, 1.5 s round
	// trips. The 3 s window made it 9.75–12.8/s (seeds 1–5); it is gone. Without it 11.6–13/s, against
	// 6.3/s without the headers: a reading 1.5 s old steers less well, and it is still far better.
	test.each([1, 3, 4])('2 processes, 1.5 s round trips, seed %i: better than without the headers, at most 2 % 429s', (seed) => {
		const o: Options = { processes: 2, roundTripMs: 1500, seed };
		const f = simulate(o);
		expect(f.acceptedPerSecond).toBeGreaterThanOrEqual(0.75 * LIMIT_PER_SECOND);
		expect(f.acceptedPerSecond).toBeGreaterThanOrEqual(without(o).acceptedPerSecond);
		expect(f.share429).toBeLessThanOrEqual(0.02);
	});

	// Once a defect (fixed: a rise of Remaining by more than 30 above the lowest read starts the measurement
	// again, was 100): two hosts whose counts differ by 40 (under the
	// 100 that restarts the measurement), the answers switching host every 5 s. A jump of 40 is caught
	// by the 30/s guard over 1 s, not over 3 s ((40 + 42) / 3 = 27/s): the total reads high for up to
	// three samples. With the headers 9.3–10.7/s, without them 11.8/s.
	test.each([1, 2, 3])('two hosts 40 apart, switching every 5 s, seed %i: not worse than without the headers', (seed) => {
		const o: Options = { processes: 2, seed, hostOffset: (now) => (Math.floor(now / 5000) % 2 ? 40 : 0) };
		expect(simulate(o).acceptedPerSecond).toBeGreaterThanOrEqual(without(o).acceptedPerSecond);
	});

	// Promises that held.
	describe.each([1, 2, 3])('held, seed %i', (seed) => {
		test('one process with low demand (1/s for 5 s in 10), the other saturated: better than without, at most 2 % 429s', () => {
			const o: Options = { processes: 2, seed, demand: (now, p) => (p === 0 && now % 10_000 < 5000 ? 1 : Infinity) };
			const f = simulate(o);
			expect(f.share429).toBeLessThanOrEqual(0.02);
			expect(f.acceptedPerSecond).toBeGreaterThanOrEqual(without(o).acceptedPerSecond);
		});
		test('a process left alone (the other stops at 20 s) is not capped: as without the headers', () => {
			const o: Options = { processes: 2, seed, steadyFrom: 35_000, demand: (now, p) => (p === 1 && now >= 20_000 ? 0 : Infinity) };
			expect(simulate(o).acceptedPerSecond).toBeGreaterThanOrEqual(without(o).acceptedPerSecond - 0.2);
		});
		test('a late starter (30 s) gets at least a quarter of an even share, at least 90 % of 15/s', () => {
			const f = simulate({ processes: 2, seed, startsMs: [0, 30_000], steadyFrom: 40_000 });
			expect(Math.min(...f.perProcess)).toBeGreaterThanOrEqual((0.25 * f.acceptedPerSecond) / 2);
			expect(f.acceptedPerSecond).toBeGreaterThanOrEqual(0.9 * LIMIT_PER_SECOND);
		});
		test('a process idle for 12 s with its cap then bursts: never 20 429s in a row, not starved', () => {
			// Transient: 1.5–3.7 % 429s in the 10 s after (HEAD 0.8–1.8 %); MEASURE_MS = 1000 gives 0.75–1.8 %.
			const f = simulate({ processes: 2, seed, steadyFrom: 30_000, steadyTo: 40_000, paused: (now, p) => p === 0 && now >= 18_000 && now < 30_000 });
			expect(f.most429InARow).toBeLessThan(20);
			expect(Math.min(...f.perProcess)).toBeGreaterThanOrEqual((0.25 * f.acceptedPerSecond) / 2);
		});
		test('readings stop at 25 s, the window resets at 30 s, 4 processes: no starvation, no long run of 429s', () => {
			for (const o of [
				{ processes: 2, seed, readingsUntil: 25_000 },
				{ processes: 2, seed, resetsAt: [30_000] },
				{ processes: 4, seed, startsMs: [0, 700, 1500, 2300] },
			] as Options[]) {
				const f = simulate(o);
				expect(f.most429InARow).toBeLessThan(20);
				expect(Math.min(...f.perProcess)).toBeGreaterThanOrEqual((0.25 * f.acceptedPerSecond) / o.processes);
				expect(f.acceptedPerSecond).toBeGreaterThanOrEqual(without(o).acceptedPerSecond);
			}
		});
	});

	const explore = process.env.SHARED_RATE_EXPLORE ? test : test.skip;
	explore('explore', () => {
		const rows: string[] = [];
		const both = (name: string, o: Options) => {
			rows.push(show(`${name} [H]`, simulate({ ...o, headers: true })));
			rows.push(show(`${name} [-]`, simulate({ ...o, headers: false })));
		};
		for (const seed of [1, 2, 3]) {
			// A: bursts of work (5 s at 1/s, 5 s full); B saturated.
			both(`low/high A, seed ${seed}`, { processes: 2, seed, demand: (now, p) => (p === 0 && now % 10_000 < 5000 ? 1 : Infinity) });
			both(`low/high A 2/s 8s, seed ${seed}`, { processes: 2, seed, demand: (now, p) => (p === 0 && now % 12_000 < 8000 ? 2 : Infinity) });
			both(`A paused 0.6 s in 3, seed ${seed}`, { processes: 2, seed, paused: (now, p) => p === 0 && now % 3000 >= 2400 });
			both(`both paused 0.6 in 3 late 30, seed ${seed}`, { processes: 2, seed, lateMs: 30, paused: (now) => now % 3000 >= 2400 });
			both(`3p paused 0.6 in 3 late 30, seed ${seed}`, { processes: 3, seed, lateMs: 30, paused: (now) => now % 3000 >= 2400 });
			both(`A low 3/s constant, seed ${seed}`, { processes: 2, seed, demand: (now, p) => (p === 0 ? 3 : Infinity) });
			both(`A 6/s constant, seed ${seed}`, { processes: 2, seed, demand: (now, p) => (p === 0 ? 6 : Infinity) });
			both(`4 processes, seed ${seed}`, { processes: 4, seed, startsMs: [0, 700, 1500, 2300] });
			both(`B leaves at 20s (alone after), seed ${seed}`, { processes: 2, seed, steadyFrom: 35_000, demand: (now, p) => (p === 1 && now >= 20_000 ? 0 : Infinity) });
			both(`late starter at 30 s, seed ${seed}`, { processes: 2, seed, startsMs: [0, 30_000], steadyFrom: 40_000 });
			both(`slow rtt 1500, seed ${seed}`, { processes: 2, seed, roundTripMs: 1500 });
			both(`readings stop at 25s, seed ${seed}`, { processes: 2, seed, readingsUntil: 25_000 });
			both(`reset at 30s, seed ${seed}`, { processes: 2, seed, resetsAt: [30_000] });
			both(`host offset 40 from 30 s on p1, seed ${seed}`, { processes: 2, seed, hostOffset: (now, p) => (p === 1 && now >= 30_000 ? 40 : 0) });
			both(`host offset 40 switch every 5s, seed ${seed}`, { processes: 2, seed, hostOffset: (now) => (Math.floor(now / 5000) % 2 ? 40 : 0) });
			both(`host offset 60 switch every 5s, seed ${seed}`, { processes: 2, seed, hostOffset: (now) => (Math.floor(now / 5000) % 2 ? 60 : 0) });
			both(`A idle 12 s then bursts, seed ${seed}`, { processes: 2, seed, steadyFrom: 30_000, steadyTo: 40_000, paused: (now, p) => p === 0 && now >= 18_000 && now < 30_000 });
		}
		process.stdout.write(`${rows.join('\n')}\n`);
	});
});
