/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The urgent lane of the throttle (transport/rate/throttle.ts acquire(host, urgent)).
 * Promise: an urgent request takes the account's next slot before the requests queued without it,
 * with the same budget in another order: never more than 15 of our requests in a server second
 * (docs/rate-budget.md), at most 5 on the wire, requests spaced (1 s + 20 ms) / 15 = 68 ms apart,
 * one request at a time after a 429 until another answer, no request during a 429 pause or a
 * lock-out, and every request either goes or gets the block (none stranded, normal ones not starved).
 *
 * Simulated clock (jest's fake timers drive Date.now and n8n-workflow's sleep), as
 * test/unit/transport/rate/throttle.test.ts does. The expected figures come from docs/api.md#limits and
 * docs/rate-budget.md, never from the throttle's own constants.
 */
import fc from 'fast-check';

import { busiestSecond } from '../../../../tools/fake-platform';
import type { SlotResult } from '../../../../nodes/CustomerCare/transport/rate/slot';
import { AccountThrottle, type Release } from '../../../../nodes/CustomerCare/transport/rate/throttle';
import { propertyRuns } from '../../helpers/property';

const START = 1_800_000_000_000;
beforeEach(() => jest.useFakeTimers({ now: START }));
afterEach(() => jest.useRealTimers());

/** docs/api.md#limits and docs/rate-budget.md */
const PER_SECOND = 15;
const ON_THE_WIRE = 5;
const SPACING_MS = Math.floor(1020 / 15); // 68

type Fault = 'none' | '429' | '500' | 'timeout' | 'neverSent' | 'lockedOut';

interface Planned {
	startAt: number;
	urgent: boolean;
	toServer: number;
	back: number;
	/** What the first attempt meets (later attempts are answered normally unless the server is full). */
	fault: Fault;
}

interface Log {
	arrivals: number[];
	goes: Array<{ at: number; urgent: boolean; index: number; inFlightBefore: number; consecutive429: number }>;
	urgentWaits: Array<{ index: number; from: number; to: number }>;
	pauses: Array<{ from: number; to: number }>;
	/** When answers other than 429 came back: such an answer ends a 429 pause (throttle onAnswer, by design). */
	answers: number[];
	lockouts: Array<{ from: number; to: number }>;
	settled: number;
	blocked: number;
	maxInFlight: number;
}

/**
 * Runs the plan through one AccountThrottle. The server counts arrivals over a sliding second and
 * answers 429 to any request that would make it hold more than 15 (the fake platform's rule); a
 * request answered 429 goes again (as exchange's resendAfterPause does), up to 4 attempts.
 */
async function run(plan: Planned[]): Promise<Log> {
	const throttle = new AccountThrottle(PER_SECOND);
	const log: Log = { arrivals: [], goes: [], urgentWaits: [], pauses: [], answers: [], lockouts: [], settled: 0, blocked: 0, maxInFlight: 0 };
	let inFlight = 0;
	let consecutive429 = 0;
	const settle = (result: SlotResult, release: Release) => {
		inFlight--;
		if (result.kind === 'answered') {
			consecutive429 = 0;
			log.answers.push(Date.now());
		}
		if (result.kind === 'lockedOut') {
			consecutive429 = 0;
			log.lockouts.push({ from: Date.now(), to: result.until });
		}
		if (result.kind === 'rateLimited') consecutive429++;
		const pauseMs = release(result);
		if (pauseMs > 0) log.pauses.push({ from: Date.now(), to: Date.now() + pauseMs });
	};
	const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
	const requests = plan.map(async (request, index) => {
		await wait(request.startAt);
		for (let attempt = 0; attempt < 4; attempt++) {
			const from = Date.now();
			const release = await throttle.acquire('https://a.example', request.urgent);
			if (request.urgent) log.urgentWaits.push({ index, from, to: Date.now() });
			if (typeof release !== 'function') {
				log.blocked++;
				break;
			}
			log.goes.push({ at: Date.now(), urgent: request.urgent, index, inFlightBefore: inFlight, consecutive429 });
			inFlight++;
			log.maxInFlight = Math.max(log.maxInFlight, inFlight);
			const fault: Fault = attempt === 0 ? request.fault : 'none';
			const sentAt = Date.now();
			if (fault === 'neverSent') {
				await wait(1);
				settle({ kind: 'neverSent' }, release);
				break;
			}
			await wait(request.toServer);
			const arrivedAt = Date.now();
			const full = log.arrivals.filter((at) => at > arrivedAt - 1000).length >= PER_SECOND;
			log.arrivals.push(arrivedAt);
			if (fault === 'timeout') {
				// The client gave up before the answer: the server still counted it.
				settle({ kind: 'noAnswer', answered: false }, release);
				break;
			}
			await wait(request.back);
			if (fault === 'lockedOut') {
				settle({ kind: 'lockedOut', until: Date.now() + 15 * 60_000 }, release);
				break;
			}
			if (fault === '500') {
				settle({ kind: 'noAnswer', answered: true }, release);
				break;
			}
			if (fault === '429' || full) {
				settle({ kind: 'rateLimited', sentAt }, release);
				continue;
			}
			settle({ kind: 'answered' }, release);
			break;
		}
		log.settled++;
	});
	void Promise.all(requests);
	// Far enough for every pause, the 60 s hold of a timed-out request and a lock-out; not the hour of a cool-down.
	for (let i = 0; i < 40 && log.settled < plan.length; i++) await jest.advanceTimersByTimeAsync(60_000);
	return log;
}

