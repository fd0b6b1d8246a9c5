/**
 * One request's time limit (transport/request/retry.ts requestTimeLimitMs, kept by transport/request/exchange.ts, docs/guarantees.md#what-the-node-does-for-you "Reads are retried"): its attempts and
 * retry delays give up after 60 s in all; the waits for a slot (429 pauses) do not count. Before,
 * every 429 started the 60 s again, so a read whose answers alternated between a hang and a 429
 * hung for up to 7 × 30 s. The wire is a script here (the pipeline's `send` seam), the clock is
 * jest's: a hang moves the clock by the attempt's timeout and fails as axios does.
 */
import type { INode } from 'n8n-workflow';

import type { Account } from '../../../../nodes/CustomerCare/transport/request/account';
import { exchange } from '../../../../nodes/CustomerCare/transport/request/exchange';
import type { FullResponse } from '../../../../nodes/CustomerCare/transport/request/send';
import { resetThrottles } from '../../../../nodes/CustomerCare/transport/rate/throttle';

const node: INode = { id: 'n', name: 'Customer Care', type: 'customerCare', typeVersion: 1, position: [0, 0], parameters: {} };
const account: Account = { clock: { zone: 'Asia/Ho_Chi_Minh', convention: 'wallClock' }, baseUrl: 'https://api.example.com', domain: 'acme', token: 't0k3n', maxPerSecond: 15, key: 'k', budgetKey: 'time-limit' };

beforeEach(() => {
	jest.useFakeTimers({ now: Date.UTC(2026, 10, 24, 8), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
	resetThrottles();
});
afterEach(() => jest.useRealTimers());

test('a read answered hang, 429, hang, 429 …: at most 60 s of attempts and retry delays, not 60 s after each 429', async () => {
	const attempts: Array<{ at: number; what: string }> = [];
	let hungMs = 0;
	const send = async (options: { timeout?: number }): Promise<FullResponse> => {
		const hang = attempts.length % 2 === 0;
		attempts.push({ at: Date.now(), what: hang ? 'hang' : '429' });
		if (!hang) return { statusCode: 429, body: { code: 'errors', message: 'Too Many Attempts.' } };
		const timeout = options.timeout ?? 0;
		hungMs += timeout;
		jest.setSystemTime(Date.now() + timeout);
		throw Object.assign(new Error(`timeout of ${timeout}ms exceeded`), { code: 'ECONNABORTED' });
	};
	const started = Date.now();
	let settled = false;
	const outcome = exchange({ node, send, settings: {} }, account, { path: '/api/v1/agents' }).then(
		() => 'answered',
		(error: Error) => error.message,
	);
	void outcome.finally(() => (settled = true));
	while (!settled) await jest.advanceTimersByTimeAsync(100);

	expect(await outcome).toMatch(/could not be reached/);
	expect(attempts.map((attempt) => attempt.what)).toEqual(['hang', '429', 'hang']);
	expect(hungMs).toBeLessThanOrEqual(60_000);
	// The whole wait: 60 s of attempts and delays, plus the one 429 pause.
	expect(Date.now() - started).toBeLessThan(60_000 + 31_000);
});
