/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Red team of issue 19, promise 7: the token goes to no host but the platform's (docs/guarantees.md#what-the-node-does-for-you, Allowed
 * domains: "the token goes to no other host"). n8n's HTTP client follows redirects. A front in
 * this file answers GET /api/v1/agents with `302 Found` to ANOTHER host (localhost vs 127.0.0.1,
 * another port), which records the Authorization header it receives. A test that FAILS here shows
 * the token arriving at that other host.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, runNode } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

let front: Server;
let frontUrl: string;
let other: Server;
let otherUrl: string;
const seenByOther: string[] = [];

beforeAll(async () => {
	other = createServer((incoming, outgoing) => {
		seenByOther.push(String(incoming.headers.authorization ?? ''));
		const body = JSON.stringify({ code: 'ok', agents: [] });
		outgoing.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
		outgoing.end(body);
	});
	await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
	otherUrl = `http://localhost:${(other.address() as AddressInfo).port}`;

	front = createServer((incoming, outgoing) => {
		incoming.resume();
		outgoing.writeHead(302, { location: `${otherUrl}${incoming.url ?? '/'}`, 'content-length': '0' });
		outgoing.end();
	});
	await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
	frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});

afterAll(async () => {
	for (const server of [front, other]) {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
});

test('REDTEAM: Agent → Get Many redirected to another host: that host never receives the token', async () => {
	await runNode({
		parameters: { resource: 'agent', operation: 'getAll', returnAll: true, simplify: false },
		account: accountOf(platform, { baseUrl: frontUrl }),
	});
	expect(seenByOther.filter((header) => header.includes(platform.token))).toEqual([]);
});
