/**
 * transport/errors.ts: an error answer's details are read from `extraDataJson` (the spec) and
 * from `extra_data` (the real platform: `POST /contacts` duplicate, docs/api.md#answers-and-errors).
 */
import type { INode } from 'n8n-workflow';

import { apiError, notFoundError } from '../../nodes/CustomerCare/transport/errors';

const NODE = { id: '1', name: 'Customer Care', type: 'customerCare', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
const failure = { method: 'PUT', path: '/api/v1/tickets/7', host: 'https://api.example.com' };

describe.each(['extraDataJson', 'extra_data'])('details under %s', (key) => {
	test('the unsolved child tickets are named', () => {
		const error = apiError(NODE, { ...failure, status: 400, body: { code: 'errors', message: 'unsolved_incidents_ticket', [key]: { unsolved_incidents_ticket_id: [11, 12] } } });
		expect(error.description).toBe('The ticket has unsolved child tickets: 11, 12. Solve them first, or turn on "Solve Child Tickets" so they are solved with it.');
	});

	test('a duplicate names the existing record, and the details are kept under their key', () => {
		const body = { code: 'errors', message: 'phone_no already exist', [key]: { duplicate_id: 5840 } };
		const error = apiError(NODE, { ...failure, method: 'POST', path: '/api/v1/contacts', status: 400, body });
		expect(error.message).toBe('phone_no already exist');
		expect(error.description).toBe("POST /api/v1/contacts answered 400: phone_no already exist. The existing record's ID is 5840.");
		expect((error.errorResponse as Record<string, unknown>)[key]).toEqual({ duplicate_id: 5840 });
	});
});

test('not found: named, configuration-invalid (the node points at a record that no longer exists)', () => {
	const error = notFoundError(NODE, { resource: 'lead', id: '42' }, { method: 'GET', path: '/api/v1/lead/42', host: 'h', status: 400, body: { code: 'errors', message: 'Lead is not exist' } });
	expect(error.message).toBe('Lead 42 was not found: it may have been deleted, or the ID is wrong');
	expect(error.description).toBe('GET /api/v1/lead/42 answered 400: Lead is not exist. Check the ID; a deleted record cannot be read.');
	expect((error as unknown as { failure: unknown }).failure).toEqual({ cause: 'configuration-invalid' });
});
