/**
 * The rate headers (tools/fake-platform/README.md, "Rate headers"): X-RateLimit-Limit and
 * X-RateLimit-Remaining on every domain answer (the hourly quota by default, the 1 s window, or
 * none), and Retry-After / X-RateLimit-Reset on 429s when `retryAfter` is on. Every expected value
 * below is worked out by hand from those rules.
 */
import { RateLimiter, type FakePlatform } from '../../../tools/fake-platform';
import { client, expectError, startPlatform } from './helpers';

const LIMIT = 'x-ratelimit-limit';
const REMAINING = 'x-ratelimit-remaining';
const RETRY_AFTER = 'retry-after';
const RESET = 'x-ratelimit-reset';

/** The rate headers of an answer; a missing one is null. */
function rate(reply: { headers: Headers }) {
	const h = reply.headers;
	return { limit: h.get(LIMIT), remaining: h.get(REMAINING), retryAfter: h.get(RETRY_AFTER), reset: h.get(RESET) };
}
const NO_RATE = { limit: null, remaining: null, retryAfter: null, reset: null };

describe('rate headers', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	beforeAll(async () => {
		// No `headers` option: the default applies ('hour', retryAfter off).
		platform = await startPlatform({ rateLimit: { perSecond: 1000, perHour: 100 } });
		api = client(platform);
	});
	beforeEach(() => {
		platform.setRateLimit({ perSecond: 1000, perHour: 100, lockoutAfter: 20, lockoutMs: 60_000, headers: 'hour', retryAfter: false });
		platform.resetRateLimit();
		platform.clearFaults();
		platform.clearLog();
	});
	afterAll(() => platform.close());

	it("by default ('hour') every domain answer carries the hourly Limit and what is left after it", async () => {
		const fresh = await startPlatform({ rateLimit: { perSecond: 1000, perHour: 100 } });
		try {
			const freshApi = client(fresh);
			expect(rate(await freshApi.get('/api/v1/agents'))).toEqual({ ...NO_RATE, limit: '100', remaining: '99' });
			expect(rate(await freshApi.get('/api/v1/groups'))).toEqual({ ...NO_RATE, limit: '100', remaining: '98' });
			expect(rate(await freshApi.get('/api/v1/agents'))).toEqual({ ...NO_RATE, limit: '100', remaining: '97' });
			// 4xx answers of a domain route count and carry them too: a wrong token, an unknown route.
			const unauthorized = await client(fresh, { token: 'wrong' }).get('/api/v1/agents');
			expect(unauthorized.status).toBe(401);
			expect(rate(unauthorized)).toEqual({ ...NO_RATE, limit: '100', remaining: '96' });
			const unknown = await freshApi.get('/api/v1/no-such-route');
			expect(unknown.status).toBe(404);
			expect(rate(unknown)).toEqual({ ...NO_RATE, limit: '100', remaining: '95' });
		} finally {
			await fresh.close();
		}
	});

	it("'second' reports perSecond and the accepted requests of the last second", async () => {
		platform.setRateLimit({ perSecond: 5, headers: 'second' });
		const replies = await Promise.all([1, 2, 3].map(() => api.get('/api/v1/agents')));
		for (const r of replies) expect(r.status).toBe(200);
		expect(replies.map((r) => r.headers.get(LIMIT))).toEqual(['5', '5', '5']);
		expect(replies.map((r) => r.headers.get(REMAINING)).sort()).toEqual(['2', '3', '4']);
	});

	it("'none' sends no rate headers, not even on a 429; retryAfter still adds Retry-After and Reset to a 429", async () => {
		expect(rate(await api.get('/api/v1/agents'))).toEqual({ ...NO_RATE, limit: '100', remaining: '99' });
		platform.setRateLimit({ headers: 'none', perSecond: 1 });
		platform.resetRateLimit();
		const ok = await api.get('/api/v1/agents');
		expect(ok.status).toBe(200);
		expect(rate(ok)).toEqual(NO_RATE);
		const limited = await api.get('/api/v1/agents');
		expectError(limited, 429, 'Too Many Attempts.');
		expect(rate(limited)).toEqual(NO_RATE);
		// The two options are independent: Retry-After without Limit/Remaining.
		platform.setRateLimit({ retryAfter: true });
		const retry = await api.get('/api/v1/agents');
		expectError(retry, 429, 'Too Many Attempts.');
		expect(rate(retry)).toMatchObject({ limit: null, remaining: null, retryAfter: '1' });
		expect(rate(retry).reset).toMatch(/^\d+$/);
	});

	it('a 429 of the 1 s window: Remaining of the hour stays; with retryAfter, Retry-After 1 and Reset when the oldest request leaves', async () => {
		platform.setRateLimit({ perSecond: 2 });
		await Promise.all([api.get('/api/v1/agents'), api.get('/api/v1/agents')]);
		const without = await api.get('/api/v1/agents');
		expectError(without, 429, 'Too Many Attempts.');
		// retryAfter off (the default): Limit and Remaining only; the 429 consumed nothing.
		expect(rate(without)).toEqual({ ...NO_RATE, limit: '100', remaining: '98' });

		platform.setRateLimit({ retryAfter: true });
		platform.resetRateLimit();
		platform.clearLog();
		await Promise.all([api.get('/api/v1/agents'), api.get('/api/v1/agents')]);
		const limited = await api.get('/api/v1/agents');
		expectError(limited, 429, 'Too Many Attempts.');
		const oldest = Math.min(...platform.requests().slice(0, 2).map((r) => r.at));
		const headers = rate(limited);
		expect(headers).toMatchObject({ limit: '100', remaining: '98', retryAfter: '1' });
		// The oldest accepted request leaves the 1 s window at oldest + 1000 ms.
		expect(Math.abs(Number(headers.reset) - Math.ceil((oldest + 1000) / 1000))).toBeLessThanOrEqual(1);
	});

	it('a 429 of the hourly window: Remaining 0, Retry-After until the oldest request of the hour leaves', async () => {
		platform.setRateLimit({ perHour: 2, retryAfter: true });
		expect(rate(await api.get('/api/v1/agents'))).toEqual({ ...NO_RATE, limit: '2', remaining: '1' });
		expect(rate(await api.get('/api/v1/agents'))).toEqual({ ...NO_RATE, limit: '2', remaining: '0' });
		const limited = await api.get('/api/v1/agents');
		expectError(limited, 429, 'Too Many Attempts.');
		const oldest = platform.requests()[0].at;
		const headers = rate(limited);
		expect(headers).toMatchObject({ limit: '2', remaining: '0' });
		// About an hour: 3600 s less the little time since the oldest request (rounded up).
		expect(Number(headers.retryAfter)).toBeGreaterThanOrEqual(3598);
		expect(Number(headers.retryAfter)).toBeLessThanOrEqual(3600);
		expect(Math.abs(Number(headers.reset) - Math.ceil((oldest + 3_600_000) / 1000))).toBeLessThanOrEqual(1);
	});

	it('a burst429 fault carries the hourly Remaining (> 0) and, with retryAfter, Retry-After 1', async () => {
		platform.setRateLimit({ retryAfter: true });
		expect((await api.get('/api/v1/agents')).status).toBe(200);
		platform.inject({ kind: 'burst429', times: 1 });
		const before = Date.now();
		const burst = await api.get('/api/v1/agents');
		const after = Date.now();
		expectError(burst, 429, 'Too Many Attempts.');
		const headers = rate(burst);
		expect(headers).toMatchObject({ limit: '100', remaining: '99', retryAfter: '1' });
		expect(Number(headers.reset)).toBeGreaterThanOrEqual(Math.ceil((before + 1000) / 1000) - 1);
		expect(Number(headers.reset)).toBeLessThanOrEqual(Math.ceil((after + 1000) / 1000) + 1);
	});

	it('JSON fault answers and the lock-out 404 carry them; gateway pages and dropped connections do not', async () => {
		expect((await api.get('/api/v1/agents')).status).toBe(200);
		platform.inject({ kind: 'status', status: 503, times: 1 });
		const json = await api.get('/api/v1/agents');
		expectError(json, 503, 'Service Unavailable');
		expect(rate(json)).toEqual({ ...NO_RATE, limit: '100', remaining: '99' });

		platform.inject({ kind: 'status', status: 502, html: true, times: 1 });
		const page = await api.get('/api/v1/agents');
		expect(page.status).toBe(502);
		expect(page.headers.get('content-type')).toBe('text/html');
		expect(rate(page)).toEqual(NO_RATE);

		platform.inject({ kind: 'lostAnswer', lostAs: 'gateway', times: 1 });
		const lost = await api.get('/api/v1/agents');
		expect(lost.status).toBe(502);
		expect(rate(lost)).toEqual(NO_RATE);

		platform.inject({ kind: 'lockout', ms: 60_000, times: 1 });
		const locked = await api.get('/api/v1/agents');
		expectError(locked, 404, 'Domain incorrect too many times , retry after 15 minutes');
		// The lost answer's request was carried out (it counts); the lock-out consumes nothing.
		expect(rate(locked)).toEqual({ ...NO_RATE, limit: '100', remaining: '98' });
	});

	it('control routes and the heartbeat carry none; a bad headers value is refused', async () => {
		expect(rate(await api.get('/api/v1/agents'))).toEqual({ ...NO_RATE, limit: '100', remaining: '99' });
		const info = await fetch(`${platform.baseUrl}/__control/info`);
		expect(info.status).toBe(200);
		expect(rate(info)).toEqual(NO_RATE);
		const heartbeat = await fetch(`${platform.statusUrl}/api/v1/heartbeat`);
		expect(heartbeat.status).toBe(200);
		expect(rate(heartbeat)).toEqual(NO_RATE);

		const post = (body: unknown) =>
			fetch(`${platform.baseUrl}/__control/rate-limit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		const set = await post({ headers: 'second', retryAfter: true, reset: true });
		expect(set.status).toBe(200);
		expect(rate(set)).toEqual(NO_RATE);
		expect(((await set.json()) as { rateLimit: unknown }).rateLimit).toMatchObject({ headers: 'second', retryAfter: true });
		expect(rate(await api.get('/api/v1/agents'))).toEqual({ ...NO_RATE, limit: '1000', remaining: '999' });

		const bad = await post({ headers: 'minute' });
		expect(bad.status).toBe(400);
		expect(((await bad.json()) as { message: string }).message).toBe('invalid value: headers (hour, second, none)');
		expect((await post({ retryAfter: 'yes' })).status).toBe(400);
		expect(platform.rateLimit).toMatchObject({ headers: 'second', retryAfter: true });
	});
});

describe('RateLimiter.headersFor', () => {
	it('counts after the request and finds the moment the full window has room', () => {
		const limiter = new RateLimiter({ perSecond: 2, perHour: 3, retryAfter: true });
		expect(limiter.check(1_000)).toBe('ok');
		expect(limiter.headersFor(1_000)).toEqual({ 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '2' });
		expect(limiter.check(1_100)).toBe('ok');
		expect(limiter.headersFor(1_100)).toEqual({ 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '1' });

		// The 1 s window is full: room at 1000 + 1000 = 2000 ms, 0.8 s away.
		expect(limiter.check(1_200)).toBe('limited');
		expect(limiter.headersFor(1_200, { status429: true })).toEqual({
			'X-RateLimit-Limit': '3',
			'X-RateLimit-Remaining': '1',
			'Retry-After': '1',
			'X-RateLimit-Reset': '2',
		});

		// The hour is full: room when the request of 1000 ms leaves it, at 3 601 000 ms.
		expect(limiter.check(2_500)).toBe('ok');
		expect(limiter.check(2_600)).toBe('limited');
		expect(limiter.freeAt(2_600)).toBe(3_601_000);
		expect(limiter.headersFor(2_600, { status429: true })).toEqual({
			'X-RateLimit-Limit': '3',
			'X-RateLimit-Remaining': '0',
			'Retry-After': '3599',
			'X-RateLimit-Reset': '3601',
		});
		// A burst429 fault: 1 s from now.
		expect(limiter.headersFor(2_600, { status429: true, freeAt: 3_600 })).toMatchObject({ 'Retry-After': '1', 'X-RateLimit-Reset': '4' });

		limiter.set({ headers: 'second' });
		// Second mode at 2600 ms: the 1 s window holds the request of 2500 ms.
		expect(limiter.headersFor(2_600)).toEqual({ 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '1' });
		limiter.set({ headers: 'none', retryAfter: false });
		expect(limiter.headersFor(2_600, { status429: true })).toEqual({});
	});

	it('refuses a mode it does not know', () => {
		expect(() => new RateLimiter({ headers: 'minute' as never })).toThrow('invalid value: headers');
	});
});
