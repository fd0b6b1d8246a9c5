/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: spec backoff
/**
 * The transport side, through n8n's engine against the fake platform: the node's
 * Request Options (Timeout, Proxy, Ignore SSL Issues), the credential's allowed domains, a
 * gateway's 502 page, reads retried without a backup, writes never sent twice (a lost answer,
 * the create lookup, a refused connection sent to the backup) and n8n's error classification.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import type { FakePlatform } from '../../../tools/fake-platform';
import { instantOf } from '../helpers/platform-clock';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, jsonOf, runNode, type Account, type NodeRun } from '../../../tools/engine-harness/harness';
import { realRetryBackoffs } from '../helpers/quick-retries';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const listGroups = { resource: 'group', operation: 'getAll', returnAll: true };
const DAY = 24 * 3600 * 1000;
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** The classification n8n reads from the error (`failure`, n8n-workflow 2.x). */
function failureOf(run: NodeRun): IDataObject | undefined {
	return (run.error as unknown as { failure?: IDataObject } | undefined)?.failure;
}

async function listen(server: Server): Promise<string> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server) {
	server.closeAllConnections?.();
	await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A port nothing listens on: connecting is refused. */
async function refusedUrl(): Promise<string> {
	const server = createServer();
	const address = await listen(server);
	await close(server);
	return `http://${address}`;
}

describe('Request Options', () => {
	test('Timeout: an answer later than the Timeout is not awaited; the read is tried again and answered', async () => {
		platform.inject({ kind: 'latency', ms: 4000, path: '/api/v1/groups', times: 1 });
		const run = await runNode({
			parameters: { ...listGroups, requestOptions: { timeout: 1000 } },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect(jsonOf(run)).toHaveLength(platform.store.groups.length);
		const requests = platform.requests({ path: '/api/v1/groups' });
		expect(requests).toHaveLength(2);
		// The retry left 1 s (the back-off) after the first attempt was given up at 1 s, not after the 4 s answer.
		expect(requests[1].at - requests[0].at).toBeLessThan(3500);
	});

	test('Timeout on a write: not sent again, an error that says it may have been applied and what to look for', async () => {
		platform.inject({ kind: 'latency', ms: 4000, path: '/api/v1/sms', times: 1 });
		const run = await runNode({
			parameters: {
				resource: 'sms',
				operation: 'send',
				serviceId: 211,
				phone: '0901234567',
				content: 'Your order shipped',
				requestOptions: { timeout: 1000 },
			},
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe(
			"The platform may have applied this POST /api/v1/sms: no answer within 1000 ms (the node's Request Options → Timeout). It was not sent again, so that it cannot be done twice.",
		);
		expect(run.error?.description).toContain('phone 0901234567, message "Your order shipped"');
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		// No timed cause: n8n must not retry a write that may have been applied.
		expect(failureOf(run)).toBeUndefined();
	});

	test('Proxy: every request of the item (list page and custom-field labels) goes through the proxy', async () => {
		const seen: string[] = [];
		const proxy = createServer((incoming, outgoing) => {
			seen.push(`${incoming.method} ${incoming.url}`);
			const target = new URL(incoming.url!);
			const forward = httpRequest(
				{ host: target.hostname, port: target.port, path: target.pathname + target.search, method: incoming.method, headers: incoming.headers },
				(answer) => {
					outgoing.writeHead(answer.statusCode!, answer.headers);
					answer.pipe(outgoing);
				},
			);
			incoming.pipe(forward);
		});
		proxy.on('connect', (incoming, socket) => {
			seen.push(`CONNECT ${incoming.url}`);
			const [host, port] = String(incoming.url).split(':');
			const upstream = connect(Number(port), host, () => {
				socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
				upstream.pipe(socket);
				socket.pipe(upstream);
			});
		});
		const address = await listen(proxy);
		try {
			const to = Date.now();
			const run = await runNode({
				parameters: {
					resource: 'ticket',
					operation: 'getAll',
					dateField: 'created',
					since: iso(to - 2 * DAY),
					to: iso(to),
					returnAll: true,
					requestOptions: { proxy: `http://${address}` },
				},
				account: accountOf(platform),
			});
			expect(run.error).toBeUndefined();
			const platformPaths = platform.requests().map((request) => request.path);
			expect(platformPaths).toContain('/acme/api/v2/tickets');
			expect(platformPaths).toContain('/acme/api/v1/tickets/custom_fields');
			// What the platform received came through the proxy, each request once.
			expect(seen.filter((line) => line.includes('/acme/api/v2/tickets'))).toHaveLength(
				platformPaths.filter((path) => path === '/acme/api/v2/tickets').length,
			);
			expect(seen.filter((line) => line.includes('/acme/api/v1/tickets/custom_fields'))).toHaveLength(1);
		} finally {
			await close(proxy);
		}
	});

	test('Proxy without a port: refused before any request, naming the option', async () => {
		const run = await runNode({ parameters: { ...listGroups, requestOptions: { proxy: 'proxy.example.com' } }, account: accountOf(platform) });
		// n8n's routing checks the option first, with its own words.
		expect(run.error?.message).toBe('The proxy is not valid');
		expect(run.error?.description).toBe('The proxy URL does not contain a valid value for "host"');
		expect(platform.requests()).toHaveLength(0);
	});

	describe('Ignore SSL Issues, against an https front of the platform with a self-signed certificate', () => {
		let folder: string;
		let front: Server;
		let httpsUrl: string;
		beforeAll(async () => {
			folder = mkdtempSync(join(tmpdir(), 'cc-tls-'));
			execFileSync('openssl', [
				'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
				'-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem'),
			], { stdio: 'ignore' });
			front = createHttpsServer(
				{ key: readFileSync(join(folder, 'key.pem')), cert: readFileSync(join(folder, 'cert.pem')) },
				(incoming, outgoing) => {
					const target = new URL(platform.baseUrl);
					const forward = httpRequest(
						{ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
						(answer) => {
							outgoing.writeHead(answer.statusCode!, answer.headers);
							answer.pipe(outgoing);
						},
					);
					incoming.pipe(forward);
				},
			) as unknown as Server;
			httpsUrl = `https://${await listen(front)}`;
		});
		afterAll(async () => {
			await close(front);
			rmSync(folder, { recursive: true, force: true });
		});

		test('off: the certificate is refused once (no retries), and the error points at the option', async () => {
			const run = await runNode({ parameters: listGroups, account: accountOf(platform, { baseUrl: httpsUrl }) });
			expect(run.error?.message).toMatch(/^The platform could not be reached: .*self[- ]signed certificate/i);
			expect(run.error?.message).toContain('turn on Ignore SSL Issues');
			expect(platform.requests()).toHaveLength(0);
		});

		test('on: answered through https', async () => {
			const run = await runNode({
				parameters: { ...listGroups, requestOptions: { allowUnauthorizedCerts: true } },
				account: accountOf(platform, { baseUrl: httpsUrl }),
			});
			expect(run.error).toBeUndefined();
			expect(jsonOf(run)).toHaveLength(platform.store.groups.length);
			expect(platform.requests()).toHaveLength(1);
		});
	});
});

describe('allowed domains of the credential', () => {
	const restricted = (allowedDomains: string, backupBaseUrl: string): Account =>
		({ ...accountOf(platform, { backupBaseUrl }), allowedHttpRequestDomains: 'domains', allowedDomains }) as Account;
	const backupByName = () => platform.backupUrl.replace('127.0.0.1', 'localhost');

	test('a backup on a host the credential does not allow is never sent the token', async () => {
		platform.inject({ kind: 'down', target: 'primary' });
		const run = await runNode({ parameters: listGroups, account: restricted('example.com', backupByName()) });
		expect(run.error?.description).toContain(
			"The Backup Base URL was not tried: its host is not among the credential's Allowed Domains (127.0.0.1, example.com).",
		);
		expect(platform.requests({ server: 'backup' })).toHaveLength(0);
		// The base URL's own host counts as allowed, as n8n does for a node's own endpoint.
		expect(platform.requests({ server: 'primary' })).toHaveLength(4);
	});

	test('a backup on an allowed host takes over', async () => {
		platform.inject({ kind: 'down', target: 'primary' });
		const run = await runNode({ parameters: listGroups, account: restricted('*.example.com, localhost', backupByName()) });
		expect(run.error).toBeUndefined();
		expect(platform.requests({ server: 'backup' })).toHaveLength(1);
	});
});

describe('answers that are not the API', () => {
	// The 502 test checks the gaps between the tries: the back-offs in full (quick-retries.ts).
	realRetryBackoffs();
	test("a gateway's 502 page on every try: the status named, never 'could not be reached'", async () => {
		platform.inject({ kind: 'status', status: 502, html: true, path: '/api/v1/groups' });
		const run = await runNode({ parameters: listGroups, account: accountOf(platform) });
		expect(run.error?.message).toBe(`HTTP 502 Bad Gateway from ${platform.baseUrl}`);
		expect(run.error?.httpCode).toBe('502');
		expect(run.error?.description).toMatch(/^Tried 4 times: /);
		expect(failureOf(run)).toEqual({ cause: 'temporarily-unavailable' });
		// 1 try and 3 retries, 1 s, 2 s and 4 s apart.
		const at = platform.requests().map((request) => request.at);
		expect(at).toHaveLength(4);
		[1000, 2000, 4000].forEach((pause, index) => expect(at[index + 1] - at[index]).toBeGreaterThanOrEqual(pause));
	});
});

describe('reads retried without a backup', () => {
	test('a 500 and a dropped connection in the middle of a 93-day Return All: each page tried again, every ticket once', async () => {
		const to = Date.now() - DAY;
		const since = to - 93 * DAY;
		platform.inject({ kind: 'status', status: 500, path: '/api/v2/tickets', skip: 2, times: 1 });
		platform.inject({ kind: 'drop', path: '/api/v2/tickets', skip: 5, times: 1 });
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', dateField: 'created', since: iso(since), to: iso(to), returnAll: true, simplify: false },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const expected = platform.store.tickets
			.filter((ticket) => ticket.created_at >= Math.floor(since / 1000) * 1000 && ticket.created_at <= Math.floor(to / 1000) * 1000)
			.map((ticket) => ticket.ticket_id)
			.sort((a, b) => a - b);
		const ids = jsonOf(run).map((ticket) => ticket.ticket_id as number);
		expect([...ids].sort((a, b) => a - b)).toEqual(expected);
		const lists = platform.requests({ path: '/api/v2/tickets' });
		const failed = lists.filter((request) => request.status !== 200);
		expect(failed.map((request) => request.status)).toEqual([500, 0]);
		// Each failed page was asked again (same window and page) until answered, and then no more.
		for (const failure of failed) {
			const same = lists.filter((request) => JSON.stringify(request.query) === JSON.stringify(failure.query));
			expect(same.filter((request) => request.status === 200)).toHaveLength(1);
			expect(same[same.length - 1].status).toBe(200);
		}
	});
});

describe('writes are never sent twice', () => {
	let order = 5500;
	/** A new subject each time: the lookup must not find the ticket of an earlier test. */
	const createTicket = () => ({
		resource: 'ticket',
		operation: 'create',
		subject: `Refund for order ${++order}`,
		phone: '0901234999',
	});

	test('a create whose answer was lost is not sent again: the lookup finds the ticket and returns it, marked', async () => {
		const before = platform.store.tickets.length;
		platform.inject({ kind: 'lostAnswer', method: 'POST', path: '/api/v1/tickets', times: 1 });
		const parameters = createTicket();
		const run = await runNode({ parameters, account: accountOf(platform, { backupBaseUrl: platform.backupUrl }) });
		expect(run.error).toBeUndefined();
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		expect(platform.store.tickets).toHaveLength(before + 1);
		const created = platform.store.tickets[platform.store.tickets.length - 1];
		const [item] = jsonOf(run);
		expect(item).toMatchObject({ ticket_id: created.ticket_id, ticket_subject: parameters.subject, foundAfterLostAnswer: true });
		const [lookup] = platform.requests({ path: '/api/v2/tickets' });
		expect(instantOf(lookup.query.created_since, { platform })).toBeLessThanOrEqual(created.created_at);
		expect(instantOf(lookup.query.created_to, { platform })).toBeGreaterThanOrEqual(created.created_at);
	});

	test('a lead create whose answer was lost: found by subject and phone', async () => {
		platform.inject({ kind: 'lostAnswer', method: 'POST', path: '/api/v1/lead', times: 1 });
		const run = await runNode({
			parameters: { resource: 'lead', operation: 'create', subject: 'Laptops for 12 staff', phone: '0912000999' },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		const created = platform.store.leads[platform.store.leads.length - 1];
		expect(jsonOf(run)[0]).toMatchObject({ id: created.id, subject: 'Laptops for 12 staff', foundAfterLostAnswer: true });
	});

	test('a dropped create that never got applied: not sent again, the lookup finds none, the error says what to look for', async () => {
		const before = platform.store.tickets.length;
		platform.inject({ kind: 'drop', method: 'POST', path: '/api/v1/tickets', times: 1 });
		const run = await runNode({ parameters: createTicket(), account: accountOf(platform, { backupBaseUrl: platform.backupUrl }) });
		expect(run.error?.message).toMatch(
			/^The platform may have applied this POST \/api\/v1\/tickets: .+\. It was not sent again, so that it cannot be done twice\.$/,
		);
		expect(run.error?.description).toMatch(
			/^Look in the platform for the record created by \/api\/v1\/tickets with subject "Refund for order \d+", phone 0901234999, sent at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, before you run this item again\. A search of the tickets created between .+ found none with this subject and requester: it was probably not created\./,
		);
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		expect(platform.store.tickets).toHaveLength(before);
	});

	test('a 502 page answering an update: not sent again', async () => {
		const ticket = platform.store.tickets[0];
		platform.inject({ kind: 'status', status: 502, html: true, method: 'PUT', times: 1 });
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'update', ticketId: String(ticket.ticket_id), commentBody: 'Refund sent', commentAuthorId: 1001 },
			account: accountOf(platform, { backupBaseUrl: platform.backupUrl }),
		});
		expect(run.error?.message).toBe(
			`The platform may have applied this PUT /api/v1/tickets/${ticket.ticket_id}: HTTP 502 Bad Gateway from ${platform.baseUrl}. It was not sent again, so that it cannot be done twice.`,
		);
		expect(run.error?.httpCode).toBe('502');
		expect(platform.requests({ method: 'PUT' })).toHaveLength(1);
	});

	test('a refused connection never reached the platform: the create goes to the backup, once', async () => {
		const run = await runNode({
			parameters: createTicket(),
			account: accountOf(platform, { baseUrl: await refusedUrl(), backupBaseUrl: platform.backupUrl }),
		});
		expect(run.error).toBeUndefined();
		expect(platform.requests().map((request) => [request.server, request.method])).toEqual([['backup', 'POST']]);
		expect(jsonOf(run)[0]).toMatchObject({ ticket_subject: expect.stringMatching(/^Refund for order \d+$/) });
		expect(jsonOf(run)[0].foundAfterLostAnswer).toBeUndefined();
	});
});

describe('error classification (n8n-workflow failure)', () => {
	test('a wrong token: credential-invalid', async () => {
		const run = await runNode({ parameters: listGroups, account: accountOf(platform, { apiToken: 'wrong-token-42' }) });
		expect(failureOf(run)).toEqual({ cause: 'credential-invalid' });
	});

	test('the lock-out: rate-limited, with the moment it resets', async () => {
		platform.inject({ kind: 'status', status: 404, message: 'Domain incorrect too many times , retry after 15 minutes', times: 1 });
		const before = Date.now();
		const run = await runNode({ parameters: listGroups, account: accountOf(platform) });
		const failure = failureOf(run)!;
		expect(failure.cause).toBe('rate-limited');
		expect(failure.resetsAtEpochMs).toBeGreaterThanOrEqual(before + 15 * 60_000);
		expect(failure.resetsAtEpochMs).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
	});

});
