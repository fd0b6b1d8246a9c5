/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * transport/rate/throttle.ts, checked for generated cases (fast-check, seeded; the seed prints on failure).
 *
 * AccountThrottle: the per-second budget holds on the server's side, whatever delays the requests meet
 * between leaving the throttle, arriving at the server and their answer coming back
 * (a stalled event loop, jitter, slow answers). Simulated clock: jest's fake timers drive
 * Date.now and the sleeps of n8n-workflow.
 *
 * SharedRate, the 429 feedback that lets processes share one account: pure arithmetic over time,
 * checked for every sequence of bursts.
 */
import fc from 'fast-check';

import { busiestSecond } from '../../../../tools/fake-platform';
import { SharedRate } from '../../../../nodes/CustomerCare/transport/rate/sharedRate';
import { LoopWatch, RoundTripFloor } from '../../../../nodes/CustomerCare/transport/rate/roundTrip';
import { AccountThrottle, type Release } from '../../../../nodes/CustomerCare/transport/rate/throttle';
import { propertyRuns } from '../../helpers/property';
import { simulate } from '../../helpers/throttleSimulation';


beforeEach(() => jest.useFakeTimers({ now: 1_800_000_000_000 }));
afterEach(() => jest.useRealTimers());


/**
 * The model of docs/rate-budget.md: each leg of a round trip (to the server; the server's work and
 * the way back) has a floor it never goes below, plus any jitter (a stalled event loop, a slow
 * network, a busy server). The throttle may only trust that one of the first five round trips came
 * within 20 ms of the floors (the calibration the document states); the others are arbitrary.
 */
const legs = fc.record({
	floorToServer: fc.integer({ min: 0, max: 200 }),
	floorBack: fc.integer({ min: 0, max: 300 }),
	calibrationJitter: fc.integer({ min: 0, max: 20 }),
	calibrated: fc.nat(4),
});
const jitteredRequests = fc.array(
	fc.record({
		// A request can sit up to 400 ms after the throttle let it go (a stalled loop, a slow link) …
		toServer: fc.integer({ min: 0, max: 400 }),
		// … and its answer take up to 400 ms more than the floor.
		back: fc.integer({ min: 0, max: 400 }),
		startAt: fc.integer({ min: 0, max: 1500 }),
	}),
	{ minLength: 20, maxLength: 80 },
);

function withFloors(model: { floorToServer: number; floorBack: number; calibrationJitter: number; calibrated: number }, jitter: Array<{ toServer: number; back: number; startAt: number }>) {
	return jitter.map((request, index) => {
		// The first five start at once, so they are the first five answered; one of them is calibrated.
		const startAt = index < 5 ? 0 : request.startAt;
		const [toServer, back] = index === model.calibrated ? [model.calibrationJitter, 0] : [request.toServer, request.back];
		return { startAt, toServer: model.floorToServer + toServer, back: model.floorBack + back };
	});
}

test('no server second ever holds more than the limit, whatever the jitter on the way', async () => {
	await fc.assert(
		fc.asyncProperty(fc.constantFrom(5, 15), legs, jitteredRequests, async (limit, model, jitter) => {
			const delays = withFloors(model, jitter);
			const arrivals = await simulate(limit, delays);
			expect(arrivals).toHaveLength(delays.length);
			expect(busiestSecond(arrivals)).toBeLessThanOrEqual(limit);
		}),
		propertyRuns(60),
	);
});

test('with steady round trips the throttle sends at the limit: 45 requests at a 250 ms round trip go within 3.2 s', async () => {
	// Counting every request until one second after its answer would take 45 / (15 / 1.25 s) = 3.75 s.
	const delays = Array.from({ length: 45 }, () => ({ startAt: 0, toServer: 125, back: 125 }));
	const arrivals = await simulate(15, delays);
	expect(busiestSecond(arrivals)).toBeLessThanOrEqual(15);
	expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(3200);
});

