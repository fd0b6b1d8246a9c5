/**
 * Red team, issue 20 part 1, promise 1 through n8n's engine and the fake platform: a request whose
 * attempt timed out (Request Options → Timeout) is given back to the throttle as 'noAnswer' and
 * then holds its place only until one second after the client gave up (less the credit). The
 * platform counts it when it reads it, which can be after that (here: a server that takes 1.2 s to
 * get to each request of a burst, and a Timeout of 300 ms). Failed before the fix: the platform answered
 * 429s, i.e. one of its seconds held more than 15 of this process's requests.
 */

import type { FakePlatform } from '../../tools/fake-platform';
import { busiestSecond } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { realRetryBackoffs } from './helpers/quick-retries';
import { accountOf, runNode } from '../../tools/engine-harness/harness';

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

test('red team, fixed (7 × 429 before): timed-out reads the platform counts late do not push any server second past 15 (0 × 429)', async () => {
	// The 300 ms Timeout gives their slots back long before the platform counts them.
	const summary = await burstThroughSlowServer({ timeout: 300 });
	expect(summary).toEqual({ ...summary, status429: 0 });
}, 60_000);
