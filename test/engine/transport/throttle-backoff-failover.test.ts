/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: backoff
/**
 * The request policy, seen from the fake platform's request log: throttle, 429 back-off,
 * lock-out, failover, failure bodies, auth errors without the token, continue-on-fail.
 * A file of its own, not a part of account-rate.test.ts: each holds about a minute of real
 * waits (the throttle's spacing, 429 pauses), and apart they run side by side (docs/testing.md).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { busiestSecond, longest429Run, type FakePlatform } from '../../../tools/fake-platform';
import { FakePlatformProcess } from '../../../tools/fake-platform/process';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, jsonOf, runNode, testCredentials } from '../../../tools/engine-harness/harness';
import { recordPolicyWaits, withWaits } from '../../sweep/policyWaits';

describe('the request policy: throttle, 429 back-off, lock-out, failover, failure bodies, continue on fail', () => {
	let platform: FakePlatform;

	useFakePlatform((started) => (platform = started));

	const listGroups = { resource: 'group', operation: 'getAll', returnAll: true };


	/**
	 * Timing: the platform runs in a process of its own, so its log stamps arrivals when they
	 * arrive even while this process is busy running 60 items.
	 */
	describe('timing', () => {
		let timed: FakePlatformProcess;
		beforeAll(async () => {
			timed = await FakePlatformProcess.start();
		});
		afterAll(async () => await timed.close());
		beforeEach(async () => {
			await timed.clearLog();
			await timed.clearFaults();
			await timed.setRateLimit({ perSecond: 15, perHour: 54_000, lockoutAfter: 20, headers: 'hour', reset: true });
		});

	describe('throttle', () => {
		test('60 concurrent requests never exceed 15 in any one second', async () => {
			const run = await runNode({
				parameters: listGroups,
				account: accountOf(timed),
				input: Array.from({ length: 60 }, (_, index) => ({ index })),
			});
			expect(run.error).toBeUndefined();
			const requests = (await timed.requests());
			expect(requests).toHaveLength(60);
			expect(requests.every((request) => request.status === 200)).toBe(true);
			expect(busiestSecond(requests.map((request) => request.at))).toBeLessThanOrEqual(15);
			expect(run.items).toHaveLength(60 * platform.store.groups.length);
		});

		test('Max Requests per Second lowers the rate for a share of the account', async () => {
			await timed.setRateLimit({ perSecond: 5 });
			const run = await runNode({
				parameters: listGroups,
				account: accountOf(timed, { maxRequestsPerSecond: 5 }),
				input: Array.from({ length: 12 }, () => ({})),
			});
			expect(run.error).toBeUndefined();
			const requests = (await timed.requests());
			expect(requests.filter((request) => request.status === 429)).toHaveLength(0);
			expect(busiestSecond(requests.map((request) => request.at))).toBeLessThanOrEqual(5);
		});
	});

	describe('429', () => {
		test('without rate headers, a burst of 429s is backed off and retried, far from the lock-out', async () => {
			await timed.setRateLimit({ headers: 'none' });
			await timed.inject({ kind: 'status', status: 429, message: 'Too Many Attempts.', times: 3 });
			const run = await runNode({ parameters: listGroups, account: accountOf(timed) });
			expect(run.error).toBeUndefined();
			expect(jsonOf(run)).toHaveLength(platform.store.groups.length);
			const statuses = (await timed.requests()).map((request) => request.status);
			expect(statuses).toEqual([429, 429, 429, 200]);
			// A lone 429 after a quiet spell is taken as jitter: a short pause. A burst right after
			// it means a full window: 1 s (the server's window), then 2 s.
			const at = (await timed.requests()).map((request) => request.at);
			expect(at[1] - at[0]).toBeLessThan(1000);
			expect(at[2] - at[1]).toBeGreaterThanOrEqual(1000);
			expect(at[3] - at[2]).toBeGreaterThanOrEqual(2000);
		});

		// docs/rate-budget.md, "With the platform's headers": X-RateLimit-Remaining above 0 means the hour
		// has room, so the 429s are a full second: one request a second, no growing back-off, and more
		// 429s in a row than a request takes without headers (6) before it fails.
		test('with X-RateLimit-Remaining above 0: 16 429s in a row are a busy second, the read completes, no lock-out', async () => {
			await timed.inject({ kind: 'status', status: 429, message: 'Too Many Attempts.', times: 16 });
			const stopRecording = recordPolicyWaits();
			const { value: run, waitedMs } = await withWaits(() => runNode({ parameters: listGroups, account: accountOf(timed) })).finally(stopRecording);
			expect(run.error).toBeUndefined();
			expect(jsonOf(run)).toHaveLength(platform.store.groups.length);
			const requests = await timed.requests();
			expect(requests.map((request) => request.status)).toEqual([...Array(16).fill(429), 200]);
			expect(longest429Run(requests)).toBeLessThanOrEqual(20);
			expect(requests.every((request) => request.status !== 404)).toBe(true);
			// 1 s apart up to the 14th (the first a lone one's short pause), then 2 s and 4 s. Within a
			// minute is counted in the waits the policy chose (policyWaits.ts), which a busy machine
			// cannot lengthen: 1 s × 13 + 2 s + 4 s and the spacing, about 20 s.
			const gaps = requests.slice(1).map((request, index) => request.at - requests[index].at);
			expect(gaps.slice(1, 13).every((gap) => gap >= 1000)).toBe(true);
			expect(waitedMs).toBeGreaterThanOrEqual(13_000);
			expect(waitedMs).toBeLessThan(60_000);
		}, 90_000);

		test('the 429s of requests already on the wire count as one burst: one short pause, not a back-off each', async () => {
			// Requests leave evenly spaced (70 ms apart): a slow answer keeps all five on the wire.
			await timed.inject({ kind: 'latency', ms: 500 });
			await timed.inject({ kind: 'status', status: 429, message: 'Too Many Attempts.', times: 5 });
			const stopRecording = recordPolicyWaits();
			const { value: run, waitedMs } = await withWaits(() =>
				runNode({
					parameters: listGroups,
					account: accountOf(timed),
					input: Array.from({ length: 5 }, (_, index) => ({ index })),
				}),
			).finally(stopRecording);
			expect(run.error).toBeUndefined();
			expect(run.items).toHaveLength(5 * platform.store.groups.length);
			const requests = await timed.requests();
			expect(requests.map((request) => request.status)).toEqual([429, 429, 429, 429, 429, 200, 200, 200, 200, 200]);
			// Escalating each of the five would have paused 2 + 4 + 8 + 16 s. Counted in the waits the
			// policy chose (policyWaits.ts), which a busy machine cannot lengthen.
			expect(waitedMs).toBeLessThan(2500);
		});

		test('a server slower than the client is never pushed to 20 429s in a row', async () => {
			await timed.setRateLimit({ perSecond: 4 });
			const run = await runNode({
				parameters: listGroups,
				account: accountOf(timed),
				input: Array.from({ length: 24 }, () => ({})),
			});
			expect(run.error).toBeUndefined();
			const requests = (await timed.requests());
			expect(requests.filter((request) => request.status === 200)).toHaveLength(24);
			expect(requests.some((request) => request.status === 404)).toBe(false);
			expect(longest429Run(requests)).toBeLessThan(15);
		});
	});
	});

	describe('lock-out', () => {
		test('the 404 lock-out is a clear error, and nothing more is sent until it ends', async () => {
			platform.inject({
				kind: 'status',
				status: 404,
				message: 'Domain incorrect too many times , retry after 15 minutes',
				times: 1,
			});
			const first = await runNode({ parameters: listGroups, account: accountOf(platform) });
			expect(first.error?.message).toMatch(
				/^The platform has locked this domain out after too many rate-limited requests\. Retry after \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \(in about 15 min\)\.$/,
			);
			expect(platform.requests()).toHaveLength(1);

			const second = await runNode({ parameters: listGroups, account: accountOf(platform) });
			expect(second.error?.message).toContain('locked this domain out');
			expect(platform.requests()).toHaveLength(1);
		});
	});

	describe('failover', () => {
		const withBackup = () => accountOf(platform, { backupBaseUrl: platform.backupUrl });

		test('a 500 on the primary is tried again there (1 s, 2 s, 4 s), then answered from the backup', async () => {
			platform.inject({ kind: 'status', status: 500, message: 'Server Error', target: 'primary', times: 4 });
			const run = await runNode({ parameters: listGroups, account: withBackup() });
			expect(run.error).toBeUndefined();
			expect(jsonOf(run)).toHaveLength(platform.store.groups.length);
			expect(platform.requests().map((request) => [request.server, request.status])).toEqual([
				['primary', 500],
				['primary', 500],
				['primary', 500],
				['primary', 500],
				['backup', 200],
			]);
			expect(platform.requests({ server: 'backup' })[0].headers.authorization).toBe(`Bearer ${platform.token}`);
		});

		test('a dropped connection of a read is tried again', async () => {
			platform.inject({ kind: 'drop', target: 'primary', times: 1 });
			const run = await runNode({ parameters: listGroups, account: withBackup() });
			expect(run.error).toBeUndefined();
			expect(platform.requests().map((request) => [request.server, request.status])).toEqual([
				['primary', 0],
				['primary', 200],
			]);
		});

		test('while the primary is down, later requests go to the backup first', async () => {
			platform.inject({ kind: 'down', target: 'primary' });
			await runNode({ parameters: listGroups, account: withBackup() });
			await runNode({ parameters: listGroups, account: withBackup() });
			const servers = platform.requests().map((request) => request.server);
			expect(servers).toEqual(['primary', 'primary', 'primary', 'primary', 'backup', 'backup']);
		});

		/** 61 s later: the clock jumps and runs on from there (advanceTimers); the timers stay real. Undone by jest.useRealTimers(). */
		function jumpPastTheBackupFirstMinute() {
			const timers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'] as const;
			jest.useFakeTimers({ now: Date.now() + 61_000, advanceTimers: true, doNotFake: [...timers, 'nextTick', 'queueMicrotask', 'hrtime', 'performance'] });
		}

		test('a primary still down after its backup-first minute is on trial: one attempt, then the backup at once', async () => {
			platform.inject({ kind: 'status', status: 500, message: 'Server Error', target: 'primary' });
			const first = await runNode({ parameters: listGroups, account: withBackup() });
			expect(first.error).toBeUndefined();
			try {
				jumpPastTheBackupFirstMinute();
				const second = await runNode({ parameters: listGroups, account: withBackup() });
				expect(second.error).toBeUndefined();
				expect(jsonOf(second)).toHaveLength(platform.store.groups.length);
			} finally {
				jest.useRealTimers();
			}
			expect(platform.requests().map((request) => [request.server, request.status])).toEqual([
				// The first failure: 1 s, 2 s, 4 s on the primary, then the backup.
				['primary', 500],
				['primary', 500],
				['primary', 500],
				['primary', 500],
				['backup', 200],
				// On trial: one attempt on the primary (no retries, so no waits), then the backup.
				['primary', 500],
				['backup', 200],
			]);
		});

		/** Fails the primary over (a 500 on the groups 4 times), then moves the clock 61 s on: the primary is on trial. */
		async function primaryOnTrialNow() {
			platform.inject({ kind: 'status', status: 500, message: 'Server Error', target: 'primary', path: '/api/v1/groups', times: 4 });
			const first = await runNode({ parameters: listGroups, account: withBackup() });
			expect(first.error).toBeUndefined();
			jumpPastTheBackupFirstMinute();
			return platform.requests().length;
		}
		const sentSince = (from: number) => platform.requests().slice(from).map((request) => [request.server, request.path.replace(/^\/[^/]+/, ''), request.status]);
		const getTicket = (ticketId: string, account = withBackup()) => runNode({ parameters: { resource: 'ticket', operation: 'get', simplify: false, ticketId }, account });

		describe('a record Get on a primary on trial', () => {
			afterEach(() => jest.useRealTimers());

			test('a missing record: its first 500 is probed at once, the platform answers, read again, a second 500: "not found", no failover', async () => {
				const from = await primaryOnTrialNow();
				// The real platform's answer to a record it does not have (docs/api.md#answers-and-errors), on the primary only.
				platform.inject({ kind: 'status', status: 500, message: 'Server Error', target: 'primary', path: '/api/v1/tickets/999999' });
				const get = await getTicket('999999');
				expect(get.error?.message).toBe('Ticket 999999 was not found: it may have been deleted, or the ID is wrong');
				expect(sentSince(from)).toEqual([
					['primary', '/api/v1/tickets/999999', 500],
					['primary', '/api/v1/groups', 200],
					['primary', '/api/v1/tickets/999999', 500],
				]);
			});

			test('a record that exists, one passing 500: read again and output, never "not found"', async () => {
				const from = await primaryOnTrialNow();
				const ticket = platform.store.tickets[0];
				platform.inject({ kind: 'status', status: 500, message: 'Server Error', target: 'primary', path: `/api/v1/tickets/${ticket.ticket_id}`, times: 1 });
				const get = await getTicket(String(ticket.ticket_id));
				expect(get.error).toBeUndefined();
				expect(jsonOf(get)[0].ticket_id).toBe(ticket.ticket_id);
				expect(sentSince(from)).toEqual([
					['primary', `/api/v1/tickets/${ticket.ticket_id}`, 500],
					['primary', '/api/v1/groups', 200],
					['primary', `/api/v1/tickets/${ticket.ticket_id}`, 200],
				]);
			});

			test('a credential of the same account without a backup keeps the documented path (500, 1 s, 500, probe)', async () => {
				const from = await primaryOnTrialNow();
				platform.inject({ kind: 'status', status: 500, message: 'Server Error', target: 'primary', path: '/api/v1/tickets/999999' });
				const get = await getTicket('999999', accountOf(platform));
				expect(get.error?.message).toBe('Ticket 999999 was not found: it may have been deleted, or the ID is wrong');
				expect(sentSince(from)).toEqual([
					['primary', '/api/v1/tickets/999999', 500],
					['primary', '/api/v1/tickets/999999', 500],
					['primary', '/api/v1/groups', 200],
				]);
			});
		});

		test('without a backup a lone 500 is tried again and answered', async () => {
			platform.inject({ kind: 'status', status: 500, message: 'Server Error', times: 1 });
			const run = await runNode({ parameters: listGroups, account: accountOf(platform) });
			expect(run.error).toBeUndefined();
			expect(platform.requests().map((request) => request.status)).toEqual([500, 200]);
		});

		test('a malformed JSON answer is not taken as data: it names the status and the host', async () => {
			platform.inject({ kind: 'malformed' });
			const run = await runNode({ parameters: listGroups, account: accountOf(platform) });
			expect(run.error?.message).toBe(`HTTP 200 OK from ${platform.baseUrl} with a body that is not valid JSON`);
			expect(run.error?.httpCode).toBe('200');
			expect(platform.requests()).toHaveLength(4);
		});
	});

	describe('failure bodies and auth', () => {
		test('a 200 with code nok is an error carrying the API message', async () => {
			platform.inject({ kind: 'nok', message: 'Something failed', times: 1 });
			const run = await runNode({ parameters: listGroups, account: accountOf(platform) });
			expect(run.error?.message).toBe('Something failed');
			expect(run.error?.httpCode).toBe('200');
		});

		test('a wrong token gives the 401 message and never shows the token', async () => {
			const token = 'wrong-token-42';
			const run = await runNode({ parameters: listGroups, account: accountOf(platform, { apiToken: token }) });
			expect(run.error?.message).toBe('Authorization header is either missing or incorrect');
			expect(run.error?.httpCode).toBe('401');
			expect(JSON.stringify(run.run)).not.toContain(token);
			expect(platform.requests()[0].headers.authorization).toBe(`Bearer ${token}`);
		});

		// The credential test runs through the transport (docs/api.md: GET /api/v1/agents answers
		// 401 for a wrong token and 404 "Domain not found" for a wrong domain; a failure can come as a 200 "nok").
		test('the credential test proves token and domain together, with one request to the agents', async () => {
			// The quota the answer's rate headers told follows (test/engine/account/getQuota.test.ts).
			expect(await testCredentials(accountOf(platform))).toEqual({ status: 'OK', message: expect.stringMatching(/^Connection successful! /) });
			expect(platform.requests().map((request) => `${request.method} ${request.path}`)).toEqual(['GET /acme/api/v1/agents']);
		});

		test('credential test: a wrong token names the token and never shows it', async () => {
			const wrongToken = await testCredentials(accountOf(platform, { apiToken: 'wrong-token-42' }));
			expect(wrongToken).toEqual({
				status: 'Error',
				message:
					'The API Token was refused (401 "Authorization header is either missing or incorrect"). Copy it again from Admin → Api → Api token.',
			});
			expect(platform.requests()).toHaveLength(1);
		});

		test('credential test: an unknown domain names the Domain field', async () => {
			const wrongDomain = await testCredentials(accountOf(platform, { domain: 'nobody' }));
			expect(wrongDomain).toEqual({
				status: 'Error',
				message: 'The platform does not know the Domain "nobody" (404 "Domain not found"). Check the Domain field and the Base URL.',
			});
			expect(platform.requests().map((request) => request.path)).toEqual(['/nobody/api/v1/agents']);
		});

		test('credential test: a 200 with code "nok" is no success', async () => {
			platform.inject({ kind: 'nok', message: 'Account suspended', path: '/api/v1/agents', times: 1 });
			expect(await testCredentials(accountOf(platform))).toEqual({
				status: 'Error',
				message: 'The platform answered the test with code "nok": Account suspended',
			});
		});

		test('credential test: a 200 {"code": "NOK"} without a message is no success either', async () => {
			platform.inject({ kind: 'nok', code: 'NOK', message: '', path: '/api/v1/agents', times: 1 });
			expect(await testCredentials(accountOf(platform))).toEqual({
				status: 'Error',
				message: 'The platform answered the test with code "NOK": no message',
			});
			expect(platform.requests()[0].response).toEqual({ code: 'NOK' });
		});

		test('credential test: the Domain is checked as every request checks it, before anything is sent', async () => {
			expect(await testCredentials(accountOf(platform, { domain: 'acme/api' }))).toEqual({
				status: 'Error',
				message: 'Customer Care credential: "Domain" must be your account identifier, without slashes (not . or ..)',
			});
			expect(platform.requests()).toHaveLength(0);
		});

		test('credential test: an unreachable platform says so and names the address', async () => {
			const closed = createServer();
			await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
			const baseUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
			await new Promise<void>((resolve) => closed.close(() => resolve()));
			const result = await testCredentials(accountOf(platform, { baseUrl }));
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(
				new RegExp(`^The platform could not be reached at ${baseUrl.replace(/\./g, '\\.')}\\. Tried \\d+ times: .*ECONNREFUSED.* Check the Base URL\\.$`),
			);
		});
	});

	describe('continue on fail', () => {
		test('a failing item does not take the others down', async () => {
			platform.inject({ kind: 'nok', message: 'Something failed', times: 1 });
			const run = await runNode({
				parameters: listGroups,
				account: accountOf(platform),
				input: [{}, {}, {}],
				continueOnFail: true,
			});
			expect(run.error).toBeUndefined();
			const failed = run.items.filter((item) => item.error);
			expect(failed).toHaveLength(1);
			expect(failed[0].error?.message).toBe('Something failed');
			expect(run.items.filter((item) => !item.error)).toHaveLength(2 * platform.store.groups.length);
		});
	});
});
