import type { INodeProperties } from 'n8n-workflow';

import { dynamicOptions } from '../../shared/descriptions';
import { validateRequest } from '../../shared/validation';
import { operation } from '../../transport/declarative';

/** The API's limit on SMS text (docs/api.md#limits). */
export const SMS_MAX_LENGTH = 1000;

export const sendSms = operation(
	{
		name: 'Send',
		value: 'send',
		action: 'Send an SMS',
		description:
			'Send a text message (up to 1000 characters) to a phone number through an SMS service of the account; the message is logged on a new ticket, or on an existing ticket when a Ticket ID is given, and that ticket is returned',
	},
	{ method: 'POST', path: '/api/v1/sms' },
	{ rootProperty: 'ticket', fields: () => sendSmsFields },
	{
		preSend: [
			validateRequest([
				{ path: 'sms.service_id', label: 'SMS Service', required: true, integer: true, min: 0 },
				{ path: 'sms.phone', label: 'Phone', required: true, text: true },
				{ path: 'sms.content', label: 'Content', required: true, text: true, maxLength: SMS_MAX_LENGTH },
				{ path: 'sms.ticket_id', label: 'Ticket ID', integer: true, min: 1 },
			]),
		],
	},
);

const show = { resource: ['sms'], operation: ['send'] };

export const sendSmsFields: INodeProperties[] = [
	dynamicOptions('SMS Service', 'serviceId', 'getSmsServices', 'The integrated SMS service that sends the message', {
		required: true,
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'sms.service_id' } },
	}),
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		required: true,
		default: '',
		placeholder: '0901234567',
		displayOptions: { show },
		description: 'The recipient phone number',
		routing: { send: { type: 'body', property: 'sms.phone' } },
	},
	{
		displayName: 'Content',
		name: 'content',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		displayOptions: { show },
		description: 'The message text, up to 1000 characters',
		routing: { send: { type: 'body', property: 'sms.content' } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Ticket ID',
				name: 'ticket_id',
				type: 'string',
				default: '',
				description: 'Log the SMS on this existing ticket (its ticket_id) instead of a new one',
				routing: { send: { type: 'body', property: 'sms.ticket_id' } },
			},
		],
	},
];
