/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Red team of issue 19, promise 7: the API token never shows in an error, a log or an output
 * (README). Only the HTTP client's own messages are redacted (classify.ts); the text of an
 * ANSWER (the API's `message`, also of a 5xx or a 200 `nok`) goes into the error as it came.
 * A server, gateway or WAF that echoes the token it was given ("Invalid token …") is enough.
 * A front in this file answers every request with such an echo (the token taken from the
 * request's Authorization header, as a server would). A test that FAILS here shows the token
 * in the message or description n8n shows and stores in the execution.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from '../nodes/fake-platform-per-file';
import { accountOf, runNode, testCredentials } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

let answer: { status: number; code: string } = { status: 401, code: 'nok' };
let front: Server;
let frontUrl: string;

beforeAll(async () => {
	front = createServer((incoming, outgoing) => {
		const token = String(incoming.headers.authorization ?? '').replace(/^Bearer /, '');
		incoming.resume();
		incoming.on('end', () => {
			const body = JSON.stringify({ code: answer.code, message: `Invalid token ${token}` });
			outgoing.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
			outgoing.end(body);
		});
	});
	await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
	frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});

afterAll(async () => {
	front.closeAllConnections();
	await new Promise<void>((resolve) => front.close(() => resolve()));
});

const account = () => accountOf(platform, { baseUrl: frontUrl });
const listAgents = { resource: 'agent', operation: 'getAll', returnAll: true, simplify: false };

describe('REDTEAM: an answer that echoes the token', () => {
	test.each([
		{ status: 401, code: 'nok' },
		{ status: 200, code: 'nok' },
		{ status: 400, code: 'nok' },
	])('Agent → Get Many answered $status $code "Invalid token <token>": the error does not show the token', async (given) => {
		answer = given;
		const run = await runNode({ parameters: listAgents, account: account() });
		expect(run.error).toBeDefined();
		const shown = `${run.error?.message ?? ''} ${run.error?.description ?? ''}`;
		expect(shown).not.toContain(platform.token);
	});

	test('the credential test answered 401 "Invalid token <token>": its message does not show the token', async () => {
		answer = { status: 401, code: 'nok' };
		const result = await testCredentials(account());
		expect(result.status).toBe('Error');
		expect(result.message).not.toContain(platform.token);
	});
});