describe('SharedRate', () => {
	/** Sends `count` requests evenly over the second before `at`, each answered `roundTrip` ms later. */
	function sendBefore(rate: SharedRate, at: number, count: number, roundTrip = 30) {
		const sent: Array<{ at: number; answeredAt: number }> = [];
		for (let i = 0; i < count; i++) {
			const sentAt = at - 990 + Math.floor((i * 980) / Math.max(1, count));
			const answered = rate.onSent(sentAt);
			jest.setSystemTime(sentAt + roundTrip);
			answered();
			sent.push({ at: sentAt, answeredAt: sentAt + roundTrip });
		}
		return sent;
	}

	test('a burst cuts the rate to 85 % of our share of the full second (our requests in it), never below a quarter of the rate or 1/s; with time it climbs back to the ceiling, never above', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 15 }),
				fc.array(fc.record({ gap: fc.integer({ min: 1100, max: 20_000 }), ours: fc.integer({ min: 0, max: 15 }) }), {
					minLength: 1,
					maxLength: 20,
				}),
				(ceiling, bursts) => {
					const rate = new SharedRate(ceiling);
					let now = 1_000_000;
					for (const { gap, ours } of bursts) {
						now += gap;
						sendBefore(rate, now, ours);
						// The refused request itself, the latest sent.
						rate.onSent(now);
						const before = rate.current(now);
						rate.onBurst(now, now);
						const after = rate.current(now);
						// Expected from docs: 85 % of min(rate, ours), at least a quarter of the rate and 1/s.
						expect(after).toBeCloseTo(Math.max(1, 0.85 * Math.max(1, before / 4, Math.min(before, ours))), 6);
						expect(after).toBeLessThanOrEqual(ceiling);
					}
					// Non-decreasing while no burst comes, and back at the ceiling within a minute.
					let previous = rate.current(now);
					for (let t = now; t <= now + 60_000; t += 250) {
						const current = rate.current(t);
						expect(current).toBeGreaterThanOrEqual(previous - 1e-9);
						previous = current;
					}
					expect(rate.current(now + 60_000)).toBe(ceiling);
				},
			),
			{ ...propertyRuns(300), verbose: true },
		);
	});

	test('two or three processes that filled a second together drop to about 85 % of the limit together, with one burst each', () => {
		for (const shares of [[8, 7], [5, 5, 5], [6, 5, 4]]) {
			const processes = shares.map(() => new SharedRate(15));
			const at = 1_000_000;
			processes.forEach((rate, i) => {
				sendBefore(rate, at, shares[i]);
				rate.onSent(at);
				rate.onBurst(at, at);
			});
			const total = processes.reduce((sum, rate) => sum + rate.current(at), 0);
			expect(total / 15).toBeCloseTo(0.85, 6);
		}
	});

	test('the climb flattens just below the share that drew the 429s: within 95 % ± 3 % over the seconds around the plateau, and reaches the ceiling 7 s later', () => {
		const rate = new SharedRate(15);
		const at = 1_000_000;
		sendBefore(rate, at, 10);
		rate.onSent(at);
		rate.onBurst(at, at); // our share 10: cut to 8.5, plateau 9.5 after cbrt(10 × 0.1 / 0.01) ≈ 4.6 s
		const plateau = [3500, 4500, 5500, 6500].map((ms) => rate.current(at + ms));
		for (const value of plateau) expect(Math.abs(value / 10 - 0.95)).toBeLessThan(0.03);
		expect(rate.current(at + 4600 + 6000)).toBeLessThan(15);
		expect(rate.current(at + 4700 + 7000)).toBe(15);
	});

	test('a burst pauses until one second after the answer of our oldest request in the refused second, one gap at the least', () => {
		const rate = new SharedRate(15);
		const at = 1_000_000;
		// Answers late (a busy loop): the oldest, sent at at - 990, answered 300 ms later.
		const sent = sendBefore(rate, at, 6, 300);
		rate.onSent(at);
		expect(rate.onBurst(at + 20, at)).toBe(sent[0].answeredAt + 1000);
		// None of ours in that second: one gap at the new rate.
		const alone = new SharedRate(15);
		alone.onSent(at);
		const resume = alone.onBurst(at + 20, at);
		expect(resume - (at + 20)).toBeCloseTo(alone.gapMs(at + 20), 6);
	});

	test('a 429 shows a share when the refused second held some of our requests but fewer than 90 % of our rate', () => {
		const cases: Array<[number, boolean]> = [
			[0, false], // none of ours: nothing known yet
			[5, true],
			[11, true],
			[13, false], // ours filled it: maybe our own jitter
		];
		for (const [ours, shows] of cases) {
			const rate = new SharedRate(15);
			sendBefore(rate, 1_000_000, ours);
			rate.onSent(1_000_000);
			expect([ours, rate.showsShare(1_000_000)]).toEqual([ours, shows]);
		}
	});

	test('gaps space requests evenly at the rate in force, a little wider than 1 s / rate', () => {
		const rate = new SharedRate(15);
		expect(rate.gapMs(0)).toBeGreaterThanOrEqual(1000 / 15);
		expect(rate.gapMs(0)).toBeLessThan(1100 / 15);
		sendBefore(rate, 10_000, 10);
		rate.onSent(10_000);
		rate.onBurst(10_000, 10_000);
		expect(rate.gapMs(10_000)).toBeGreaterThanOrEqual(1000 / 8.5);
	});
});

