/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The 429 policy with the platform's rate headers, driven through AccountThrottle on a fake clock,
 * one request at a time, a 50 ms round trip (docs/rate-budget.md "With the platform's headers").
 * Each case below failed before its fix (a wait of 0 took the
 * back-off away, a per-second reading or a small hourly limit made every 429 a busy second, a long
 * Retry-After hung requests without an error, a busy second ran on to the stop at 20).
 */
import { AxiosHeaders } from 'axios';

import { blockedError } from '../../../../nodes/CustomerCare/transport/answers/rateLimitErrors';
import { readRateHeaders } from '../../../../nodes/CustomerCare/transport/rate/rateHeaders';
import { AccountThrottle, type Release } from '../../../../nodes/CustomerCare/transport/rate/throttle';

const T0 = 1_800_000_000_000;
const HOUR = 3_600_000;
beforeEach(() => jest.useFakeTimers({ now: T0 }));
afterEach(() => jest.useRealTimers());

/** Acquires a slot, advancing the fake clock until it is given (or `maxMs` passed). */
async function acquire(throttle: AccountThrottle, maxMs = 3 * HOUR) {
	let got: unknown;
	let at = 0;
	void throttle.acquire().then((r) => {
		got = r;
		at = Date.now();
	});
	const start = Date.now();
	await jest.advanceTimersByTimeAsync(0);
	while (got === undefined && Date.now() - start < maxMs) {
		if (jest.getTimerCount() === 0) break;
		await jest.advanceTimersToNextTimerAsync();
	}
	return { got, at };
}

/** One request at a time; every answer a 429 with `headers`. Returns the 429 times and the final block. */
async function run429s(headers: Record<string, string> | undefined, max = 30) {
	const throttle = new AccountThrottle(15);
	const times: number[] = [];
	let block: unknown;
	for (let i = 0; i < max; i++) {
		const { got, at } = await acquire(throttle);
		if (typeof got !== 'function') {
			block = got;
			break;
		}
		jest.setSystemTime(at + 50); // a 50 ms round trip
		const sentAt = at;
		(got as Release)({ kind: 'rateLimited', sentAt }, headers && readRateHeaders(headers, Date.now()));
		times.push(Date.now() - T0);
	}
	return { throttle, times, block };
}

const MINUTE = 60_000;

describe('a busy second (the hour has room)', () => {
	test('Remaining 500 of 54,000 on every 429: 1 s apart, then 1 min of silence at 17 in a row; never the stop at 20, never an hour', async () => {
		const { times, block } = await run429s({ 'x-ratelimit-limit': '54000', 'x-ratelimit-remaining': '500' });
		expect(times).toHaveLength(17);
		expect(block).toMatchObject({ kind: 'coolingDown', consecutive429: 17, busySecond: true });
		const until = (block as { until: number }).until;
		expect(until - (T0 + times[16])).toBeLessThanOrEqual(MINUTE);
		expect(until - (T0 + times[16])).toBeGreaterThanOrEqual(MINUTE - 1000);
	});

	test.each([
		['Retry-After 0', { 'x-ratelimit-limit': '54000', 'x-ratelimit-remaining': '500', 'retry-after': '0' }],
		['a Reset already past', { 'x-ratelimit-limit': '54000', 'x-ratelimit-remaining': '500', 'x-ratelimit-reset': String(T0 / 1000 - 30) }],
		['a Retry-After that is no date', { 'x-ratelimit-remaining': '500', 'retry-after': 'in 5' }],
	])('%s tells nothing: the same pauses as without it', async (_name, headers) => {
		const fromFirst = (times: number[]) => times.map((at) => at - times[0]);
		const told = fromFirst((await run429s(headers)).times);
		const plain = fromFirst((await run429s({ 'x-ratelimit-limit': '54000', 'x-ratelimit-remaining': '500' })).times);
		expect(told).toEqual(plain);
		expect(told[12]).toBeGreaterThanOrEqual(11_000);
	});
});

describe('headers that do not tell the hour: the guess of before (an hour of silence from 14)', () => {
	test.each([
		['no headers', undefined],
		['per-second headers with room in that second', { 'x-ratelimit-limit': '15', 'x-ratelimit-remaining': '14' }],
	])('%s', async (_name, headers) => {
		const { block } = await run429s(headers);
		expect(block).toMatchObject({ kind: 'coolingDown', consecutive429: 14 });
		expect((block as { until: number }).until - Date.now()).toBeGreaterThan(55 * MINUTE);
	});
});

// A limit of 100 or less is a per-second window (rateHeaders.ts): 0 left in it is a full second,
// whatever an hourly limit that small would mean (the published one is 54,000).
test('a per-second window with none left: a busy second, silent for a minute at 17 in a row', async () => {
	const { block } = await run429s({ 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '0' });
	expect(block).toMatchObject({ kind: 'coolingDown', consecutive429: 17 });
});

describe('a wait the platform names', () => {
	test.each([
		['Remaining 500 of 54,000, Retry-After 3600', { 'x-ratelimit-limit': '54000', 'x-ratelimit-remaining': '500', 'retry-after': '3600' }],
		['Retry-After 86400 alone', { 'retry-after': '86400' }],
	])('longer than a minute (%s): the account is silent until then, and requests fail at once saying so', async (_name, headers) => {
		const throttle = new AccountThrottle(15);
		const first = await acquire(throttle);
		jest.setSystemTime(first.at + 50);
		const reading = readRateHeaders(headers, Date.now())!;
		(first.got as Release)({ kind: 'rateLimited', sentAt: first.at }, reading);
		expect(throttle.blocked()).toEqual({ kind: 'coolingDown', until: Date.now() + reading.retryAfterMs!, consecutive429: 1 });
	});

	test('Remaining 0 with Retry-After 1800: a spent hour, silent until the named moment', async () => {
		const throttle = new AccountThrottle(15);
		const first = await acquire(throttle);
		jest.setSystemTime(first.at + 50);
		(first.got as Release)({ kind: 'rateLimited', sentAt: first.at }, readRateHeaders({ 'x-ratelimit-limit': '54000', 'x-ratelimit-remaining': '0', 'retry-after': '1800' }, Date.now()));
		expect(throttle.blocked()).toEqual({ kind: 'coolingDown', until: Date.now() + 1_800_000, consecutive429: 1, spent: { limit: 54_000 } });
	});
});

test('AxiosHeaders (what n8n returns with returnFullResponse) read as a plain object', () => {
	const fromRaw = AxiosHeaders.from('X-RateLimit-Limit: 54000\r\nX-RateLimit-Remaining: 12\r\nRetry-After: 3');
	expect(readRateHeaders(fromRaw as unknown as Record<string, unknown>, T0)).toEqual({ remaining: 12, limit: 54000, scope: 'hour', retryAfterMs: 3000 });
});

test('the error of a lasting busy second is a rate limit (the hour has room), of a spent hour a spent quota', () => {
	const node = { id: 'n', name: 'Customer Care', type: 'customerCare', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
	const busy = blockedError(node, { kind: 'coolingDown', until: T0 + 60_000, consecutive429: 17, busySecond: true }, 0);
	expect(busy.failure?.cause).toBe('rate-limited');
	const spent = blockedError(node, { kind: 'coolingDown', until: T0 + 60_000, consecutive429: 1, spent: { limit: 54_000 } }, 0);
	expect(spent.failure).toEqual({ cause: 'quota-exhausted', resetsAtEpochMs: T0 + 60_000 });
	expect(spent.message).toContain('0 of 54,000 requests are left');
});
