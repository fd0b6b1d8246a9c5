import type { INodeProperties } from 'n8n-workflow';

import { CONTACT, pathWithId } from '../../api/endpoints';
import { customFieldProperties, sendCustomFields } from '../../customFields/input';
import { labelledOutputOf } from '../../customFields/labels';
import {
	alphabetical,
	collection,
	recordIdProperty,
	simplifyProperty,
} from '../../description/properties';
import { operation } from '../../engine/operation';
import { contactField, contactOptions, phoneHelp } from './fields';

const show = { resource: ['contact'], operation: ['update'] };

export const updateContactFields: INodeProperties[] = [
	recordIdProperty('contact', 'update', 'Contact ID', 'contactId', 'The contact to change'),
	collection(
		'updateFields',
		show,
		alphabetical([
			contactField('Email', 'email', 'New e-mail of the contact', 'email', { placeholder: 'name@email.com' }),
			contactField('Name', 'username', 'New name of the contact'),
			contactField('Phone', 'phone_no', phoneHelp('New phone of the contact (no other contact may have it)'), 'phone'),
			...contactOptions(),
		]),
	),
	...customFieldProperties('contact', ['update'], 'contacts'),
	simplifyProperty('contact', ['update']),
];

export const updateContact = operation(
	{
		name: 'Update',
		value: 'update',
		action: 'Update a contact',
		description:
			'Change a contact\'s name, phones, e-mails, organization or custom fields (custom fields not given keep their values); returns the updated contact',
	},
	{ ...CONTACT.update, path: pathWithId(CONTACT.update, 'contactId') },
	{
		fields: updateContactFields,
		simplify: 'contact',
		definitionSteps: [sendCustomFields('contact', 'contactFieldDefinitions')],
		...labelledOutputOf('contactFieldDefinitions'),
	},
);
