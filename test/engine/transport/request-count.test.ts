/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: strict backoff
/**
 * How many requests and credential reads an operation costs, counted in the fake platform's log:
 * the credential read once per item, and one request per single-item operation in steady state.
 */
import { clientEventsOf, clientSeq } from '../../sweep/clientLog';
import { untilNoNewRequests, useFakePlatform } from '../helpers/fake-platform-per-file';
import type { FakePlatform } from '../../../tools/fake-platform';
import { accountOf, credentialReadCount, jsonOf, resetCredentialReads, runNode, listSearch, loadOptions, TriggerRun } from '../../../tools/engine-harness/harness';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

describe('the credential is read once per item', () => {
	/**
	 * The credential is read once per item, not once per request: the transport hands the item's
	 * credential back to n8n's authenticated helper (`credentialsDecrypted`, as n8n's own routing
	 * node does). In n8n each read is a database query and a decryption, made after the throttle
	 * let the request go; in queue mode, under load, such reads bunched requests the throttle had
	 * spaced (queue mode, three workers: 6.5–10.6 % 429s before, 3.4–5.9 % after).
	 * n8n's generic authenticate still adds the token: every request carries it.
	 */
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

	describe('every path that reads the credential', () => {
		/**
		 * The item's credential handed back to n8n's authenticated helper
		 * (transport/request/send.ts sendVia(ctx, credential), commit 20766e9). Promise: n8n reads and decrypts
		 * the credential once per item (plus once per execution for its routing node), not once per
		 * request, on every path (action items, load-options, list-search, the trigger's polls); n8n's
		 * generic authenticate still adds the token to every request to the Base URL and the backup, never
		 * to the Status URL's heartbeat; the token never shows in errors or execution data.
		 * Expected counts come from the requests the fake platform logged, never from the node's code.
		 */
		let platform: FakePlatform;

		useFakePlatform((started) => (platform = started));

		beforeEach(() => resetCredentialReads());

		const DAY = 86_400_000;
		const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
		const bearer = () => `Bearer ${platform.token}`;

		function expectEveryApiRequestWithToken(minimum: number) {
			const requests = platform.requests();
			expect(requests.length).toBeGreaterThanOrEqual(minimum);
			expect(requests.map((request) => request.headers.authorization)).toEqual(requests.map(() => bearer()));
		}

		test('trigger poll reading a past window (pages and definitions): one credential read per poll, every request with the token', async () => {
			const run = new TriggerRun(
				{ event: 'ticketCreated', options: { startFrom: iso(platform.store.seededAt - 40 * DAY) } },
				accountOf(platform),
			);
			const items = await run.poll();
			expect(items?.length ?? 0).toBeGreaterThan(0);
			expectEveryApiRequestWithToken(3);
			expect(credentialReadCount()).toBe(1);
		});

		test('list search (record picker, several 31-day windows): one credential read, every request with the token', async () => {
			const found = await listSearch('searchLeads', accountOf(platform), { resource: 'lead', operation: 'get' });
			expect(found.results.length).toBeGreaterThan(0);
			expectEveryApiRequestWithToken(2);
			expect(credentialReadCount()).toBe(1);
		});

		test('load options (lead statuses): one credential read, the request with the token', async () => {
			const statuses = await loadOptions('getLeadStatuses', accountOf(platform), { resource: 'lead', operation: 'getAll' });
			expect(statuses.length).toBeGreaterThan(0);
			expectEveryApiRequestWithToken(1);
			expect(credentialReadCount()).toBe(1);
		});

		test('the primary down, the backup Base URL takes over: the token on every attempt and on the backup, one read for the item', async () => {
			platform.inject({ kind: 'down', target: 'primary' });
			const run = await runNode({
				parameters: { resource: 'group', operation: 'getAll', returnAll: true },
				account: accountOf(platform, { backupBaseUrl: platform.backupUrl }),
			});
			expect(run.error).toBeUndefined();
			expect(jsonOf(run)).toHaveLength(platform.store.groups.length);
			const backup = platform.requests({ server: 'backup' });
			expect(backup).toHaveLength(1);
			expect(backup[0].headers.authorization).toBe(bearer());
			// n8n's routing node once for the execution, our item once: not once per attempt.
			expect(credentialReadCount()).toBe(2);
		});

		test('the heartbeat at the Status URL goes without the token; the item still reads its credential once', async () => {
			const run = await runNode({ parameters: { resource: 'monitor', operation: 'getAll', returnAll: true }, account: accountOf(platform) });
			expect(run.error).toBeUndefined();
			const requests = platform.requests();
			expect(requests.map((request) => request.path)).toEqual(['/status/api/v1/heartbeat']);
			expect(requests[0].headers.authorization).toBeUndefined();
			expect(credentialReadCount()).toBe(2);
		});

		test('Continue On Fail, a wrong token (401) for three items of a Return All: each item an error item, its own token sent, one read per item, no token in the execution data', async () => {
			const wrong = 'wrong-token-7f3a9c';
			const to = platform.store.seededAt;
			const run = await runNode({
				parameters: { resource: 'ticket', operation: 'getAll', dateField: 'created', since: iso(to - 40 * DAY), to: iso(to), returnAll: true },
				account: accountOf(platform, { apiToken: wrong }),
				input: [{ n: 1 }, { n: 2 }, { n: 3 }],
				continueOnFail: true,
			});
			expect(run.error).toBeUndefined();
			expect(run.items).toHaveLength(3);
			expect(run.items.map((item) => (item.json as IDataObject).error !== undefined || item.error !== undefined)).toEqual([true, true, true]);
			const requests = platform.requests();
			expect(requests.length).toBeGreaterThanOrEqual(3);
			expect(requests.every((request) => request.status === 401 && request.headers.authorization === `Bearer ${wrong}`)).toBe(true);
			expect(credentialReadCount()).toBe(1 + 3);
			const data = JSON.stringify(run.run);
			expect(data).not.toContain(wrong);
			expect(data).not.toContain(platform.token);
			await untilNoNewRequests(platform);
		});

		test('after a Return All item failed with a 401, none of its other windows or pages still goes to the platform once the node has finished (they are not sent: list.ts sentTogether)', async () => {
			const to = platform.store.seededAt;
			const run = await runNode({
				parameters: { resource: 'ticket', operation: 'getAll', dateField: 'created', since: iso(to - 100 * DAY), to: iso(to), returnAll: true },
				account: accountOf(platform, { apiToken: 'wrong-token-7f3a9c' }),
				input: [{ n: 1 }, { n: 2 }, { n: 3 }],
				continueOnFail: true,
			});
			expect(run.items).toHaveLength(3);
			// What the node sent, from its own side of the wire: a request it created before it finished
			// can still reach the in-process fake after (a busy event loop), and that is not "after".
			const atEnd = clientSeq();
			await untilNoNewRequests(platform);
			expect(clientEventsOf(platform.baseUrl, atEnd).filter((event) => event.kind === 'sent')).toEqual([]);
		});

		test('a connection dropped on every attempt (no answer): the error and the execution data hold no token', async () => {
			platform.inject({ kind: 'drop', target: 'any' });
			const run = await runNode({ parameters: { resource: 'group', operation: 'getAll', returnAll: true }, account: accountOf(platform) });
			expect(run.error).toBeDefined();
			expect(platform.requests().length).toBeGreaterThanOrEqual(2);
			expect(platform.requests().every((request) => request.headers.authorization === bearer())).toBe(true);
			expect(JSON.stringify(run.run)).not.toContain(platform.token);
			expect(JSON.stringify(run.error)).not.toContain(platform.token);
			expect(credentialReadCount()).toBe(2);
		});
	});
});

