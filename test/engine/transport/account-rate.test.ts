/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: backoff
/**
 * The account's rate through n8n's engine against the fake platform: no request after a lock-out
 * answer nor during the lock-out, the rate and the lock-out counted per account, and a timed-out
 * request holding its place only until a second after the client gave up.
 */
import { subscribe } from 'node:diagnostics_channel';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { IDataObject } from 'n8n-workflow';
import { longest429Run, summarizeLog, type FakePlatform, busiestSecond } from '../../../tools/fake-platform';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, runNode, type NodeRun } from '../../../tools/engine-harness/harness';
import { realRetryBackoffs } from '../helpers/quick-retries';

/**
 * Nothing is sent after the node read a lock-out answer, nor
 * during the lock-out; the rate limit and the lock-out count are per account (domain):
 * docs/api.md#limits "Request rate 15 per second … per account (domain)", "The lock-out is counted
 * per domain, across primary and backup".
 *
 * Two credentials of ONE account (two workflows, or two people, or one credential edited): they
 * differ only in Max Requests per Second. n8n runs both in one process. A test that FAILS here
 * shows the second credential sending to the account while it is locked out, after the first
 * one read the lock-out answer.
 */
describe('the lock-out and the rate counted per account, shared by its credentials', () => {
	let platform: FakePlatform;

	useFakePlatform((started) => (platform = started));

	const listAgents = { resource: 'agent', operation: 'getAll', returnAll: true, simplify: false };

	describe('one account, two credentials', () => {
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
});

/**
 * Through n8n's engine and the fake platform: a request whose
 * attempt timed out (Request Options → Timeout) is given back to the throttle as 'noAnswer' and
 * then holds its place only until one second after the client gave up (less the credit). The
 * platform counts it when it reads it, which can be after that (here: a server that takes 1.2 s to
 * get to each request of a burst, and a Timeout of 300 ms). Failed before the fix: the platform answered
 * 429s, i.e. one of its seconds held more than 15 of this process's requests.
 */
describe('a timed-out request holds its place in the rate only for a second', () => {
	let platform: FakePlatform;

	useFakePlatform((started) => (platform = started));
	// The retries of the timed-out reads meet the platform's 15 a second: their back-offs in full (helpers/quick-retries.ts).
	realRetryBackoffs();

	async function burstThroughSlowServer(requestOptions: { timeout?: number }) {
		// Five quick requests calibrate; the next 10 meet a slow server (counted 1.2 s after they
		// left); the rest are quick again.
		platform.inject({ kind: 'latency', ms: 1200, skip: 5, times: 10 });
		const run = await runNode({
			parameters: { resource: 'group', operation: 'getAll', returnAll: true, requestOptions },
			account: accountOf(platform),
			input: Array.from({ length: 60 }, (_, index) => ({ index })),
		});
		const log = platform.requests();
		// The platform's own verdict: any 429 means its sliding second held more than 15.
		const summary = {
			error: run.error?.message,
			requests: log.length,
			status429: log.filter((request) => request.status === 429).length,
			// The log's `at` is when the request reached the handler, before the latency fault: the
			// platform's limiter counts it after. So this figure can read 15 while the limiter saw more.
			busiestSecondByLogAt: busiestSecond(log.map((request) => request.at)),
		};
		return summary;
	}

	test('control: the same slow burst without a Timeout (the answers come back): 0 × 429', async () => {
		const summary = await burstThroughSlowServer({});
		expect(summary).toEqual({ ...summary, status429: 0 });
	}, 60_000);

	test('timed-out reads the platform counts late do not push any server second past 15 (0 × 429)', async () => {
		// The 300 ms Timeout gives their slots back long before the platform counts them.
		const summary = await burstThroughSlowServer({ timeout: 300 });
		expect(summary).toEqual({ ...summary, status429: 0 });
	}, 60_000);
});

// Last in the file: its moved clock replaces setTimeout, and Jest's fake timers, undone, leave
// none behind (the file's end is where that clock's tests always ran).
describe('the lock-out guard', () => {
	/**
	 * The lock-out promise, seen from the fake platform's request log (docs/api.md#limits: more than
	 * 20 consecutive 429s lock the domain out for 15 minutes, every call then answers 404):
	 * - nothing leaves after a lock-out answer came back, nor during the lock-out;
	 * - an hour (and longer) of spent quota, with executions every few minutes on a moved clock,
	 *   never brings the server to more than 20 consecutive 429s, and the executions of the
	 *   cool-down send nothing and end at once with `quota-exhausted`.
	 */



	let platform: FakePlatform;

	useFakePlatform((started) => (platform = started));

	const listAgents = { resource: 'agent', operation: 'getAll', returnAll: true, simplify: false };
	const LOCKOUT_MESSAGE = /too many times/i;
	const MINUTE = 60_000;
	const HOUR = 60 * MINUTE;

	/** The real timer, kept before a test installs jest's fake ones. */
	const realSetTimeout = global.setTimeout;

	/** One request of another client of the same account (its own token, no throttle of ours). */
	function otherClientGet(path: string): Promise<number> {
		return new Promise((resolve, reject) => {
			const outgoing = httpRequest(
				`${platform.baseUrl}/${platform.domain}${path}`,
				{ headers: { authorization: `Bearer ${platform.token}` }, agent: false },
				(incoming) => {
					incoming.resume();
					incoming.on('end', () => resolve(incoming.statusCode ?? 0));
				},
			);
			outgoing.on('error', reject);
			outgoing.end();
		});
	}

	function failureOf(run: NodeRun): IDataObject | undefined {
		return (run.error as unknown as { failure?: IDataObject } | undefined)?.failure;
	}

	describe('a lock-out answer', () => {
		test('Agent → Get Many with ten items: no request arrives after the first lock-out answer was sent, nor during the lock-out', async () => {
			// Lock the domain out the way the platform does: more than 20 429s in a row.
			platform.setRateLimit({ perSecond: 0 });
			for (let i = 0; i < 21; i++) await otherClientGet('/api/v1/agents');
			platform.setRateLimit({ perSecond: 15 });
			expect(await otherClientGet('/api/v1/agents')).toBe(404);
			platform.clearLog();

			// Every answer takes 400 ms: several requests are on the wire when the first answer comes back.
			const latencyMs = 400;
			platform.inject({ kind: 'latency', ms: latencyMs });
			const run = await runNode({
				parameters: listAgents,
				account: accountOf(platform),
				input: Array.from({ length: 10 }, (_, index) => ({ index })),
			});
			expect(run.error?.message).toMatch(/locked this domain out/);
			const requests = platform.requests().sort((a, b) => a.seq - b.seq);
			expect(requests.every((request) => request.status === 404)).toBe(true);
			// The server sends the first lock-out answer `latencyMs` after that request arrived.
			const firstAnswerSentAt = requests[0].at + latencyMs;
			const late = requests.filter((request) => request.at > firstAnswerSentAt).map((request) => request.seq);
			expect(late).toEqual([]);

			platform.clearLog();
			platform.clearFaults();
			const again = await runNode({ parameters: listAgents, account: accountOf(platform), input: [{}, {}] });
			expect(again.error?.message).toMatch(/locked this domain out/);
			expect(platform.requests()).toHaveLength(0);
		});
	});

	describe('on a moved clock: spent hourly quota, a lock-out that names an absurd wait', () => {
		const start = Date.UTC(2026, 10, 24, 8, 0, 0);

		beforeEach(() => {
			jest.useFakeTimers({ now: start, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'hrtime', 'performance'] });
			pauses.clear();
			watchRequestTimers();
		});
		afterEach(() => jest.useRealTimers());

		/**
		 * The requests on the wire, from Node's HTTP client events: while one is, the clock must not
		 * jump. The one-shot timers are the pauses the clock may jump to (n8n's own 60 s housekeeping
		 * interval is none of them).
		 */
		const onTheWire = new Set<ClientRequest>();
		subscribe('http.client.request.start', (message) => {
			const { request } = message as { request: ClientRequest };
			onTheWire.add(request);
			request.once('close', () => onTheWire.delete(request));
		});
		const pauses = new Set<unknown>();

		function watchRequestTimers() {
			const fakeSetTimeout = global.setTimeout;
			const fakeClearTimeout = global.clearTimeout;
			global.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
				const id: unknown = fakeSetTimeout(
					(...values: unknown[]) => {
						pauses.delete(id);
						callback(...values);
					},
					ms,
					...args,
				);
				pauses.add(id);
				return id;
			}) as typeof setTimeout;
			global.clearTimeout = ((id: NodeJS.Timeout) => {
				pauses.delete(id);
				fakeClearTimeout(id);
			}) as typeof clearTimeout;
		}

		/**
		 * Runs the work to its end; whenever it only waits for a timer (no request on the wire, nothing
		 * happened for a few real milliseconds), the clock jumps to that timer: the throttle's pauses
		 * take no real time. The fake platform reads the same clock.
		 */
		async function settle<T>(work: Promise<T>): Promise<T> {
			let done = false;
			const result = work.finally(() => (done = true));
			while (!done) {
				await new Promise((resolve) => realSetTimeout(resolve, 5));
				if (!done && onTheWire.size === 0 && pauses.size > 0) jest.advanceTimersToNextTimer();
			}
			return await result;
		}

		interface Execution {
			at: number;
			sent: number;
			/** Clock time the execution took (0: it waited for nothing). */
			tookMs: number;
			ok: boolean;
			cause?: unknown;
			message?: string;
		}

		/**
		 * Another client spends the whole hourly quota at each of `spendAt`; our executions run every
		 * `everyMin` minutes from minute 1 until `forMin`.
		 */
		async function simulate(options: { spendAt: number[]; everyMin: number; forMin: number }): Promise<Execution[]> {
			const perHour = 30;
			// No rate headers: the guard's guess (from 14 429s in a row, the hour is spent) is what this
			// tests. With them, the platform says which (test/engine/transport/throttle-backoff-failover.test.ts, busy second); a
			// limit of 30 would also read as a per-second one (rateHeaders.ts).
			platform.setRateLimit({ perHour, headers: 'none' });
			const spendings = [...options.spendAt];
			const executions: Execution[] = [];
			for (let minute = 1; minute <= options.forMin; minute += options.everyMin) {
				const at = start + minute * MINUTE;
				while (spendings.length && start + spendings[0] <= at) {
					jest.setSystemTime(Math.max(Date.now(), start + spendings.shift()!));
					// Spend what is left of the hour (perHour accepted answers at most).
					for (let i = 0; i < perHour; i++) {
						jest.setSystemTime(Date.now() + 100);
						if ((await otherClientGet('/api/v1/groups')) !== 200) break;
					}
				}
				jest.setSystemTime(Math.max(Date.now(), at));
				const before = platform.requests().length;
				const startedAt = Date.now();
				const run = await settle(runNode({ parameters: listAgents, account: accountOf(platform) }));
				const tookMs = Date.now() - startedAt;
				// The throttle's loop watch ticks (5 ms) while requests are on the wire; its last tick
				// runs out here, not inside the next execution's clock time.
				await jest.advanceTimersByTimeAsync(10);
				executions.push({
					at: minute,
					sent: platform.requests().length - before,
					tookMs,
					ok: !run.error,
					cause: failureOf(run)?.cause,
					message: run.error?.message,
				});
			}
			return executions;
		}

		/** Our own requests only (the other client asks for groups). */
		const ours = () => platform.requests({ path: '/api/v1/agents' });

		function report(name: string, executions: Execution[]) {
			const figures = summarizeLog(platform.requests());
			const cooling = executions.filter((execution) => execution.cause === 'quota-exhausted' && execution.sent === 0);
			process.stdout.write(
				`${name}: ${executions.length} executions, ${ours().length} requests of ours, ` +
					`${ours().filter((request) => request.status === 429).length} 429s of ours, longest 429 run on the server ${figures.longest429Run}, ` +
					`lock-outs ${figures.lockouts}, executions that ended at once sending nothing ${cooling.length}, ` +
					`requests sent by executions during the cool-down ${executionsInCoolDown(executions).reduce((sum, execution) => sum + execution.sent, 0)}\n`,
			);
		}

		/**
		 * The executions that start within the hour after the first `quota-exhausted` one: the quota
		 * could not have freed yet (54,000 per rolling hour), so the guard sends nothing then.
		 */
		function executionsInCoolDown(executions: Execution[]): Execution[] {
			const first = executions.find((execution) => execution.cause === 'quota-exhausted');
			if (!first) return [];
			return executions.filter((execution) => execution.at > first.at && execution.at < first.at + 60);
		}

		test('a lock-out answer naming 150,000,000,000 minutes: the account is blocked a day at most, the error names a real time, and later requests neither throw nor wait longer', async () => {
			// The platform's lock-out ends after a minute; its answers name 150,000,000,000 minutes
			// (past the last date a Date can hold).
			platform.inject({ kind: 'lockout', ms: MINUTE, minutes: 150_000_000_000, times: 1 });
			const DAY = 24 * HOUR;
			const first = await settle(runNode({ parameters: listAgents, account: accountOf(platform) }));
			expect(first.error?.message).toMatch(/^The platform has locked this domain out after too many rate-limited requests\. Retry after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(in about \d+ min\)\.$/);
			const retryAt = Date.parse(`${/Retry after (\S+ \S+) UTC/.exec(first.error!.message)![1].replace(' ', 'T')}Z`);
			expect(retryAt).toBeLessThanOrEqual(Date.now() + DAY);
			expect(retryAt).toBeGreaterThan(Date.now() + DAY - MINUTE);
			expect(failureOf(first)).toMatchObject({ cause: 'rate-limited' });
			expect(Number(failureOf(first)?.resetsAtEpochMs)).toBeLessThanOrEqual(Date.now() + DAY);
			expect(platform.requests()).toHaveLength(1);

			// Within the day: blocked, with the same sane error, and nothing sent.
			platform.clearLog();
			jest.setSystemTime(start + DAY - MINUTE);
			const during = await settle(runNode({ parameters: listAgents, account: accountOf(platform), input: [{}, {}] }));
			expect(during.error?.message).not.toMatch(/Invalid time value/);
			expect(during.error?.message).toMatch(/^The platform has locked this domain out .* Retry after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(in about 1 min\)\.$/);
			expect(platform.requests()).toHaveLength(0);

			// After the day: the account is sent to again, and answers.
			jest.setSystemTime(start + DAY + MINUTE);
			const after = await settle(runNode({ parameters: listAgents, account: accountOf(platform) }));
			expect(after.error).toBeUndefined();
			expect(platform.requests().map((request) => request.status)).toEqual([200]);
		});

		test('one hour of spent quota, an execution every 5 minutes for 2 hours: never 21 429s in a row, no lock-out; the cool-down sends nothing', async () => {
			const executions = await settle(simulate({ spendAt: [0], everyMin: 5, forMin: 120 }));
			report('one hour of spent quota', executions);
			if (process.env.SHOW_EXECUTIONS) console.table(executions);
			const log = platform.requests();
			expect(longest429Run(log)).toBeLessThanOrEqual(20);
			expect(longest429Run(ours())).toBeLessThanOrEqual(20);
			expect(log.filter((request) => request.status === 404 && LOCKOUT_MESSAGE.test(JSON.stringify(request.response)))).toEqual([]);
			const cooling = executionsInCoolDown(executions);
			expect(cooling.length).toBeGreaterThanOrEqual(10);
			for (const execution of cooling) {
				expect(execution).toMatchObject({ sent: 0, ok: false, cause: 'quota-exhausted' });
				expect(execution.tookMs).toBe(0);
			}
			// Once the hour freed, an execution gets its answer.
			expect(executions[executions.length - 1].ok).toBe(true);
		});

		test('the quota spent again every hour for 3 days, an execution every 20 minutes: never 21 429s in a row, no lock-out; then a stop that says what to do', async () => {
			// Each hour's spending starts 5 s later than the hour before, once the previous one has left the window.
			const spendAt = Array.from({ length: 72 }, (_, hour) => hour * (HOUR + 5000));
			const executions = await settle(simulate({ spendAt, everyMin: 20, forMin: 72 * 60 }));
			report('three days of spent quota', executions);
			if (process.env.SHOW_EXECUTIONS) console.table(executions.filter((execution) => execution.sent > 0));
			const log = platform.requests();
			expect(longest429Run(log)).toBeLessThanOrEqual(20);
			expect(longest429Run(ours())).toBeLessThanOrEqual(20);
			expect(log.filter((request) => request.status === 404 && LOCKOUT_MESSAGE.test(JSON.stringify(request.response)))).toEqual([]);
			for (const execution of executionsInCoolDown(executions)) expect(execution).toMatchObject({ sent: 0, cause: 'quota-exhausted' });
			// Probes went out with growing gaps, each alone; the run of 429s of ours ends at 20, then nothing is sent.
			const probes = executions.filter((execution) => execution.sent > 0 && execution.at > executions.find((e) => e.cause === 'quota-exhausted')!.at);
			expect(probes.every((probe) => probe.sent === 1)).toBe(true);
			const gaps = probes.slice(1).map((probe, index) => probe.at - probes[index].at);
			gaps.slice(1).forEach((gap, index) => expect(gap).toBeGreaterThan(gaps[index]));
			expect(ours().filter((request) => request.status === 429)).toHaveLength(20);
			const last = executions[executions.length - 1];
			expect(last).toMatchObject({ sent: 0, ok: false, cause: 'quota-exhausted' });
			expect(last.message).toMatch(/^n8n stopped sending to this account: the platform answered 429 "Too Many Attempts\." 20 times in a row since .+, and one more would lock the domain out for 15 minutes\.$/);
		});
	});
});
