/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: strict
/**
 * Issue 19, defect 5: an answer without the property that holds its records. Before, each
 * list read turned it into an empty list: Get Many returned nothing, a dropdown was empty and
 * the trigger never fired. Now every family reads lists through one reader
 * (transport/answerShape.ts) and fails with an error naming the root expected, the endpoint
 * and the keys the answer had. A write whose answer lacks its record was carried out all the
 * same: it is never sent again; a create is looked up, any other write says it may have been
 * applied and what to look for.
 *
 * A front (answer-front.ts) forwards every request to the fake platform and takes the root out
 * of the answers of one path.
 */
import type { IDataObject } from 'n8n-workflow';

import { FakePlatform } from '../../tools/fake-platform';
import { clockedNow, useTestClock } from './helpers/clock';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { changedJson, useAnswerFront } from './helpers/answer-front';
import { accountOf, jsonOf, listSearch, loadOptions, runNode, testCredentials, TriggerRun } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

const clock = useTestClock();
// The front takes the documented root out, so the platform answers with it; under
// CC_FAKE_STRICT=1 the other forms (words, call zone) and the refusals stay on.
useFakePlatform((started) => (platform = started), {
	now: clockedNow,
	answerForms: { ...(process.env.CC_FAKE_STRICT === '1' ? { all: true } : {}), roots: 'documented' },
});

/** Which answers lose their root: the path they come from (exact, with the domain) and the root. */
let strip: { path: string; root: string } | undefined;
const frontUrl = useAnswerFront(
	() => platform,
	(answer) =>
		strip && answer.path === strip.path ? { body: changedJson(answer.body, (json) => delete json[strip!.root]) } : undefined,
);

beforeEach(() => (strip = undefined));

const account = () => accountOf(platform, { baseUrl: frontUrl(), statusUrl: `${frontUrl()}/status` });

/** What the platform answered on `path`: each answer held the root with records (the front took it out). */
function answeredWithRecords(path: string, root: string) {
	const answers = platform.requests({ path });
	expect(answers.length).toBeGreaterThan(0);
	for (const answer of answers) {
		expect(answer.status).toBe(200);
		expect(((answer.response as IDataObject)[root] as unknown[]).length).toBeGreaterThan(0);
	}
	return answers;
}

describe('Get Many', () => {
	test('Lead → Get Many: the error names "leads", GET /api/v1/leads and the keys the answer had', async () => {
		strip = { path: '/acme/api/v1/leads', root: 'leads' };
		const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
		answeredWithRecords('/acme/api/v1/leads', 'leads');
		expect(run.items).toHaveLength(0);
		expect(run.error?.message).toBe('The answer of GET /api/v1/leads lacks "leads", which should hold its records');
		expect(run.error?.description).toContain('Its keys: code, numFound.');
	});

	test('Deal → Get Pipelines (a reference list): an error, not one empty item', async () => {
		strip = { path: '/acme/api/v1/deal/pipelines', root: 'pipelines' };
		const run = await runNode({ parameters: { resource: 'deal', operation: 'getPipelines' }, account: account() });
		answeredWithRecords('/acme/api/v1/deal/pipelines', 'pipelines');
		expect(run.items).toHaveLength(0);
		expect(run.error?.message).toBe('The answer of GET /api/v1/deal/pipelines lacks "pipelines", which should hold its records');
		expect(run.error?.description).toContain('Its keys: code.');
	});

	test('Monitor → Get Many: the heartbeat without "monitors" is an error', async () => {
		strip = { path: '/status/api/v1/heartbeat', root: 'monitors' };
		const run = await runNode({ parameters: { resource: 'monitor', operation: 'getAll', returnAll: true }, account: account() });
		answeredWithRecords('/status/api/v1/heartbeat', 'monitors');
		expect(run.items).toHaveLength(0);
		expect(run.error?.message).toBe('The answer of GET /api/v1/heartbeat lacks "monitors", which should hold its records');
		expect(run.error?.description).toContain('Its keys: generated_at, title.');
	});
});

describe('dropdowns and pickers', () => {
	test('Agents dropdown: an error, not an empty dropdown', async () => {
		strip = { path: '/acme/api/v1/agents', root: 'agents' };
		await expect(loadOptions('getAgents', account(), { resource: 'ticket', operation: 'create' })).rejects.toThrow(
			'The answer of GET /api/v1/agents lacks "agents", which should hold its records',
		);
		answeredWithRecords('/acme/api/v1/agents', 'agents');
	});

	test('Lead Status dropdown (read through the lookups): an error, not an empty dropdown', async () => {
		strip = { path: '/acme/api/v1/lead/status', root: 'statuses' };
		await expect(loadOptions('getLeadStatuses', account(), { resource: 'lead', operation: 'create' })).rejects.toThrow(
			'The answer of GET /api/v1/lead/status lacks "statuses", which should hold its records',
		);
		answeredWithRecords('/acme/api/v1/lead/status', 'statuses');
	});

	test('Lead picker: an error, not "no leads"', async () => {
		strip = { path: '/acme/api/v1/leads', root: 'leads' };
		await expect(listSearch('searchLeads', account(), { resource: 'lead', operation: 'get' })).rejects.toThrow(
			'The answer of GET /api/v1/leads lacks "leads", which should hold its records',
		);
		answeredWithRecords('/acme/api/v1/leads', 'leads');
	});
});

