import { CONTACT } from '../../api/endpoints';
import { getRecordOperation } from '../getRecord';

export const { operation: getContact, fields: getContactFields } = getRecordOperation(
	'contact',
	'contact',
	CONTACT.get,
	{ name: 'contactId', description: 'The contact to read' },
	'Get one contact (customer) by its ID: name, e-mails, three phones, gender, organization, Facebook IDs and custom fields',
);
