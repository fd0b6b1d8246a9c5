import type { FakePlatform } from '../../../tools/fake-platform';
import { HeartbeatResponse } from '../../../tools/fake-platform/schemas';
import { expectError, startPlatform } from './helpers';

describe('heartbeat (4.12)', () => {
	let platform: FakePlatform;
	const url = () => `${platform.statusUrl}/api/v1/heartbeat`;
	beforeAll(async () => {
		platform = await startPlatform();
	});
	afterAll(() => platform.close());

	it('answers generated_at, title and three monitors, with X-Cache-Generated', async () => {
		const res = await fetch(url());
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
		expect(res.headers.get('x-cache-generated')).toBe('2025-06-01T07:00:00+07:00');
		const body = HeartbeatResponse.parse(await res.json());
		expect(body.generated_at).toBe('2025-06-01T07:00:00+07:00');
		expect(body.monitors.map((m) => m.status)).toEqual([1, 1, 0]);
		expect(body.monitors[0].last_heartbeat).toMatch(/^2025-06-01 06:59:\d{2}$/);
	});

	it('indents with pretty=1 or pretty=true', async () => {
		for (const p of ['1', 'true']) {
			const text = await (await fetch(`${url()}?pretty=${p}`)).text();
			expect(text).toContain('\n  "monitors"');
			HeartbeatResponse.parse(JSON.parse(text));
		}
		expect(await (await fetch(url())).text()).not.toContain('\n');
	});

	it('reflects setMonitorStatus and is not rate-limited', async () => {
		platform.store.setMonitorStatus(3, 1);
		platform.setRateLimit({ perSecond: 1 });
		try {
			const bodies = await Promise.all([1, 2, 3].map(async () => HeartbeatResponse.parse(await (await fetch(url())).json())));
			expect(bodies.every((b) => b.monitors[2].status === 1)).toBe(true);
		} finally {
			platform.setRateLimit({ perSecond: 1_000_000 });
			platform.store.setMonitorStatus(3, 0);
		}
	});

	it('answers an injected 502', async () => {
		platform.inject({ kind: 'status', status: 502, path: '/status', message: 'data temporarily unavailable', times: 1 });
		const res = await fetch(url());
		expectError({ status: res.status, body: await res.json(), text: '', headers: res.headers }, 502, 'data temporarily unavailable');
		expect((await fetch(url())).status).toBe(200);
		expect(platform.requests({ path: '/status/api/v1/heartbeat' }).at(-2)?.status).toBe(502);
	});
});
