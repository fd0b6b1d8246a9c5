/**
 * A contact given where a request takes a customer (docs/api.md#contacts): a ticket's requester
 * and the lists' requester filter take its ID; a lead or deal is created for its phone and
 * e-mail. By ID and From List give the ID as it is; By Phone costs one lookup for an ID and none
 * where a phone is what the request takes. Each is checked before any request and resolved last
 * (engine/spec.ts `resolve`), once per item.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { getPath, setPath } from '../../checks/fieldRule';
import { normalizedPhone, notAPhone } from '../../checks/phone';
import type { ItemContext, RequestStep } from '../../engine/spec';
import { isEmpty, isPlainObject } from '../../basics/looseValues';
import { contactById, contactByPhone } from './lookup';

interface ContactParameter {
	/** The node parameter, e.g. `additionalFields.requester_id`. */
	parameter: string;
	/** What the user sees, e.g. `Requester`. */
	label: string;
}

/** How the contact was given: `phone` (By Phone) or an ID (By ID, From List, or a plain value of an earlier workflow). */
function modeOf(ctx: IExecuteSingleFunctions, parameter: string): 'phone' | 'id' {
	const given = ctx.getNodeParameter(parameter, '', { extractValue: false }) as unknown;
	return isPlainObject(given) && (given as IDataObject).mode === 'phone' ? 'phone' : 'id';
}

/** A contact ID: digits without a leading 0 (a leading 0 is a phone's, given By ID by mistake). */
const CONTACT_ID = /^[1-9]\d{0,9}$/;

function checkedId(value: unknown, { parameter, label }: ContactParameter, fail: ItemContext['fail']): number {
	const text = String(value).trim();
	if (!CONTACT_ID.test(text))
		fail(
			/^0\d{8,}$/.test(text)
				? `${label} (${parameter.split('.').pop()}) "${text}" looks like a phone, not a contact ID: give it By Phone`
				: `${label} (${parameter.split('.').pop()}) must be a contact ID, a whole number of at most 10 digits, or a phone given By Phone; got "${String(value)}"`,
		);
	return Number(text);
}

function checkedPhone(value: unknown, { parameter, label }: ContactParameter, fail: ItemContext['fail']): string {
	const phone = normalizedPhone(value);
	if (phone === undefined) fail(notAPhone(label, parameter.split('.').pop()!, value));
	return phone!;
}

/**
 * The contact whose ID a request sends at `target` (`ticket.requester_id` in the body, or
 * `requester_id` in the query), where n8n's routing put the picked value.
 */
export function contactIdSteps(
	given: ContactParameter,
	target: { in: 'body' | 'qs'; path: string },
): { check: RequestStep; resolve: RequestStep } {
	const where = (request: IHttpRequestOptions) =>
		((target.in === 'qs' ? request.qs : request.body) ?? {}) as IDataObject;
	return {
		check(this: IExecuteSingleFunctions, request: IHttpRequestOptions, { fail }: ItemContext) {
			const value = getPath(where(request), target.path);
			if (isEmpty(value)) return;
			const checked =
				modeOf(this, given.parameter) === 'phone'
					? checkedPhone(value, given, fail)
					: checkedId(value, given, fail);
			setPath(where(request), target.path, checked);
		},
		async resolve(this: IExecuteSingleFunctions, request: IHttpRequestOptions, item: ItemContext) {
			const value = getPath(where(request), target.path);
			if (isEmpty(value) || modeOf(this, given.parameter) !== 'phone') return;
			const contact = await contactByPhone(this, String(value), item);
			if (!contact)
				item.fail(`No contact has the phone ${String(value)} (${given.label}, By Phone): pick the contact from the list, or give their ID`);
			if (!CONTACT_ID.test(String(contact!.id ?? '').trim()))
				item.fail(`The contact the platform gave for the phone ${String(value)} (${given.label}, By Phone) has no usable ID (${JSON.stringify(contact!.id)}): nothing was sent`);
			setPath(where(request), target.path, Number(contact!.id));
		},
	};
}

/**
 * A lead or deal is created for a customer's phone and e-mail (docs/api.md#leads): a picked
 * contact gives them. By Phone needs no request (the phone is sent); By ID or From List reads the
 * contact once. Phone and Email typed on the node win.
 */
export function contactKeySteps(
	given: ContactParameter,
	root: 'lead' | 'deal',
): { check: RequestStep; resolve: RequestStep } {
	const recordOf = (request: IHttpRequestOptions) => {
		const body = (request.body ??= {}) as IDataObject;
		return (body[root] ??= {}) as IDataObject;
	};
	const valueOf = (ctx: IExecuteSingleFunctions) =>
		ctx.getNodeParameter(given.parameter, '', { extractValue: true }) as unknown;
	return {
		check(this: IExecuteSingleFunctions, request: IHttpRequestOptions, { fail }: ItemContext) {
			const value = valueOf(this);
			if (isEmpty(value)) return;
			if (modeOf(this, given.parameter) === 'id') {
				checkedId(value, given, fail);
				return;
			}
			const phone = checkedPhone(value, given, fail);
			const record = recordOf(request);
			if (isEmpty(record.phone)) record.phone = phone;
		},
		async resolve(this: IExecuteSingleFunctions, request: IHttpRequestOptions, item: ItemContext) {
			const value = valueOf(this);
			const record = recordOf(request);
			if (isEmpty(value) || modeOf(this, given.parameter) !== 'id') return;
			if (!isEmpty(record.phone) && !isEmpty(record.email)) return;
			const contact = await contactById(this, String(value).trim(), item);
			if (isEmpty(record.phone) && !isEmpty(contact.phone_no)) record.phone = contact.phone_no;
			if (isEmpty(record.email) && !isEmpty(contact.email)) record.email = contact.email;
			if (isEmpty(record.phone) && isEmpty(record.email))
				item.fail(`Contact ${String(value).trim()} (${given.label}) has neither a phone nor an e-mail, which a ${root} needs to find its customer`);
		},
	};
}

/** The Requester filter of the Get Many lists (tickets, leads, deals): the query's `requester_id`. */
export const requesterFilterSteps = contactIdSteps(
	{ parameter: 'filters.requester_id', label: 'Requester' },
	{ in: 'qs', path: 'requester_id' },
);
