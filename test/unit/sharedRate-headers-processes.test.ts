/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Red team of issue 31 (sharedRate.ts with the platform's hourly Remaining, docs/rate-budget.md
 * "With the platform's headers"): SATURATED 0.75, the cap kept below the target, T over 3 s.
 * A copy of test/unit/sharedRate-headers.test.ts's simulate, with per-process demand, pauses,
 * host offsets, readings that stop, a window reset, and 429s in a row. Oracles: docs/api.md#limits
 * (15 per sliding second, 54,000 an hour) and the promises of issue 31 / docs/rate-budget.md.
 */
import { LIMIT_PER_SECOND, simulate, type Figures, type Options } from './sharedRateSimulation';

const show = (name: string, f: Figures) =>
	`${name}: ${f.acceptedPerSecond.toFixed(2)}/s ${(f.share429 * 100).toFixed(2)} % 429s, per process ${f.perProcess
		.map((r) => r.toFixed(2))
		.join(' ')}, most in a row ${f.most429InARow}`;

const without = (o: Options) => simulate({ ...o, headers: false });

// FINDING 1 (fixed: the 3 s window is gone; defect of change 3): with MEASURE_MS = 3000 three processes that start staggered, with
// punctual timers, overshoot: seeds 1–30 (50 ms, [0, 700, 1500], lateMs 0) give > 2 % 429s in 11 of
// 30 (worst 2.8 %), 24 of 30 under 90 % of 15/s; HEAD (1 s) gave 0 of 30 over 2 %. The same code
// with MEASURE_MS = 1000 (changes 1 and 2 kept) gives 0 of 30, worst 1.3 %, and passes
// test/unit/sharedRate-headers. The property there draws lateMs 0–50 and rarely hits small ones.
test.each([5, 6, 8])('3 staggered processes, punctual timers, seed %i: at most 2 % 429s (issue 31)', (seed) => {
	const o: Options = { processes: 3, roundTripMs: 50, startsMs: [0, 700, 1500], seed };
	const f = simulate(o);
	expect(f.share429).toBeLessThanOrEqual(0.02);
	expect(f.acceptedPerSecond).toBeGreaterThanOrEqual(without(o).acceptedPerSecond);
});

// FINDING 2 (answered: outside the documented 20–200 ms round trips): 2 processes, 1.5 s round
// trips. The 3 s window made it 9.75–12.8/s (seeds 1–5); it is gone. Without it 11.6–13/s, against
// 6.3/s without the headers: a reading 1.5 s old steers less well, and it is still far better.
test.each([1, 3, 4])('2 processes, 1.5 s round trips, seed %i: better than without the headers, at most 2 % 429s', (seed) => {
	const o: Options = { processes: 2, roundTripMs: 1500, seed };
	const f = simulate(o);
	expect(f.acceptedPerSecond).toBeGreaterThanOrEqual(0.75 * LIMIT_PER_SECOND);
	expect(f.acceptedPerSecond).toBeGreaterThanOrEqual(without(o).acceptedPerSecond);
	expect(f.share429).toBeLessThanOrEqual(0.02);
});

// FINDING 3 (fixed: a rise of Remaining by more than 30 above the lowest read starts the measurement
// again, was 100; pre-existing, made worse by change 3): two hosts whose counts differ by 40 (under the
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

const explore = process.env.REDTEAM_EXPLORE ? test : test.skip;
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
