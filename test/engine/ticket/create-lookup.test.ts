// @modes: backoff
/**
 * A write's output is ITS record, or an error saying it may have
 * been applied and what to look for. After a create's answer was lost, engine/createLookup.ts
 * lists the records created from 10 s before the send and returns the one with the same subject
 * and requester. Here the create never reached the platform's work (the connection dropped before
 * it was carried out: the fake platform's `drop`), and a moment before, someone else (the same
 * customer writing twice, another workflow) created a ticket with the same subject and phone.
 * A test that FAILS here shows the node returning that other ticket as the one it created.
 */
import { FakePlatform } from '../../../tools/fake-platform';
import { clockedNow, useTestClock } from '../helpers/clock';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, jsonOf, runNode } from '../../../tools/engine-harness/harness';

let platform: FakePlatform;

useTestClock();
useFakePlatform((started) => (platform = started), { now: clockedNow });

describe('the create lookup after a lost answer', () => {
	test('Ticket → Create dropped before it was carried out: the output is not someone else\'s ticket of 3 s before', async () => {
		const theirs = platform.store.createTicket({ ticket_subject: 'Where is my order?', phone: '0912000180' }, Date.now() - 3000);
		platform.inject({ kind: 'drop', method: 'POST', path: '/api/v1/tickets', times: 1 });
		const before = platform.store.tickets.length;
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', phone: '0912000180', subject: 'Where is my order?', simplify: false },
			account: account(),
		});
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
		expect(platform.store.tickets.length).toBe(before); // nothing of ours was created
		// The promise: our record, or an error saying it may have been applied. There is no record of ours.
		expect({ error: run.error?.message, ids: jsonOf(run).map((item) => item.ticket_id) }).toEqual({
			error: expect.stringMatching(/may have applied/) as string,
			ids: [],
		});
		expect(theirs.ticket_id).toBeGreaterThan(0);
	});
});

const account = () => accountOf(platform);
