// @modes: backoff
/**
 * Red team, issue 22 "writes never doubled when used as a tool": a tool call whose answer is lost
 * on the way back (the platform carried the write out). Whatever the node answers the model, the
 * platform must have received the write once.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, runNode } from '../../tools/engine-harness/harness';

let platform: FakePlatform;
useFakePlatform((started) => (platform = started));

const cases: Array<[string, INodeParameters, string, 'drop' | 'gateway' | 'malformed']> = [];
for (const lostAs of ['drop', 'gateway', 'malformed'] as const) {
	cases.push(['SMS Send', { resource: 'sms', operation: 'send', serviceId: 211, phone: "={{ $fromAI('phone', 'p', 'string') }}", content: "={{ $fromAI('content', 'c', 'string') }}" }, '/acme/api/v1/sms', lostAs]);
	cases.push(['Ticket Create', { resource: 'ticket', operation: 'create', simplify: false, phone: "={{ $fromAI('phone', 'p', 'string') }}", subject: "={{ $fromAI('content', 'c', 'string') }}" }, '/acme/api/v1/tickets', lostAs]);
}

test.each(cases)('%s, answer lost as %s: the write reached the platform once and the model gets an answer', async (_name, parameters, path, lostAs) => {
	platform.inject({ kind: 'lostAnswer', method: 'POST', path, times: 1, lostAs });
	const run = await runNode({ parameters, account: accountOf(platform), input: [{ phone: '0912345678', content: 'Your order has shipped' }], continueOnFail: true });
	const writes = platform.requests({ path }).filter((request) => request.method === 'POST');
	expect(writes).toHaveLength(1);
	expect(run.items).toHaveLength(1);
	const json = run.items[0].json;
	// Either the record (found again) or an error item saying the write may have been applied.
	if (json.error !== undefined) expect(String(json.error)).toMatch(/may have|applied|sent/i);
});
