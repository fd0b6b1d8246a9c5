import type { FakePlatform } from '../../../tools/fake-platform';
import { AgentsResponse, HeartbeatResponse } from '../../../tools/fake-platform/schemas';
import { client, expectError, startPlatform } from './helpers';

describe('auth, domain and route envelopes', () => {
	let platform: FakePlatform;
	beforeAll(async () => {
		platform = await startPlatform();
	});
	afterAll(() => platform.close());

	it('accepts the right Bearer token', async () => {
		const r = await client(platform).get('/api/v1/agents');
		expect(r.status).toBe(200);
		AgentsResponse.parse(r.body);
	});

	it('answers 401 without an Authorization header', async () => {
		expectError(await client(platform, { token: null }).get('/api/v1/agents'), 401, 'Authorization header is either missing or incorrect');
	});

	it('answers 401 with a wrong token on every API route', async () => {
		const c = client(platform, { token: 'wrong-token' });
		for (const path of ['/api/v1/groups', '/api/v2/tickets', '/api/v1/calls', '/lead/labels', '/api/v1/deal/pipelines']) {
			expectError(await c.get(path), 401, 'Authorization header is either missing or incorrect');
		}
		expectError(await c.put('/api/v1/tickets/100001', {}), 401, 'Authorization header is either missing or incorrect');
	});

	it('says the shorter message on ticket creation', async () => {
		expectError(await client(platform, { token: 'nope' }).post('/api/v1/tickets', { ticket: {} }), 401, 'Authorization header is incorrect');
		expectError(await client(platform, { token: null }).post('/api/v1/tickets', { ticket: {} }), 401, 'Authorization header is incorrect');
	});

	it('answers 404 Domain not found for an unknown domain', async () => {
		const r = await client(platform).raw('GET', '/other-domain/api/v1/agents');
		expectError(r, 404, 'Domain not found');
	});

	it('answers 404 Not Found for an unknown route or method', async () => {
		const c = client(platform);
		expectError(await c.get('/api/v1/nothing-here'), 404, 'Not Found');
		expectError(await c.get('/api/v1/labels'), 404, 'Not Found');
		// The id segment is a wildcard, as on the real routes: a wrong word there is an unknown id.
		expectError(await c.get('/api/v1/lead/labels'), 400, 'Lead is not exist');
		expectError(await c.raw('DELETE', `/${platform.domain}/api/v1/agents`), 404, 'Not Found');
		expectError(await c.raw('GET', '/'), 404, 'Not Found');
	});

	it('answers 400 Invalid Format for malformed JSON', async () => {
		const r = await client(platform).raw('POST', `/${platform.domain}/api/v1/tickets`, '{"ticket": {"phone": ');
		expectError(r, 400, 'Invalid Format');
	});

	it('serves the heartbeat without any header', async () => {
		const res = await fetch(`${platform.statusUrl}/api/v1/heartbeat`);
		expect(res.status).toBe(200);
		HeartbeatResponse.parse(await res.json());
	});
});
