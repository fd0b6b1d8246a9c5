// @modes: backoff
/**
 * Not found is not an outage. The real platform answers HTTP 500 to the
 * detail of a deleted or unknown ticket (R1 `2ca7b12:components/getter.py:176-180`), as it does
 * when it is down. Through n8n's engine against the fake in its real mode: a Get of a missing
 * ticket, lead or deal ends its item with an error naming the ID, in at most 4 requests, with
 * no failover; a real outage (every request 500) is still retried and failed over. Both here,
 * so that the two are told apart. Also: details read from `extra_data`.
 */
import * as workflow from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import type { FakePlatform } from '../../../tools/fake-platform';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, jsonOf, runNode } from '../../../tools/engine-harness/harness';

let platform: FakePlatform;

// The real platform's answers, whatever CC_FAKE_PLATFORM says (the spec's 400 is injected below).
useFakePlatform((started) => (platform = started), { platform: 'real' });

const MISSING = '999999';
const withBackup = () => accountOf(platform, { backupBaseUrl: platform.backupUrl });
const failureOf = (error: unknown) => (error as { failure?: IDataObject } | undefined)?.failure;

/** The pauses the transport chose (n8n-workflow's sleep), in ms. */
let waits: number[] = [];
beforeEach(() => {
	waits = [];
	const realSleep = workflow.sleep;
	jest.spyOn(workflow as unknown as { sleep: unknown }, 'sleep', 'get').mockReturnValue(async (ms: number) => {
		// The throttle spaces requests with short sleeps too; the back-offs of retry.ts are whole seconds.
		if (ms >= 1000) waits.push(ms);
		await realSleep(ms);
	});
});
afterEach(() => jest.restoreAllMocks());

const RESOURCES = [
	{ resource: 'ticket', idName: 'ticketId', path: '/api/v1/tickets/', name: 'Ticket', existing: () => platform.store.tickets[0].ticket_id },
	{ resource: 'lead', idName: 'leadId', path: '/api/v1/lead/', name: 'Lead', existing: () => platform.store.leads[0].id },
	{ resource: 'deal', idName: 'dealId', path: '/api/v1/deal/', name: 'Deal', existing: () => platform.store.deals[0].id },
] as const;

