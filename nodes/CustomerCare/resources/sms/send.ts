import type { INodeProperties } from 'n8n-workflow';

import { SMS } from '../../api/endpoints';
import { collection, dynamicOptions } from '../../description/properties';
import { operation } from '../../engine/operation';
import { checked, RECORD_ID } from '../../checks/declared';

/** The API's limit on SMS text (docs/api.md#limits). */
export const SMS_MAX_LENGTH = 1000;

const show = { resource: ['sms'], operation: ['send'] };

export const sendSmsFields: INodeProperties[] = [
	checked(
		dynamicOptions(
			'SMS Service',
			'serviceId',
			'getSmsServices',
			'The integrated SMS service that sends the message',
			{
				required: true,
				displayOptions: { show },
				routing: { send: { type: 'body', property: 'sms.service_id' } },
			},
		),
		{ required: true },
	),
	checked(
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
		{ required: true, text: true },
	),
	checked(
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
		{ required: true, text: true, maxLength: SMS_MAX_LENGTH },
	),
	collection('additionalFields', show, [
		checked(
			{
				displayName: 'Ticket ID',
				name: 'ticket_id',
				type: 'string',
				default: '',
				description: 'Log the SMS on this existing ticket (its ticket_id) instead of a new one',
				routing: { send: { type: 'body', property: 'sms.ticket_id' } },
			},
			{ ...RECORD_ID, required: false },
		),
	]),
];

export const sendSms = operation(
	{
		name: 'Send',
		value: 'send',
		action: 'Send an SMS',
		description:
			'Send a text message (up to 1000 characters) to a phone number through an SMS service of the account; the message is logged on a new ticket, or on an existing ticket when a Ticket ID is given, and that ticket is returned',
	},
	SMS.send,
	{ fields: sendSmsFields },
);
