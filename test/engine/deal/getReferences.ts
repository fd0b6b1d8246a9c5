/** Deal → Get Pipelines, Unqualified Reasons, Labels, Lost Reasons: registered by deal.test.ts, which starts the fake platform once for the folder. */
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { recordsOf } from '../helpers/answer-lists';
import { platform, account, only, deal } from './helpers/context';

describe('Deal → Get Pipelines, Unqualified Reasons, Labels, Lost Reasons', () => {
	test.each([
		['getPipelines', 'GET', '/acme/api/v1/deal/pipelines', 'pipelines', () => platform.store.dealPipelines],
		['getUnqualifiedReasons', 'GET', '/acme/api/v1/deal/unqualified-reasons', 'reasons', () => platform.store.dealUnqualifiedReasons],
		['getLabels', 'GET', '/acme/api/v1/deal/labels', 'labels', () => platform.store.dealLabels],
		['getLostReasons', 'POST', '/acme/api/v1/deal/lost-reasons', 'reasons', () => platform.store.dealLostReasons],
	])('%s: %s %s, one item per entry', async (operation, method, path, key, stored) => {
		const run = await runNode({ parameters: deal({ operation }), account: account() });
		expect(run.error).toBeUndefined();
		const request = only(platform.requests());
		expect(request.method).toBe(method);
		expect(request.path).toBe(path);
		expect(request.query).toEqual({});
		expect(request.body).toEqual(method === 'POST' ? {} : undefined);
		expect(jsonOf(run)).toEqual(recordsOf(request.response, key));
		expect(jsonOf(run)).toEqual(JSON.parse(JSON.stringify(stored())));
	});
});