describe.each(RESOURCES)('$name Get of a record that does not exist, answered 500 as the real platform does', (spec) => {
	beforeEach(() => {
		// The fake answers a missing ticket 500 itself (real mode); leads and deals are refused with
		// 400 there (no public client reads them), so their 500 is injected on both base URLs.
		if (spec.resource !== 'ticket') {
			platform.inject({ kind: 'status', status: 500, path: `${spec.path}${MISSING}`, target: 'any' });
		}
	});

	test('the item ends with an error naming the ID, in at most 4 requests, without failover; the next item goes on', async () => {
		const existing = String(spec.existing());
		const run = await runNode({
			parameters: { resource: spec.resource, operation: 'get', simplify: false, [spec.idName]: '={{ $json.id }}' },
			input: [{ id: MISSING }, { id: existing }],
			account: withBackup(),
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(2);
		const [missing, found] = run.items;
		expect(missing.json.error).toBe(`${spec.name} ${MISSING} was not found: it may have been deleted, or the ID is wrong`);
		expect(missing.error?.description).toContain(`GET ${spec.path}${MISSING} answered HTTP 500`);
		expect((missing.error as { httpCode?: string } | undefined)?.httpCode).toBe('500');
		expect(failureOf(missing.error)).toEqual({ cause: 'configuration-invalid' });
		expect(found.json.id ?? found.json.ticket_id).toBe(Number(existing));

		const sent = platform.requests().map((request) => [request.server, request.path.replace('/acme', ''), request.status]);
		// The items run side by side: the missing one's requests are its GETs and the probe. One
		// retry after 1 s, one probe of the same host: the platform answers, so the record is missing.
		const ofMissing = sent.filter(([, path]) => path === `${spec.path}${MISSING}` || path === '/api/v1/groups');
		expect(ofMissing).toEqual([
			['primary', `${spec.path}${MISSING}`, 500],
			['primary', `${spec.path}${MISSING}`, 500],
			['primary', '/api/v1/groups', 200],
		]);
		expect(waits).toEqual([1000]);
		// No failover: the other item's read went to the primary, and so does another execution's.
		expect(sent.filter(([, path]) => path === `${spec.path}${existing}`)).toEqual([['primary', `${spec.path}${existing}`, 200]]);
		expect(platform.requests({ server: 'backup' })).toHaveLength(0);
		platform.clearLog();
		const next = await runNode({
			parameters: { resource: spec.resource, operation: 'get', simplify: false, [spec.idName]: existing },
			account: withBackup(),
		});
		expect(next.error).toBeUndefined();
		expect(platform.requests().map((request) => request.server)).toEqual(['primary']);
	});
});

describe('the spec\'s 400 "not exist" and a 404 name the record too, in one request', () => {
	test.each([
		[400, 'Ticket is not exist'],
		[404, 'Not Found'],
	])('%i %s', async (status, message) => {
		platform.inject({ kind: 'status', status, message, path: `/api/v1/tickets/${MISSING}` });
		const run = await runNode({ parameters: { resource: 'ticket', operation: 'get', ticketId: MISSING }, account: withBackup() });
		expect(run.error?.message).toBe(`Ticket ${MISSING} was not found: it may have been deleted, or the ID is wrong`);
		expect(run.error?.description).toContain(message);
		expect(run.error?.httpCode).toBe(String(status));
		expect(platform.requests()).toHaveLength(1);
	});
});

describe('a real outage (every request of the primary 500) is still retried and failed over', () => {
	test('the probe fails too: 1 s, 2 s, 4 s on the primary, then the backup answers; later requests go to the backup first', async () => {
		platform.inject({ kind: 'status', status: 500, target: 'primary' });
		const ticket = platform.store.tickets[0];
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'get', simplify: false, ticketId: String(ticket.ticket_id) },
			account: withBackup(),
		});
		expect(run.error).toBeUndefined();
		expect(jsonOf(run)[0].ticket_id).toBe(ticket.ticket_id);
		const path = `/api/v1/tickets/${ticket.ticket_id}`;
		expect(platform.requests().map((request) => [request.server, request.path.replace('/acme', ''), request.status])).toEqual([
			['primary', path, 500],
			['primary', path, 500],
			['primary', '/api/v1/groups', 500],
			['primary', path, 500],
			['primary', path, 500],
			['backup', path, 200],
		]);
		expect(waits).toEqual([1000, 2000, 4000]);

		platform.clearLog();
		await runNode({ parameters: { resource: 'ticket', operation: 'get', simplify: false, ticketId: String(ticket.ticket_id) }, account: withBackup() });
		expect(platform.requests().map((request) => request.server)).toEqual(['backup']);
	});

	test('without a backup: the platform is reported unavailable, not the ticket missing', async () => {
		platform.inject({ kind: 'status', status: 500, target: 'primary' });
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: MISSING },
			account: accountOf(platform),
		});
		expect(run.error?.message).not.toContain('was not found');
		expect(run.error?.description).toContain('Tried 4 times');
		expect(platform.requests()).toHaveLength(5);
		expect(waits).toEqual([1000, 2000, 4000]);
	});
});

describe('error details under extra_data (the real platform) are read', () => {
	test("the unsolved child tickets of Solve without Solve Child Tickets: the IDs from extra_data", async () => {
		const parent = platform.store.tickets.find((candidate) => platform.store.unsolvedChildren(candidate.ticket_id).length > 0)!;
		const children = platform.store.unsolvedChildren(parent.ticket_id).map((child) => child.ticket_id);
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'update',
				ticketId: String(parent.ticket_id),
				commentBody: 'Closing the incident.',
				commentAuthorId: 1002,
				updateFields: { ticket_status: 'solved', solved_incidents: false },
			},
			account: accountOf(platform),
		});
		expect(Object.keys(platform.requests({ method: 'PUT' })[0].response as IDataObject)).toContain('extra_data');
		expect(run.error?.message).toBe('unsolved_incidents_ticket');
		expect(run.error?.description).toBe(
			`The ticket has unsolved child tickets: ${children.join(', ')}. Solve them first, or turn on "Solve Child Tickets" so they are solved with it.`,
		);
	});
});
