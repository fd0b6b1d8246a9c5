/**
 * Red team of issue 19, promise 4: nothing is sent after the node read a lock-out answer, nor
 * during the lock-out; the rate limit and the lock-out count are per account (domain):
 * docs/api.md#limits "Request rate 15 per second … per account (domain)", "The lock-out is counted
 * per domain, across primary and backup".
 *
 * Two credentials of ONE account (two workflows, or two people, or one credential edited): they
 * differ only in Max Requests per Second. n8n runs both in one process. A test that FAILS here
 * shows the second credential sending to the account while it is locked out, after the first
 * one read the lock-out answer.
 */

import type { FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, runNode } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const listAgents = { resource: 'agent', operation: 'getAll', returnAll: true, simplify: false };

describe('REDTEAM: one account, two credentials', () => {
	test('after credential A read the lock-out answer, credential B (Max Requests per Second 10) sends nothing during the lock-out', async () => {
		platform.inject({ kind: 'lockout' });
		const first = await runNode({ parameters: listAgents, account: accountOf(platform, { maxRequestsPerSecond: 15 }) });
		expect(first.error?.message).toMatch(/locked this domain out/);
		expect(platform.requests()).toHaveLength(1);
		platform.clearLog();

		const second = await runNode({ parameters: listAgents, account: accountOf(platform, { maxRequestsPerSecond: 10 }) });
		expect(second.error?.message).toMatch(/locked this domain out/);
		// Nothing may reach the platform during the lock-out the node already read.
		expect(platform.requests().map((request) => `${request.method} ${request.path} → ${request.status}`)).toEqual([]);
	});

	test('after credential A read the lock-out answer, credential B (the same Base URL with a trailing slash) sends nothing', async () => {
		platform.inject({ kind: 'lockout' });
		const first = await runNode({ parameters: listAgents, account: accountOf(platform) });
		expect(first.error?.message).toMatch(/locked this domain out/);
		platform.clearLog();

		const second = await runNode({ parameters: listAgents, account: accountOf(platform, { baseUrl: `${platform.baseUrl}/` }) });
		expect(second.error?.message).toMatch(/locked this domain out/);
		expect(platform.requests().map((request) => `${request.method} ${request.path} → ${request.status}`)).toEqual([]);
	});

	test('after credential A read the lock-out answer, credential B (the Base URL by IP instead of name) sends nothing', async () => {
		platform.inject({ kind: 'lockout' });
		const first = await runNode({ parameters: listAgents, account: accountOf(platform) });
		expect(first.error?.message).toMatch(/locked this domain out/);
		platform.clearLog();

		const byName = platform.baseUrl.replace('127.0.0.1', 'localhost');
		const other = byName === platform.baseUrl ? platform.baseUrl.replace('localhost', '127.0.0.1') : byName;
		const second = await runNode({ parameters: listAgents, account: accountOf(platform, { baseUrl: other }) });
		expect(second.error?.message).toMatch(/locked this domain out/);
		expect(platform.requests().map((request) => `${request.method} ${request.path} → ${request.status}`)).toEqual([]);
	});

	test('two credentials (Max Requests per Second 15 and 14) running at once: the platform never sees more than 15 of our requests in one second, and no 429', async () => {
		const items = Array.from({ length: 30 }, (_, index) => ({ index }));
		const runs = await Promise.all([
			runNode({ parameters: listAgents, account: accountOf(platform, { maxRequestsPerSecond: 15 }), input: items }),
			runNode({ parameters: listAgents, account: accountOf(platform, { maxRequestsPerSecond: 14 }), input: items }),
		]);
		const log = platform.requests();
		const arrivals = log.map((request) => request.at).sort((a, b) => a - b);
		const busiest = Math.max(...arrivals.map((at) => arrivals.filter((other) => other >= at && other < at + 1000).length));
		expect({ busiest: busiest > 15 ? busiest : 'at most 15', status429: log.filter((request) => request.status === 429).length, errors: runs.map((run) => run.error?.message) }).toEqual({
			busiest: 'at most 15',
			status429: 0,
			errors: [undefined, undefined],
		});
	});
});
