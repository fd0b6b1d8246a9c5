/**
 * The contact reads the other operations build on (docs/api.md#contacts): a contact by phone,
 * where "no one has it" is an answer (a 200 `Not found user`), and a create whose answer is a
 * contact, the contact that already has the phone, or lost.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CONTACT, CONTACT_ANSWERS } from '../../api/endpoints';
import type { ItemContext } from '../../engine/spec';
import {
	extraDataOf,
	isFailureCode,
	messageOf,
	missingRootError,
	writeWithoutRootError,
	customerCareRequest,
	type Account,
	type TransportContext,
	UnconfirmedWriteError,
} from '../../transport';
import { holdsPhone, storedPhoneForms } from '../../checks/phone';
import { readApiTime } from '../../basics/clock';
import { FOUND_AFTER_LOST_ANSWER } from '../../engine/createLookup';
import { isRecord } from '../../basics/looseValues';


/** A failure code whose message says this (any case; `exist` also as `exists`). */
const saying = (message: RegExp) => (_status: number, body: IDataObject | undefined) =>
	isFailureCode(body?.code) && message.test(messageOf(body));
const NOT_FOUND = new RegExp(`^${CONTACT_ANSWERS.notFound}$`, 'i');
const DUPLICATE = new RegExp(`^${CONTACT_ANSWERS.duplicatePhone}s?$`, 'i');

type Item = { itemIndex?: number; account: Account };

/**
 * The contact one of whose three phones is `phone` (national digits), or undefined. A
 * Vietnamese number is asked for as stored by this node (`0…`), then, when no one has it, as
 * another tool may have stored it (`84…`): one request when found, two when no one has it.
 */
export async function contactByPhone(
	ctx: TransportContext,
	phone: string,
	item: Item,
): Promise<IDataObject | undefined> {
	for (const form of storedPhoneForms(phone)) {
		const contact = await askByPhone(ctx, form, item);
		if (contact) return contact;
	}
	return undefined;
}

async function askByPhone(ctx: TransportContext, phone: string, item: Item) {
	const request = {
		method: CONTACT.byPhone.method,
		path: CONTACT.byPhone.path,
		qs: { phoneNo: phone },
		itemIndex: item.itemIndex,
		account: item.account,
		refusalIsResult: saying(NOT_FOUND),
	};
	const answer = await customerCareRequest.call(ctx, request);
	if (isFailureCode(answer.code)) return undefined;
	const contact = answer[CONTACT.byPhone.rootProperty];
	if (!isRecord(contact))
		throw missingRootError(ctx.getNode(), answer, { ...request, root: CONTACT.byPhone.rootProperty });
	return contact;
}

/** A contact by its ID (the duplicate a create was refused for, a picked customer). */
export async function contactById(ctx: TransportContext, id: string, item: Item): Promise<IDataObject> {
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
 * A contact stamped this long before the create was sent had the phone already: the create was
 * refused. Within it, the platform's clock and ours may differ, so the contact counts as created
 * by this item (createLookup.ts allows clocks the same margin).
 */
const EXISTED_BEFORE_MS = 60_000;

/**
 * Sends a contact create once (never again: a write). What comes back:
 * - the created contact;
 * - with `duplicates: 'existing'`, the contact that already has the phone (`found: true`), read
 *   by the `duplicate_id` the refusal names and only if it has that phone (another of the new
 *   contact's phones is the item's error); otherwise the refusal is the item's error;
 * - when the answer was lost, the contact that has the phone now: created before the send, it
 *   had the phone already (found, or Create's refusal); else marked `foundAfterLostAnswer` (it
 *   is there, whoever created it). With no phone to look for, or no one found, the error that
 *   says the create may have happened.
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
			refusalIsResult: duplicates === 'existing' ? saying(DUPLICATE) : undefined,
		})
		.catch(async (error: unknown) => {
			if (!(error instanceof UnconfirmedWriteError)) return await Promise.reject(error);
			lost = error;
			return undefined;
		});
	const written = { sentAt, phone, duplicates };
	if (!answer) return await foundAfterLostAnswer(ctx, written, item, lost!);
	if (isFailureCode(answer.code)) return await theDuplicate(ctx, answer, written, item);
	if (isRecord(answer[root])) return answer[root];
	// It was written, but the answer does not show it: never sent again, looked up by phone.
	const unread = writeWithoutRootError(
		ctx.getNode(),
		answer,
		{ ...request, itemIndex: item.itemIndex, root },
		{ at: sentAt, host: item.account.baseUrl },
	);
	return await foundAfterLostAnswer(ctx, written, item, unread);
}

interface Written {
	sentAt: number;
	/** The phone the contact is looked up by (Phone), national digits. */
	phone: string | undefined;
	duplicates: 'existing' | 'error';
}

