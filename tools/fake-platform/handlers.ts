/**
 * The API endpoints of one domain: route table, validation (schemas.ts + reference checks),
 * window rules, filters, pagination, and calls into the Store's mutation helpers.
 * Handlers throw `ApiError`; the server turns it into the error envelope.
 */
import type { z } from 'zod';
import {
	customFieldKind,
	DealCreateBody,
	DealListQuery,
	DealUpdateBody,
	LeadCreateBody,
	LeadListQuery,
	LeadUpdateBody,
	CallListQuery,
	ChatMessagesQuery,
	ServicesQuery,
	STRICT,
	SmsBody,
	TicketCreateBody,
	TicketListQuery,
	TicketUpdateBody,
	URL_RE,
	invalidField,
	type StrictRules,
	type OrderProductIn,
} from './schemas';
import {
	renderAgent,
	callAgentIds,
	renderCall,
	renderChatMessage,
	renderDeal,
	renderFieldDef,
	renderLead,
	renderService,
	ticketCreated,
	ticketDetail,
	ticketListItem,
	ticketUpdated,
	type RenderContext,
} from './render';
import type { CallRec, CustomFieldDefRec, CustomValue, DealRec, LeadRec, OrderProductRec, Store, TicketRec } from './store';
import { CHAT_WINDOW_MS, DAY, MAX_WINDOW_MS, fmtLocal, isSlashDate, parseIsoZoned, parseLocal } from './time';

export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly extraDataJson?: Record<string, unknown>,
	) {
		super(message);
	}
}

const bad = (message: string, extra?: Record<string, unknown>) => new ApiError(400, message, extra);
const invalid = (field: string) => bad(`invalid value: ${field}`);

export const MESSAGES = {
	unauthorized: 'Authorization header is either missing or incorrect',
	unauthorizedTicketCreate: 'Authorization header is incorrect',
	domainNotFound: 'Domain not found',
	notFound: 'Not Found',
	invalidFormat: 'Invalid Format',
	tooManyAttempts: 'Too Many Attempts.',
	lockout: 'Domain incorrect too many times , retry after 15 minutes',
	ticketNotExist: 'Ticket is not exist',
	leadNotExist: 'Lead is not exist',
	dealNotExist: 'Deal is not exist',
	v2RequiredAny: 'Request required [updated_since/updated_to] or [created_since/created_to]',
	v2RequiredUpdated: 'Request required [updated_since/updated_to]',
	v2RequiredCreated: 'Request required [created_since/created_to]',
	v2SpanCreated: 'created_since must older than created_to and max 31 days',
	v2SpanUpdated: 'updated_since must older than updated_to and max 31 days',
	filterUnavailable: "Can't get this filter!",
	v1Required: 'Request required [updated_since] or [created_since]',
	callsRequired: 'Request required [start_time_since] or [end_time_since]',
	chatsRequired: 'Request required [start_time_since]',
	/** R8's words for the vendor's limit (real-platform.md §2.2). */
	chatsSpan: 'start_time_since & start_time_to cannot exceed 30 days apart',
	ticketRequester: 'Request required [phone] or [email] or [requester_id]',
	contactRequired: 'Request required [phone] or [email]',
	unsolvedIncidents: 'unsolved_incidents_ticket',
	internal: 'Internal Server Error',
	/** Strict mode: a parameter the spec does not list for the endpoint. */
	unknownParameter: 'Unknown parameter',
} as const;

export interface ApiRequest {
	method: string;
	/** Path after `/{domain}`, e.g. '/api/v1/tickets'. */
	path: string;
	params: string[];
	/** Query values; empty values are dropped (treated as not given). */
	query: Record<string, string>;
	/** Parsed JSON body, or undefined when the body was empty. */
	body: unknown;
	/** Every query parameter name sent, empty values included (strict mode refuses unknown ones). */
	queryNames?: string[];
}
export interface ApiResult {
	status: number;
	body: unknown;
}
export interface HandlerContext extends RenderContext {
	store: Store;
	/** Strict mode (`--strict`): refuses what the spec marks as required or limited (see `refuseStrictly`). */
	strict?: boolean;
}

type Handler = (ctx: HandlerContext, req: ApiRequest) => ApiResult;
export interface Route {
	method: string;
	pattern: RegExp;
	handler: Handler;
	/** The 401 message of this route (ticket creation has its own). */
	authMessage?: string;
	/** What strict mode checks of the request; none: no query parameter at all. */
	strict?: StrictRules;
}

export function parse<T extends z.ZodTypeAny>(schema: T, data: unknown): z.output<T> {
	const r = schema.safeParse(data);
	if (!r.success) throw invalid(invalidField(r.error, schema));
	return r.data;
}

const ok = (body: Record<string, unknown>, code = 'ok'): ApiResult => ({ status: 200, body: { code, ...body } });

function paginate<T>(list: T[], page = 1, count = 50): T[] {
	return list.slice((page - 1) * count, page * count);
}

// ---------------------------------------------------------------------------------------------
// Reference checks and custom fields
// ---------------------------------------------------------------------------------------------

function requireAgent(ctx: HandlerContext, id: number | undefined, field: string): void {
	if (id !== undefined && !ctx.store.agent(id)) throw invalid(field);
}
function requireGroup(ctx: HandlerContext, id: number | undefined): void {
	if (id !== undefined && !ctx.store.group(id)) throw invalid('group_id');
}
function requireService(ctx: HandlerContext, id: number | undefined): void {
	if (id !== undefined && !ctx.store.service(id)) throw invalid('service_id');
}

