/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
import { FakePlatform, type FakePlatformOptions } from '../../../tools/fake-platform';
import { resetFailover } from '../../../nodes/CustomerCare/transport/request/failover';
import { resetThrottles } from '../../../nodes/CustomerCare/transport/rate/throttle';
import { resetDefinitions } from '../../../nodes/CustomerCare/definitions/accountDefinitions';

/**
 * One fake platform for a test file, started before its tests and closed after them. Every
 * test starts clean: empty request log, no injected faults, a fresh rate limit on the server
 * and no throttle state or cached definitions in the node.
 */
export function useFakePlatform(onStarted: (platform: FakePlatform) => void, options: FakePlatformOptions = {}) {
	let platform: FakePlatform;
	beforeAll(async () => {
		platform = await FakePlatform.start(options);
		onStarted(platform);
	});
	afterAll(async () => await platform.close());
	beforeEach(() => {
		platform.clearLog();
		platform.clearFaults();
		platform.resetRateLimit();
		resetThrottles();
		resetFailover();
		resetDefinitions();
	});
}

/**
 * Waits until the platform's log has not grown for three steps in a row: a request an earlier run
 * left on its way has arrived, so what comes after is the next run's own.
 */
export async function untilNoNewRequests(platform: FakePlatform, stepMs = 500): Promise<void> {
	for (let quiet = 0, seen = -1; quiet < 3; ) {
		await new Promise((resolve) => setTimeout(resolve, stepMs));
		quiet = platform.requests().length === seen ? quiet + 1 : 0;
		seen = platform.requests().length;
	}
}
