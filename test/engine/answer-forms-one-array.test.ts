/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: strict
/**
 * Red team, issue 23 "Read what a lenient server may answer" and "A credential test through our
 * transport": answers a server might give that the fake never does, put in by a front before the
 * fake (answer-front.ts). The one-array rule must never turn an error-ish answer into an empty list.
 */

import type { FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { changedJson, useAnswerFront, type PassingAnswer } from './helpers/answer-front';
import { accountOf, loadOptions, runNode, testCredentials } from '../../tools/engine-harness/harness';

let platform: FakePlatform;
// The front rewrites the documented root, so the platform answers with it; under
// CC_FAKE_STRICT=1 the other forms (words, call zone) and the refusals stay on.
useFakePlatform((started) => (platform = started), {
	answerForms: { ...(process.env.CC_FAKE_STRICT === '1' ? { all: true } : {}), roots: 'documented' },
});

let rewrite: ((answer: PassingAnswer) => Partial<PassingAnswer> | undefined) | undefined;
const frontUrl = useAnswerFront(() => platform, (answer) => rewrite?.(answer));
beforeEach(() => (rewrite = undefined));

const account = () => accountOf(platform, { baseUrl: frontUrl(), statusUrl: `${frontUrl()}/status` });
const onPath = (path: string, change: (json: Record<string, unknown>) => void) => (answer: PassingAnswer) =>
	answer.path === path ? { body: changedJson(answer.body, change) } : undefined;

describe('one-array rule', () => {
	// Red team F1 (fixed): `{code:"ok", errors:[]}` (the spec's own failure word as a key) has exactly one array,
	// so the reader takes `errors` as the lead list: Get Many returns nothing and no error.
	test('Lead Get Many: root missing, an empty `errors` array beside it: an error, not an empty list', async () => {
		rewrite = onPath('/acme/api/v1/leads', (json) => {
			delete json.leads;
			delete json.numFound;
			json.errors = [];
		});
		const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
		expect(run.error?.message).toMatch(/lacks "leads"/);
	});

	// Red team F1 (fixed): same with a non-empty `errors` list of strings: its entries become "leads".
	test('Lead Get Many: root missing, `errors: ["token expired"]`: an error, not a lead made of a string', async () => {
		rewrite = onPath('/acme/api/v1/leads', (json) => {
			delete json.leads;
			delete json.numFound;
			json.errors = ['Something went wrong'];
		});
		const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
		expect(run.items).toHaveLength(0);
		expect(run.error?.message).toMatch(/lacks "leads"/);
	});

	test('Lead Get Many: numFound 5 with no root and no array: an error (holds)', async () => {
		rewrite = onPath('/acme/api/v1/leads', (json) => {
			delete json.leads;
			json.numFound = 5;
		});
		const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
		expect(run.items).toHaveLength(0);
		expect(run.error?.message).toBe('The answer of GET /api/v1/leads lacks "leads", which should hold its records');
	});

	test('Lead Get Many: two arrays and no root: an error naming both (holds)', async () => {
		rewrite = onPath('/acme/api/v1/leads', (json) => {
			json.data = json.leads;
			json.items = [];
			delete json.leads;
		});
		const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
		expect(run.error?.description).toContain('several lists (data, items)');
	});

	// Red team F1 (fixed): the Pipelines dropdown with `{code:"ok", errors:[]}`: an empty dropdown, no error.
	test('Pipelines dropdown: `{code:"ok", errors:[]}` is an error, not an empty dropdown', async () => {
		rewrite = (answer) => (answer.path === '/acme/api/v1/deal/pipelines' ? { body: JSON.stringify({ code: 'ok', errors: [] }) } : undefined);
		await expect(loadOptions('getDealPipelines', account(), { resource: 'deal', operation: 'create' })).rejects.toThrow(/pipelines/);
	});
});

describe('credential test', () => {
	test('a 200 whose body is not JSON (a portal page) is no success (holds)', async () => {
		rewrite = (answer) =>
			answer.path === '/acme/api/v1/agents'
				? { body: '<html><body>Welcome to the portal</body></html>', headers: { 'content-type': 'text/html' } }
				: undefined;
		const result = await testCredentials(account());
		expect(result.status).toBe('Error');
		expect(result.message).not.toContain(platform.token);
	});

	test('a 200 {"code":"ok"} without agents is no success (holds)', async () => {
		rewrite = (answer) => (answer.path === '/acme/api/v1/agents' ? { body: JSON.stringify({ code: 'ok' }) } : undefined);
		const result = await testCredentials(account());
		expect(result.status).toBe('Error');
	});

	// Red team F1 (fixed): `{code:"ok", errors:[]}` passes the credential test: the one-array rule takes
	// `errors` as the agents list.
	test('a 200 {"code":"ok","errors":[]} is no success', async () => {
		rewrite = (answer) => (answer.path === '/acme/api/v1/agents' ? { body: JSON.stringify({ code: 'ok', errors: [] }) } : undefined);
		const result = await testCredentials(account());
		expect(result.status).toBe('Error');
	});

	test('a 401 on agents names the token and never shows it (holds)', async () => {
		rewrite = (answer) =>
			answer.path === '/acme/api/v1/agents' ? { status: 401, body: JSON.stringify({ code: 'nok', message: 'Unauthorized' }) } : undefined;
		const result = await testCredentials(account());
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/API Token was refused/);
		expect(result.message).not.toContain(platform.token);
	});

	test.each([['acme/x'], [' '], ['../acme']])('a bad Domain %j: error, nothing sent (holds)', async (domain) => {
		const result = await testCredentials({ ...account(), domain });
		expect(result.status).toBe('Error');
		expect(platform.requests()).toHaveLength(0);
	});

	test.each([['acme?x=1'], ['acme#x']])('Domain %j is sent encoded, inside the path: "Domain not found" (holds)', async (domain) => {
		const result = await testCredentials({ ...account(), domain });
		expect(result.status).toBe('Error');
		expect(platform.requests().map((request) => request.path)).toEqual([`/${encodeURIComponent(domain)}/api/v1/agents`]);
	});

	// Red team F7 (fixed): "." and ".." have no slash and used to pass the Domain check; the URL then
	// normalises `/../api/v1/agents` to `/api/v1/agents`: the token goes to a path outside any domain.
	test.each([['..'], ['.'], ['a\\b']])('Domain %j: refused before anything is sent', async (domain) => {
		const result = await testCredentials({ ...account(), domain });
		expect(result.status).toBe('Error');
		expect(platform.requests()).toHaveLength(0);
	});
});