const idLike = (v: unknown): number | null =>
	typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : null;

/**
 * Checks each `{id, value}` against the TICKET field definitions (also for leads and deals)
 * and returns the normalized values; `value: null` clears the field. Any violation →
 * `invalid value: custom_fields`.
 */
export function normalizeCustomFields(defs: CustomFieldDefRec[], inputs: { id: number; value?: unknown }[]): CustomValue[] {
	const out: CustomValue[] = [];
	for (const { id, value } of inputs) {
		const def = defs.find((d) => d.custom_field_id === id);
		if (!def || value === undefined) throw invalid('custom_fields');
		if (value === null) {
			out.push({ id, value: null });
			continue;
		}
		const valueIds = new Set((def.values ?? []).map((v) => v.id));
		switch (customFieldKind(def.type)) {
			case 'text':
				if (typeof value !== 'string' || value.length > 255) throw invalid('custom_fields');
				out.push({ id, value });
				break;
			case 'textarea':
				if (typeof value !== 'string' || value.length > 65535) throw invalid('custom_fields');
				out.push({ id, value });
				break;
			case 'number': {
				const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
				if (!Number.isFinite(n)) throw invalid('custom_fields');
				out.push({ id, value: n });
				break;
			}
			case 'date':
				if (typeof value !== 'string' || !isSlashDate(value)) throw invalid('custom_fields');
				out.push({ id, value });
				break;
			case 'url':
				if (typeof value !== 'string' || value.length > 2048 || !URL_RE.test(value)) throw invalid('custom_fields');
				out.push({ id, value });
				break;
			case 'single': {
				const v = idLike(value);
				if (v === null || !valueIds.has(v)) throw invalid('custom_fields');
				out.push({ id, value: v });
				break;
			}
			case 'multiple': {
				const parts: unknown[] = Array.isArray(value)
					? value
					: typeof value === 'string'
						? value.trim() === ''
							? []
							: value.split(',')
						: typeof value === 'number'
							? [value]
							: [NaN];
				const ids: number[] = [];
				for (const p of parts) {
					const v = idLike(p);
					if (v === null || !valueIds.has(v)) throw invalid('custom_fields');
					if (!ids.includes(v)) ids.push(v);
				}
				out.push({ id, value: ids });
				break;
			}
		}
	}
	return out;
}

/** Replaces values by field id; `null` removes the field's value. */
export function mergeCustomValues(existing: CustomValue[], updates: CustomValue[]): CustomValue[] {
	const out = existing.map((v) => ({ ...v }));
	for (const u of updates) {
		const i = out.findIndex((v) => v.id === u.id);
		if (i >= 0) out.splice(i, 1);
		if (u.value !== null) out.push(u);
	}
	return out;
}

// ---------------------------------------------------------------------------------------------
// Windows
// ---------------------------------------------------------------------------------------------

interface Window {
	field: string;
	since: number;
	to: number;
}

/**
 * V1 window adjustment (tickets v1 and calls): only a start more than 31 days before now →
 * [now − 31 days, now]; only a recent start → [start, no end]; start and end more than
 * 31 days apart → start = end − 31 days; otherwise as given.
 */
function v1Window(now: number, since: number, to: number | undefined): { since: number; to: number } {
	if (to === undefined) {
		if (since < now - MAX_WINDOW_MS) return { since: now - MAX_WINDOW_MS, to: now };
		return { since, to: Infinity };
	}
	if (to - since > MAX_WINDOW_MS) return { since: to - MAX_WINDOW_MS, to };
	return { since, to };
}

/**
 * A query time as the platform reads it. Real: the value's wall clock in the account's zone, a
 * `Z` ignored (real-platform.md §2.1 T-b); spec: ISO 8601, a `Z` is UTC. Both read a zone-less
 * value as local time and honour an explicit offset.
 */
export function queryTime(ctx: RenderContext, s: string): number | null {
	const wall = ctx.platform === 'real' ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})Z$/i.exec(s) : null;
	if (wall) return parseLocal(`${wall[1]} ${wall[2]}`, ctx.offset);
	return parseIsoZoned(s) ?? parseLocal(s, ctx.offset);
}

function ticketWindowV2(ctx: RenderContext, q: z.output<typeof TicketListQuery>): Window {
	const iso = (value: string) => queryTime(ctx, value) as number;
	const hasU = q.updated_since !== undefined || q.updated_to !== undefined;
	const hasC = q.created_since !== undefined || q.created_to !== undefined;
	if (!hasU && !hasC) throw bad(MESSAGES.v2RequiredAny);
	let w: Window;
	if (hasU) {
		if (q.updated_since === undefined || q.updated_to === undefined) throw bad(MESSAGES.v2RequiredUpdated);
		w = { field: 'updated_at', since: iso(q.updated_since), to: iso(q.updated_to) };
	} else {
		if (q.created_since === undefined || q.created_to === undefined) throw bad(MESSAGES.v2RequiredCreated);
		w = { field: 'created_at', since: iso(q.created_since), to: iso(q.created_to) };
	}
	const span = w.to - w.since;
	if (span <= 0 || span > MAX_WINDOW_MS) throw bad(w.field === 'updated_at' ? MESSAGES.v2SpanUpdated : MESSAGES.v2SpanCreated);
	return w;
}

