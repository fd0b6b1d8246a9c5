import type { INodeProperties } from 'n8n-workflow';

import { simplifyRecords } from '../../shared/customFields';
import { recordIdProperty, simplifyProperty } from '../../shared/descriptions';
import { operation } from '../../transport/declarative';

export const getTicket = operation(
	{
		name: 'Get',
		value: 'get',
		action: 'Get a ticket',
		description: 'Get one ticket by its ID, with comments, requester, assignee, tags and custom fields',
	},
	// The spec names this endpoint only; we take its answer to be {code, ticket}.
	{ method: 'GET', path: '=/api/v1/tickets/{{encodeURIComponent(String($parameter.ticketId).trim())}}' },
	{ rootProperty: 'ticket', transform: simplifyRecords, fields: () => getTicketFields },
);

export const getTicketFields: INodeProperties[] = [
	recordIdProperty('ticket', 'get', 'Ticket ID', 'ticketId', 'The ticket_id of the ticket'),
	simplifyProperty('ticket', ['get']),
];
