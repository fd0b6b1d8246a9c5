/** Ticket → Update: registered by ticket.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { resetThrottles } from '../../../nodes/CustomerCare/transport/rate/throttle';
import { accountOf, jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, choice } from './helpers/context';

describe('Ticket → Update', () => {
	test('sends the comment, the changed fields and custom fields', async () => {
		const ticket = platform.store.tickets.find((candidate) => candidate.ticket_status === 'open' && candidate.incident_id === null && platform.store.unsolvedChildren(candidate.ticket_id).length === 0)!;
		const comments = ticket.comments.length;
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'update', simplify: false,
				ticketId: String(ticket.ticket_id),
				commentBody: 'Replacement sent.',
				commentAuthorId: 1003,
				commentIsPublic: true,
				updateFields: { ticket_status: 'pending', ticket_priority: 'High', ticket_subject: 'Replacement on its way' },
				customFieldsJson: { 'Care stage': 'DONE' },
			},
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const puts = platform.requests({ method: 'PUT' });
		expect(puts).toHaveLength(1);
		expect(puts[0].path).toBe(`/acme/api/v1/tickets/${ticket.ticket_id}`);
		expect(puts[0].body).toEqual({
			ticket: {
				ticket_comment: { body: 'Replacement sent.', author_id: 1003, is_public: 1 },
				ticket_status: 'pending',
				ticket_priority: 'High',
				ticket_subject: 'Replacement on its way',
				custom_fields: [{ id: 309, value: choice('Care stage', 'Done') }],
			},
		});
		expect(jsonOf(run)).toEqual([(puts[0].response as { ticket: IDataObject }).ticket]);
		expect(ticket.ticket_status).toBe('pending');
		expect(ticket.comments).toHaveLength(comments + 1);
		expect(ticket.custom_fields).toContainEqual({ id: 309, value: choice('Care stage', 'Done') });
	});

	test('the comment is required: a clear error and no request', async () => {
		const run = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'update',
				ticketId: String(platform.store.tickets[0].ticket_id),
				commentBody: '={{ "" }}',
				commentAuthorId: 1003,
			},
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe('Comment (body) is required [item 0]');
		expect(platform.requests()).toHaveLength(0);
	});

	test('solving a parent with unsolved children and Solve Child Tickets off: the API message and the child IDs', async () => {
		const parent = platform.store.tickets.find((candidate) => platform.store.unsolvedChildren(candidate.ticket_id).length > 0)!;
		const children = platform.store.unsolvedChildren(parent.ticket_id).map((child) => child.ticket_id);
		const status = parent.ticket_status;
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
		expect((platform.requests({ method: 'PUT' })[0].body as { ticket: IDataObject }).ticket).toMatchObject({
			ticket_status: 'solved',
			solved_incidents: false,
		});
		expect(run.error?.message).toBe('unsolved_incidents_ticket');
		expect(run.error?.httpCode).toBe('400');
		for (const id of children) expect(run.error?.description).toContain(String(id));
		expect(parent.ticket_status).toBe(status);

		platform.clearLog();
		resetThrottles();
		const solveAll = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'update',
				ticketId: String(parent.ticket_id),
				commentBody: 'Closing the incident and its children.',
				commentAuthorId: 1002,
				updateFields: { ticket_status: 'solved', solved_incidents: true },
			},
			account: accountOf(platform),
		});
		expect(solveAll.error).toBeUndefined();
		expect(parent.ticket_status).toBe('solved');
		expect(platform.store.unsolvedChildren(parent.ticket_id)).toHaveLength(0);
	});

	test('a ticket that does not exist: the API message', async () => {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'update', ticketId: '999999', commentBody: 'Hello', commentAuthorId: 1002 },
			account: accountOf(platform),
		});
		expect(run.error?.message).toBe('Ticket is not exist');
		expect(run.error?.httpCode).toBe('400');
	});
});
