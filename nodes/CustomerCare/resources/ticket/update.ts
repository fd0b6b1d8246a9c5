import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { optionsOf, TICKET_PRIORITIES_UPDATE, TICKET_STATUSES_WRITE } from '../../api/codes';
import { pathWithId, TICKET } from '../../api/endpoints';
import { customFieldProperties, sendCustomFields } from '../../customFields/input';
import {
	collection,
	commentFields,
	dynamicOptions,
	recordIdProperty,
	simplifyProperty,
} from '../../description/properties';
import { operation } from '../../engine/operation';
import type { ItemContext } from '../../engine/spec';
import { checked } from '../../checks/declared';
import { isEmpty } from '../../basics/looseValues';
import { memberStatusProperty } from './fields';

const show = { resource: ['ticket'], operation: ['update'] };

export const updateTicketFields: INodeProperties[] = [
	recordIdProperty(
		'ticket',
		'update',
		'Ticket ID',
		'ticketId',
		'The ticket_id of the ticket to update',
	),
	...commentFields('ticket.ticket_comment', {
		show,
		required: true,
		description: 'Every update adds a comment; this is its text',
	}),
	collection('updateFields', show, [
		dynamicOptions('Assignee', 'assignee_id', 'getAgents', 'Give the ticket to this agent', {
			routing: { send: { type: 'body', property: 'ticket.assignee_id' } },
		}),
		memberStatusProperty,
		{
			displayName: 'Priority',
			name: 'ticket_priority',
			type: 'options',
			description: 'New priority of the ticket (the update endpoint has no Urgent)',
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
			description: 'New status of the ticket; solving a parent with unsolved child tickets needs Solve Child Tickets',
			options: optionsOf(TICKET_STATUSES_WRITE),
			default: 'open',
			routing: { send: { type: 'body', property: 'ticket.ticket_status' } },
		},
		checked(
			{
				displayName: 'Subject',
				name: 'ticket_subject',
				type: 'string',
				description: 'New subject, up to 255 characters',
				default: '',
				routing: { send: { type: 'body', property: 'ticket.ticket_subject' } },
			},
			{ maxLength: 255 },
		),
	]),
	...customFieldProperties('ticket', ['update']),
	simplifyProperty('ticket', ['update']),
];

/** Every update adds a comment, written by an agent (PUT /api/v1/tickets/{ticketId}). */
function requireComment(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
	{ fail }: ItemContext,
) {
	const comment = (((request.body as IDataObject).ticket ?? {}) as IDataObject).ticket_comment as
		| IDataObject
		| undefined;
	if (isEmpty(comment?.body)) fail('Comment (body) is required');
	if (isEmpty(comment?.author_id)) fail('Comment Author (author_id) is required');
}

export const updateTicket = operation(
	{
		name: 'Update',
		value: 'update',
		action: 'Update a ticket',
		description:
			'Add a comment to a ticket and change its status, priority, assignee, subject or custom fields; solving a parent can solve its child tickets; returns the updated ticket',
	},
	{ ...TICKET.update, path: pathWithId(TICKET.update, 'ticketId') },
	{
		fields: updateTicketFields,
		simplify: 'ticketWritten',
		checks: [requireComment],
		definitionSteps: [sendCustomFields('ticket')],
	},
);
