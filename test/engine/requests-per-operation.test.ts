/**
 * Issue 20: one request per single-item operation in steady state. The account's definitions
 * and reference lists are kept per account for a short while (definitions/accountDefinitions.ts), and the
 * references Simplify needs are read after the write, only for the codes the answer holds.
 * Counted in the fake platform's log; Simplify on (the default).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, jsonOf, runNode } from '../../tools/engine-harness/harness';

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