/**
 * One request per single-item operation in steady state. The account's definitions
 * and reference lists are kept per account for a short while (definitions/accountDefinitions.ts), and the
 * references Simplify needs are read after the write, only for the codes the answer holds.
 * Counted in the fake platform's log; Simplify on (the default).
 */
describe('one request per single-item operation in steady state', () => {
	let platform: FakePlatform;

	useFakePlatform((started) => (platform = started));

	const account = () => accountOf(platform);
	const sent = () => platform.requests().map((request) => `${request.method} ${request.path.replace('/acme', '')}`);

	/** A custom field of the seed (docs/api.md#custom-fields): "Customer note" (301), text. */
	const customFields = { customFieldsInput: 'json', customFieldsJson: '{"Customer note": "From the webhook"}' };

	const CREATES: Array<[string, () => INodeParameters, string, string[]]> = [
		[
			'Ticket → Create with a custom field',
			() => ({ resource: 'ticket', operation: 'create', phone: '0912000301', subject: 'Webhook ticket', ...customFields }),
			'POST /api/v1/tickets',
			['GET /api/v1/tickets/custom_fields'],
		],
		[
			'Lead → Create with a custom field',
			() => ({ resource: 'lead', operation: 'create', phone: '0912000302', subject: 'Webhook lead', ...customFields }),
			'POST /api/v1/lead',
			// Before the write its custom field's definitions; after it, the statuses its answer's codes name.
			['GET /api/v1/tickets/custom_fields', 'GET /api/v1/lead/status'],
		],
		[
			'Deal → Create',
			() => ({ resource: 'deal', operation: 'create', email: 'webhook.deal@example.com', subject: 'Webhook deal' }),
			'POST /api/v1/deal',
			// A new deal has no lead status: its pipeline and stage only.
			['GET /api/v1/deal/pipelines'],
		],
	];

	describe.each(CREATES)('%s', (_name, parameters, write, coldReads) => {
		test('cold: the definitions it needs, each once; warm (the next execution): the write alone', async () => {
			const cold = await runNode({ parameters: parameters(), account: account() });
			expect(cold.error).toBeUndefined();
			expect(sent().filter((request) => request !== write).sort()).toEqual([...coldReads].sort());
			expect(sent().filter((request) => request === write)).toHaveLength(1);

			platform.clearLog();
			const warm = await runNode({ parameters: parameters(), account: account() });
			expect(warm.error).toBeUndefined();
			expect(sent()).toEqual([write]);
			// Still Simplified: labels beside the codes the answer holds.
			const output = jsonOf(warm)[0];
			if (write.endsWith('/lead')) expect(typeof output.lead_status_label).toBe('string');
			if (write.endsWith('/deal')) expect(typeof output.pipeline_label).toBe('string');
		});
	});

	test('a write the platform refuses reads no reference list for its output', async () => {
		const run = await runNode({
			parameters: { resource: 'lead', operation: 'create', phone: '0912000303', subject: 'Refused', additionalFields: { assignee_id: 999999 } },
			account: account(),
		});
		expect(run.error?.message).toMatch(/assignee_id/);
		expect(sent()).toEqual(['POST /api/v1/lead']);
	});

	test('Simplify off reads no reference list at all', async () => {
		const run = await runNode({
			parameters: { resource: 'deal', operation: 'create', email: 'plain.deal@example.com', subject: 'Plain', simplify: false },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		expect(sent()).toEqual(['POST /api/v1/deal']);
		expect((jsonOf(run)[0] as IDataObject).pipeline_label).toBeUndefined();
	});

	test('a field an admin added while the definitions were kept: read again once, then the write goes out with it', async () => {
		const ticket = () => ({ resource: 'ticket', operation: 'create', phone: '0912000304', subject: 'New field', ...customFields });
		expect((await runNode({ parameters: ticket(), account: account() })).error).toBeUndefined();
		platform.store.ticketFields.push({ custom_field_id: 311, custom_field_lable: 'Shoe size', type: 'NUMBER', code: 'shoe' });
		platform.clearLog();
		const run = await runNode({
			parameters: { ...ticket(), customFieldsJson: '{"Customer note": "From the webhook", "Shoe size": 42}' },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		expect(sent()).toEqual(['GET /api/v1/tickets/custom_fields', 'POST /api/v1/tickets']);
		expect((platform.requests({ method: 'POST' })[0].body as { ticket: IDataObject }).ticket.custom_fields).toEqual([
			{ id: 301, value: 'From the webhook' },
			{ id: 311, value: 42 },
		]);
	});
});