describe('the slot is given back together with what the answer was', () => {
	test('a lock-out answer: the request waiting for the slot is not let go, nor any later one', async () => {
		const throttle = new AccountThrottle(15);
		const releases = [];
		for (let i = 0; i < 5; i++) {
			const slot = throttle.acquire();
			await jest.advanceTimersByTimeAsync(100);
			releases.push(await slot);
		}
		expect(releases.every((release) => typeof release === 'function')).toBe(true);
		// Five on the wire: the sixth waits for a slot.
		const waiting = throttle.acquire();
		const until = Date.now() + 15 * 60_000;
		(releases[0] as (result: unknown) => number)({ kind: 'lockedOut', until });
		await jest.advanceTimersByTimeAsync(1000);
		expect(await waiting).toEqual({ kind: 'lockedOut', until });
		expect(await throttle.acquire()).toEqual({ kind: 'lockedOut', until });
	});
});

describe('the round trips the throttle measures (roundTrip.ts)', () => {
	/**
	 * One round trip of `ms` on the simulated clock; the event loop is stalled for `blockMs` just
	 * before the answer is handled (`atEnd`: the answer waited) or early on the way (it did not).
	 * A stall is the clock moving on while no timer runs (`setSystemTime`); the loop watch's
	 * overdue tick then runs first, as timers run before I/O when a real loop frees.
	 */
	async function roundTrip(floor: RoundTripFloor, ms: number, blockMs = 0, atEnd = true) {
		const loop = new LoopWatch();
		let inFlight = true;
		loop.watchWhile(() => inFlight);
		const sentAt = Date.now();
		// A stalled event loop (JSON.parse of a big page, a busy machine): time passes, no timer runs.
		const block = () => jest.setSystemTime(Date.now() + blockMs);
		await jest.advanceTimersByTimeAsync(atEnd ? ms - blockMs : 5);
		if (!atEnd) {
			block();
			await jest.advanceTimersByTimeAsync(Math.max(0, ms - 5 - blockMs));
		} else {
			// The answer came while the loop was busy: it is handled once the loop frees, after the tick.
			block();
			await jest.advanceTimersByTimeAsync(0);
		}
		const now = Date.now();
		floor.onAnswer(now - sentAt - loop.waitedMs(now));
		inFlight = false;
		await jest.advanceTimersByTimeAsync(10); // the watch stops
	}

	test('no credit before ten round trips (the first ones open connections); then the fastest less 25 ms', async () => {
		const floor = new RoundTripFloor();
		for (let i = 0; i < 9; i++) await roundTrip(floor, 80);
		expect(floor.creditMs()).toBe(0);
		await roundTrip(floor, 80);
		// 80 ms on the simulated clock, less the 25 ms margin.
		expect(floor.creditMs()).toBeGreaterThan(0);
		expect(floor.creditMs()).toBeLessThanOrEqual(80 - 25 + 5);
	});

	test('an answer that waited for a busy loop counts without the wait', async () => {
		const floor = new RoundTripFloor();
		// 120 ms round trips of which the answer waited 60 ms: counted as about 60 ms, never 120.
		for (let i = 0; i < 10; i++) await roundTrip(floor, 120, 60, true);
		expect(floor.creditMs()).toBeLessThanOrEqual(120 - 60 - 25 + 10);
	});

	test('work done while the request was on its way is not taken off', async () => {
		const floor = new RoundTripFloor();
		for (let i = 0; i < 10; i++) await roundTrip(floor, 120, 60, false);
		expect(floor.creditMs()).toBeGreaterThanOrEqual(120 - 25 - 10);
	});
});

