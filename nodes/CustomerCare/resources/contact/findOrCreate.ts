import type { INodeProperties } from 'n8n-workflow';

import { CONTACT } from '../../api/endpoints';
import { sendCustomFields } from '../../customFields/input';
import { labelledOutputOf } from '../../customFields/labels';
import { operation } from '../../engine/operation';
import { newContactFields } from './create';
import { contactOf } from './fields';
import { contactByPhone, createContact, FOUND } from './lookup';

export const findOrCreateContactFields: INodeProperties[] = newContactFields('findOrCreate', true);

/**
 * Look up by phone, else create (docs/api.md#contacts). Never two contacts for one phone: the
 * platform refuses a second one with the first's ID, which is read and returned (`found:
 * true`), so two executions racing end on one contact; a create whose answer was lost is never
 * sent again but looked up by its phone.
 */
export const findOrCreateContact = operation(
	{
		name: 'Find or Create',
		value: 'findOrCreate',
		action: 'Find or create a contact',
		description:
			'Find the customer who has a phone, or create them with name, e-mail and custom fields when no one has it; the output\'s "found" tells which; never creates a second contact for a phone',
	},
	CONTACT.create,
	{
		fields: findOrCreateContactFields,
		simplify: 'contact',
		definitionSteps: [sendCustomFields('contact', 'contactFieldDefinitions')],
		...labelledOutputOf('contactFieldDefinitions'),
		async answer(request, item) {
			const phone = String(contactOf(request).phone_no);
			const existing = await contactByPhone(this, phone, item);
			if (existing) return [{ ...existing, [FOUND]: true }];
			const created = await createContact(this, { ...request, method: 'POST' }, item, 'existing');
			return [{ [FOUND]: false, ...created }];
		},
	},
);
