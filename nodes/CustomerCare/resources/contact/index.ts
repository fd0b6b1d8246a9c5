import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { createContactFields, createContactOperation } from './create';
import { findContactByPhone, findContactByPhoneFields } from './findByPhone';
import { findOrCreateContact, findOrCreateContactFields } from './findOrCreate';
import { getContact, getContactFields } from './get';
import { getAllContacts, getAllContactsFields } from './getAll';
import { updateContact, updateContactFields } from './update';

export const contactDescription: INodeProperties[] = [
	operationSelector(
		'contact',
		[
			createContactOperation,
			findContactByPhone,
			findOrCreateContact,
			getContact,
			getAllContacts,
			updateContact,
		],
		'findByPhone',
	),
	...createContactFields,
	...findContactByPhoneFields,
	...findOrCreateContactFields,
	...getContactFields,
	...getAllContactsFields,
	...updateContactFields,
];