describe('what an answer proves about when its request arrived', () => {
	/**
	 * 15 requests at once, each answered after `answerMs`, released as `result`; returns how long
	 * after the first answer the 16th request may go. Ten round trips of 250 ms calibrate first.
	 */
	async function sixteenthAfter(results: Array<Parameters<Release>[0]>, answerMs: number) {
		const throttle = new AccountThrottle(15);
		const roundTrip = async (result: Parameters<Release>[0], ms: number) => {
			const release = (await throttle.acquire('https://a.example')) as Release;
			await new Promise((resolve) => setTimeout(resolve, ms));
			release(result);
		};
		const calibration = Promise.all(Array.from({ length: 10 }, () => roundTrip({ kind: 'answered' }, 250)));
		await jest.advanceTimersByTimeAsync(5000);
		await calibration;
		const started = Date.now();
		const fifteen = Promise.all(results.map((result) => roundTrip(result, answerMs)));
		let sixteenthAt = 0;
		const sixteenth = throttle.acquire('https://a.example').then(() => (sixteenthAt = Date.now()));
		await jest.advanceTimersByTimeAsync(70_000);
		await Promise.all([fifteen, sixteenth]);
		return sixteenthAt - started;
	}

	test('an answered request frees its place about one round trip sooner than its answer + 1 s', async () => {
		// 15 requests leave 68 ms apart (0 … 952 ms) and are answered 250 ms later; the first place frees at
		// 250 − (250 − 25) + 1002 = 1027 ms.
		const after = await sixteenthAfter(Array.from({ length: 15 }, () => ({ kind: 'answered' as const })), 250);
		expect(after).toBeGreaterThanOrEqual(1025);
		expect(after).toBeLessThan(1100);
	});

	test('after a 429, no credit for a minute: answered places are held until one second after the answer', async () => {
		const results = Array.from({ length: 15 }, (_, index) =>
			index === 0 ? { kind: 'rateLimited' as const, sentAt: 0 } : { kind: 'answered' as const },
		);
		const after = await sixteenthAfter(results, 250);
		expect(after).toBeGreaterThanOrEqual(250 + 1002);
	});

	test('a request given up without an answer (a Timeout, a 504) holds its place a minute; a 5xx answer one second; one never sent none', async () => {
		const noAnswer = await sixteenthAfter(Array.from({ length: 15 }, () => ({ kind: 'noAnswer' as const, answered: false })), 250);
		expect(noAnswer).toBeGreaterThanOrEqual(250 + 60_000 + 1000);
		// A 500 or a gateway's 502 page did come back: the request had arrived by then. Held one
		// second after it, without credit (that answer's round trip is not the platform's).
		const failed = await sixteenthAfter(Array.from({ length: 15 }, () => ({ kind: 'noAnswer' as const, answered: true })), 250);
		expect(failed).toBeGreaterThanOrEqual(250 + 1002);
		expect(failed).toBeLessThan(2000);
		// Only the spacing holds the 16th back: 15 × 68 ms.
		const neverSent = await sixteenthAfter(Array.from({ length: 15 }, () => ({ kind: 'neverSent' as const })), 250);
		expect(neverSent).toBeLessThan(1100);
	});
});

describe('an urgent request (definitions that queued pages wait on) takes the next slot', () => {
	/** Acquires a slot, keeps it `ms`, answers; records the order requests were let go in. */
	function requester(throttle: AccountThrottle, order: string[]) {
		return async (name: string, ms: number, urgent = false) => {
			const release = (await throttle.acquire('https://a.example', urgent)) as Release;
			order.push(name);
			await new Promise((resolve) => setTimeout(resolve, ms));
			release({ kind: 'answered' });
		};
	}

	test('queued behind 20 pages spaced 68 ms apart, it goes next, and every page still goes, in order', async () => {
		const throttle = new AccountThrottle(15);
		const order: string[] = [];
		const send = requester(throttle, order);
		const pages = Array.from({ length: 20 }, (_, i) => send(`page ${i + 1}`, 50));
		await jest.advanceTimersByTimeAsync(100);
		const sentBefore = order.length;
		const definitions = send('definitions', 50, true);
		await jest.advanceTimersByTimeAsync(10_000);
		await Promise.all([...pages, definitions]);
		expect(order.indexOf('definitions')).toBe(sentBefore);
		expect(order.filter((name) => name !== 'definitions')).toEqual(
			Array.from({ length: 20 }, (_, i) => `page ${i + 1}`),
		);
	});

	test('waiting for one of the five places on the wire, it gets the first one freed (no request is stranded)', async () => {
		const throttle = new AccountThrottle(15);
		const order: string[] = [];
		const send = requester(throttle, order);
		// Five slow requests fill the places on the wire; two more wait for a place, then the urgent one.
		const slow = Array.from({ length: 5 }, (_, i) => send(`slow ${i + 1}`, 2_000));
		await jest.advanceTimersByTimeAsync(1_000);
		const waiting = [send('page A', 10), send('page B', 10)];
		await jest.advanceTimersByTimeAsync(100);
		const definitions = send('definitions', 10, true);
		await jest.advanceTimersByTimeAsync(10_000);
		await Promise.all([...slow, ...waiting, definitions]);
		// The throttle keeps no order among requests of the same lane that wake together.
		expect(order[5]).toBe('definitions');
		expect(order.slice(6).sort()).toEqual(['page A', 'page B']);
	});

	test('a lock-out while it waits: it and the requests behind it all get the lock-out', async () => {
		const throttle = new AccountThrottle(15);
		const releases: Release[] = [];
		for (let i = 0; i < 5; i++) {
			const slot = throttle.acquire();
			await jest.advanceTimersByTimeAsync(100);
			releases.push((await slot) as Release);
		}
		const page = throttle.acquire();
		const definitions = throttle.acquire('', true);
		const until = Date.now() + 15 * 60_000;
		releases[0]({ kind: 'lockedOut', until });
		await jest.advanceTimersByTimeAsync(1000);
		expect(await definitions).toEqual({ kind: 'lockedOut', until });
		expect(await page).toEqual({ kind: 'lockedOut', until });
	});
});