function ticketWindowV1(ctx: RenderContext, now: number, q: z.output<typeof TicketListQuery>): Window {
	const iso = (value: string) => queryTime(ctx, value) as number;
	if (q.updated_since !== undefined) {
		return { field: 'updated_at', ...v1Window(now, iso(q.updated_since), q.updated_to === undefined ? undefined : iso(q.updated_to)) };
	}
	if (q.created_since !== undefined) {
		return { field: 'created_at', ...v1Window(now, iso(q.created_since), q.created_to === undefined ? undefined : iso(q.created_to)) };
	}
	throw bad(MESSAGES.v1Required);
}

function inRange(ctx: RenderContext, v: number | null, since: string | undefined, to: string | undefined): boolean {
	if (since === undefined && to === undefined) return true;
	if (v === null) return false;
	if (since !== undefined && v < (queryTime(ctx, since) as number)) return false;
	if (to !== undefined && v > (queryTime(ctx, to) as number)) return false;
	return true;
}

// ---------------------------------------------------------------------------------------------
// Reference lists
// ---------------------------------------------------------------------------------------------

const agents: Handler = (ctx) => ok({ agents: ctx.store.agents.map((a) => renderAgent(ctx, a)) });

const groups: Handler = (ctx) =>
	ok(
		{
			groups: ctx.store.groups.map((g) => ({
				group_id: g.group_id,
				group_name: g.group_name,
				created_at: fmtLocal(g.created_at, ctx.offset),
			})),
		},
		'OK',
	);

const services: Handler = (ctx, req) => {
	const q = parse(ServicesQuery, req.query);
	const list = ctx.store.services.filter(
		(s) => (q.type === undefined || s.type === q.type) && (q.service_id === undefined || s.service_id === q.service_id),
	);
	return ok({ services: list.map((s) => renderService(ctx, s)) });
};

const customFields =
	(which: 'ticketFields' | 'contactFields' | 'organizationFields'): Handler =>
	(ctx) =>
		ok({ custom_fields: ctx.store[which].map(renderFieldDef) });

// ---------------------------------------------------------------------------------------------
// Tickets
// ---------------------------------------------------------------------------------------------

function ticketById(ctx: HandlerContext, raw: string): TicketRec {
	const t = /^\d+$/.test(raw) ? ctx.store.ticket(Number(raw)) : undefined;
	if (!t) throw bad(MESSAGES.ticketNotExist);
	return t;
}

const listTickets =
	(version: 1 | 2): Handler =>
	(ctx, req) => {
		const q = parse(TicketListQuery, req.query);
		const w = version === 2 ? ticketWindowV2(ctx, q) : ticketWindowV1(ctx, ctx.store.nowMs(), q);
		let filter: ((t: TicketRec) => boolean) | undefined;
		if (q.filter_id !== undefined) {
			const f = ctx.store.savedFilters.find((x) => x.id === q.filter_id);
			if (!f || f.user_dependent) throw bad(MESSAGES.filterUnavailable);
			filter = (t) =>
				(!f.ticket_status || f.ticket_status.includes(t.ticket_status)) &&
				(!f.ticket_priority || f.ticket_priority.includes(t.ticket_priority));
		}
		const field = w.field as 'created_at' | 'updated_at';
		const matches = ctx.store.tickets
			.filter(
				(t) =>
					t[field] >= w.since &&
					t[field] <= w.to &&
					(q.requester_id === undefined || t.requester_id === q.requester_id) &&
					(q.assignee_id === undefined || t.assignee_id === q.assignee_id) &&
					(q.service_id === undefined || t.service_id === q.service_id) &&
					(!filter || filter(t)),
			)
			.sort((a, b) => a[field] - b[field] || a.ticket_id - b.ticket_id);
		return ok({ numFound: matches.length, tickets: paginate(matches, q.page, q.count).map((t) => ticketListItem(ctx, t)) });
	};

/**
 * The real platform answers 500 to the detail of a deleted or unknown ticket (R1
 * `2ca7b12:components/getter.py:176-180`, `caresoft/repo.py:113-114`); the spec's reading, 400
 * `Ticket is not exist`. Leads and deals keep the 400 in both modes: no public client reads them.
 */
const getTicket: Handler = (ctx, req) => {
	const ticket = /^\d+$/.test(req.params[0]) ? ctx.store.ticket(Number(req.params[0])) : undefined;
	if (!ticket && ctx.platform === 'real') throw new ApiError(500, MESSAGES.internal);
	return ok({ ticket: ticketDetail(ctx, ticket ?? ticketById(ctx, req.params[0])) });
};

const createTicket: Handler = (ctx, req) => {
	const input = parse(TicketCreateBody, req.body).ticket;
	const store = ctx.store;
	if (!input.phone && !input.email && input.requester_id === undefined) throw bad(MESSAGES.ticketRequester);
	if (input.requester_id !== undefined && !store.customer(input.requester_id)) throw invalid('requester_id');
	requireAgent(ctx, input.assignee_id, 'assignee_id');
	requireGroup(ctx, input.group_id);
	requireService(ctx, input.service_id);
	if (input.follow_user?.some((id) => !store.agent(id))) throw invalid('follow_user');
	if (input.cc_user?.some((id) => !store.customer(id))) throw invalid('cc_user');
	const custom = normalizeCustomFields(store.ticketFields, input.custom_fields ?? []).filter((v) => v.value !== null);
	const service = store.service(input.service_id);
	const ticket = store.createTicket({
		username: input.username,
		phone: input.phone,
		email: input.email,
		requester_id: input.requester_id,
		ticket_subject: input.ticket_subject ?? '',
		ticket_status: input.ticket_status ?? 'new',
		ticket_priority: input.ticket_priority ?? 'Normal',
		assignee_id: input.assignee_id ?? null,
		group_id: input.group_id ?? store.agent(input.assignee_id)?.group_id ?? null,
		service_id: input.service_id ?? null,
		ticket_source: service ? service.service_type : 'Api',
		custom_fields: custom,
		follows: input.follow_user ?? [],
		ccs: input.cc_user ?? [],
		campaign_id: input.campaign_id ?? null,
		member_status_id: input.member_status_id ?? null,
		duedate: input.duedate === undefined ? null : parseLocal(input.duedate, ctx.offset),
		ref_url: input.ref_url ?? null,
		address: input.address ?? null,
		city_id: input.city_id ?? null,
		district_id: input.district_id ?? null,
		comment: input.ticket_comment ? { body: input.ticket_comment, is_public: input.is_public ?? 0, author_id: input.assignee_id ?? null } : undefined,
	});
	return ok({ ticket: ticketCreated(ctx, ticket) });
};

