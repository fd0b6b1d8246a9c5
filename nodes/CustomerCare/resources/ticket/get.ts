import { TICKET } from '../../api/endpoints';
import { getRecordOperation } from '../getRecord';

/** The spec names this endpoint only; we take its answer to be {code, ticket}. */
export const { operation: getTicket, fields: getTicketFields } = getRecordOperation(
	'ticket',
	'ticketDetail',
	TICKET.get,
	{ name: 'ticketId', description: 'The ticket_id of the ticket' },
	'Get one ticket by its ID, with comments, requester, assignee, tags and custom fields',
);
