/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
import type { FakePlatform } from '../../../tools/fake-platform';
import { NokEnvelope, TicketCreateResponse, TicketDetailResponse } from '../../../tools/fake-platform/schemas';
import { MALFORMED_BODY, MESSAGES } from '../../../tools/fake-platform';
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

	describe('carried out, then the answer lost', () => {
		const create = (subject: string) => api.post('/api/v1/tickets', { ticket: { phone: '0911000111', ticket_subject: subject } });

		it('dropped: the ticket exists, the client sees a reset connection', async () => {
			const before = platform.store.tickets.length;
			platform.inject({ kind: 'lostAnswer', method: 'POST', times: 1 });
			await expect(create('lost, dropped')).rejects.toThrow();
			expect(platform.store.tickets).toHaveLength(before + 1);
			const [logged] = platform.requests({ method: 'POST' });
			expect(logged.status).toBe(0);
			expect(logged.lost?.status).toBe(200);
			expect((logged.lost?.body as { ticket: { ticket_subject: string } }).ticket.ticket_subject).toBe('lost, dropped');
		});

		it("502: the ticket exists, the client gets nginx's HTML page", async () => {
			const before = platform.store.tickets.length;
			platform.inject({ kind: 'lostAnswer', lostAs: 'gateway', method: 'POST', times: 1 });
			const reply = await create('lost, 502');
			expect(reply.status).toBe(502);
			expect(reply.headers.get('content-type')).toBe('text/html');
			expect(reply.text).toContain('<h1>502 Bad Gateway</h1>');
			expect(platform.store.tickets).toHaveLength(before + 1);
			expect(platform.store.tickets[platform.store.tickets.length - 1].ticket_subject).toBe('lost, 502');
			expect(platform.requests({ method: 'POST' })[0]).toMatchObject({ status: 502, lost: { status: 200 } });
		});

		it('malformed 200: the ticket exists, the client gets cut JSON', async () => {
			const before = platform.store.tickets.length;
			platform.inject({ kind: 'lostAnswer', lostAs: 'malformed', method: 'POST', times: 1 });
			const reply = await create('lost, cut');
			expect(reply.status).toBe(200);
			expect(reply.text).toBe(MALFORMED_BODY);
			expect(platform.store.tickets).toHaveLength(before + 1);
		});
	});

	it('missingRoot answers the records without their arrays, keeping code and numFound; errors pass unchanged', async () => {
		platform.inject({ kind: 'missingRoot', times: 3 });
		const list = await api.get('/api/v2/tickets', { updated_since: '2025-05-01T00:00:00Z', updated_to: '2025-05-31T00:00:00Z' });
		expect(list.status).toBe(200);
		expect(Object.keys(list.body).sort()).toEqual(['code', 'numFound']);
		expect(list.body.numFound).toBeGreaterThan(0);
		const agents = await api.get('/api/v1/agents');
		expect(agents.body).toEqual({ code: 'ok' });
		expectError(await api.get('/api/v2/tickets'), 400, 'Request required [updated_since/updated_to] or [created_since/created_to]');
		// It was carried out: a create creates, and its answer lacks the ticket.
		const before = platform.store.tickets.length;
		platform.inject({ kind: 'missingRoot', method: 'POST', times: 1 });
		const created = await api.post('/api/v1/tickets', { ticket: { phone: '0911000222', ticket_subject: 'rootless' } });
		expect(created.body).toEqual({ code: 'ok' });
		expect(platform.store.tickets).toHaveLength(before + 1);
	});

	it('wrongCount rewrites a paged list\'s numFound (missing, absurd, text) and leaves other answers alone', async () => {
		const window = { updated_since: '2025-05-01T00:00:00Z', updated_to: '2025-05-31T00:00:00Z', count: '5' };
		const honest = await api.get('/api/v2/tickets', window);
		expect(typeof honest.body.numFound).toBe('number');
		platform.inject({ kind: 'wrongCount', times: 1 });
		const missing = await api.get('/api/v2/tickets', window);
		expect('numFound' in missing.body).toBe(false);
		expect(missing.body.tickets).toEqual(honest.body.tickets);
		platform.inject({ kind: 'wrongCount', countAs: 'absurd', times: 1 });
		expect((await api.get('/api/v2/tickets', window)).body.numFound).toBe(1e12);
		platform.inject({ kind: 'wrongCount', countAs: 'text', times: 2 });
		expect((await api.get('/api/v2/tickets', window)).body.numFound).toBe('1,234');
		// Not a paged list: unchanged, and the fault is spent all the same.
		expect((await api.get('/api/v1/agents')).body.agents.length).toBeGreaterThan(0);
		expect((await api.get('/api/v2/tickets', window)).body.numFound).toBe(honest.body.numFound);
	});

	it('ignorePage answers any page as page 1; a request without page is unchanged', async () => {
		const window = { updated_since: '2025-05-01T00:00:00Z', updated_to: '2025-05-31T00:00:00Z', count: '5' };
		const first = await api.get('/api/v2/tickets', { ...window, page: '1' });
		const second = await api.get('/api/v2/tickets', { ...window, page: '2' });
		expect(second.body.tickets).not.toEqual(first.body.tickets);
		platform.inject({ kind: 'ignorePage', times: 2 });
		expect((await api.get('/api/v2/tickets', { ...window, page: '2' })).body.tickets).toEqual(first.body.tickets);
		expect((await api.get('/api/v1/agents')).status).toBe(200);
		expect((await api.get('/api/v2/tickets', { ...window, page: '2' })).body.tickets).toEqual(second.body.tickets);
		platform.inject({ kind: 'ignorePage', countAs: 'missing', times: 1 });
		const repeated = await api.get('/api/v2/tickets', { ...window, page: '2' });
		expect(repeated.body.tickets).toEqual(first.body.tickets);
		expect('numFound' in repeated.body).toBe(false);
	});

	it('lockout locks the domain for its time: this request and every later one get the lock-out 404', async () => {
		try {
			platform.inject({ kind: 'lockout', ms: 400, path: '/api/v1/groups', times: 1 });
			expect((await api.get('/api/v1/agents')).status).toBe(200);
			expectError(await api.get('/api/v1/groups'), 404, MESSAGES.lockout);
			expect(MESSAGES.lockout).toBe('Domain incorrect too many times , retry after 15 minutes');
			expectError(await api.get('/api/v1/agents'), 404, MESSAGES.lockout);
			expectError(await api.post('/api/v1/sms', {}), 404, MESSAGES.lockout);
			const logged = platform.requests();
			expect(logged.map((r) => r.status)).toEqual([200, 404, 404, 404]);
			expect(logged[1].answeredAt).toBeGreaterThanOrEqual(logged[1].at);
			await new Promise((resolve) => setTimeout(resolve, 450));
			expect((await api.get('/api/v1/agents')).status).toBe(200);
		} finally {
			platform.resetRateLimit();
		}
	});

	it('burst429 answers 429 for its requests and counts them in the streak that leads to the lock-out', async () => {
		try {
			platform.setRateLimit({ lockoutAfter: 3, lockoutMs: 60_000 });
			platform.inject({ kind: 'burst429', times: 3 });
			for (let n = 0; n < 3; n++) expectError(await api.get('/api/v1/agents'), 429, 'Too Many Attempts.');
			// Three in a row, then an accepted answer: the streak is reset.
			expect((await api.get('/api/v1/agents')).status).toBe(200);
			platform.inject({ kind: 'burst429', times: 4 });
			for (let n = 0; n < 4; n++) expectError(await api.get('/api/v1/agents'), 429, 'Too Many Attempts.');
			// The fourth in a row was more than lockoutAfter: locked out.
			expectError(await api.get('/api/v1/agents'), 404, MESSAGES.lockout);
		} finally {
			platform.setRateLimit({ lockoutAfter: 20, lockoutMs: 15 * 60_000 });
			platform.resetRateLimit();
		}
	});

	it('lockout with minutes: its answers name those minutes, whatever the lock\'s length; a later lock-out names 15 again', async () => {
		try {
			platform.inject({ kind: 'lockout', ms: 60_000, minutes: 150_000_000_000, times: 1 });
			expectError(await api.get('/api/v1/agents'), 404, 'Domain incorrect too many times , retry after 150000000000 minutes');
			expectError(await api.get('/api/v1/groups'), 404, 'Domain incorrect too many times , retry after 150000000000 minutes');
			platform.resetRateLimit();
			platform.inject({ kind: 'lockout', ms: 60_000, times: 1 });
			expectError(await api.get('/api/v1/agents'), 404, MESSAGES.lockout);
		} finally {
			platform.resetRateLimit();
		}
	});

	it('echoToken writes the request\'s token back under `echo` of a 200 body, its root and its records, in every form; errors pass unchanged', async () => {
		platform.inject({ kind: 'echoToken', path: '/api/v1/agents', times: 1 });
		const r = await api.get('/api/v1/agents');
		expect(r.status).toBe(200);
		const base64 = (text: string) => Buffer.from(text).toString('base64');
		const echo = String(r.body.echo);
		for (const form of [platform.token, encodeURIComponent(platform.token), base64(platform.token), base64(`Bearer ${platform.token}`)]) expect(echo).toContain(form);
		expect(Buffer.from(/dump (\S+)/.exec(echo)![1], 'base64').toString()).toContain(`Bearer ${platform.token}`);
		const agents = r.body.agents as Array<Record<string, unknown>>;
		expect(agents.length).toBeGreaterThan(0);
		for (const agent of agents) expect(agent.echo).toBe(echo);
		platform.inject({ kind: 'echoToken', times: 1 });
		expectError(await api.get('/api/v1/deal/1'), 400, 'Deal is not exist');
	});

	it('a hang past the client\'s timeout is a latency fault longer than it waits', async () => {
		platform.inject({ kind: 'latency', ms: 500, path: '/api/v1/groups', times: 1 });
		await expect(fetch(`${platform.baseUrl}/${platform.domain}/api/v1/groups`, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
		expect((await api.get('/api/v1/groups')).status).toBe(200);
	});
});

