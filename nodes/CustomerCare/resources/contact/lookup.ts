/**
 * The contact reads the other operations build on (docs/api.md#contacts): a contact by phone,
 * where "no one has it" is an answer (a 200 `Not found user`), and a create whose answer is a
 * contact, the contact that already has the phone, or lost.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { CONTACT, CONTACT_ANSWERS } from '../../api/endpoints';
import type { ItemContext } from '../../engine/spec';
import { extraDataOf, isFailureCode, messageOf } from '../../transport/answerMessage';
import { missingRootError, writeWithoutRootError } from '../../transport/answerShape';
import { FOUND_AFTER_LOST_ANSWER } from '../../transport/createLookup';
import { isPlainObject } from '../../transport/looseValues';
import {
	customerCareRequest,
	type Account,
	type TransportContext,
} from '../../transport/request';
import { UnconfirmedWriteError } from '../../transport/unansweredErrors';

const isRecord = (value: unknown): value is IDataObject =>
	isPlainObject(value) && Object.keys(value).length > 0;

const saying = (message: string) => (_status: number, body: IDataObject | undefined) =>
	isFailureCode(body?.code) && messageOf(body) === message;

/** The contact one of whose three phones is `phone` (national digits), or undefined. */
export async function contactByPhone(
	ctx: TransportContext,
	phone: string,
	item: { itemIndex?: number; account: Account },
): Promise<IDataObject | undefined> {
	const request = {
		method: CONTACT.byPhone.method,
		path: CONTACT.byPhone.path,
		qs: { phoneNo: phone },
		itemIndex: item.itemIndex,
		account: item.account,
		refusalIsResult: saying(CONTACT_ANSWERS.notFound),
	};
	const answer = await customerCareRequest.call(ctx, request);
	if (isFailureCode(answer.code)) return undefined;
	const contact = answer[CONTACT.byPhone.rootProperty];
	if (!isRecord(contact))
		throw missingRootError(ctx.getNode(), answer, { ...request, root: CONTACT.byPhone.rootProperty });
	return contact;
}

/** A contact by its ID (the duplicate a create was refused for, a picked customer). */
export async function contactById(
	ctx: TransportContext,
	id: string,
	item: { itemIndex?: number; account: Account },
): Promise<IDataObject> {
	const path = CONTACT.get.path.replace('{id}', encodeURIComponent(id));
	const answer = await customerCareRequest.call(ctx, {
		method: CONTACT.get.method,
		path,
		itemIndex: item.itemIndex,
		account: item.account,
		record: { resource: 'contact', id },
	});
	const contact = answer[CONTACT.get.rootProperty];
	if (!isRecord(contact))
		throw missingRootError(ctx.getNode(), answer, {
			method: 'GET',
			path,
			itemIndex: item.itemIndex,
			root: CONTACT.get.rootProperty,
		});
	return contact;
}

/** The output flag: the contact existed before this item (Find or Create). */
export const FOUND = 'found';

export type CreateRequest = {
	method: 'POST';
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
};

/**
 * Sends a contact create once (never again: a write). What comes back:
 * - the created contact;
 * - with `duplicates: 'existing'`, the contact that already has the phone (`found: true`), read
 *   by the `duplicate_id` the refusal names; otherwise the refusal is the item's error;
 * - when the answer was lost, the contact that has the phone now, marked `foundAfterLostAnswer`
 *   (it is there, whoever created it); with no phone to look for, or no one found, the error
 *   that says the create may have happened.
 */
export async function createContact(
	ctx: IExecuteSingleFunctions,
	request: CreateRequest,
	item: ItemContext,
	duplicates: 'existing' | 'error',
): Promise<IDataObject> {
	const sentAt = Date.now();
	const sent = ((request.body ?? {}).contact ?? {}) as IDataObject;
	const phone = typeof sent.phone_no === 'string' ? sent.phone_no : undefined;
	const root = CONTACT.create.rootProperty;

	let lost: UnconfirmedWriteError | undefined;
	const answer = await customerCareRequest
		.call(ctx, {
			...request,
			itemIndex: item.itemIndex,
			account: item.account,
			refusalIsResult:
				duplicates === 'existing' ? saying(CONTACT_ANSWERS.duplicatePhone) : undefined,
		})
		.catch(async (error: unknown) => {
			if (!(error instanceof UnconfirmedWriteError)) return await Promise.reject(error);
			lost = error;
			return undefined;
		});
	if (!answer) return await foundAfterLostAnswer(ctx, phone, item, lost!);
	if (isFailureCode(answer.code)) {
		const duplicateId = extraDataOf(answer).extra.duplicate_id;
		if (duplicateId === undefined || duplicateId === null || String(duplicateId).trim() === '') {
			// The refusal names no contact: the one that has the phone is read by it.
			const existing = phone === undefined ? undefined : await contactByPhone(ctx, phone, item);
			if (existing) return { ...existing, [FOUND]: true };
			throw missingRootError(ctx.getNode(), answer, { ...request, root: 'extra_data.duplicate_id' });
		}
		return { ...(await contactById(ctx, String(duplicateId), item)), [FOUND]: true };
	}
	if (isRecord(answer[root])) return answer[root];
	// It was written, but the answer does not show it: never sent again, looked up by phone.
	const unread = writeWithoutRootError(
		ctx.getNode(),
		answer,
		{ ...request, itemIndex: item.itemIndex, root },
		{ at: sentAt, host: item.account.baseUrl },
	);
	return await foundAfterLostAnswer(ctx, phone, item, unread);
}

async function foundAfterLostAnswer(
	ctx: IExecuteSingleFunctions,
	phone: string | undefined,
	item: ItemContext,
	lost: UnconfirmedWriteError,
): Promise<IDataObject> {
	if (phone === undefined) throw lost;
	let finding: string;
	try {
		const contact = await contactByPhone(ctx, phone, item);
		if (contact) return { ...contact, [FOUND_AFTER_LOST_ANSWER]: true };
		finding = `A search by its phone ${phone} found no contact: it was probably not created.`;
	} catch (error) {
		finding = `Looking it up by its phone ${phone} failed too: ${(error as Error).message}`;
	}
	throw new UnconfirmedWriteError(ctx.getNode(), lost.write, item.itemIndex, finding);
}
