import type { FakePlatform } from '../../tools/fake-platform';
import { NokEnvelope, TicketCreateResponse, TicketDetailResponse } from '../../tools/fake-platform/schemas';
import { client, expectError, startPlatform } from './helpers';

describe('fault injection', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	beforeAll(async () => {
		platform = await startPlatform();
		api = client(platform);
	});
	afterEach(() => {
		platform.clearFaults();
		platform.clearLog();
	});
	afterAll(() => platform.close());

	it('latency delays the normal answer', async () => {
		platform.inject({ kind: 'latency', ms: 300, path: '/api/v1/groups', times: 1 });
		const t0 = Date.now();
		const r = await api.get('/api/v1/groups');
		expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
		expect(r.status).toBe(200);
		expect(r.body.code).toBe('OK');
	});

	it('status answers the envelope with the status, honouring skip and times', async () => {
		platform.inject({ kind: 'status', status: 500, path: '/api/v1/agents', skip: 2, times: 1 });
		expect((await api.get('/api/v1/agents')).status).toBe(200);
		expect((await api.get('/api/v1/agents')).status).toBe(200);
		expectError(await api.get('/api/v1/agents'), 500, 'Internal Server Error');
		expect((await api.get('/api/v1/agents')).status).toBe(200);
		platform.inject({ kind: 'status', status: 429, message: 'Too Many Attempts.', method: 'POST' });
		expect((await api.get('/api/v1/agents')).status).toBe(200);
		expectError(await api.post('/api/v1/sms', {}), 429, 'Too Many Attempts.');
	});

	it('drop destroys the connection (status 0 in the log)', async () => {
		platform.inject({ kind: 'drop', path: /\/agents$/, times: 1 });
		await expect(api.get('/api/v1/agents')).rejects.toThrow();
		expect(platform.requests({ path: '/api/v1/agents' }).map((r) => r.status)).toEqual([0]);
		expect((await api.get('/api/v1/agents')).status).toBe(200);
	});

	it('nok answers 200 with code nok', async () => {
		platform.inject({ kind: 'nok', times: 1 });
		platform.inject({ kind: 'nok', message: 'Service busy', times: 1, skip: 1 });
		const a = await api.get('/api/v1/services');
		expect(a.status).toBe(200);
		expect(NokEnvelope.parse(a.body)).toEqual({ code: 'nok', message: 'nok' });
		expect((await api.get('/api/v1/services')).body).toEqual({ code: 'nok', message: 'Service busy' });
	});

	it('malformed answers 200 with truncated JSON', async () => {
		platform.inject({ kind: 'malformed', times: 1 });
		const r = await api.get('/api/v2/tickets');
		expect(r.status).toBe(200);
		expect(r.body).toBeUndefined();
		expect(() => JSON.parse(r.text)).toThrow();
		expect(r.text.startsWith('{"code":"ok"')).toBe(true);
	});

	it('down makes the primary refuse while the backup serves the same store', async () => {
		platform.inject({ kind: 'down' });
		await expect(api.get('/api/v1/agents')).rejects.toThrow();
		await expect(fetch(`${platform.statusUrl}/api/v1/heartbeat`)).rejects.toThrow();
		const backup = client(platform, { base: platform.backupUrl });
		const created = await backup.post('/api/v1/tickets', { ticket: { phone: '0911222333', ticket_subject: 'via backup' } });
		const { ticket } = TicketCreateResponse.parse(created.body);
		expect(platform.requests({ server: 'backup' }).map((r) => r.status)).toEqual([200]);
		platform.clearFaults();
		const detail = TicketDetailResponse.parse((await api.get(`/api/v1/tickets/${ticket.ticket_id}`)).body);
		expect(detail.ticket.ticket_subject).toBe('via backup');
	});

	it('targets the backup or any server when asked', async () => {
		platform.inject({ kind: 'status', status: 503, target: 'backup' });
		const backup = client(platform, { base: platform.backupUrl });
		expectError(await backup.get('/api/v1/agents'), 503, 'Service Unavailable');
		expect((await api.get('/api/v1/agents')).status).toBe(200);
		platform.clearFaults();
		platform.inject({ kind: 'status', status: 502, target: 'any', times: 2 });
		expect((await api.get('/api/v1/agents')).status).toBe(502);
		expect((await backup.get('/api/v1/agents')).status).toBe(502);
		expect((await api.get('/api/v1/agents')).status).toBe(200);
	});
});
