/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The contact endpoints, in the shapes the real platform's public clients read
 * (real-platform.md §2.2-2.5, docs/api.md#contacts); the spec names contacts and shows nothing
 * more, so both modes answer alike, except that error details go under the key of the mode
 * (`extra_data` real, `extraDataJson` spec).
 *   GET  /api/v1/contacts              updated_since/updated_to, page, count, order_by, order_type → `contacts`
 *   GET  /api/v1/contacts/{id}         → `contact`; an unknown id: 200 `{code:"errors", message:"Not found user"}`
 *   GET  /api/v1/contactsByPhone       phoneNo → `contact`, or 200 `{code:"errors", message:"Not found user"}`
 *   POST /api/v1/contacts              `{contact:{…}}` → `contact`; a phone some contact has:
 *                                      200 `{code:"errors", message:"phone_no already exist", extra_data:{duplicate_id}}`
 *   PUT  /api/v1/contacts/{id}         `{contact:{…}}` → `contact`
 */
import { z } from 'zod';

import { ApiError, mergeCustomValues, normalizeCustomFields, parse, queryTime, type ApiResult, type HandlerContext, type Route } from './handlers';
import { renderCustomItems, stampZ, type RenderContext } from './render';
import { PaginationQuery, customFieldsInput } from './schemas';
import { DuplicatePhoneError, type ContactDraft, type CustomerRec } from './store';
import { fmtLocal, parseIsoZoned, parseLocal } from './time';

export const CONTACT_MESSAGES = {
	notFound: 'Not found user',
	duplicatePhone: 'phone_no already exist',
	phoneRequired: 'Request required [phoneNo]',
} as const;

/** A list or query time: ISO 8601 with a zone, or the account's wall clock without one. */
const qTime = z.string().refine((s) => parseIsoZoned(s) !== null || parseLocal(s, 0) !== null);
const phone = z.string().regex(/^\d{6,15}$/);

export const ContactListQuery = PaginationQuery.extend({
	updated_since: qTime.optional(),
	updated_to: qTime.optional(),
	order_by: z.enum(['updated_at', 'created_at', 'id']).optional(),
	order_type: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
});
export const ContactByPhoneQuery = z.object({ phoneNo: z.string().optional() });

const ContactFields = z.object({
	username: z.string().max(255).optional(),
	email: z.string().email().max(255).nullable().optional(),
	email2: z.string().email().max(255).nullable().optional(),
	phone_no: phone.nullable().optional(),
	phone_no2: phone.nullable().optional(),
	phone_no3: phone.nullable().optional(),
	gender: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).transform(Number).nullable().optional(),
	organization_id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]).nullable().optional(),
	custom_fields: customFieldsInput.optional(),
});
const ContactBody = z.object({ contact: ContactFields });

/**
 * A failure the real platform answers in a 200 (real-platform.md §2.4, R4): the server writes the
 * envelope, its details under the mode's key (`extra_data` real, `extraDataJson` spec).
 */
const errorIn200 = (message: string, extra?: Record<string, unknown>) => new ApiError(200, message, extra);

/** A list item: `{id, created_at Z, updated_at Z, username, phone_no?}` (no phone: no key). */
export function contactListItem(ctx: RenderContext, c: CustomerRec) {
	return {
		id: c.id,
		created_at: stampZ(ctx, c.created_at),
		updated_at: stampZ(ctx, c.updated_at),
		username: c.username,
		...(c.phone_no ? { phone_no: c.phone_no } : {}),
	};
}

/** The detail (root `contact`): zone-less stamps, three phones, custom values with their labels. */
export function contactDetail(ctx: RenderContext, c: CustomerRec) {
	return {
		account_id: 1,
		id: c.id,
		username: c.username,
		email: c.email,
		email2: c.email2,
		phone_no: c.phone_no,
		phone_no2: c.phone_no2,
		phone_no3: c.phone_no3,
		facebook: null,
		gender: c.gender,
		organization_id: c.organization_id,
		created_at: fmtLocal(c.created_at, ctx.offset),
		updated_at: fmtLocal(c.updated_at, ctx.offset),
		role_id: 3,
		campaign_handler_id: null,
		custom_fields: renderCustomItems(ctx, c.custom_fields, false, ctx.store.contactFields),
		organization: null,
		psid: [],
	};
}