function checkBudget(plan: Planned[], log: Log) {
	// Nobody stranded: every request went (or gave up after its attempts) or got the block.
	expect(log.settled).toBe(plan.length);
	expect(busiestSecond(log.arrivals)).toBeLessThanOrEqual(PER_SECOND);
	expect(log.maxInFlight).toBeLessThanOrEqual(ON_THE_WIRE);
	const goes = [...log.goes].sort((a, b) => a.at - b.at);
	for (let i = 1; i < goes.length; i++) expect(goes[i].at - goes[i - 1].at).toBeGreaterThanOrEqual(SPACING_MS);
	for (const go of goes) {
		// After a 429 and until another answer: one at a time.
		if (go.consecutive429 > 0) expect([go.index, go.inFlightBefore]).toEqual([go.index, 0]);
		// Strictly after the 429 came back (a request let go in the same millisecond went before it).
		for (const pause of log.pauses) {
			const to = Math.min(pause.to, ...log.answers.filter((at) => at >= pause.from));
			expect([go.index, go.at > pause.from && go.at < to]).toEqual([go.index, false]);
		}
		for (const lockout of log.lockouts) expect([go.index, go.at > lockout.from && go.at < lockout.to]).toEqual([go.index, false]);
		// No request without the flag goes while an urgent one waits (strictly inside its wait, on the clock).
		if (!go.urgent) {
			const overtaken = log.urgentWaits.find((waitFor) => waitFor.from < go.at && go.at < waitFor.to);
			expect(overtaken).toBeUndefined();
		}
	}
}

const faults = fc.oneof(
	{ weight: 20, arbitrary: fc.constant<Fault>('none') },
	{ weight: 2, arbitrary: fc.constant<Fault>('429') },
	{ weight: 1, arbitrary: fc.constant<Fault>('500') },
	{ weight: 1, arbitrary: fc.constant<Fault>('timeout') },
	{ weight: 1, arbitrary: fc.constant<Fault>('neverSent') },
);
const floors = fc.record({ up: fc.integer({ min: 0, max: 150 }), down: fc.integer({ min: 0, max: 250 }) });
const requests = fc.array(
	fc.record({
		startAt: fc.integer({ min: 0, max: 3000 }),
		urgent: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
		jitterUp: fc.integer({ min: 0, max: 300 }),
		jitterDown: fc.integer({ min: 0, max: 300 }),
		fault: faults,
	}),
	{ minLength: 10, maxLength: 70 },
);

function planOf(floor: { up: number; down: number }, generated: Array<{ startAt: number; urgent: boolean; jitterUp: number; jitterDown: number; fault: Fault }>, lockoutAt = -1): Planned[] {
	return generated.map((request, index) => ({
		// The first request calibrates the round trip (docs/rate-budget.md's assumption): no jitter, no fault.
		startAt: index === 0 ? 0 : request.startAt,
		urgent: request.urgent,
		toServer: floor.up + (index === 0 ? 0 : request.jitterUp),
		back: floor.down + (index === 0 ? 0 : request.jitterDown),
		fault: index === 0 ? 'none' : index === lockoutAt ? 'lockedOut' : request.fault,
	}));
}

test('generated mixes of urgent and normal requests, jittered round trips, 429s, 5xx, timeouts: the budget holds, urgent ones are never overtaken, none is stranded', async () => {
	await fc.assert(
		fc.asyncProperty(floors, requests, async (floor, generated) => {
			const plan = planOf(floor, generated);
			checkBudget(plan, await run(plan));
		}),
		propertyRuns(40),
	);
});

test('the same with a lock-out answered somewhere in the run: nothing goes until its end, and every waiter gets the block or goes after', async () => {
	await fc.assert(
		fc.asyncProperty(floors, requests, fc.nat(69), async (floor, generated, at) => {
			const plan = planOf(floor, generated, 1 + (at % (generated.length - 1)));
			checkBudget(plan, await run(plan));
		}),
		propertyRuns(20),
	);
});