const updateTicket: Handler = (ctx, req) => {
	const store = ctx.store;
	const ticket = ticketById(ctx, req.params[0]);
	const input = parse(TicketUpdateBody, req.body).ticket;
	requireAgent(ctx, input.ticket_comment.author_id, 'author_id');
	requireAgent(ctx, input.assignee_id, 'assignee_id');
	const custom = normalizeCustomFields(store.ticketFields, input.custom_fields ?? []);
	const at = store.nowMs();
	if (input.ticket_status === 'solved') {
		const children = store.unsolvedChildren(ticket.ticket_id);
		if (children.length > 0) {
			if (input.solved_incidents === false) {
				throw bad(MESSAGES.unsolvedIncidents, { unsolved_incidents_ticket_id: children.map((c) => c.ticket_id) });
			}
			for (const c of children) store.updateTicket(c.ticket_id, { ticket_status: 'solved' }, at);
		}
	}
	store.updateTicket(
		ticket.ticket_id,
		{
			ticket_subject: input.ticket_subject,
			ticket_priority: input.ticket_priority,
			ticket_status: input.ticket_status,
			assignee_id: input.assignee_id,
			member_status_id: input.member_status_id,
			ticket_source: input.ticket_source,
			custom_fields: input.custom_fields ? mergeCustomValues(ticket.custom_fields, custom) : undefined,
			comment: {
				body: input.ticket_comment.body,
				is_public: input.ticket_comment.is_public ?? 0,
				author_id: input.ticket_comment.author_id,
			},
		},
		at,
	);
	return ok({ ticket: ticketUpdated(ctx, ticket) });
};

// ---------------------------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------------------------

function leadById(ctx: HandlerContext, raw: string): LeadRec {
	const l = /^\d+$/.test(raw) ? ctx.store.lead(Number(raw)) : undefined;
	if (!l) throw bad(MESSAGES.leadNotExist);
	return l;
}

function checkLeadStatusAndReason(ctx: HandlerContext, statusId: number, reason: number | undefined): void {
	const status = ctx.store.leadStatus(statusId);
	if (!status) throw invalid('lead_status_id');
	if (reason !== undefined) {
		if (!ctx.store.leadUnqualifiedReasons.some((r) => r.id === reason)) throw invalid('unqualify_reason');
		if (status.status_type !== 2 && status.status_type !== 3) throw invalid('unqualify_reason');
	}
}

function checkLabels(ids: number[] | undefined, known: { id: number }[], field: string): void {
	if (ids?.some((id) => !known.some((k) => k.id === id))) throw invalid(field);
}

const createLead: Handler = (ctx, req) => {
	const store = ctx.store;
	const input = parse(LeadCreateBody, req.body).lead;
	if (!input.phone && !input.email) throw bad(MESSAGES.contactRequired);
	requireService(ctx, input.service_id);
	requireGroup(ctx, input.group_id);
	requireAgent(ctx, input.assignee_id, 'assignee_id');
	const statusId = input.lead_status_id ?? (store.leadStatuses.find((s) => s.status_type === 1) ?? store.leadStatuses[0]).id;
	checkLeadStatusAndReason(ctx, statusId, input.unqualify_reason);
	checkLabels(input.lead_label, store.leadLabels, 'lead_label');
	const custom = normalizeCustomFields(store.ticketFields, input.custom_fields ?? []).filter((v) => v.value !== null);
	const lead = store.createLead({
		username: input.username,
		phone: input.phone,
		email: input.email,
		subject: input.subject ?? '',
		service_id: input.service_id ?? null,
		group_id: input.group_id ?? store.agent(input.assignee_id)?.group_id ?? null,
		assignee_id: input.assignee_id ?? null,
		lead_status_id: statusId,
		estimated_closed_date: input.estimated_closed_date === undefined ? null : parseLocal(input.estimated_closed_date, ctx.offset),
		labels: input.lead_label ?? [],
		custom_fields: custom,
		unqualified_reasons: input.unqualify_reason === undefined ? [] : [input.unqualify_reason],
		comment: input.comment ? { body: input.comment, is_public: 0, author_id: input.assignee_id ?? null } : undefined,
	});
	return ok({ lead: renderLead(ctx, lead, true) });
};

