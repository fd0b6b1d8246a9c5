/**
 * What Create, Update and Find or Create of a contact share (docs/api.md#contacts): the body
 * `{contact: {…}}`, each field with its check, phones in the national form.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { checked } from '../../checks/declared';
import { bodyTextProperty } from '../../description/properties';
import { PHONE_FORMS_HELP } from '../../checks/phone';
import type { ItemContext } from '../../engine/spec';
import { isEmpty } from '../../basics/looseValues';

const TEXT_LENGTH = 255;

/** A text field of the contact's body. */
export function contactField(
	displayName: string,
	name: string,
	description: string,
	kind: 'text' | 'phone' | 'email' | 'id' = 'text',
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	const property = bodyTextProperty(displayName, name, description, `contact.${name}`, extra);
	if (kind === 'phone') return checked(property, { phone: true, required: property.required });
	if (kind === 'email') return checked(property, { email: true, maxLength: TEXT_LENGTH });
	if (kind === 'id') return checked(property, { id: true, maxLength: 10 });
	return checked(property, { maxLength: TEXT_LENGTH });
}

export const phoneHelp = (what: string) => `${what}. ${PHONE_FORMS_HELP}.`;

/** The optional fields of a contact, for Additional Fields and Update Fields. */
export function contactOptions(): INodeProperties[] {
	return [
		contactField('Second Email', 'email2', 'Another e-mail address of the contact', 'email', {
			placeholder: 'name@email.com',
		}),
		contactField('Second Phone', 'phone_no2', phoneHelp('Another phone of the contact'), 'phone'),
		contactField('Third Phone', 'phone_no3', phoneHelp('A third phone of the contact'), 'phone'),
		contactField(
			'Organization ID',
			'organization_id',
			'The ID of the organization the contact belongs to',
			'id',
		),
	];
}

/** The contact object inside the body. */
export function contactOf(request: { body?: unknown }): IDataObject {
	const body = ((request.body as IDataObject | undefined) ?? {}) as IDataObject;
	return (body.contact ?? {}) as IDataObject;
}

/** A contact is found by its phone or e-mail: the platform refuses one with neither. */
export function requirePhoneOrEmail(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
	{ fail }: ItemContext,
) {
	const contact = contactOf(request);
	if (isEmpty(contact.phone_no) && isEmpty(contact.email))
		fail('Phone (phone_no) or Email (email) is required: the platform knows a contact by one of them');
}
