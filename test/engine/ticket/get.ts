/** Ticket → Get: registered by ticket.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { accountOf, jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { ACCOUNT_ZONE, expectReadable } from '../helpers/readable';
import { platform, apiRequests } from './helpers/context';

describe('Ticket → Get', () => {
	const withChoices = () =>
		platform.store.tickets.find(
			(ticket) =>
				ticket.custom_fields.some((value) => value.id === 306 && Array.isArray(value.value) && value.value.length > 0) &&
				ticket.custom_fields.some((value) => value.id === 305),
		)!;

	test('GET /api/v1/tickets/{id}; Simplify maps custom field IDs and choices to labels', async () => {
		const ticket = withChoices();
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: String(ticket.ticket_id) },
			account: accountOf(platform, { timeZone: ACCOUNT_ZONE }),
		});
		expect(run.error).toBeUndefined();
		const gets = apiRequests();
		expect(gets).toHaveLength(1);
		expect(gets[0].method).toBe('GET');
		expect(gets[0].path).toBe(`/acme/api/v1/tickets/${ticket.ticket_id}`);

		const raw = (gets[0].response as { ticket: IDataObject }).ticket;
		const expected: IDataObject = {};
		// The real platform lists every field on a ticket, unset ones as null (../shared/real-platform.md §2.3).
		const shown = platform.platform === 'real'
			? platform.store.ticketFields.map((definition) => ticket.custom_fields.find((value) => value.id === definition.custom_field_id) ?? { id: definition.custom_field_id, value: null })
			: ticket.custom_fields;
		for (const value of shown) {
			const definition = platform.store.ticketFields.find((candidate) => candidate.custom_field_id === value.id)!;
			const label = (id: unknown) => definition.values?.find((entry) => entry.id === id)?.lable;
			expected[definition.custom_field_lable] = value.value === null
				? null
				: Array.isArray(value.value)
					? value.value.map(label)
					: definition.values
						? label(value.value)
						: value.value;
		}
		const output = jsonOf(run);
		expect(output).toHaveLength(1);
		expect(output[0].custom_fields).toEqual(expected);
		expect(output[0]).not.toHaveProperty('custom_filed');
		expectReadable(platform, 'ticketDetail', output[0], raw);
		expect(expected.Product).toEqual(expect.any(String));
		expect((expected['Contact channels'] as string[]).every((entry) => typeof entry === 'string')).toBe(true);
	});

	test('Simplify off returns the raw answer', async () => {
		const ticket = withChoices();
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: String(ticket.ticket_id), simplify: false },
			account: accountOf(platform),
		});
		const gets = apiRequests();
		expect(jsonOf(run)).toEqual([(gets[0].response as { ticket: IDataObject }).ticket]);
		expect(jsonOf(run)[0].custom_filed).toEqual(expect.any(Array));
	});

	test('a ticket that does not exist: named, it may have been deleted (500 real, 400 spec: not-found.test.ts)', async () => {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: '999999' },
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe('Ticket 999999 was not found: it may have been deleted, or the ID is wrong');
		expect(run.error?.httpCode).toBe(platform.platform === 'real' ? '500' : '400');
	});
});