const updateLead: Handler = (ctx, req) => {
	const store = ctx.store;
	const lead = leadById(ctx, req.params[0]);
	const input = parse(LeadUpdateBody, req.body).lead;
	requireAgent(ctx, input.comment.author_id, 'author_id');
	requireAgent(ctx, input.assignee_id, 'assignee_id');
	checkLeadStatusAndReason(ctx, input.lead_status_id ?? lead.lead_status_id, input.unqualify_reason);
	checkLabels(input.lead_label, store.leadLabels, 'lead_label');
	const custom = normalizeCustomFields(store.ticketFields, input.custom_fields ?? []);
	store.updateLead(lead.id, {
		subject: input.subject,
		assignee_id: input.assignee_id,
		group_id: input.assignee_id === undefined ? undefined : (store.agent(input.assignee_id)?.group_id ?? null),
		lead_status_id: input.lead_status_id,
		estimated_closed_date: input.estimated_closed_date === undefined ? undefined : parseLocal(input.estimated_closed_date, ctx.offset),
		labels: input.lead_label,
		custom_fields: input.custom_fields ? mergeCustomValues(lead.custom_fields, custom) : undefined,
		unqualified_reasons: input.unqualify_reason === undefined ? undefined : [input.unqualify_reason],
		comment: { body: input.comment.body, is_public: input.comment.is_public ?? 0, author_id: input.comment.author_id },
	});
	return ok({ lead: renderLead(ctx, lead, true) });
};

const getLead: Handler = (ctx, req) => ok({ lead: renderLead(ctx, leadById(ctx, req.params[0]), true) });

const listLeads: Handler = (ctx, req) => {
	const q = parse(LeadListQuery, req.query);
	const matches = ctx.store.leads
		.filter(
			(l) =>
				(q.requester_id === undefined || l.requester_id === q.requester_id) &&
				(q.assignee_id === undefined || l.assignee_id === q.assignee_id) &&
				(q.service_id === undefined || l.service_id === q.service_id) &&
				(q.status_ids === undefined || q.status_ids.includes(l.lead_status_id)) &&
				(q.convert_type === undefined || l.converted_type === q.convert_type) &&
				inRange(ctx, l.created_at, q.created_since, q.created_to) &&
				inRange(ctx, l.updated_at, q.updated_since, q.updated_to) &&
				inRange(ctx, l.converted_at, q.convert_since, q.convert_to),
		)
		.sort((a, b) => a.id - b.id);
	return ok({ numFound: matches.length, leads: paginate(matches, q.page, q.count).map((l) => renderLead(ctx, l, false)) });
};

const leadStatuses: Handler = (ctx) =>
	ok({ statuses: ctx.store.leadStatuses.map((s) => ({ label: s.label, id: s.id, status_type: s.status_type })) });
const leadReasons: Handler = (ctx) => ok({ reasons: ctx.store.leadUnqualifiedReasons.map((r) => ({ ...r })) });
const leadLabels: Handler = (ctx) => ok({ labels: ctx.store.leadLabels.map((r) => ({ ...r })) });

// ---------------------------------------------------------------------------------------------
// Deals
// ---------------------------------------------------------------------------------------------

function dealById(ctx: HandlerContext, raw: string): DealRec {
	const d = /^\d+$/.test(raw) ? ctx.store.deal(Number(raw)) : undefined;
	if (!d) throw bad(MESSAGES.dealNotExist);
	return d;
}

function normalizeProducts(list: OrderProductIn[]): OrderProductRec[] {
	return list.map((p) => {
		const gross = p.unit_price * p.quantity;
		const markup = p.discount_markup ?? 0;
		const discount = p.discount_value ?? Math.round((gross * markup) / 100);
		return {
			name: p.name,
			sku: p.sku ?? null,
			is_free: p.is_free ?? 0,
			unit_price: p.unit_price,
			quantity: p.quantity,
			discount_markup: markup,
			discount_value: discount,
			total_amount: p.total_amount ?? Math.max(0, gross - discount),
		};
	});
}

type OrderInput = Partial<Record<
	| 'order_address_detail'
	| 'order_buyer_note'
	| 'order_city_id'
	| 'order_district_id'
	| 'order_ward_id'
	| 'order_receiver_name'
	| 'order_receiver_phone'
	| 'order_payment'
	| 'order_status'
	| 'order_tracking_code'
	| 'order_tracking_url',
	string
>> & { order_shipping_fee?: number; order_products?: OrderProductIn[] };

function orderPatch(input: OrderInput): Partial<DealRec> {
	return {
		order_address_detail: input.order_address_detail,
		order_buyer_note: input.order_buyer_note,
		order_city_id: input.order_city_id,
		order_district_id: input.order_district_id,
		order_ward_id: input.order_ward_id,
		order_receiver_name: input.order_receiver_name,
		order_receiver_phone: input.order_receiver_phone,
		order_shipping_fee: input.order_shipping_fee,
		order_payment: input.order_payment,
		order_status: input.order_status,
		order_tracking_code: input.order_tracking_code,
		order_tracking_url: input.order_tracking_url,
		order_products: input.order_products ? normalizeProducts(input.order_products) : undefined,
	};
}

/** Resolves pipeline and stage: the stage must belong to the (new or current) pipeline. */
function resolveStage(ctx: HandlerContext, pipelineId: number | undefined, stageId: number | undefined, current?: DealRec) {
	const pipeline = pipelineId !== undefined ? ctx.store.pipeline(pipelineId) : (ctx.store.pipeline(current?.pipeline_id) ?? ctx.store.dealPipelines[0]);
	if (!pipeline) throw invalid('pipeline_id');
	let stage;
	if (stageId !== undefined) {
		stage = pipeline.stages.find((s) => s.id === stageId);
		if (!stage) throw invalid('pipeline_stage_id');
	} else if (current && current.pipeline_id === pipeline.id) {
		stage = pipeline.stages.find((s) => s.id === current.pipeline_stage_id) ?? pipeline.stages[0];
	} else {
		stage = pipeline.stages[0];
	}
	return { pipeline, stage };
}