describe('trigger', () => {
	const second = (ms: number) => Math.floor(ms / 1000) * 1000;

	test('Lead Updated: the poll fails and keeps its state; once the root is back the change is emitted', async () => {
		const run = new TriggerRun({ event: 'leadUpdated', options: { simplify: false } }, account());
		expect(await run.poll()).toBeNull();
		const at = second(Date.now()) + 1000;
		const id = platform.store.updateLead(platform.store.leads[3].id, { subject: 'changed' }, at).id;
		clock.set(at + 1000);
		const before = JSON.parse(JSON.stringify(run.state)) as IDataObject;

		strip = { path: '/acme/api/v1/leads', root: 'leads' };
		await expect(run.poll()).rejects.toThrow('The answer of GET /api/v1/leads lacks "leads", which should hold its records');
		answeredWithRecords('/acme/api/v1/leads', 'leads');
		expect(run.state).toEqual(before);

		strip = undefined;
		expect((await run.poll())?.map((item) => item.id)).toEqual([id]);
		expect(await run.poll()).toBeNull();
	});

	test('Monitor Status Changed: a heartbeat without "monitors" fails the poll and loses no change', async () => {
		const monitor = platform.store.monitors[0];
		platform.store.setMonitorStatus(monitor.id, 1);
		const run = new TriggerRun({ event: 'monitorStatusChanged', options: { simplify: false } }, account());
		expect(await run.poll()).toBeNull();
		const before = JSON.parse(JSON.stringify(run.state)) as IDataObject;

		platform.store.setMonitorStatus(monitor.id, 0);
		strip = { path: '/status/api/v1/heartbeat', root: 'monitors' };
		await expect(run.poll()).rejects.toThrow('The answer of GET /api/v1/heartbeat lacks "monitors", which should hold its records');
		expect(run.state).toEqual(before);

		strip = undefined;
		const items = await run.poll();
		platform.store.setMonitorStatus(monitor.id, 1);
		expect(items?.map((item) => [item.id, item.status, item.previous_status])).toEqual([[monitor.id, 0, 1]]);
	});
});

describe('writes: carried out, the answer without its record', () => {
	const smsService = () => platform.store.services.find((service) => service.service_type === 'SMS')!.service_id;

	test('Ticket → Create: one ticket, one POST, and the output is that ticket, looked up', async () => {
		strip = { path: '/acme/api/v1/tickets', root: 'ticket' };
		const before = platform.store.tickets.length;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', phone: '0912000177', subject: 'Rootless create', simplify: false },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		expect(platform.store.tickets.length).toBe(before + 1);
		const posts = platform.requests({ method: 'POST' });
		expect(posts).toHaveLength(1);
		const created = (posts[0].response as { ticket: IDataObject }).ticket;
		const output = jsonOf(run);
		expect(output).toHaveLength(1);
		expect(output[0].ticket_id).toBe(created.ticket_id);
		expect(output[0].ticket_subject).toBe('Rootless create');
		expect(output[0].foundAfterLostAnswer).toBe(true);
		expect(platform.requests({ method: 'GET' }).map((request) => request.path)).toEqual(['/acme/api/v2/tickets']);
	});

	test('Ticket → Update: one PUT, and an error saying it may have been applied and what to look for', async () => {
		const ticket = platform.store.tickets.find((candidate) => candidate.ticket_status === 'open')!;
		strip = { path: `/acme/api/v1/tickets/${ticket.ticket_id}`, root: 'ticket' };
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'update', ticketId: String(ticket.ticket_id), commentBody: 'Checked.', commentAuthorId: 1003, updateFields: { ticket_subject: 'Rootless update' } },
			account: account(),
		});
		expect(platform.requests({ method: 'PUT' })).toHaveLength(1);
		expect(platform.store.ticket(ticket.ticket_id)!.ticket_subject).toBe('Rootless update');
		expect(run.items).toHaveLength(0);
		expect(run.error?.message).toBe(
			`The platform may have applied this PUT /api/v1/tickets/${ticket.ticket_id}: the platform answered ok, but without "ticket" (its keys: code). It was not sent again, so that it cannot be done twice.`,
		);
		expect(run.error?.description).toContain(`Look in the platform for the change to /api/v1/tickets/${ticket.ticket_id} with subject "Rootless update"`);
	});

	test('SMS → Send, Continue On Fail: one SMS, an error item paired with its input', async () => {
		strip = { path: '/acme/api/v1/sms', root: 'ticket' };
		const run = await runNode({
			parameters: { resource: 'sms', operation: 'send', serviceId: smsService(), phone: '={{ $json.phone }}', content: 'Shipped' },
			account: account(),
			input: [{ phone: '0912000181' }],
			continueOnFail: true,
		});
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		expect(run.items).toHaveLength(1);
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
		expect(String(run.items[0].json.error)).toBe(
			'The platform may have applied this POST /api/v1/sms: the platform answered ok, but without "ticket" (its keys: code). It was not sent again, so that it cannot be done twice.',
		);
		// n8n keeps only the message in the item's JSON (normalizeNodeErrors); the description is on its error.
		expect(run.items[0].error?.description).toContain('Look in the platform for the record created by /api/v1/sms with phone 0912000181, message "Shipped"');
	});
});

describe('credential test', () => {
	test('a 200 ok without the agents list is an error, not "Connection successful!"', async () => {
		strip = { path: '/acme/api/v1/agents', root: 'agents' };
		const result = await testCredentials(account());
		answeredWithRecords('/acme/api/v1/agents', 'agents');
		expect(result.status).toBe('Error');
		expect(result.message).toContain('The answer of GET /api/v1/agents lacks "agents", which should hold its records');
		expect(result.message).toContain('Its keys: code');
	});
});