describe('hand-made cases', () => {
	/** Acquires, keeps the slot `ms`, releases with `result`; records the order requests went in. */
	function requester(throttle: AccountThrottle, order: string[]) {
		return async (name: string, ms: number, urgent = false, result: SlotResult = { kind: 'answered' }) => {
			const release = await throttle.acquire('https://a.example', urgent);
			if (typeof release !== 'function') {
				order.push(`${name}: ${release.kind}`);
				return;
			}
			order.push(name);
			await new Promise((resolve) => setTimeout(resolve, ms));
			release(result.kind === 'rateLimited' ? { kind: 'rateLimited', sentAt: Date.now() - ms } : result);
		};
	}

	/** 13 requests in a row answered 429, each after the pause of the one before. */
	async function refuseThirteen(send: ReturnType<typeof requester>) {
		for (let i = 1; i <= 13; i++) {
			const refused = send(`refused ${i}`, 50, false, { kind: 'rateLimited', sentAt: 0 });
			await jest.advanceTimersByTimeAsync(40_000);
			await refused;
		}
	}

	test('an urgent request during a 429 pause and probe (one at a time): it goes as the probe, then the pages one at a time', async () => {
		const throttle = new AccountThrottle(15);
		const order: string[] = [];
		const send = requester(throttle, order);
		const first = send('page 1', 100, false, { kind: 'rateLimited', sentAt: 0 });
		await jest.advanceTimersByTimeAsync(101); // its 429 is back: the throttle pauses, then probes
		const pages = [send('page 2', 100), send('page 3', 100)];
		const definitions = send('definitions', 100, true);
		await jest.advanceTimersByTimeAsync(120_000);
		await Promise.all([first, ...pages, definitions]);
		expect(order[0]).toBe('page 1');
		expect(order[1]).toBe('definitions');
		expect(order.slice(2).sort()).toEqual(['page 2', 'page 3']);
	});

	test('twenty urgent requests queued behind five slow ones and ten pages: all urgent ones go before any page, every page goes', async () => {
		const throttle = new AccountThrottle(15);
		const order: string[] = [];
		const send = requester(throttle, order);
		const slow = Array.from({ length: 5 }, (_, i) => send(`slow ${i}`, 1500));
		await jest.advanceTimersByTimeAsync(500);
		const pages = Array.from({ length: 10 }, (_, i) => send(`page ${i}`, 50));
		await jest.advanceTimersByTimeAsync(10);
		const urgent = Array.from({ length: 20 }, (_, i) => send(`urgent ${i}`, 50, true));
		await jest.advanceTimersByTimeAsync(60_000);
		await Promise.all([...slow, ...pages, ...urgent]);
		expect(order).toHaveLength(35);
		const lastUrgent = Math.max(...order.map((name, i) => (name.startsWith('urgent') ? i : -1)));
		const firstPage = order.findIndex((name) => name.startsWith('page'));
		expect(lastUrgent).toBeLessThan(firstPage);
	});

	test('an urgent request arriving while a lock-out is in force gets the block at once, and so do the pages waiting behind it', async () => {
		const throttle = new AccountThrottle(15);
		const order: string[] = [];
		const send = requester(throttle, order);
		const until = Date.now() + 15 * 60_000;
		const page0 = send('page 0', 50, false, { kind: 'lockedOut', until });
		await jest.advanceTimersByTimeAsync(51);
		await page0;
		const definitions = send('definitions', 50, true);
		const page = send('page 1', 50);
		await jest.advanceTimersByTimeAsync(0);
		await Promise.all([definitions, page]);
		expect(order).toEqual(['page 0', 'definitions: lockedOut', 'page 1: lockedOut']);
	});

	test('the guard cools down (14 × 429 in a row, docs/api.md#limits: 20 lock the domain out) while an urgent request and pages wait: all get the block, none is stranded', async () => {
		const throttle = new AccountThrottle(15);
		const order: string[] = [];
		const send = requester(throttle, order);
		await refuseThirteen(send);
		const last = send('refused 14', 50, false, { kind: 'rateLimited', sentAt: 0 });
		await jest.advanceTimersByTimeAsync(40_000);
		await last;
		// 14 in a row: nothing is sent for an hour; an urgent request is no exception.
		const waiting = [send('page A', 50), send('definitions', 50, true), send('page B', 50)];
		await jest.advanceTimersByTimeAsync(1000);
		await Promise.all(waiting);
		expect(order.slice(14).sort()).toEqual(['definitions: coolingDown', 'page A: coolingDown', 'page B: coolingDown']);
	});

	test('the 14th 429 comes back while an urgent request and pages wait behind the probe: all get the block', async () => {
		const throttle = new AccountThrottle(15);
		const order: string[] = [];
		const send = requester(throttle, order);
		await refuseThirteen(send);
		const probe = send('refused 14', 500, false, { kind: 'rateLimited', sentAt: 0 });
		await jest.advanceTimersByTimeAsync(10);
		const waiting = [send('page A', 50), send('definitions', 50, true), send('page B', 50)];
		await jest.advanceTimersByTimeAsync(2000);
		await Promise.all([probe, ...waiting]);
		expect(order.slice(14).sort()).toEqual(['definitions: coolingDown', 'page A: coolingDown', 'page B: coolingDown']);
	});
});