const createDeal: Handler = (ctx, req) => {
	const store = ctx.store;
	const input = parse(DealCreateBody, req.body).deal;
	if (!input.phone && !input.email) throw bad(MESSAGES.contactRequired);
	requireService(ctx, input.service_id);
	requireGroup(ctx, input.group_id);
	requireAgent(ctx, input.assignee_id, 'assignee_id');
	const { pipeline, stage } = resolveStage(ctx, input.pipeline_id, input.pipeline_stage_id);
	checkLabels(input.deal_label, store.dealLabels, 'deal_label');
	if (input.comment) requireAgent(ctx, input.comment.author_id, 'author_id');
	const custom = normalizeCustomFields(store.ticketFields, input.custom_fields ?? []).filter((v) => v.value !== null);
	const deal = store.createDeal({
		username: input.username,
		phone: input.phone,
		email: input.email,
		subject: input.subject ?? '',
		service_id: input.service_id ?? null,
		group_id: input.group_id ?? store.agent(input.assignee_id)?.group_id ?? null,
		assignee_id: input.assignee_id ?? null,
		pipeline_id: pipeline.id,
		pipeline_stage_id: stage.id,
		estimated_closed_date: input.estimated_closed_date === undefined ? null : parseLocal(input.estimated_closed_date, ctx.offset),
		labels: input.deal_label ?? [],
		custom_fields: custom,
		probability: input.probability ?? stage.probability ?? 0,
		value: input.value ?? 0,
		...orderPatch(input),
		comment: input.comment
			? { body: input.comment.body, is_public: input.comment.is_public ?? 0, author_id: input.comment.author_id }
			: undefined,
	});
	return ok({ deal: renderDeal(ctx, deal, true) });
};

const updateDeal: Handler = (ctx, req) => {
	const store = ctx.store;
	const deal = dealById(ctx, req.params[0]);
	const input = parse(DealUpdateBody, req.body).deal;
	requireAgent(ctx, input.comment.author_id, 'author_id');
	requireAgent(ctx, input.assignee_id, 'assignee_id');
	const { pipeline, stage } = resolveStage(ctx, input.pipeline_id, input.pipeline_stage_id, deal);
	checkLabels(input.deal_label, store.dealLabels, 'deal_label');
	const custom = normalizeCustomFields(store.ticketFields, input.custom_fields ?? []);
	store.updateDeal(deal.id, {
		subject: input.subject,
		assignee_id: input.assignee_id,
		group_id: input.assignee_id === undefined ? undefined : (store.agent(input.assignee_id)?.group_id ?? null),
		pipeline_id: pipeline.id,
		pipeline_stage_id: stage.id,
		estimated_closed_date: input.estimated_closed_date === undefined ? undefined : parseLocal(input.estimated_closed_date, ctx.offset),
		labels: input.deal_label,
		custom_fields: input.custom_fields ? mergeCustomValues(deal.custom_fields, custom) : undefined,
		probability: input.probability ?? (input.pipeline_stage_id !== undefined || input.pipeline_id !== undefined ? (stage.probability ?? deal.probability) : undefined),
		value: input.value,
		...orderPatch(input),
		comment: { body: input.comment.body, is_public: input.comment.is_public ?? 0, author_id: input.comment.author_id },
	});
	return ok({ deal: renderDeal(ctx, deal, true) });
};

const getDeal: Handler = (ctx, req) => ok({ deal: renderDeal(ctx, dealById(ctx, req.params[0]), true) });

const listDeals: Handler = (ctx, req) => {
	const q = parse(DealListQuery, req.query);
	const matches = ctx.store.deals
		.filter(
			(d) =>
				(q.requester_id === undefined || d.requester_id === q.requester_id) &&
				(q.assignee_id === undefined || d.assignee_id === q.assignee_id) &&
				(q.service_id === undefined || d.service_id === q.service_id) &&
				(q.pipeline_ids === undefined || q.pipeline_ids.includes(d.pipeline_id)) &&
				(q.stage_ids === undefined || q.stage_ids.includes(d.pipeline_stage_id)) &&
				(q.closed_type === undefined || d.closed_type === q.closed_type) &&
				(q.convert_type === undefined || d.converted_type === q.convert_type) &&
				inRange(ctx, d.created_at, q.created_since, q.created_to) &&
				inRange(ctx, d.updated_at, q.updated_since, q.updated_to) &&
				inRange(ctx, d.converted_at, q.convert_since, q.convert_to) &&
				inRange(ctx, d.closed_at, q.closed_since, q.closed_to),
		)
		.sort((a, b) => a.id - b.id);
	return ok({ numFound: matches.length, deals: paginate(matches, q.page, q.count).map((d) => renderDeal(ctx, d, false)) });
};

const pipelines: Handler = (ctx) =>
	ok({ pipelines: ctx.store.dealPipelines.map((p) => ({ id: p.id, name: p.name, stages: p.stages.map((s) => ({ ...s })) })) });
const dealReasons: Handler = (ctx) => ok({ reasons: ctx.store.dealUnqualifiedReasons.map((r) => ({ ...r })) });
const dealLabels: Handler = (ctx) => ok({ labels: ctx.store.dealLabels.map((r) => ({ ...r })) });
const lostReasons: Handler = (ctx) => ok({ reasons: ctx.store.dealLostReasons.map((r) => ({ ...r })) });

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

