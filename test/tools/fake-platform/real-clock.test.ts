/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The fake's two clocks (docs/api.md#times). Real (the default): one local wall clock, UTC+7,
 * with a `Z` that decorates list stamps and is ignored in query values (real-platform.md §2.1
 * T-a, T-b). Spec: a `Z` is UTC. The oracles are written from those documents, not from the fake.
 */
import type { FakePlatform } from '../../../tools/fake-platform';
import { client, startPlatform } from './helpers';

describe.each(['real', 'spec'] as const)('the %s platform clock', (mode) => {
	let platform: FakePlatform;
	beforeAll(async () => {
		platform = await startPlatform({ platform: mode, timeZoneOffset: '+07:00' });
	});
	afterAll(async () => await platform.close());

	it('a ticket made at 2025-05-31 17:30:00 UTC: its list stamp and its detail', async () => {
		const api = client(platform);
		const control = async (body: unknown) =>
			await (
				await fetch(`${platform.baseUrl}/__control/tickets`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify(body),
				})
			).json();
		const created: any = await control({ ticket_subject: 'clock', phone: '0900000077', at: '2025-05-31T17:30:00Z' });
		const id = created.ticket.ticket_id;
		// 17:30 UTC is 00:30 on June 1 in UTC+7: the real list writes that wall clock with a Z.
		const listStamp = mode === 'real' ? '2025-06-01T00:30:00Z' : '2025-05-31T17:30:00Z';
		const window = mode === 'real'
			? { created_since: '2025-06-01T00:30:00Z', created_to: '2025-06-01T00:30:01Z' }
			: { created_since: '2025-05-31T17:30:00Z', created_to: '2025-05-31T17:30:01Z' };
		const listed = (await api.get('/api/v2/tickets', window)).body;
		const item = listed.tickets.find((t: { ticket_id: number }) => t.ticket_id === id);
		expect(item?.created_at).toBe(listStamp);
		// The detail is zone-less local time in both readings.
		const detail = (await api.get(`/api/v1/tickets/${id}`)).body.ticket;
		expect(detail.created_at).toBe('2025-06-01 00:30:00');
		// The window as the other reading would write it finds nothing at that second.
		const other = mode === 'real'
			? { created_since: '2025-05-31T17:30:00Z', created_to: '2025-05-31T17:30:01Z' }
			: { created_since: '2025-06-01T00:30:00Z', created_to: '2025-06-01T00:30:01Z' };
		const missed = (await api.get('/api/v2/tickets', other)).body;
		expect(missed.tickets.map((t: { ticket_id: number }) => t.ticket_id)).not.toContain(id);
	});

	it('a zone-less or offset query value means the same instant in both readings', async () => {
		const api = client(platform);
		const local = await api.get('/api/v1/calls', { start_time_since: '2025-05-25 07:00:00', start_time_to: '2025-05-26 07:00:00' });
		const offset = await api.get('/api/v1/calls', { start_time_since: '2025-05-25T07:00:00+07:00', start_time_to: '2025-05-26T07:00:00+07:00' });
		expect(offset.body).toEqual(local.body);
		const z = await api.get('/api/v1/calls', { start_time_since: '2025-05-25T07:00:00Z', start_time_to: '2025-05-26T07:00:00Z' });
		// Real: the Z is ignored, the same calls; spec: seven hours later.
		if (mode === 'real') expect(z.body).toEqual(local.body);
		else expect(z.body).not.toEqual(local.body);
	});
});
