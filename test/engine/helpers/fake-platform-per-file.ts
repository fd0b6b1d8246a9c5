import { FakePlatform, type FakePlatformOptions } from '../../../tools/fake-platform';
import { resetFailover } from '../../../nodes/CustomerCare/transport/failover';
import { resetThrottles } from '../../../nodes/CustomerCare/transport/throttle';
import { resetLookups } from '../../../nodes/CustomerCare/definitions/lookups';

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
		resetLookups();
	});
}