const digits = (s: string) => s.replace(/\D/g, '');

const listCalls: Handler = (ctx, req) => {
	const q = parse(CallListQuery, req.query);
	const time = (s: string) => queryTime(ctx, s) as number;
	let field: 'start_time' | 'end_time';
	let w: { since: number; to: number };
	const now = ctx.store.nowMs();
	if (q.end_time_since !== undefined) {
		field = 'end_time';
		w = v1Window(now, time(q.end_time_since), q.end_time_to === undefined ? undefined : time(q.end_time_to));
	} else if (q.start_time_since !== undefined) {
		field = 'start_time';
		w = v1Window(now, time(q.start_time_since), q.start_time_to === undefined ? undefined : time(q.start_time_to));
	} else {
		throw bad(MESSAGES.callsRequired);
	}
	const status = q.call_status === undefined ? undefined : q.call_status === 'miss' ? 'miss' : 'meetAgent';
	const phone = q.phone === undefined ? undefined : digits(q.phone);
	const orderBy = q.order_by ?? 'start_time';
	const dir = (q.order_type ?? 'DESC') === 'ASC' ? 1 : -1;
	const key = (c: CallRec): number | string => (orderBy === 'call_id' ? c.call_id : c[orderBy]);
	const matches = ctx.store.calls
		.filter(
			(c) =>
				c[field] >= w.since &&
				c[field] <= w.to &&
				(q.call_id === undefined || c.call_id === q.call_id) &&
				(q.call_type === undefined || (q.call_type === 3 ? c.passed_ivr : c.call_type === q.call_type)) &&
				(status === undefined || c.call_status === status) &&
				(phone === undefined || digits(c.caller) === phone || digits(c.called) === phone) &&
				(q.agent_id === undefined || (callAgentIds(ctx, c) ?? '').split(',').includes(String(q.agent_id))) &&
				(q.service_id === undefined || c.service_id === q.service_id),
		)
		.sort((a, b) => {
			const ka = key(a);
			const kb = key(b);
			const cmp = ka < kb ? -1 : ka > kb ? 1 : 0;
			return dir * (cmp || a.id - b.id);
		});
	return ok({ numFound: matches.length, calls: paginate(matches, q.page, q.count).map((c) => renderCall(ctx, c)) }, 'OK');
};

// ---------------------------------------------------------------------------------------------
// Chats
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/v1/chats/messages, as R8 read the vendor's page (docs/api.md#chats): the start-time
 * pair bounds the CONVERSATION's start (a message written today in a conversation started last
 * week is in last week's range), inclusive; `start_time_since` required, `start_time_to` now when
 * absent, at most 30 days apart (a `to` before `since` too: 400). `conversation_type` 0 when
 * absent; with `conversation_id` the type is ignored. Messages come by conversation start, then
 * conversation, then `message_index` (an assumption: the page does not say).
 */
const listChatMessages: Handler = (ctx, req) => {
	const q = parse(ChatMessagesQuery, req.query);
	if (q.start_time_since === undefined) throw bad(MESSAGES.chatsRequired);
	const since = queryTime(ctx, q.start_time_since) as number;
	const to = q.start_time_to === undefined ? ctx.store.nowMs() : (queryTime(ctx, q.start_time_to) as number);
	if (to < since || to - since > CHAT_WINDOW_MS) throw bad(MESSAGES.chatsSpan);
	const type = q.conversation_type ?? 0;
	const conversations = new Map(
		ctx.store.conversations
			.filter(
				(c) =>
					c.start_time >= since &&
					c.start_time <= to &&
					(q.conversation_id === undefined ? c.conversation_type === type : c.conversation_id === q.conversation_id) &&
					(q.requester_id === undefined || c.requester_id === q.requester_id) &&
					(q.last_agent_user_id === undefined || c.last_agent_user_id === q.last_agent_user_id) &&
					(q.services === undefined || (c.service_id !== null && q.services.includes(c.service_id))),
			)
			.map((c) => [c.conversation_id, c]),
	);
	const matches = ctx.store.chatMessages
		.filter((m) => conversations.has(m.conversation_id))
		.map((m) => ({ m, c: conversations.get(m.conversation_id)! }))
		.sort((a, b) => a.c.start_time - b.c.start_time || a.c.conversation_id - b.c.conversation_id || a.m.message_index - b.m.message_index);
	return ok({ numFound: matches.length, chats: paginate(matches, q.page, q.count).map(({ m, c }) => renderChatMessage(ctx, m, c)) });
};

// ---------------------------------------------------------------------------------------------
// SMS
// ---------------------------------------------------------------------------------------------

export const SMS_SERVICE_TYPE = 14;

const sendSms: Handler = (ctx, req) => {
	const store = ctx.store;
	const input = parse(SmsBody, req.body).sms;
	const service = store.service(input.service_id);
	if (!service || service.type !== SMS_SERVICE_TYPE) throw invalid('service_id');
	let ticket: TicketRec;
	const comment = { body: input.content, is_public: 1 as const, author_id: null };
	if (input.ticket_id !== undefined) {
		const existing = store.ticket(input.ticket_id);
		if (!existing) throw bad(MESSAGES.ticketNotExist);
		ticket = store.updateTicket(existing.ticket_id, { ticket_type: 'SMS', comment });
	} else {
		ticket = store.createTicket({
			phone: input.phone,
			ticket_subject: `SMS to ${input.phone}`,
			ticket_status: 'open',
			service_id: service.service_id,
			ticket_source: service.service_type,
			ticket_type: 'SMS',
			comment,
		});
	}
	return ok({
		ticket: { ticket_id: ticket.ticket_id, ticket_no: ticket.ticket_no, requester_id: ticket.requester_id, assignee_id: ticket.assignee_id },
	});
};

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Strict mode
// ---------------------------------------------------------------------------------------------

