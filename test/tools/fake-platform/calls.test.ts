import type { FakePlatform } from '../../../tools/fake-platform';
import { CallListResponse } from '../../../tools/fake-platform/schemas';
import { DAY, NOW, client, expectError, specClock, startPlatform } from './helpers';
// Pinned to the spec platform: query times and stamps in its form.
const { isoZ } = specClock;

const now = NOW.getTime();
const D31 = 31 * DAY;

describe('calls (4.10)', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	const list = async (query: Record<string, string | number>) => {
		const r = await api.get('/api/v1/calls', query);
		expect(r.status).toBe(200);
		return CallListResponse.parse(r.body);
	};
	const countBy = (field: 'start_time' | 'end_time', since: number, to: number) =>
		platform.store.calls.filter((c) => c[field] >= since && c[field] <= to).length;
	beforeAll(async () => {
		// Asserts the spec's answer shapes (schemas.ts); the real ones: real-records.test.ts.
		platform = await startPlatform({ platform: 'spec' });
		api = client(platform);
	});
	afterAll(() => platform.close());

	it('answers code OK, local times, meetAgent spelling, start_time DESC by default', async () => {
		const b = await list({ start_time_since: isoZ(now - 3 * DAY) });
		expect(b.code).toBe('OK');
		expect(b.numFound).toBe(countBy('start_time', now - 3 * DAY, Infinity));
		expect(b.calls).toHaveLength(50);
		expect(b.calls[0].start_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		const starts = b.calls.map((c) => c.start_time);
		expect([...starts].sort().reverse()).toEqual(starts);
		const all = await list({ start_time_since: isoZ(now - 30 * DAY), count: 500 });
		expect(all.calls.some((c) => c.call_status === 'meetAgent')).toBe(true);
		expect(all.calls.some((c) => c.call_status === 'miss')).toBe(true);
		expect(all.calls.every((c) => (c.call_status === 'miss') === (c.missed_reason !== null))).toBe(true);
		expect(new Set(all.calls.map((c) => c.call_type))).toEqual(new Set([0, 1]));
	});

	it('requires start_time_since or end_time_since', async () => {
		expectError(await api.get('/api/v1/calls'), 400, 'Request required [start_time_since] or [end_time_since]');
		expectError(await api.get('/api/v1/calls', { start_time_to: isoZ(now) }), 400, 'Request required [start_time_since] or [end_time_since]');
	});

	it('applies the V1 window rules; end_time_since wins', async () => {
		expect((await list({ start_time_since: isoZ(now - 90 * DAY) })).numFound).toBe(countBy('start_time', now - D31, now));
		const to = now - 20 * DAY;
		expect((await list({ start_time_since: isoZ(now - 90 * DAY), start_time_to: isoZ(to) })).numFound).toBe(countBy('start_time', to - D31, to));
		expect((await list({ start_time_since: isoZ(now - 9 * DAY), start_time_to: isoZ(now - 2 * DAY) })).numFound).toBe(countBy('start_time', now - 9 * DAY, now - 2 * DAY));
		const both = await list({ start_time_since: isoZ(now - 100 * DAY), end_time_since: isoZ(now - 2 * DAY), end_time_to: isoZ(now - DAY) });
		expect(both.numFound).toBe(countBy('end_time', now - 2 * DAY, now - DAY));
	});

	it('reads YYYY-MM-DD HH:mm:ss in the account zone, ISO with Z or offset', async () => {
		const local = await list({ start_time_since: '2025-05-25 07:00:00', start_time_to: '2025-05-26 07:00:00' });
		// With a Z: UTC in the spec's reading, the wall clock in the real platform's (isoZ).
		const z = await list({ start_time_since: isoZ(Date.parse('2025-05-25T00:00:00Z')), start_time_to: isoZ(Date.parse('2025-05-26T00:00:00Z')) });
		const off = await list({ start_time_since: '2025-05-25T07:00:00+07:00', start_time_to: '2025-05-26T07:00:00+07:00' });
		expect(local).toEqual(z);
		expect(off).toEqual(z);
		expectError(await api.get('/api/v1/calls', { start_time_since: '25/05/2025' }), 400, 'invalid value: start_time_since');
	});

	it('filters by call_type (3 = through IVR), call_status (metAgent or meetAgent), phone, agent, service, call_id', async () => {
		const w = { start_time_since: isoZ(now - 30 * DAY), count: 500 };
		const inWindow = platform.store.calls.filter((c) => c.start_time >= now - 30 * DAY);
		expect((await list({ ...w, call_type: 1 })).numFound).toBe(inWindow.filter((c) => c.call_type === 1).length);
		const ivr = await list({ ...w, call_type: 3 });
		expect(ivr.numFound).toBe(inWindow.filter((c) => c.passed_ivr).length);
		expect(ivr.numFound).toBeGreaterThan(0);
		const met = await list({ ...w, call_status: 'metAgent' });
		expect(met.numFound).toBe(inWindow.filter((c) => c.call_status === 'meetAgent').length);
		expect(met.calls.every((c) => c.call_status === 'meetAgent')).toBe(true);
		expect((await list({ ...w, call_status: 'meetAgent' })).numFound).toBe(met.numFound);
		const miss = await list({ ...w, call_status: 'miss' });
		expect(miss.numFound + met.numFound).toBe(inWindow.length);
		const sample = inWindow[10];
		const byPhone = await list({ ...w, phone: sample.call_type === 0 ? sample.caller : sample.called });
		expect(byPhone.calls.map((c) => c.id)).toContain(sample.id);
		const byId = await list({ ...w, call_id: sample.call_id });
		expect(byId.calls.map((c) => c.id)).toEqual([sample.id]);
		const byAgent = await list({ ...w, agent_id: 103 });
		expect(byAgent.calls.every((c) => c.agent_id === '103')).toBe(true);
		expect(byAgent.numFound).toBeGreaterThan(0);
		expect((await list({ ...w, service_id: 208 })).calls.every((c) => c.service_id === 208 && c.call_type === 1)).toBe(true);
		expectError(await api.get('/api/v1/calls', { ...w, call_type: 2 }), 400, 'invalid value: call_type');
		expectError(await api.get('/api/v1/calls', { ...w, call_status: 'answered' }), 400, 'invalid value: call_status');
	});

	it('orders by order_by/order_type and refuses unknown values', async () => {
		const w = { start_time_since: isoZ(now - 5 * DAY), count: 500 };
		const asc = await list({ ...w, order_type: 'ASC' });
		expect(asc.calls.map((c) => c.id)).toEqual([...asc.calls.map((c) => c.id)].sort((a, b) => a - b));
		const talk = await list({ ...w, order_by: 'talk_time', order_type: 'DESC' });
		const secs = talk.calls.map((c) => c.talk_time);
		expect([...secs].sort().reverse()).toEqual(secs);
		expectError(await api.get('/api/v1/calls', { ...w, order_by: 'caller' }), 400, 'invalid value: order_by');
		expectError(await api.get('/api/v1/calls', { ...w, order_type: 'UP' }), 400, 'invalid value: order_type');
	});

	it('links recordings on the base URL only from 5 minutes after the end', async () => {
		const fresh = platform.store.createCall({ call_status: 'meetAgent', talk_time: 60 });
		const old = platform.store.calls.find((c) => c.has_recording && c.end_time < now - DAY)!;
		const b = await list({ end_time_since: isoZ(now - 2 * DAY), count: 500, order_by: 'end_time' });
		const f = b.calls.find((c) => c.id === fresh.id)!;
		expect(f.path).toBeNull();
		const o = (await list({ call_id: old.call_id, start_time_since: isoZ(old.start_time), start_time_to: isoZ(old.start_time) })).calls[0];
		expect(o.path?.startsWith(`${platform.baseUrl}/`)).toBe(true);
		expect(o.path_download).toBe(`${o.path}?download=1`);
		const audio = await fetch(o.path!);
		expect(audio.status).toBe(200);
		expect(audio.headers.get('content-type')).toBe('audio/mpeg');
		const missed = await fetch(`${platform.baseUrl}/recordings/${fresh.call_id}.mp3`);
		expect(missed.status).toBe(404);
	});
});
