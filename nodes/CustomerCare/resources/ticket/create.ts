import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { optionsOf, TICKET_PRIORITIES_CREATE, TICKET_STATUSES_WRITE } from '../../api/codes';
import { TICKET } from '../../api/endpoints';
import { customFieldProperties, sendCustomFields } from '../../customFields/input';
import {
	collection,
	dynamicOptions,
	simplifyProperty,
} from '../../description/properties';
import { operation } from '../../engine/operation';
import type { ItemContext } from '../../engine/spec';
import { checked } from '../../checks/declared';
import { memberStatusProperty } from './fields';
import { contactLocatorProperty } from '../../description/recordLocator';
import { contactIdSteps } from '../contact/requester';

const show = { resource: ['ticket'], operation: ['create'] };

export const createTicketFields: INodeProperties[] = [
	checked(
		{
			displayName: 'Subject',
			name: 'subject',
			type: 'string',
			default: '',
			displayOptions: { show },
			description: 'Ticket subject, up to 255 characters',
			routing: { send: { type: 'body', property: 'ticket.ticket_subject' } },
		},
		{ maxLength: 255 },
	),
	checked(
		{
			displayName: 'Requester Phone',
			name: 'phone',
			type: 'string',
			default: '',
			displayOptions: { show },
			description:
				"The customer's phone. Phone and e-mail identify the customer; one of them (or a Requester ID) is needed.",
			routing: { send: { type: 'body', property: 'ticket.phone' } },
		},
		{ text: true },
	),
	checked(
		{
			displayName: 'Requester Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			displayOptions: { show },
			description: "The customer's e-mail address",
			routing: { send: { type: 'body', property: 'ticket.email' } },
		},
		{ email: true },
	),
	{
		displayName: 'Comment',
		name: 'comment',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		displayOptions: { show },
		description: 'The first note of the ticket',
		routing: { send: { type: 'body', property: 'ticket.ticket_comment' } },
	},
	collection('additionalFields', show, [
		checked(
			{
				displayName: 'Address',
				name: 'address',
				type: 'string',
				default: '',
				description: 'Customer address, up to 255 characters',
				routing: { send: { type: 'body', property: 'ticket.address' } },
			},
			{ maxLength: 255 },
		),
		dynamicOptions('Assignee', 'assignee_id', 'getAgents', 'The agent who handles the ticket', {
			routing: { send: { type: 'body', property: 'ticket.assignee_id' } },
		}),
		{
			displayName: 'Campaign ID',
			name: 'campaign_id',
			type: 'number',
			description: 'The ID of the campaign the ticket belongs to',
			default: 0,
			routing: { send: { type: 'body', property: 'ticket.campaign_id' } },
		},
		checked(
			{
				displayName: 'CC Customer IDs',
				name: 'cc_user',
				type: 'string',
				default: '',
				description: 'Comma-separated IDs of customers to copy',
				routing: { send: { type: 'body', property: 'ticket.cc_user' } },
			},
			{ idList: true },
		),
		checked(
			{
				displayName: 'City ID',
				name: 'city_id',
				type: 'string',
				default: '',
				description: 'Province ID, up to 4 characters',
				routing: { send: { type: 'body', property: 'ticket.city_id' } },
			},
			{ maxLength: 4 },
		),
		{
			displayName: 'Comment Is Public',
			name: 'is_public',
			type: 'boolean',
			default: false,
			description: 'Whether the comment is a public reply (true) or an internal note (false)',
			routing: {
				send: {
					type: 'body',
					property: 'ticket.is_public',
					value: '={{$value ? 1 : 0}}',
				},
			},
		},
		checked(
			{
				displayName: 'District ID',
				name: 'district_id',
				type: 'string',
				default: '',
				description: 'District ID, up to 4 characters',
				routing: { send: { type: 'body', property: 'ticket.district_id' } },
			},
			{ maxLength: 4 },
		),
		checked(
			{
				displayName: 'Due Date',
				name: 'duedate',
				type: 'dateTime',
				description: 'When the ticket is due; sent as YYYY-MM-DD HH:mm:ss in the account time zone',
				default: '',
				routing: { send: { type: 'body', property: 'ticket.duedate' } },
			},
			{ date: 'zoneless' },
		),
		checked(
			{
				displayName: 'Follower Names or IDs',
				name: 'follow_user',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getAgents' },
				default: [],
				description:
					'Agents who follow the ticket. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				routing: { send: { type: 'body', property: 'ticket.follow_user' } },
			},
			{ idList: true },
		),
		dynamicOptions('Group', 'group_id', 'getGroups', 'The department the ticket goes to', {
			routing: { send: { type: 'body', property: 'ticket.group_id' } },
		}),
		memberStatusProperty,
		{
			displayName: 'Priority',
			name: 'ticket_priority',
			type: 'options',
			description: 'Priority of the new ticket',
			options: optionsOf(TICKET_PRIORITIES_CREATE),
			default: 'Normal',
			routing: { send: { type: 'body', property: 'ticket.ticket_priority' } },
		},
		checked(
			{
				displayName: 'Reference URL',
				name: 'ref_url',
				type: 'string',
				default: '',
				description: 'The page where the ticket originated (http:// or https://)',
				routing: { send: { type: 'body', property: 'ticket.ref_url' } },
			},
			{ url: true },
		),
		{
			...contactLocatorProperty(
				'Requester',
				'requester_id',
				'The customer, when known: picked, by ID, or by phone (one lookup); it can replace Requester Phone and Email',
			),
			routing: { send: { type: 'body', property: 'ticket.requester_id' } },
		},
		{
			displayName: 'Requester Name',
			name: 'username',
			type: 'string',
			default: '',
			description: 'Used when a new customer is created; an existing customer keeps their name',
			routing: { send: { type: 'body', property: 'ticket.username' } },
		},
		dynamicOptions(
			'Service',
			'service_id',
			'getServices',
			'The channel; the ticket is distributed to its agents',
			{
				routing: { send: { type: 'body', property: 'ticket.service_id' } },
			},
		),
		{
			displayName: 'Status',
			name: 'ticket_status',
			type: 'options',
			description: 'Status of the new ticket',
			options: optionsOf(TICKET_STATUSES_WRITE),
			default: 'new',
			routing: { send: { type: 'body', property: 'ticket.ticket_status' } },
		},
	]),
	...customFieldProperties('ticket', ['create']),
	simplifyProperty('ticket', ['create']),
];

