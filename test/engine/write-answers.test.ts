/**
 * Red team of issue 19, promises 2 and 5: a write's output is its record or an error saying it
 * may have been applied; an answer without its records is never an empty list.
 *
 * A PHP API (which the platform is: `numFound`, `code: ok`) encodes an empty associative array as
 * `[]`, not `{}`. A front in this file forwards every request to the fake platform and replaces
 * the root of the answers of one path with `[]`: the work was done, the record is not shown.
 * Expected (docs/api.md, docs/guarantees.md#what-the-node-does-for-you "A write whose answer lacks its record … is not sent again; a create
 * is looked up"): the record, or an error. A test that FAILS here shows the node returning
 * nothing at all, with no error.
 */

import { FakePlatform } from '../../tools/fake-platform';
import { clockedNow, useTestClock } from './helpers/clock';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { changedJson, useAnswerFront } from './helpers/answer-front';
import { accountOf, jsonOf, runNode } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

useTestClock();
useFakePlatform((started) => (platform = started), { now: clockedNow });

/** Which answers get an empty array as their root: the path (exact, with the domain), the root and the method. */
let emptyRoot: { path: string; root: string; method: string; value?: unknown } | undefined;
const frontUrl = useAnswerFront(
	() => platform,
	(answer) =>
		emptyRoot && answer.path === emptyRoot.path && answer.method === emptyRoot.method && answer.status === 200
			? { body: changedJson(answer.body, (json) => (json[emptyRoot!.root] = emptyRoot!.value ?? [])) }
			: undefined,
);

beforeEach(() => (emptyRoot = undefined));

/** How many items the node returned, and its error: `{items: 0, error: undefined}` is neither a record nor an error. */
const outcomeOf = (run: Awaited<ReturnType<typeof runNode>>) => ({ items: jsonOf(run).length, error: run.error?.message });

const account = () => accountOf(platform, { baseUrl: frontUrl(), statusUrl: `${frontUrl()}/status` });

describe('REDTEAM: a write answered {"code":"ok","ticket":[]} (PHP\'s empty object)', () => {
	test('Ticket → Create: one ticket made, and the output is that ticket or an error, never nothing', async () => {
		emptyRoot = { path: '/acme/api/v1/tickets', root: 'ticket', method: 'POST' };
		const before = platform.store.tickets.length;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', phone: '0912000178', subject: 'Empty-array root', simplify: false },
			account: account(),
		});
		expect(platform.store.tickets.length).toBe(before + 1);
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		// The promise: the record (looked up) or an error saying it may have been applied.
		expect(outcomeOf(run)).not.toEqual({ items: 0, error: undefined });
	});

	test('Ticket → Update: the output is the ticket or an error, never nothing', async () => {
		const ticket = platform.store.tickets.find((candidate) => candidate.ticket_status === 'open')!;
		emptyRoot = { path: `/acme/api/v1/tickets/${ticket.ticket_id}`, root: 'ticket', method: 'PUT' };
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'update', ticketId: String(ticket.ticket_id), commentBody: 'Checked.', commentAuthorId: 1003, updateFields: { ticket_subject: 'Changed' }, simplify: false },
			account: account(),
		});
		expect(platform.requests({ method: 'PUT' })).toHaveLength(1);
		expect(outcomeOf(run)).not.toEqual({ items: 0, error: undefined });
	});
});

describe('REDTEAM: a write answered {"code":"ok","ticket":{}}', () => {
	test('Ticket → Create: the output is the ticket (with its ticket_id) or an error, never one empty item', async () => {
		emptyRoot = { path: '/acme/api/v1/tickets', root: 'ticket', method: 'POST', value: {} };
		const before = platform.store.tickets.length;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', phone: '0912000179', subject: 'Empty-object root', simplify: false },
			account: account(),
		});
		expect(platform.store.tickets.length).toBe(before + 1);
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		if (!run.error) expect(jsonOf(run)).toEqual([expect.objectContaining({ ticket_id: platform.store.tickets[before].ticket_id })]);
	});
});

describe('REDTEAM: a read of one record answered {"code":"ok","ticket":[]}', () => {
	test('Ticket → Get: an error naming the keys, never an empty output', async () => {
		const ticket = platform.store.tickets[0];
		emptyRoot = { path: `/acme/api/v1/tickets/${ticket.ticket_id}`, root: 'ticket', method: 'GET' };
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: String(ticket.ticket_id), simplify: false },
			account: account(),
		});
		expect(platform.requests({ method: 'GET', path: `/acme/api/v1/tickets/${ticket.ticket_id}` }).length).toBeGreaterThan(0);
		expect(outcomeOf(run)).not.toEqual({ items: 0, error: undefined });
	});
});