/**
 * Find or Create's duplicate refusal: the contact it names, when that contact has the phone
 * this item looked for. A refusal for another of the new contact's phones (its Second Phone is
 * someone's) is no "found": it is the item's error.
 */
async function theDuplicate(
	ctx: IExecuteSingleFunctions,
	refusal: IDataObject,
	{ phone }: Written,
	item: ItemContext,
): Promise<IDataObject> {
	const duplicateId = extraDataOf(refusal).extra.duplicate_id;
	const existing =
		duplicateId === undefined || duplicateId === null || String(duplicateId).trim() === ''
			? phone === undefined
				? undefined
				: await contactByPhone(ctx, phone, item)
			: await contactById(ctx, String(duplicateId), item);
	if (existing && phone !== undefined && holdsPhone(existing, phone)) return { ...existing, [FOUND]: true };
	const named = existing ? `contact ${String(existing.id)}` : `contact ${String(duplicateId ?? '?')}`;
	throw new NodeOperationError(ctx.getNode(), `${messageOf(refusal)}: ${named} has one of the new contact's phones`, {
		itemIndex: item.itemIndex,
		description: `The lookup by Phone ${phone ?? ''} found no one, but the platform refused the new contact because ${named} already has one of its other phones (Second Phone or Third Phone). Nothing was created. Remove that phone, or update ${named} instead.`,
	});
}

/** Whether the contact was stamped clearly before the create was sent: it had the phone already. */
function existedBefore(contact: IDataObject, sentAt: number, item: ItemContext): boolean {
	const created = readApiTime(contact.created_at, item.account.clock);
	return created !== undefined && created < sentAt - EXISTED_BEFORE_MS;
}

async function foundAfterLostAnswer(
	ctx: IExecuteSingleFunctions,
	written: Written,
	item: ItemContext,
	lost: UnconfirmedWriteError,
): Promise<IDataObject> {
	const { phone } = written;
	if (phone === undefined) throw lost;
	let finding: string;
	let contact: IDataObject | undefined;
	try {
		contact = await contactByPhone(ctx, phone, item);
		finding = `A search by its phone ${phone} found no contact (yet): it was probably not created, unless the platform is still carrying it out.`;
	} catch (error) {
		finding = `Looking it up by its phone ${phone} failed too: ${(error as Error).message}`;
	}
	if (!contact) throw new UnconfirmedWriteError(ctx.getNode(), lost.write, item.itemIndex, finding);
	if (!existedBefore(contact, written.sentAt, item)) return { ...contact, [FOUND_AFTER_LOST_ANSWER]: true };
	// It had the phone before this create, which the platform then refused (its answer lost).
	if (written.duplicates === 'existing') return { ...contact, [FOUND]: true };
	throw new NodeOperationError(ctx.getNode(), `${CONTACT_ANSWERS.duplicatePhone}: contact ${String(contact.id)} has the phone ${phone}`, {
		itemIndex: item.itemIndex,
		description: `The create's answer was lost; contact ${String(contact.id)} had the phone ${phone} before it was sent (created ${String(contact.created_at)}), so the platform refused it. Use Find or Create to get that contact instead.`,
	});
}
