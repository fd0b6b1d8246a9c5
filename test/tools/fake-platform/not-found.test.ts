/**
 * The real platform's answers to a record it does not have, and the key of an error's details
 * (docs/api.md#answers-and-errors), against the spec's reading. Both modes in one file, whatever
 * CC_FAKE_PLATFORM says.
 */
import type { FakePlatform, FakePlatformKind } from '../../../tools/fake-platform';
import { client, expectError, startPlatform } from './helpers';

describe.each<FakePlatformKind>(['real', 'spec'])('%s platform', (kind) => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	beforeAll(async () => {
		platform = await startPlatform({ platform: kind });
		api = client(platform);
	});
	afterAll(() => platform.close());

	it('Ticket Get of an unknown id: 500 on the real platform (R1 getter.py:176-180), 400 in the spec', async () => {
		const expected = kind === 'real' ? [500, 'Internal Server Error'] : [400, 'Ticket is not exist'];
		expectError(await api.get('/api/v1/tickets/1'), expected[0] as number, expected[1] as string);
		const known = platform.store.tickets[0].ticket_id;
		expect((await api.get(`/api/v1/tickets/${known}`)).status).toBe(200);
	});

	it('Lead and Deal Get of an unknown id: 400 "is not exist" in both (no public client reads them)', async () => {
		expectError(await api.get('/api/v1/lead/1'), 400, 'Lead is not exist');
		expectError(await api.get('/api/v1/deal/1'), 400, 'Deal is not exist');
	});

	it(`an error's details come under ${kind === 'real' ? 'extra_data' : 'extraDataJson'}`, async () => {
		const parent = platform.store.tickets.find((t) => platform.store.unsolvedChildren(t.ticket_id).length > 0)!;
		const reply = await api.put(`/api/v1/tickets/${parent.ticket_id}`, {
			ticket: { ticket_comment: { body: 'note', author_id: 1001 }, ticket_status: 'solved', solved_incidents: false },
		});
		expect(reply.status).toBe(400);
		const body = reply.body as Record<string, unknown>;
		expect(Object.keys(body).sort()).toEqual(['code', kind === 'real' ? 'extra_data' : 'extraDataJson', 'message'].sort());
	});
});