describe('body faults, redirects and recording links elsewhere', () => {
	let platform: FakePlatform;
	beforeAll(async () => {
		platform = await startPlatform();
	});
	afterEach(() => {
		platform.clearFaults();
		platform.clearLog();
		platform.setRecordingBase(undefined);
	});
	afterAll(() => platform.close());

	/** A GET of `path`, its head and the body bytes read until `stopAfter` of them (then the client leaves). */
	async function read(path: string, stopAfter = Infinity): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }> {
		const { request } = await import('node:http');
		return await new Promise((resolve, reject) => {
			const req = request(`${platform.baseUrl}${path}`, (res) => {
				let bytes = 0;
				res.on('data', (chunk: Buffer) => {
					bytes += chunk.length;
					if (bytes >= stopAfter) {
						req.destroy();
						resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes });
					}
				});
				res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
			});
			req.on('error', reject);
			req.end();
		});
	}
	const waitFor = async (done: () => boolean) => {
		for (let waited = 0; waited < 5000 && !done(); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
	};

	it('drip sends the whole answer, one byte every ms, with its Content-Length', async () => {
		platform.inject({ kind: 'drip', ms: 5, path: '/status/api/v1/heartbeat' });
		const answer = await read('/status/api/v1/heartbeat');
		const [logged] = platform.requests({ path: '/status/api/v1/heartbeat' });
		expect(answer.bytes).toBe(Number(answer.headers['content-length']));
		expect(logged.sent).toBe(answer.bytes);
	});

	it('endless sends without a Content-Length until the client leaves; sent is what the client could take in', async () => {
		platform.inject({ kind: 'endless', path: '/status/api/v1/heartbeat' });
		const answer = await read('/status/api/v1/heartbeat', 4 * 1024 * 1024);
		expect(answer.headers['content-length']).toBeUndefined();
		const [logged] = platform.requests({ path: '/status/api/v1/heartbeat' });
		await waitFor(() => logged.answeredAt > 0);
		expect(logged.answeredAt).toBeGreaterThan(0);
		expect(logged.sent).toBeGreaterThanOrEqual(4 * 1024 * 1024);
		expect(logged.sent).toBeLessThan(4 * 1024 * 1024 + 32 * 1024 * 1024);
	});

	it('oversize pads the answer to bytes, with or without its length told; wrongType and contentType change the type', async () => {
		platform.inject({ kind: 'oversize', bytes: 300_000, path: '/status/api/v1/heartbeat', times: 1 });
		const told = await read('/status/api/v1/heartbeat');
		expect([told.bytes, Number(told.headers['content-length'])]).toEqual([300_000, 300_000]);
		platform.inject({ kind: 'oversize', bytes: 300_000, chunked: true, contentType: 'text/html', path: '/status/api/v1/heartbeat', times: 1 });
		const untold = await read('/status/api/v1/heartbeat');
		expect([untold.bytes, untold.headers['content-length'], untold.headers['content-type']]).toEqual([300_000, undefined, 'text/html']);
		platform.inject({ kind: 'wrongType', path: '/status/api/v1/heartbeat', times: 1 });
		expect((await read('/status/api/v1/heartbeat')).headers['content-type']).toBe('text/html; charset=utf-8');
	});

	it('redirect answers 302 with the Location given, {path} replaced by the request path and query', async () => {
		platform.inject({ kind: 'redirect', location: 'http://elsewhere.example{path}', path: '/recordings/' });
		const answer = await read('/recordings/x.mp3?download=1');
		expect([answer.status, answer.headers.location]).toEqual([302, 'http://elsewhere.example/recordings/x.mp3?download=1']);
	});

	it('recording links on another origin, and the host each request named (a proxy request names its target)', async () => {
		platform.setRecordingBase('http://169.254.169.254/');
		const call = platform.store.createCall({ call_status: 'meetAgent', talk_time: 60 }, platform.store.nowMs() - 3_600_000);
		const listed = await client(platform).get('/api/v1/calls', { call_id: call.call_id, start_time_since: '2020-01-01 00:00:00' });
		const [row] = listed.body.calls as Array<Record<string, unknown>>;
		expect(row.path_download).toBe(`http://169.254.169.254/recordings/${call.call_id}.mp3?download=1`);

		const { request } = await import('node:http');
		const port = Number(new URL(platform.baseUrl).port);
		await new Promise<void>((resolve, reject) => {
			const req = request({ host: '127.0.0.1', port, path: `http://169.254.169.254/recordings/${call.call_id}.mp3`, headers: { host: '169.254.169.254' } }, (res) => {
				res.resume();
				res.on('end', () => resolve());
			});
			req.on('error', reject);
			req.end();
		});
		const [file] = platform.requests({ path: `/recordings/${call.call_id}.mp3` });
		expect([file.host, file.status]).toEqual(['169.254.169.254', 200]);
	});
});
