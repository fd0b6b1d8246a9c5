import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { createTicket, createTicketFields } from './create';
import { getTicket, getTicketFields } from './get';
import { getAllTickets, getAllTicketsFields } from './getAll';
import { updateTicket, updateTicketFields } from './update';

export const ticketDescription: INodeProperties[] = [
	operationSelector('ticket', [createTicket, getTicket, getAllTickets, updateTicket], 'create'),
	...createTicketFields,
	...getTicketFields,
	...getAllTicketsFields,
	...updateTicketFields,
];
