/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
import type { FakePlatform } from '../../../tools/fake-platform';
import { AgentsResponse } from '../../../tools/fake-platform/schemas';
import { client, expectError, startPlatform } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('rate limit and lock-out', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	beforeAll(async () => {
		platform = await startPlatform();
		api = client(platform);
	});
	beforeEach(() => {
		platform.setRateLimit({ perSecond: 3, perHour: 1_000_000, lockoutAfter: 3, lockoutMs: 500 });
		platform.resetRateLimit();
	});
	afterAll(() => platform.close());

	it('answers 429 Too Many Attempts. above perSecond, then 404 after more than lockoutAfter consecutive 429s, then recovers', async () => {
		const first = await Promise.all([1, 2, 3].map(() => api.get('/api/v1/agents')));
		for (const r of first) AgentsResponse.parse(r.body);
		for (let i = 0; i < 4; i++) expectError(await api.get('/api/v1/agents'), 429, 'Too Many Attempts.');
		const locked = 'Domain incorrect too many times , retry after 15 minutes';
		expectError(await api.get('/api/v1/agents'), 404, locked);
		expectError(await api.get('/api/v1/groups'), 404, locked);
		await sleep(1100);
		expect((await api.get('/api/v1/agents')).status).toBe(200);
	});

	it('a non-429 answer resets the consecutive count', async () => {
		platform.setRateLimit({ perSecond: 2, lockoutAfter: 2 });
		await Promise.all([api.get('/api/v1/agents'), api.get('/api/v1/agents')]);
		expect((await api.get('/api/v1/agents')).status).toBe(429);
		expect((await api.get('/api/v1/agents')).status).toBe(429);
		await sleep(1100);
		expect((await api.get('/api/v1/agents')).status).toBe(200);
		expect((await api.get('/api/v1/agents')).status).toBe(200);
		expect((await api.get('/api/v1/agents')).status).toBe(429);
		expect((await api.get('/api/v1/agents')).status).toBe(429);
		// Two in a row again: not more than lockoutAfter (2) yet.
		expect((await api.get('/api/v1/agents')).status).toBe(429);
		expect((await api.get('/api/v1/agents')).status).toBe(404);
	});

	it('applies the hourly quota', async () => {
		platform.setRateLimit({ perSecond: 1000, perHour: 5, lockoutAfter: 100 });
		for (let i = 0; i < 5; i++) expect((await api.get('/api/v1/groups')).status).toBe(200);
		expectError(await api.get('/api/v1/groups'), 429, 'Too Many Attempts.');
	});

	it('counts per domain across primary and backup; heartbeat and control do not count', async () => {
		platform.setRateLimit({ perSecond: 2 });
		for (let i = 0; i < 5; i++) expect((await fetch(`${platform.statusUrl}/api/v1/heartbeat`)).status).toBe(200);
		for (let i = 0; i < 5; i++) expect((await fetch(`${platform.baseUrl}/__control/info`)).status).toBe(200);
		expect((await api.get('/api/v1/agents')).status).toBe(200);
		expect((await client(platform, { base: platform.backupUrl }).get('/api/v1/agents')).status).toBe(200);
		expect((await api.get('/api/v1/agents')).status).toBe(429);
	});

	it('resetRateLimit lifts a lock-out', async () => {
		platform.setRateLimit({ perSecond: 1, lockoutAfter: 0, lockoutMs: 60_000 });
		await api.get('/api/v1/agents');
		expect((await api.get('/api/v1/agents')).status).toBe(429);
		expect((await api.get('/api/v1/agents')).status).toBe(404);
		platform.resetRateLimit();
		expect((await api.get('/api/v1/agents')).status).toBe(200);
	});
});
