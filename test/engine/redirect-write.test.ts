/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Red team of issue 19, promise 2: a write is sent again only when the connection was never
 * established. classify.ts judges that from the error's code alone (ECONNREFUSED, ENOTFOUND …).
 * n8n's HTTP client follows redirects; a POST answered `303 See Other` (Post/Redirect/Get: the
 * POST WAS carried out) is followed by a GET to the Location. When THAT connection is refused,
 * the error says ECONNREFUSED / syscall connect, though the POST itself reached the platform and
 * was applied. A front (answer-front.ts) forwards every request to the fake platform; the answer to
 * POST /api/v1/tickets becomes a 303 to an address where nothing listens (a load balancer
 * pointing at a host being replaced). A test that FAILS here shows a second ticket.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { useAnswerFront } from './helpers/answer-front';
import { accountOf, runNode } from '../../tools/engine-harness/harness';

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

const frontUrl = useAnswerFront(
	() => platform,
	(answer) =>
		answer.method === 'POST' && answer.path === '/acme/api/v1/tickets' && answer.status === 200
			? { status: 303, headers: { location: `${deadUrl}${answer.path}/latest` }, body: '' }
			: undefined,
);

describe('REDTEAM: a create answered 303 to an address that refuses the connection', () => {
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
