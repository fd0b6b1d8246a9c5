import type { INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CONTACT } from '../../api/endpoints';
import { checked } from '../../checks/declared';
import { PHONE_FORMS_HELP } from '../../checks/phone';
import { labelledOutputOf } from '../../customFields/labels';
import { simplifyProperty } from '../../description/properties';
import { operation } from '../../engine/operation';
import { classified } from '../../transport';
import { contactByPhone } from './lookup';

const show = { resource: ['contact'], operation: ['findByPhone'] };

export const findContactByPhoneFields: INodeProperties[] = [
	checked(
		{
			displayName: 'Phone',
			name: 'phone',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 0901234567',
			description: `The phone of the customer to find (any of a contact's three phones); ${PHONE_FORMS_HELP}`,
			displayOptions: { show },
			routing: { send: { type: 'query', property: 'phoneNo' } },
		},
		{ phone: true, required: true },
	),
	{
		displayName: 'If Not Found',
		name: 'ifNotFound',
		type: 'options',
		default: 'empty',
		displayOptions: { show },
		description: 'What the item gives when no contact has this phone',
		options: [
			{
				name: 'Return Nothing',
				value: 'empty',
				description: 'No output item for it; turn on "Always Output Data" in the node settings to go on with an empty item',
			},
			{ name: 'Fail the Item', value: 'error', description: 'An error, which Continue On Fail turns into an error item' },
		],
	},
	simplifyProperty('contact', ['findByPhone']),
];

export const findContactByPhone = operation(
	{
		name: 'Find by Phone',
		value: 'findByPhone',
		action: 'Find a contact by phone',
		description:
			'Find the customer who has a phone number (any of their three phones, written in any common form): name, e-mails, phones, organization and custom fields; returns nothing when no one has it',
	},
	CONTACT.byPhone,
	{
		fields: findContactByPhoneFields,
		simplify: 'contact',
		...labelledOutputOf('contactFieldDefinitions'),
		async answer(request, item) {
			const phone = String(request.qs?.phoneNo);
			const contact = await contactByPhone(this, phone, item);
			if (contact) return [contact];
			if (this.getNodeParameter('ifNotFound', 'empty') !== 'error') return [];
			throw new NodeOperationError(
				this.getNode(),
				`No contact has the phone ${phone} [item ${item.itemIndex}]`,
				classified(
					{
						itemIndex: item.itemIndex,
						description: `GET ${CONTACT.byPhone.path}?phoneNo=${phone} answered "Not found user". The phone was sent as the national number; "If Not Found" → "Return Nothing" gives no item instead.`,
					},
					{ cause: 'configuration-invalid' },
				),
			);
		},
	},
);
