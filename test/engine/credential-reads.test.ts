/**
 * The credential is read once per item, not once per request: the transport hands the item's
 * credential back to n8n's authenticated helper (`credentialsDecrypted`, as n8n's own routing
 * node does). In n8n each read is a database query and a decryption, made after the throttle
 * let the request go; in queue mode, under load, such reads bunched requests the throttle had
 * spaced (issue 20, three workers: 6.5–10.6 % 429s before, 3.4–5.9 % after).
 * n8n's generic authenticate still adds the token: every request carries it.
 */
import { useFakePlatform } from './helpers/fake-platform-per-file';
import type { FakePlatform } from '../../tools/fake-platform';
import { accountOf, credentialReadCount, jsonOf, resetCredentialReads, runNode } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const DAY = 86_400_000;
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

beforeEach(() => resetCredentialReads());

test('Return All over 93 days, Simplify on: one credential read for the item (besides n8n\'s own), every request with the token', async () => {
	const to = Date.now();
	const run = await runNode({
		parameters: { resource: 'ticket', operation: 'getAll', dateField: 'created', since: iso(to - 93 * DAY), to: iso(to), returnAll: true },
		account: accountOf(platform),
	});
	expect(run.error).toBeUndefined();
	expect(jsonOf(run).length).toBeGreaterThan(0);
	const requests = platform.requests();
	// Four 31-day windows (31 days less a second each, docs/api.md) and the custom-field definitions.
	expect(requests.length).toBeGreaterThanOrEqual(5);
	expect(requests.every((request) => request.headers.authorization === `Bearer ${platform.token}`)).toBe(true);
	// n8n's routing node reads it once for the execution, our transport once for the item.
	expect(credentialReadCount()).toBe(2);
});

test('three items, each with its own request: one credential read per item (besides n8n\'s own)', async () => {
	const run = await runNode({
		parameters: { resource: 'group', operation: 'getAll', returnAll: true },
		account: accountOf(platform),
		input: [{ n: 1 }, { n: 2 }, { n: 3 }],
	});
	expect(run.error).toBeUndefined();
	expect(platform.requests()).toHaveLength(3);
	expect(platform.requests().every((request) => request.headers.authorization === `Bearer ${platform.token}`)).toBe(true);
	expect(credentialReadCount()).toBe(1 + 3);
});