/** The picked requester's ID, or the contact that has the phone given By Phone. */
const requester = contactIdSteps(
	{ parameter: 'additionalFields.requester_id', label: 'Requester' },
	{ in: 'body', path: 'ticket.requester_id' },
);

/** Phone and e-mail identify the customer; a known requester ID may replace them (POST /api/v1/tickets). */
function requireRequester(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
	{ fail }: ItemContext,
) {
	const ticket = ((request.body as IDataObject).ticket ?? {}) as IDataObject;
	if (!ticket.phone && !ticket.email && !ticket.requester_id) {
		fail(
			'Requester Phone (phone), Requester Email (email) or Requester (requester_id) is required to know the customer',
		);
	}
}

export const createTicket = operation(
	{
		name: 'Create',
		value: 'create',
		action: 'Create a ticket',
		description:
			'Create a ticket for a customer (found or created by phone or e-mail), optionally assigned to an agent, group or service, with custom fields; returns the new ticket with its ID',
	},
	TICKET.create,
	{
		fields: createTicketFields,
		simplify: 'ticketWritten',
		checks: [requester.check, requireRequester],
		definitionSteps: [sendCustomFields('ticket')],
		resolve: [requester.resolve],
		findCreated: {
			noun: 'ticket',
			listPath: TICKET.list.path,
			rootProperty: TICKET.list.rootProperty,
			idProperty: TICKET.list.idProperty,
			bodyKey: 'ticket',
			subjectProperty: 'ticket_subject',
		},
	},
);
