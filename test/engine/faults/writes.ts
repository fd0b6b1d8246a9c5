/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * A write's output is its record or an error saying it may have been applied, and a write is sent
 * again only when its connection was never made, through n8n's engine against the fake platform.
 * Registered by token.test.ts (one n8n load for the folder's runner), with a fake of its own.
 */
import { FakePlatform } from '../../../tools/fake-platform';
import { clockedNow, useTestClock } from '../helpers/clock';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { changedJson, useAnswerFront } from '../helpers/answer-front';
import { accountOf, jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

describe('a write answered without its record, or redirected', () => {
	/**
	 * A write's output is its record or an error saying it
	 * may have been applied; an answer without its records is never an empty list.
	 *
	 * A PHP API (which the platform is: `numFound`, `code: ok`) encodes an empty associative array as
	 * `[]`, not `{}`. A front in this file forwards every request to the fake platform and replaces
	 * the root of the answers of one path with `[]`: the work was done, the record is not shown.
	 * Expected (docs/api.md, docs/guarantees.md#what-the-node-does-for-you "A write whose answer lacks its record … is not sent again; a create
	 * is looked up"): the record, or an error. A test that FAILS here shows the node returning
	 * nothing at all, with no error.
	 */
	describe('a write answered without its record', () => {
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

		describe('a write answered {"code":"ok","ticket":[]} (PHP\'s empty object)', () => {
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

		describe('a write answered {"code":"ok","ticket":{}}', () => {
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

		describe('a read of one record answered {"code":"ok","ticket":[]}', () => {
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
	});

	describe('a write answered with a redirect whose follow-up connection is refused', () => {
		/**
		 * A write is sent again only when the connection was never
		 * established. classify.ts judges that from the error's code alone (ECONNREFUSED, ENOTFOUND …).
		 * n8n's HTTP client follows redirects; a POST answered `303 See Other` (Post/Redirect/Get: the
		 * POST WAS carried out) is followed by a GET to the Location. When THAT connection is refused,
		 * the error says ECONNREFUSED / syscall connect, though the POST itself reached the platform and
		 * was applied. A front (answer-front.ts) forwards every request to the fake platform; the answer to
		 * POST /api/v1/tickets becomes a 303 to an address where nothing listens (a load balancer
		 * pointing at a host being replaced). A test that FAILS here shows a second ticket.
		 */


		let platform: FakePlatform;

		useFakePlatform((started) => (platform = started));

		/** An address where nothing listens: the connection is refused. */
		let deadUrl: string;

		beforeAll(async () => {
			const probe = createServer();
			await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
			deadUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
			await new Promise<void>((resolve) => probe.close(() => resolve()));
		});

		/** Which write is answered 303, and the Location it gets. */
		let redirected: { method: string; location: (path: string) => string };
		beforeEach(() => (redirected = { method: 'POST', location: (path) => `${deadUrl}${path}/latest` }));

		const frontUrl = useAnswerFront(
			() => platform,
			(answer) =>
				answer.method === redirected.method && answer.path.startsWith('/acme/api/v1/tickets') && answer.status === 200
					? { status: 303, headers: { location: redirected.location(answer.path) }, body: '' }
					: undefined,
		);

		describe('a create answered 303 to an address that refuses the connection', () => {
			test('Ticket → Create: the platform holds exactly one new ticket, and the POST was sent once', async () => {
				const before = platform.store.tickets.length;
				const run = await runNode({
					parameters: { resource: 'ticket', operation: 'create', phone: '0912000181', subject: 'Redirected create', simplify: false },
					account: accountOf(platform, { baseUrl: frontUrl() }),
				});
				expect({
					posts: platform.requests({ method: 'POST' }).length,
					created: platform.store.tickets.length - before,
					error: run.error?.message,
				}).toEqual({ posts: 1, created: 1, error: run.error?.message });
			});
		});

		describe('an update answered 303 with a Location that is not a valid URL', () => {
			test.each(['http://exa mple.com/api/v1/tickets', 'https://[::1/api', 'https://host:99999/'])(
				'Ticket → Update, Location %j: an error that names the unusable address (never a bare "Invalid URL"), the PUT sent once',
				async (location) => {
					redirected = { method: 'PUT', location: () => location };
					const ticket = platform.store.tickets.find((candidate) => candidate.ticket_status === 'open')!;
					const run = await runNode({
						parameters: { resource: 'ticket', operation: 'update', ticketId: String(ticket.ticket_id), commentBody: 'Redirected update', commentAuthorId: 1003, simplify: false },
						account: accountOf(platform, { baseUrl: frontUrl() }),
					});
					expect(run.error?.message).toMatch(
						/^The platform may have applied this PUT \/api\/v1\/tickets\/\d+: HTTP 303 See Other from http:\/\/127\.0\.0\.1:\d+, a redirect to an unusable address \(its Location header is not a valid URL\), not followed/,
					);
					expect(platform.requests({ method: 'PUT' })).toHaveLength(1);
				},
			);
		});
	});
});
