/**
 * Red team of issue 19, promise 7: the API token never shows in an error, a log or an output
 * (README, docs/guarantees.md). Only the HTTP client's own messages are redacted (classify.ts); the text of an
 * ANSWER (the API's `message`, also of a 5xx or a 200 `nok`) goes into the error as it came.
 * A server, gateway or WAF that echoes the token it was given ("Invalid token …") is enough.
 * A front (answer-front.ts) answers every request with such an echo (the token taken from the
 * request's Authorization header, as a server would). A test that FAILS here shows the token
 * in the message or description n8n shows and stores in the execution.
 */

import { FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { useAnswerFront } from './helpers/answer-front';
import { accountOf, runNode, testCredentials } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

let answer: { status: number; code: string } = { status: 401, code: 'nok' };
const frontUrl = useAnswerFront(
	() => platform,
	(passing) => ({
		status: answer.status,
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ code: answer.code, message: `Invalid token ${String(passing.requestHeaders.authorization ?? '').replace(/^Bearer /, '')}` }),
	}),
);

const account = () => accountOf(platform, { baseUrl: frontUrl() });
const listAgents = { resource: 'agent', operation: 'getAll', returnAll: true, simplify: false };

describe('REDTEAM: an answer that echoes the token', () => {
	test.each([
		{ status: 401, code: 'nok' },
		{ status: 200, code: 'nok' },
		{ status: 400, code: 'nok' },
	])('Agent → Get Many answered $status $code "Invalid token <token>": the error does not show the token', async (given) => {
		answer = given;
		const run = await runNode({ parameters: listAgents, account: account() });
		expect(run.error).toBeDefined();
		const shown = `${run.error?.message ?? ''} ${run.error?.description ?? ''}`;
		expect(shown).not.toContain(platform.token);
	});

	test('the credential test answered 401 "Invalid token <token>": its message does not show the token', async () => {
		answer = { status: 401, code: 'nok' };
		const result = await testCredentials(account());
		expect(result.status).toBe('Error');
		expect(result.message).not.toContain(platform.token);
	});
});
