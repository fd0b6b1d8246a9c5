/** Lead → Get Statuses, Unqualified Reasons, Labels: registered by lead.test.ts, which starts the fake platform once for the folder. */
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { recordsOf } from '../helpers/answer-lists';
import { platform, account, only, lead } from './helpers/context';

describe('Lead → Get Statuses, Unqualified Reasons, Labels', () => {
	test.each([
		['getStatuses', '/acme/api/v1/lead/status', 'statuses', () => platform.store.leadStatuses],
		['getUnqualifiedReasons', '/acme/api/v1/lead/unqualified-reason', 'reasons', () => platform.store.leadUnqualifiedReasons],
		['getLabels', '/acme/lead/labels', 'labels', () => platform.store.leadLabels],
	])('%s: GET %s, one item per entry', async (operation, path, key, stored) => {
		const run = await runNode({ parameters: lead({ operation }), account: account() });
		expect(run.error).toBeUndefined();
		const get = only(platform.requests());
		expect(get.method).toBe('GET');
		expect(get.path).toBe(path);
		expect(get.query).toEqual({});
		expect(jsonOf(run)).toEqual(recordsOf(get.response, key));
		expect(jsonOf(run)).toEqual(stored().map((entry) => ({ ...entry })));
	});
});