/**
 * Strict mode (`--strict`): a server that enforces every mark of the spec where the default mode
 * follows its prose. Refuses, before the handler runs: a query parameter the spec does not list
 * for the endpoint (400), a query parameter the spec marks required (422, "missing input"), and a
 * date window of 31 days or more (30 for the chat messages; 400, the ticket list's message), `to`
 * defaulting to now.
 */
export function refuseStrictly(ctx: HandlerContext, rules: StrictRules | undefined, req: ApiRequest): void {
	const known = new Set(Object.keys(rules?.query?.shape ?? {}));
	const unknown = (req.queryNames ?? Object.keys(req.query)).filter((name) => !known.has(name));
	if (unknown.length > 0) throw bad(`${MESSAGES.unknownParameter}: ${unknown.join(', ')}`);
	for (const name of rules?.required ?? []) {
		if (req.query[name] === undefined) throw new ApiError(422, `Request required [${name}]`);
	}
	const time = (s: string) => queryTime(ctx, s);
	for (const [since, to] of rules?.windows ?? []) {
		if (req.query[since] === undefined) continue;
		const start = time(req.query[since]);
		const end = req.query[to] === undefined ? ctx.store.nowMs() : time(req.query[to]);
		if (start === null || end === null) continue; // the schema names the bad value
		const days = rules?.windowDays ?? 31;
		if (end < start || end - start >= days * DAY) throw bad(`${since} must older than ${to} and max ${days} days`);
	}
}

const ID = '([^/]+)';
/** The routes of every resource but contacts (contacts.ts); routes.ts puts them together. */
export const ROUTES: Route[] = [
	{ method: 'GET', pattern: /^\/api\/v1\/agents$/, handler: agents },
	{ method: 'GET', pattern: /^\/api\/v1\/groups$/, handler: groups },
	{ method: 'GET', pattern: /^\/api\/v1\/services$/, handler: services, strict: STRICT.services },
	{ method: 'GET', pattern: /^\/api\/v1\/tickets\/custom_fields$/, handler: customFields('ticketFields') },
	{ method: 'GET', pattern: /^\/api\/v1\/contacts\/custom_fields$/, handler: customFields('contactFields') },
	{ method: 'GET', pattern: /^\/api\/v1\/organizations\/custom_fields$/, handler: customFields('organizationFields') },
	{ method: 'POST', pattern: /^\/api\/v1\/tickets$/, handler: createTicket, authMessage: MESSAGES.unauthorizedTicketCreate },
	{ method: 'GET', pattern: /^\/api\/v1\/tickets$/, handler: listTickets(1), strict: STRICT.tickets },
	{ method: 'GET', pattern: /^\/api\/v2\/tickets$/, handler: listTickets(2), strict: STRICT.tickets },
	{ method: 'GET', pattern: new RegExp(`^/api/v1/tickets/${ID}$`), handler: getTicket },
	{ method: 'PUT', pattern: new RegExp(`^/api/v1/tickets/${ID}$`), handler: updateTicket },
	{ method: 'GET', pattern: /^\/api\/v1\/leads$/, handler: listLeads, strict: STRICT.leads },
	{ method: 'GET', pattern: /^\/api\/v1\/lead\/status$/, handler: leadStatuses },
	{ method: 'GET', pattern: /^\/api\/v1\/lead\/unqualified-reason$/, handler: leadReasons },
	{ method: 'GET', pattern: /^\/lead\/labels$/, handler: leadLabels },
	{ method: 'POST', pattern: /^\/api\/v1\/lead$/, handler: createLead },
	{ method: 'GET', pattern: new RegExp(`^/api/v1/lead/${ID}$`), handler: getLead },
	{ method: 'PUT', pattern: new RegExp(`^/api/v1/lead/${ID}$`), handler: updateLead },
	{ method: 'GET', pattern: /^\/api\/v1\/deals$/, handler: listDeals, strict: STRICT.deals },
	{ method: 'GET', pattern: /^\/api\/v1\/deal\/pipelines$/, handler: pipelines },
	{ method: 'GET', pattern: /^\/api\/v1\/deal\/unqualified-reasons$/, handler: dealReasons },
	{ method: 'GET', pattern: /^\/api\/v1\/deal\/labels$/, handler: dealLabels },
	{ method: 'POST', pattern: /^\/api\/v1\/deal\/lost-reasons$/, handler: lostReasons },
	{ method: 'POST', pattern: /^\/api\/v1\/deal$/, handler: createDeal },
	{ method: 'GET', pattern: new RegExp(`^/api/v1/deal/${ID}$`), handler: getDeal },
	{ method: 'PUT', pattern: new RegExp(`^/api/v1/deal/${ID}$`), handler: updateDeal },
	{ method: 'GET', pattern: /^\/api\/v1\/calls$/, handler: listCalls, strict: STRICT.calls },
	{ method: 'GET', pattern: /^\/api\/v1\/chats\/messages$/, handler: listChatMessages, strict: STRICT.chats },
	{ method: 'POST', pattern: /^\/api\/v1\/sms$/, handler: sendSms },
];
