/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The API token goes to no host but the platform's and shows in no error, log or output, through
 * n8n's engine against the fake platform.
 */
import { FakePlatform } from '../../../tools/fake-platform';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { useAnswerFront } from '../helpers/answer-front';
import { accountOf, runNode, testCredentials, TriggerRun } from '../../../tools/engine-harness/harness';
import { tokenFormsIn } from '../../helpers/token-forms';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// A write's answer without its record, and a redirected write, with fakes of their own: one n8n load for both files.
import './writes';

/**
 * The API token never shows in an error, a log or an output
 * (README, docs/guarantees.md). Only the HTTP client's own messages are redacted (classify.ts); the text of an
 * ANSWER (the API's `message`, also of a 5xx or a 200 `nok`) goes into the error as it came.
 * A server, gateway or WAF that echoes the token it was given ("Invalid token …") is enough.
 * A front (answer-front.ts) answers every request with such an echo (the token taken from the
 * request's Authorization header, as a server would). A test that FAILS here shows the token
 * in the message or description n8n shows and stores in the execution.
 */
describe('a server that echoes the token: never in an error, a log or an output', () => {
	let platform: FakePlatform;

	useFakePlatform((started) => (platform = started));

	let answer: { status: number; code: string } = { status: 401, code: 'nok' };
	const frontUrl = useAnswerFront(
		() => platform,
		(passing) => ({
			status: answer.status,
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ code: answer.code, message: `Invalid token ${String(passing.requestHeaders.authorization ?? '').replace(/^Bearer /, '')}` }),
		}),
	);

	const account = () => accountOf(platform, { baseUrl: frontUrl() });
	const listAgents = { resource: 'agent', operation: 'getAll', returnAll: true, simplify: false };

	describe('an answer that echoes the token', () => {
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
});

describe('a successful answer that echoes the token: its records reach the output without it', () => {
	/**
	 * The fake platform's `echoToken` fault carries each request out and writes its token back
	 * under `echo` of the answer, its root and each record: as sent, URL-encoded, base64 of the
	 * token, of `Bearer <token>` and of a dump of the headers. The records must reach the output
	 * (their `echo` with the redaction marker in place of each form), the token in no form.
	 */
	let platform: FakePlatform;

	useFakePlatform((started) => (platform = started));

	const DAY = 86_400_000;
	const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();

	test.each([
		{ simplify: true, resource: 'ticket' },
		{ simplify: false, resource: 'ticket' },
		{ simplify: true, resource: 'agent' },
		{ simplify: false, resource: 'agent' },
	])('$resource → Get Many, Simplify $simplify: every record is output, and no output item holds the token in any form', async ({ simplify, resource }) => {
		platform.inject({ kind: 'echoToken' });
		const parameters =
			resource === 'ticket'
				? { resource, operation: 'getAll', since: iso(Date.now() - 30 * DAY), to: iso(Date.now() - DAY), returnAll: true, simplify }
				: { resource, operation: 'getAll', returnAll: true, simplify };
		const run = await runNode({ parameters, account: accountOf(platform) });
		expect(run.error).toBeUndefined();
		// The echo did come back: every answer the node read was a 200 carrying it.
		const answers = platform.requests();
		expect(answers.length).toBeGreaterThan(0);
		expect(answers.every((request) => request.status === 200 && JSON.stringify(request.response).includes(platform.token))).toBe(true);
		expect(run.items.length).toBeGreaterThan(1);
		for (const item of run.items) expect(String(item.json.echo)).toMatch(/^Invalid token \*\*\*; token=\*\*\*; basic \*\*\*; header \*\*\*; dump .*\*\*\*/);
		expect(tokenFormsIn(JSON.stringify(run.items), platform.token)).toEqual([]);
	});

	test.each([true, false])("the trigger's events, Simplify %s: every record is emitted, none holds the token in any form", async (simplify) => {
		platform.inject({ kind: 'echoToken' });
		const trigger = new TriggerRun({ event: 'ticketUpdated', options: { simplify } }, accountOf(platform));
		const events = await trigger.poll('manual');
		expect(platform.requests().every((request) => request.status === 200 && JSON.stringify(request.response).includes(platform.token))).toBe(true);
		expect(events?.length).toBeGreaterThan(0);
		for (const event of events!) expect(String(event.echo)).toMatch(/^Invalid token \*\*\*; token=\*\*\*; basic \*\*\*; header \*\*\*; dump .*\*\*\*/);
		expect(tokenFormsIn(JSON.stringify(events), platform.token)).toEqual([]);
	});
});

describe('a redirect to another host: the token does not follow', () => {
	/**
	 * The token goes to no host but the platform's (docs/guarantees.md#what-the-node-does-for-you, Allowed
	 * domains: "the token goes to no other host"). n8n's HTTP client follows redirects. A front in
	 * this file answers GET /api/v1/agents with `302 Found` to ANOTHER host (localhost vs 127.0.0.1,
	 * another port), which records the Authorization header it receives. A test that FAILS here shows
	 * the token arriving at that other host.
	 */


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

	test('Agent → Get Many redirected to another host: that host never receives the token', async () => {
		await runNode({
			parameters: { resource: 'agent', operation: 'getAll', returnAll: true, simplify: false },
			account: accountOf(platform, { baseUrl: frontUrl }),
		});
		expect(seenByOther.filter((header) => header.includes(platform.token))).toEqual([]);
	});
});
