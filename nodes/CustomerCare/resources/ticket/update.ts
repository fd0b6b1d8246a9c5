import type { INodeProperties } from 'n8n-workflow';

import { optionsOf, TICKET_PRIORITIES_UPDATE, TICKET_STATUSES_WRITE } from '../../shared/constants';
import { customFieldProperties, sendCustomFields } from '../../shared/customFieldInput';
import { commentFields, dynamicOptions, recordIdProperty } from '../../shared/descriptions';
import { validateRequest } from '../../shared/validation';
import { operation } from '../../transport/declarative';

export const updateTicket = operation(
	{
		name: 'Update',
		value: 'update',
		action: 'Update a ticket',
		description:
			'Add a comment to a ticket and change its status, priority, assignee, subject or custom fields; solving a parent can solve its child tickets',
	},
	{ method: 'PUT', path: '=/api/v1/tickets/{{encodeURIComponent(String($parameter.ticketId).trim())}}' },
	{ rootProperty: 'ticket', fields: () => updateTicketFields },
	{
		preSend: [
			validateRequest([
				{ path: 'ticket.ticket_comment.body', label: 'Comment', required: true },
				{ path: 'ticket.ticket_comment.author_id', label: 'Comment Author', required: true, integer: true },
				{ path: 'ticket.ticket_subject', label: 'Subject', maxLength: 255 },
				{ path: 'ticket.ticket_status', label: 'Status', oneOf: TICKET_STATUSES_WRITE },
				{ path: 'ticket.ticket_priority', label: 'Priority', oneOf: TICKET_PRIORITIES_UPDATE },
			]),
			sendCustomFields('ticket'),
		],
	},
);

const show = { resource: ['ticket'], operation: ['update'] };

export const updateTicketFields: INodeProperties[] = [
	recordIdProperty('ticket', 'update', 'Ticket ID', 'ticketId', 'The ticket_id of the ticket to update'),
	...commentFields('ticket.ticket_comment', { show, required: true, description: 'Every update adds a comment; this is its text' }),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			dynamicOptions('Assignee', 'assignee_id', 'getAgents', 'Give the ticket to this agent', {
				routing: { send: { type: 'body', property: 'ticket.assignee_id' } },
			}),
			{
				displayName: 'Member Status ID',
				name: 'member_status_id',
				type: 'number',
				default: 0,
				description: 'Campaign status of the requester, for campaigns of v_type 1',
				routing: { send: { type: 'body', property: 'ticket.member_status_id' } },
			},
			{
				displayName: 'Priority',
				name: 'ticket_priority',
				type: 'options',
				options: optionsOf(TICKET_PRIORITIES_UPDATE),
				default: 'Normal',
				routing: { send: { type: 'body', property: 'ticket.ticket_priority' } },
			},
			{
				displayName: 'Solve Child Tickets',
				name: 'solved_incidents',
				type: 'boolean',
				default: true,
				description:
					'Whether solving this ticket also solves its unsolved child tickets. When off, solving a parent with unsolved children fails and lists them.',
				routing: { send: { type: 'body', property: 'ticket.solved_incidents' } },
			},
			{
				displayName: 'Status',
				name: 'ticket_status',
				type: 'options',
				options: optionsOf(TICKET_STATUSES_WRITE),
				default: 'open',
				routing: { send: { type: 'body', property: 'ticket.ticket_status' } },
			},
			{
				displayName: 'Subject',
				name: 'ticket_subject',
				type: 'string',
				default: '',
				routing: { send: { type: 'body', property: 'ticket.ticket_subject' } },
			},
		],
	},
	...customFieldProperties('ticket', ['update']),
];
