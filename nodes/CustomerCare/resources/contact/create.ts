import type { INodeProperties } from 'n8n-workflow';

import { CONTACT } from '../../api/endpoints';
import { customFieldProperties, sendCustomFields } from '../../customFields/input';
import { labelledOutputOf } from '../../customFields/labels';
import { alphabetical, collection, simplifyProperty } from '../../description/properties';
import { operation } from '../../engine/operation';
import { contactField, contactOptions, phoneHelp, requirePhoneOrEmail } from './fields';
import { createContact } from './lookup';

/** Name, phone and e-mail first: what a contact is known by (Create and Find or Create). */
export function contactKeyFields(operationName: string, phoneRequired: boolean): INodeProperties[] {
	const show = { resource: ['contact'], operation: [operationName] };
	return [
		contactField(
			'Phone',
			'phone_no',
			phoneHelp(
				phoneRequired
					? 'The phone the contact is found by, or created with'
					: 'The contact\'s phone (no other contact may have it); Phone or Email is required',
			),
			'phone',
			{ displayOptions: { show }, placeholder: 'e.g. 0901234567', required: phoneRequired },
		),
		contactField('Name', 'username', 'The contact\'s name', 'text', { displayOptions: { show } }),
		contactField(
			'Email',
			'email',
			phoneRequired ? 'The contact\'s e-mail, for a new contact' : 'The contact\'s e-mail; Phone or Email is required',
			'email',
			{ displayOptions: { show }, placeholder: 'name@email.com' },
		),
	];
}

/** The fields a new contact is created with: keys, optional fields, custom fields, Simplify. */
export function newContactFields(operationName: string, phoneRequired: boolean): INodeProperties[] {
	return [
		...contactKeyFields(operationName, phoneRequired),
		collection(
			'additionalFields',
			{ resource: ['contact'], operation: [operationName] },
			alphabetical(contactOptions()),
		),
		...customFieldProperties('contact', [operationName], 'contacts'),
		simplifyProperty('contact', [operationName]),
	];
}

export const createContactFields = newContactFields('create', false);

export const createContactOperation = operation(
	{
		name: 'Create',
		value: 'create',
		action: 'Create a contact',
		description:
			'Create a contact (customer) with name, phones, e-mails, organization and custom fields; a phone another contact has is refused with that contact\'s ID (Find or Create returns it instead)',
	},
	CONTACT.create,
	{
		fields: createContactFields,
		simplify: 'contact',
		checks: [requirePhoneOrEmail],
		definitionSteps: [sendCustomFields('contact', 'contactFieldDefinitions')],
		...labelledOutputOf('contactFieldDefinitions'),
		async answer(request, item) {
			return [await createContact(this, { ...request, method: 'POST' }, item, 'error')];
		},
	},
);