function draftOf(ctx: HandlerContext, input: z.output<typeof ContactFields>): ContactDraft {
	const { custom_fields: custom, ...fields } = input;
	return { ...fields, ...(custom ? { custom_fields: normalizeCustomFields(ctx.store.contactFields, custom) } : {}) };
}

function listContacts(ctx: HandlerContext, req: { query: Record<string, string> }): ApiResult {
	const q = parse(ContactListQuery, req.query);
	const since = q.updated_since === undefined ? -Infinity : (queryTime(ctx, q.updated_since) as number);
	const to = q.updated_to === undefined ? Infinity : (queryTime(ctx, q.updated_to) as number);
	const key = q.order_by ?? 'updated_at';
	const direction = q.order_type?.toLowerCase() === 'desc' ? -1 : 1;
	const matches = ctx.store.customers
		.filter((c) => c.updated_at >= since && c.updated_at <= to)
		.sort((a, b) => direction * (a[key] - b[key] || a.id - b.id));
	const page = q.page ?? 1;
	const count = q.count ?? 50;
	const shown = matches.slice((page - 1) * count, page * count);
	return { status: 200, body: { code: 'ok', numFound: matches.length, contacts: shown.map((c) => contactListItem(ctx, c)) } };
}

function contactById(ctx: HandlerContext, raw: string): CustomerRec | undefined {
	return /^\d+$/.test(raw) ? ctx.store.customer(Number(raw)) : undefined;
}

function getContact(ctx: HandlerContext, req: { params: string[] }): ApiResult {
	const contact = contactById(ctx, req.params[0]);
	if (!contact) throw errorIn200(CONTACT_MESSAGES.notFound);
	return { status: 200, body: { code: 'ok', contact: contactDetail(ctx, contact) } };
}

/** Matches the digits as the contact's phones are stored: the caller writes them so. */
function contactByPhone(ctx: HandlerContext, req: { query: Record<string, string> }): ApiResult {
	const { phoneNo } = parse(ContactByPhoneQuery, req.query);
	if (!phoneNo) throw new ApiError(400, CONTACT_MESSAGES.phoneRequired);
	const contact = ctx.store.customerByPhone(phoneNo);
	if (!contact) throw errorIn200(CONTACT_MESSAGES.notFound);
	return { status: 200, body: { code: 'ok', contact: contactDetail(ctx, contact) } };
}

function writeContact(ctx: HandlerContext, write: () => CustomerRec): ApiResult {
	try {
		return { status: 200, body: { code: 'ok', contact: contactDetail(ctx, write()) } };
	} catch (error) {
		if (error instanceof DuplicatePhoneError) throw errorIn200(CONTACT_MESSAGES.duplicatePhone, { duplicate_id: error.duplicateId });
		throw error;
	}
}

function createContact(ctx: HandlerContext, req: { body: unknown }): ApiResult {
	const input = parse(ContactBody, req.body).contact;
	if (!input.phone_no && !input.email) throw new ApiError(400, 'Request required [phone_no] or [email]');
	return writeContact(ctx, () => ctx.store.createContact(draftOf(ctx, input)));
}

function updateContact(ctx: HandlerContext, req: { params: string[]; body: unknown }): ApiResult {
	const contact = contactById(ctx, req.params[0]);
	if (!contact) throw errorIn200(CONTACT_MESSAGES.notFound);
	const input = parse(ContactBody, req.body).contact;
	return writeContact(ctx, () => ctx.store.updateContact(contact.id, draftOf(ctx, input), mergeCustomValues));
}

const ID = '([^/]+)';
/** Before `/contacts/{id}`: `/contacts/custom_fields` is routed in handlers.ts, ahead of these. */
export const CONTACT_ROUTES: Route[] = [
	{ method: 'GET', pattern: /^\/api\/v1\/contacts$/, handler: listContacts, strict: { query: ContactListQuery } },
	{ method: 'POST', pattern: /^\/api\/v1\/contacts$/, handler: createContact },
	{ method: 'GET', pattern: /^\/api\/v1\/contactsByPhone$/, handler: contactByPhone, strict: { query: ContactByPhoneQuery, required: ['phoneNo'] } },
	{ method: 'GET', pattern: new RegExp(`^/api/v1/contacts/${ID}$`), handler: getContact },
	{ method: 'PUT', pattern: new RegExp(`^/api/v1/contacts/${ID}$`), handler: updateContact },
];
