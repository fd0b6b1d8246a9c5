/**
 * The in-memory data of the fake platform and its mutation helpers. Timestamps are epoch
 * milliseconds truncated to whole seconds; `render.ts` formats them per endpoint.
 *
 * The store does not validate: the HTTP handlers validate what they receive, then call these
 * helpers. Tests and the control API may call them directly to stage data.
 */
import type { CustomFieldType } from './schemas';
import type { FakePlatformKind } from './render';
import { applyAgentStates, type AgentStates } from './agentStates';
import { CHAT_SERVICE_OF_TYPE, ZALO_ACCOUNTS, seedReachMs, seedStore, visitorIdOf } from './seed';
import { DAY, truncSec } from './time';

export type AgentRole = 1 | 2 | 4 | 5 | 6 | 7 | 8 | 9;
export interface AgentRec {
	id: number;
	username: string;
	email: string;
	phone_no: string | null;
	agent_id: string | number;
	created_at: number;
	updated_at: number;
	group_id: number | null;
	role_id: AgentRole;
	login_status: 'AVAILABLE' | 'NOTAVAILABLE';
	ticket_status: 'AVAILABLE' | 'NOT AVAILABLE' | 'LOGOUT';
	call_status: 'AVAILABLE' | 'NO ANSWER' | 'NOT AVAILABLE' | 'LOGOUT';
	chat_status: 'AVAILABLE' | 'NOT AVAILABLE' | 'LOGOUT';
}
export interface GroupRec {
	group_id: number;
	group_name: string;
	created_at: number;
}
export interface ServiceRec {
	service_id: number;
	service_name: string;
	service_type: string;
	type: number;
	/** Keys `created_at`, `updated_at`, `last_update` hold epoch ms and are rendered as dates. */
	detail: Record<string, unknown>;
}
/** Keys left out (`code`, `parent_value_id`, `type`) are left out of the answer too: the real platform's definitions lack them. */
export interface CustomFieldValueRec {
	id: number;
	lable: string;
	code?: string | null;
	parent_value_id?: number;
}
export interface CustomFieldDefRec {
	custom_field_id: number;
	custom_field_lable: string;
	type?: CustomFieldType;
	code?: string | null;
	values?: CustomFieldValueRec[];
}
/** A stored custom-field value, normalized by type (choice ids as numbers, multi as number[]). */
export interface CustomValue {
	id: number;
	value: string | number | number[] | null;
}
/**
 * A contact (customer). The fields past `created_at` are those of the real platform's contact
 * detail (real-platform.md §2.3 "Contacts"; the spec shows none).
 */
export interface CustomerRec {
	id: number;
	username: string;
	email: string | null;
	phone_no: string | null;
	organization_id: number | null;
	created_at: number;
	updated_at: number;
	email2: string | null;
	phone_no2: string | null;
	phone_no3: string | null;
	gender: number | null;
	custom_fields: CustomValue[];
}
/** What `POST /contacts` and `PUT /contacts/{id}` may set. */
export type ContactDraft = Partial<Omit<CustomerRec, 'id' | 'created_at' | 'updated_at'>>;

/** `POST /contacts` with a phone some contact already has (real-platform.md §2.4). */
export class DuplicatePhoneError extends Error {
	constructor(readonly duplicateId: number) {
		super('phone_no already exist');
	}
}
export interface CommentRec {
	id: number;
	body: string;
	is_public: 0 | 1;
	author_id: number | null;
	created_at: number;
}
export type TicketStatus = 'new' | 'open' | 'pending' | 'solved' | 'closed';
export type TicketPriority = 'High' | 'Low' | 'Normal' | 'Urgent';
export type TicketType = 'COMMENT' | 'CALLED' | 'ANSWERED_CALL' | 'EMAIL' | 'SMS' | 'CHAT' | 'ZNS' | 'NULL';
export interface TicketRec {
	ticket_id: number;
	ticket_no: number;
	ticket_status: TicketStatus;
	ticket_subject: string;
	ticket_priority: TicketPriority;
	requester_id: number;
	assignee_id: number | null;
	group_id: number | null;
	service_id: number | null;
	ticket_source: string;
	ticket_source_end_status: number | null;
	ticket_source_detail_id: number | null;
	duedate: number | null;
	satisfaction: number | null;
	satisfaction_at: number | null;
	satisfaction_send: number | null;
	satisfaction_content: string | null;
	campaign_id: number | null;
	automessage_id: number | null;
	member_status_id: number | null;
	is_overdue: 0 | 1;
	incident_id: number | null;
	comments: CommentRec[];
	custom_fields: CustomValue[];
	tags: string[];
	ccs: number[];
	follows: number[];
	ticket_type: TicketType;
	ref_url: string | null;
	address: string | null;
	city_id: string | null;
	district_id: string | null;
	created_at: number;
	updated_at: number;
}
export interface LeadRec {
	id: number;
	subject: string;
	requester_id: number;
	service_id: number | null;
	group_id: number | null;
	assignee_id: number | null;
	lead_status_id: number;
	last_lead_status_id: number | null;
	estimated_closed_date: number | null;
	labels: number[];
	unqualified_reasons: number[];
	custom_fields: CustomValue[];
	converted_at: number | null;
	converted_by: number | null;
	converted_type: 1 | 2 | null;
	comments: CommentRec[];
	created_at: number;
	updated_at: number;
}
export interface OrderProductRec {
	name: string;
	sku: string | null;
	is_free: 0 | 1;
	unit_price: number;
	quantity: number;
	discount_markup: number;
	discount_value: number;
	total_amount: number;
}
export interface DealRec {
	id: number;
	subject: string;
	requester_id: number;
	service_id: number | null;
	group_id: number | null;
	assignee_id: number | null;
	lead_id: number | null;
	converted_at: number | null;
	converted_by: number | null;
	converted_type: 1 | 2 | null;
	lead_status_id: number | null;
	last_lead_status_id: number | null;
	unqualified_reasons: number[];
	labels: number[];
	estimated_closed_date: number | null;
	closed_at: number | null;
	closed_by: number | null;
	closed_type: 1 | 2 | 3 | null;
	pipeline_id: number;
	pipeline_stage_id: number;
	last_deal_stage_id: number | null;
	value: number;
	probability: number;
	custom_fields: CustomValue[];
	order_address_detail: string | null;
	order_buyer_note: string | null;
	order_city_id: string | null;
	order_district_id: string | null;
	order_ward_id: string | null;
	order_receiver_name: string | null;
	order_receiver_phone: string | null;
	order_shipping_fee: number | null;
	order_payment: string | null;
	order_status: string | null;
	order_tracking_code: string | null;
	order_tracking_url: string | null;
	order_products: OrderProductRec[];
	comments: CommentRec[];
	created_at: number;
	updated_at: number;
}
export type MissedReason = 'missed_customer' | 'missed_agent_device' | 'missed_agent_reject' | 'missed_agent_timeout';
export interface CallRec {
	id: number;
	customer_id: number | null;
	call_id: string;
	caller: string;
	called: string;
	user_id: number | null;
	agent_id: string | null;
	group_id: number | null;
	call_type: 0 | 1;
	/** Internal: the call passed through an IVR (matched by filter call_type=3). */
	passed_ivr: boolean;
	start_time: number;
	end_time: number;
	/** Stored with the list example's spelling. */
	call_status: 'miss' | 'meetAgent';
	/** Seconds. */
	wait_time: number;
	hold_time: number;
	talk_time: number;
	end_status: 'cus' | 'system';
	ticket_id: number | null;
	missed_reason: MissedReason | null;
	last_agent_id: number | null;
	last_user_id: number | null;
	/** Internal: a recording exists (served from 5 minutes after end_time). */
	has_recording: boolean;
	service_id: number | null;
	dtmf: string | null;
	call_survey: string;
	call_survey_result: string | null;
}
/** A chat channel (docs/api.md#chats): 0 Live chat, 1 Messenger/Instagram, 3 Zalo. */
export type ConversationType = 0 | 1 | 3;
/** A chat conversation: what every message of it carries besides its own fields. */
export interface ConversationRec {
	conversation_id: number;
	conversation_type: ConversationType;
	/** The conversation's start: the list's start-time range bounds this, not the message's time. */
	start_time: number;
	service_id: number | null;
	requester_id: number | null;
	ticket_id: number | null;
	/** The last agent who wrote in it (a user id); null while no agent has. */
	last_agent_user_id: number | null;
	/** The customer's id on the channel, and the name shown there. */
	visitor_id: string;
	visitor_name: string;
	/** Zalo: the official account written to; null on the other channels. */
	oa_id: string | null;
	oa_name: string | null;
}
/** One chat message; its conversation's fields are joined when it is rendered. */
export interface ChatMessageRec {
	id: number;
	msg_id: string;
	conversation_id: number;
	/** 1, 2, … in the conversation, in the order written. */
	message_index: number;
	content: string;
	time: number;
	from: 'customer' | 'agent';
	/** The writing agent's user id (from: agent). */
	agent_user_id: number | null;
	type: 'text' | 'image';
}
/** What `POST /__control/chats/messages` takes. */
export interface ChatMessageDraft {
	conversation_id?: number;
	conversation_type?: ConversationType;
	content: string;
	from: 'customer' | 'agent';
	requester_id?: number;
	agent_user_id?: number;
}
export interface LeadStatusRec {
	id: number;
	label: string;
	status_type: 0 | 1 | 2 | 3;
}
export interface IdNameRec {
	id: number;
	name: string;
}
export interface PipelineRec {
	id: number;
	name: string;
	stages: { id: number; name: string; probability?: number }[];
}
export interface MonitorRec {
	id: number;
	name: string;
	status: 0 | 1;
	last_ping_ms: number;
	last_heartbeat: number;
	uptime_24h: number;
}
/** A saved ticket filter (`filter_id`). User-dependent filters answer `Can't get this filter!`. */
export interface SavedFilterRec {
	id: number;
	name: string;
	user_dependent: boolean;
	ticket_status?: TicketStatus[];
	ticket_priority?: TicketPriority[];
}

export interface StoreOptions {
	seed: number;
	now: () => Date;
	/** Minutes east of UTC of the account zone. */
	offsetMinutes: number;
	size: { tickets: number; leads: number; deals: number; calls: number; days: number };
	/** The platform played (render.ts): `real` writes the definitions as the real platform does. */
	platform?: FakePlatformKind;
}

/** Requester hints for find-or-create (phone and e-mail are the customer's unique keys). */
export interface RequesterHint {
	username?: string;
	phone?: string;
	email?: string;
}
export interface CommentDraft {
	body: string;
	is_public?: 0 | 1;
	author_id?: number | null;
}
export type TicketDraft = Partial<Omit<TicketRec, 'ticket_id' | 'ticket_no'>> & RequesterHint & { comment?: CommentDraft };
export type TicketPatch = Partial<Omit<TicketRec, 'ticket_id' | 'ticket_no' | 'comments'>> & { comment?: CommentDraft };
export type LeadDraft = Partial<Omit<LeadRec, 'id'>> & RequesterHint & { comment?: CommentDraft };
export type LeadPatch = Partial<Omit<LeadRec, 'id' | 'comments'>> & { comment?: CommentDraft };
export type DealDraft = Partial<Omit<DealRec, 'id'>> & RequesterHint & { comment?: CommentDraft };
export type DealPatch = Partial<Omit<DealRec, 'id' | 'comments'>> & { comment?: CommentDraft };
export type CallDraft = Partial<Omit<CallRec, 'id'>>;

/** mulberry32: a small deterministic PRNG. */
export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function pick<T>(rnd: () => number, list: readonly T[]): T {
	return list[Math.floor(rnd() * list.length)];
}

export class NotFoundError extends Error {}

/** The largest `key` over `list`, at least `floor` (a loop: safe for any list size). */
export function maxOf<T>(list: readonly T[], key: (x: T) => number, floor: number): number {
	let max = floor;
	for (const x of list) {
		const v = key(x);
		if (v > max) max = v;
	}
	return max;
}

/** Drops keys whose value is undefined, so they do not override defaults. */
function defined<T extends object>(obj: T): T {
	const out = {} as T;
	for (const [k, v] of Object.entries(obj)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
	return out;
}

/**
 * Seed data already drawn (Store.seed), by what it was drawn from, with the start instant it was
 * drawn at; the last few kept.
 */
const SEEDED = new Map<string, { drawnAt: number; collections: Record<string, unknown[]> }>();
const SEEDED_KEPT = 4;

/**
 * The seed's only numbers above this are instants in epoch ms (1973 on); its amounts, ids and
 * counts stay below 1e9. test/tools/fake-platform/seed-copy.test.ts holds a moved copy to a
 * fresh draw.
 */
const INSTANT_FLOOR = 1e11;

/** An instant moved by `shiftMs`; any other value as it is. */
const moved = (item: unknown, shiftMs: number) =>
	shiftMs !== 0 && typeof item === 'number' && item > INSTANT_FLOOR ? item + shiftMs : item;

/**
 * A deep copy of plain data (arrays, objects, primitives): the records hold nothing else. Spread
 * first, then only the nested values copied: a third of the CPU of a copy key by key, which cost
 * more than drawing the data again. Instants are moved by `shiftMs`.
 */
function copyOf<T>(value: T, shiftMs = 0): T {
	if (Array.isArray(value)) {
		const copy: unknown[] = new Array(value.length);
		for (let i = 0; i < value.length; i++) {
			const item: unknown = value[i];
			copy[i] = item !== null && typeof item === 'object' ? copyOf(item, shiftMs) : moved(item, shiftMs);
		}
		return copy as T;
	}
	if (value === null || typeof value !== 'object') return value;
	const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
	for (const key in copy) {
		const item = copy[key];
		if (item !== null && typeof item === 'object') copy[key] = copyOf(item, shiftMs);
		else if (shiftMs !== 0) copy[key] = moved(item, shiftMs);
	}
	return copy as T;
}

export class Store {
	readonly options: StoreOptions;
	/** The instant the seed data was placed relative to (clock at start). */
	readonly seededAt: number;
	/** Deterministic randomness for mutations (touchTickets, defaults). */
	readonly random: () => number;

	agents: AgentRec[] = [];
	groups: GroupRec[] = [];
	services: ServiceRec[] = [];
	ticketFields: CustomFieldDefRec[] = [];
	contactFields: CustomFieldDefRec[] = [];
	organizationFields: CustomFieldDefRec[] = [];
	customers: CustomerRec[] = [];
	tickets: TicketRec[] = [];
	leads: LeadRec[] = [];
	deals: DealRec[] = [];
	calls: CallRec[] = [];
	conversations: ConversationRec[] = [];
	chatMessages: ChatMessageRec[] = [];
	leadStatuses: LeadStatusRec[] = [];
	leadUnqualifiedReasons: IdNameRec[] = [];
	leadLabels: IdNameRec[] = [];
	dealPipelines: PipelineRec[] = [];
	dealUnqualifiedReasons: IdNameRec[] = [];
	dealLabels: IdNameRec[] = [];
	dealLostReasons: IdNameRec[] = [];
	monitors: MonitorRec[] = [];
	savedFilters: SavedFilterRec[] = [];

	private nextCommentId = 1;

	constructor(options: StoreOptions) {
		this.options = options;
		this.seededAt = truncSec(options.now().getTime());
		this.seed();
		this.random = mulberry32((options.seed ^ 0x5eed) >>> 0);
		let maxComment = 0;
		for (const r of [...this.tickets, ...this.leads, ...this.deals]) maxComment = maxOf(r.comments, (c) => c.id, maxComment);
		this.nextCommentId = maxComment + 1;
	}

	/**
	 * The seed data: drawn once for each seed, UTC day, size and platform, then copied. Every seeded
	 * instant is the start instant less a drawn span, so the data of a later start on the same day
	 * is the data drawn before, each instant moved by the time between the two starts. The day is
	 * in the key because date-only values ("2026/11/29") count whole UTC days from the start. The
	 * fault sweep starts a fake per case and most engine test files more than one: drawing 2,600
	 * tickets each time was the larger part of starting a fake.
	 */
	private seed(): void {
		const { seed, size, platform } = this.options;
		// Chats draw from their own sequence, so that adding them moved no other record.
		const draw = () => seedStore(this, mulberry32(seed), mulberry32((seed ^ 0xc4a7) >>> 0));
		// A copy tells instants by size (INSTANT_FLOOR): a start early enough (before April 1974) for
		// the seed to reach below it is drawn every time.
		if (this.seededAt - seedReachMs(size.days) <= INSTANT_FLOOR) return draw();
		const key = JSON.stringify([seed, Math.floor(this.seededAt / DAY), size, platform]);
		const drawn = SEEDED.get(key);
		if (drawn) {
			Object.assign(this, copyOf(drawn.collections, this.seededAt - drawn.drawnAt));
			return;
		}
		draw();
		const collections = Object.fromEntries(Object.entries(this).filter(([, value]) => Array.isArray(value)));
		if (SEEDED.size >= SEEDED_KEPT) SEEDED.delete(SEEDED.keys().next().value!);
		SEEDED.set(key, { drawnAt: this.seededAt, collections: copyOf(collections) });
	}

	/** The server clock. */
	now(): Date {
		return this.options.now();
	}
	/** The server clock in epoch ms, truncated to whole seconds. */
	nowMs(): number {
		return truncSec(this.options.now().getTime());
	}
	private at(at?: Date | number): number {
		if (at === undefined) return this.nowMs();
		return truncSec(typeof at === 'number' ? at : at.getTime());
	}

	// --- lookups -----------------------------------------------------------------------------

	agent(id: number | null | undefined): AgentRec | undefined {
		return id == null ? undefined : this.agents.find((a) => a.id === id);
	}
	group(id: number | null | undefined): GroupRec | undefined {
		return id == null ? undefined : this.groups.find((g) => g.group_id === id);
	}
	service(id: number | null | undefined): ServiceRec | undefined {
		return id == null ? undefined : this.services.find((s) => s.service_id === id);
	}
	customer(id: number | null | undefined): CustomerRec | undefined {
		return id == null ? undefined : this.customers.find((c) => c.id === id);
	}
	ticket(id: number): TicketRec | undefined {
		return this.tickets.find((t) => t.ticket_id === id);
	}
	lead(id: number): LeadRec | undefined {
		return this.leads.find((l) => l.id === id);
	}
	deal(id: number): DealRec | undefined {
		return this.deals.find((d) => d.id === id);
	}
	leadStatus(id: number | null | undefined): LeadStatusRec | undefined {
		return id == null ? undefined : this.leadStatuses.find((s) => s.id === id);
	}
	pipeline(id: number | null | undefined): PipelineRec | undefined {
		return id == null ? undefined : this.dealPipelines.find((p) => p.id === id);
	}
	/** Children (incident_id = id) that are neither solved nor closed. */
	unsolvedChildren(id: number): TicketRec[] {
		return this.tickets.filter(
			(t) => t.incident_id === id && t.ticket_status !== 'solved' && t.ticket_status !== 'closed',
		);
	}

	// --- customers ---------------------------------------------------------------------------

	/**
	 * Finds the customer by phone, then by e-mail (case-insensitive); creates one when neither
	 * matches. An existing customer keeps its username.
	 */
	findOrCreateCustomer(hint: RequesterHint, at?: Date | number): CustomerRec {
		const phone = hint.phone?.trim() || null;
		const email = hint.email?.trim() || null;
		const found =
			(phone && this.customers.find((c) => c.phone_no === phone)) ||
			(email && this.customers.find((c) => c.email?.toLowerCase() === email.toLowerCase())) ||
			undefined;
		if (found) return found;
		const id = 1 + maxOf(this.customers, (c) => c.id, 50000);
		return this.addCustomer(id, { username: hint.username?.trim() || phone || email || `Customer ${id}`, email, phone_no: phone }, this.at(at));
	}

	private addCustomer(id: number, draft: ContactDraft, at: number): CustomerRec {
		const customer: CustomerRec = {
			id,
			username: draft.username ?? '',
			email: draft.email ?? null,
			phone_no: draft.phone_no ?? null,
			organization_id: draft.organization_id ?? null,
			created_at: at,
			updated_at: at,
			email2: draft.email2 ?? null,
			phone_no2: draft.phone_no2 ?? null,
			phone_no3: draft.phone_no3 ?? null,
			gender: draft.gender ?? null,
			custom_fields: draft.custom_fields ?? [],
		};
		this.customers.push(customer);
		return customer;
	}

	/** The contact one of whose three phones is `phone` (digits as stored). */
	customerByPhone(phone: string): CustomerRec | undefined {
		return this.customers.find((c) => c.phone_no === phone || c.phone_no2 === phone || c.phone_no3 === phone);
	}

	/** `POST /contacts`: a new contact, or DuplicatePhoneError naming the one that has the phone. */
	createContact(draft: ContactDraft, at?: Date | number): CustomerRec {
		const phones = [draft.phone_no, draft.phone_no2, draft.phone_no3].filter((phone): phone is string => !!phone);
		for (const phone of phones) {
			const existing = this.customerByPhone(phone);
			if (existing) throw new DuplicatePhoneError(existing.id);
		}
		const id = 1 + maxOf(this.customers, (c) => c.id, 50000);
		return this.addCustomer(id, { ...draft, username: draft.username ?? phones[0] ?? draft.email ?? `Customer ${id}` }, this.at(at));
	}

	/** `PUT /contacts/{id}`: the given fields replaced, custom values merged by field id. */
	updateContact(id: number, patch: ContactDraft, mergeCustom: (existing: CustomValue[], updates: CustomValue[]) => CustomValue[], at?: Date | number): CustomerRec {
		const customer = this.customer(id);
		if (!customer) throw new NotFoundError('Not found user');
		for (const phone of [patch.phone_no, patch.phone_no2, patch.phone_no3]) {
			const existing = phone ? this.customerByPhone(phone) : undefined;
			if (existing && existing.id !== id) throw new DuplicatePhoneError(existing.id);
		}
		const { custom_fields: custom, ...fields } = patch;
		Object.assign(customer, Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
		if (custom) customer.custom_fields = mergeCustom(customer.custom_fields, custom);
		customer.updated_at = this.at(at);
		return customer;
	}

	private requesterFor(draft: { requester_id?: number } & RequesterHint, at: number): number {
		if (draft.requester_id != null) return draft.requester_id;
		if (draft.phone || draft.email) return this.findOrCreateCustomer(draft, at).id;
		return this.customers[0].id;
	}

	private comment(draft: CommentDraft, at: number): CommentRec {
		return {
			id: this.nextCommentId++,
			body: draft.body,
			is_public: draft.is_public ?? 0,
			author_id: draft.author_id ?? null,
			created_at: at,
		};
	}

	// --- tickets -----------------------------------------------------------------------------

	createTicket(partial: TicketDraft = {}, at?: Date | number): TicketRec {
		const t = this.at(at);
		const { username, phone, email, comment, ...rest } = partial;
		const fields = defined(rest);
		const requester_id = this.requesterFor({ requester_id: fields.requester_id, username, phone, email }, t);
		const assignee = this.agent(fields.assignee_id);
		const service = this.service(fields.service_id);
		const ticket: TicketRec = {
			ticket_status: 'new',
			ticket_subject: '',
			ticket_priority: 'Normal',
			assignee_id: null,
			group_id: assignee?.group_id ?? null,
			service_id: null,
			ticket_source: service ? service.service_type : 'Api',
			ticket_source_end_status: null,
			ticket_source_detail_id: null,
			duedate: null,
			satisfaction: null,
			satisfaction_at: null,
			satisfaction_send: null,
			satisfaction_content: null,
			campaign_id: null,
			automessage_id: null,
			member_status_id: null,
			is_overdue: 0,
			incident_id: null,
			custom_fields: [],
			tags: [],
			ccs: [],
			follows: [],
			ticket_type: comment ? 'COMMENT' : 'NULL',
			ref_url: null,
			address: null,
			city_id: null,
			district_id: null,
			created_at: t,
			updated_at: t,
			...fields,
			comments: comment ? [this.comment(comment, t)] : (fields.comments ?? []),
			requester_id,
			ticket_id: 1 + maxOf(this.tickets, (x) => x.ticket_id, 100000),
			ticket_no: 1 + maxOf(this.tickets, (x) => x.ticket_no, 0),
		};
		this.tickets.push(ticket);
		return ticket;
	}

	/** Applies `patch`, appends `patch.comment`, sets updated_at to `at` (default: clock now). */
	updateTicket(id: number, patch: TicketPatch = {}, at?: Date | number): TicketRec {
		const ticket = this.ticket(id);
		if (!ticket) throw new NotFoundError(`Ticket ${id} does not exist`);
		const t = this.at(at);
		const { comment, ...rest } = patch;
		const fields = defined(rest);
		Object.assign(ticket, fields);
		if (fields.assignee_id != null && fields.group_id === undefined) {
			ticket.group_id = this.agent(fields.assignee_id)?.group_id ?? ticket.group_id;
		}
		if (comment) {
			ticket.comments.push(this.comment(comment, t));
			if (fields.ticket_type === undefined) ticket.ticket_type = 'COMMENT';
		}
		ticket.updated_at = t;
		return ticket;
	}

	/** Updates `n` distinct tickets (chosen by the store's PRNG) at instant `at`; returns their ids. */
	touchTickets(n: number, at?: Date | number): number[] {
		const count = Math.min(n, this.tickets.length);
		const chosen = new Set<number>();
		while (chosen.size < count) chosen.add(Math.floor(this.random() * this.tickets.length));
		const ids = [...chosen].map((i) => this.tickets[i].ticket_id);
		for (const id of ids) this.updateTicket(id, {}, at);
		return ids;
	}

	// --- leads -------------------------------------------------------------------------------

	private applyLeadStatus(
		rec: { lead_status_id: number | null; last_lead_status_id: number | null; converted_at: number | null; converted_by: number | null; converted_type: 1 | 2 | null; assignee_id: number | null },
		statusId: number,
		t: number,
		by: number | null | undefined,
	): void {
		if (rec.lead_status_id === statusId) return;
		rec.last_lead_status_id = rec.lead_status_id;
		rec.lead_status_id = statusId;
		const type = this.leadStatus(statusId)?.status_type;
		if (type === 2 || type === 3) {
			rec.converted_type = type === 2 ? 1 : 2;
			rec.converted_at = t;
			rec.converted_by = by ?? rec.assignee_id;
		}
	}

	createLead(partial: LeadDraft = {}, at?: Date | number): LeadRec {
		const t = this.at(at);
		const { username, phone, email, comment, lead_status_id, ...rest } = partial;
		const fields = defined(rest);
		const requester_id = this.requesterFor({ requester_id: fields.requester_id, username, phone, email }, t);
		const assignee = this.agent(fields.assignee_id);
		const first = this.leadStatuses.find((s) => s.status_type === 1) ?? this.leadStatuses[0];
		const lead: LeadRec = {
			subject: '',
			service_id: null,
			group_id: assignee?.group_id ?? null,
			assignee_id: null,
			lead_status_id: first.id,
			last_lead_status_id: null,
			estimated_closed_date: null,
			labels: [],
			unqualified_reasons: [],
			custom_fields: [],
			converted_at: null,
			converted_by: null,
			converted_type: null,
			created_at: t,
			updated_at: t,
			...fields,
			comments: comment ? [this.comment(comment, t)] : (fields.comments ?? []),
			requester_id,
			id: 1 + maxOf(this.leads, (l) => l.id, 200000),
		};
		if (lead_status_id != null && lead_status_id !== lead.lead_status_id) {
			lead.lead_status_id = lead_status_id;
			const type = this.leadStatus(lead_status_id)?.status_type;
			if ((type === 2 || type === 3) && lead.converted_at == null) {
				lead.converted_type = type === 2 ? 1 : 2;
				lead.converted_at = t;
				lead.converted_by = lead.assignee_id;
			}
		}
		this.leads.push(lead);
		return lead;
	}

	/**
	 * Applies `patch`; a new lead_status_id moves the old one to last_lead_status_id, and a final
	 * status (type 2 or 3) sets converted_type (1 or 2), converted_at and converted_by.
	 */
	updateLead(id: number, patch: LeadPatch = {}, at?: Date | number): LeadRec {
		const lead = this.lead(id);
		if (!lead) throw new NotFoundError(`Lead ${id} does not exist`);
		const t = this.at(at);
		const { comment, lead_status_id, ...rest } = patch;
		const fields = defined(rest);
		Object.assign(lead, fields);
		if (lead_status_id != null) this.applyLeadStatus(lead, lead_status_id, t, comment?.author_id);
		if (comment) lead.comments.push(this.comment(comment, t));
		lead.updated_at = t;
		return lead;
	}

	// --- deals -------------------------------------------------------------------------------

	createDeal(partial: DealDraft = {}, at?: Date | number): DealRec {
		const t = this.at(at);
		const { username, phone, email, comment, ...rest } = partial;
		const fields = defined(rest);
		const requester_id = this.requesterFor({ requester_id: fields.requester_id, username, phone, email }, t);
		const assignee = this.agent(fields.assignee_id);
		const pipeline = this.pipeline(fields.pipeline_id) ?? this.dealPipelines[0];
		const stage = pipeline.stages.find((s) => s.id === fields.pipeline_stage_id) ?? pipeline.stages[0];
		const deal: DealRec = {
			subject: '',
			service_id: null,
			group_id: assignee?.group_id ?? null,
			assignee_id: null,
			lead_id: null,
			converted_at: null,
			converted_by: null,
			converted_type: null,
			lead_status_id: null,
			last_lead_status_id: null,
			unqualified_reasons: [],
			labels: [],
			estimated_closed_date: null,
			closed_at: null,
			closed_by: null,
			closed_type: null,
			last_deal_stage_id: null,
			value: 0,
			probability: stage.probability ?? 0,
			custom_fields: [],
			order_address_detail: null,
			order_buyer_note: null,
			order_city_id: null,
			order_district_id: null,
			order_ward_id: null,
			order_receiver_name: null,
			order_receiver_phone: null,
			order_shipping_fee: null,
			order_payment: null,
			order_status: null,
			order_tracking_code: null,
			order_tracking_url: null,
			order_products: [],
			created_at: t,
			updated_at: t,
			...fields,
			pipeline_id: pipeline.id,
			pipeline_stage_id: stage.id,
			comments: comment ? [this.comment(comment, t)] : (fields.comments ?? []),
			requester_id,
			id: 1 + maxOf(this.deals, (d) => d.id, 300000),
		};
		if (deal.closed_type != null && deal.closed_at == null) {
			deal.closed_at = t;
			deal.closed_by = deal.closed_by ?? deal.assignee_id;
		}
		this.deals.push(deal);
		return deal;
	}

	/**
	 * Applies `patch`; a new pipeline_stage_id moves the old one to last_deal_stage_id; setting
	 * closed_type (1 won, 2 lost, 3 unqualified) sets closed_at = `at` and closed_by.
	 */
	updateDeal(id: number, patch: DealPatch = {}, at?: Date | number): DealRec {
		const deal = this.deal(id);
		if (!deal) throw new NotFoundError(`Deal ${id} does not exist`);
		const t = this.at(at);
		const { comment, pipeline_stage_id, closed_type, ...rest } = patch;
		const fields = defined(rest);
		Object.assign(deal, fields);
		if (pipeline_stage_id != null && pipeline_stage_id !== deal.pipeline_stage_id) {
			deal.last_deal_stage_id = deal.pipeline_stage_id;
			deal.pipeline_stage_id = pipeline_stage_id;
		}
		if (closed_type !== undefined && closed_type !== deal.closed_type) {
			deal.closed_type = closed_type;
			deal.closed_at = closed_type === null ? null : (fields.closed_at ?? t);
			deal.closed_by = closed_type === null ? null : (fields.closed_by ?? comment?.author_id ?? deal.assignee_id);
		}
		if (comment) deal.comments.push(this.comment(comment, t));
		deal.updated_at = t;
		return deal;
	}

	// --- calls -------------------------------------------------------------------------------

	/**
	 * Adds a call that ENDED at `at` (default: clock now); start_time = end − (wait+hold+talk)
	 * unless given.
	 */
	createCall(partial: CallDraft = {}, at?: Date | number): CallRec {
		const end = partial.end_time ?? this.at(at);
		const status = partial.call_status ?? 'meetAgent';
		const wait = partial.wait_time ?? 8;
		const hold = partial.hold_time ?? 0;
		const talk = partial.talk_time ?? (status === 'miss' ? 0 : 95);
		const agent = this.agent(partial.user_id) ?? (status === 'miss' ? undefined : this.agents[1]);
		const customer = this.customer(partial.customer_id) ?? this.customers[0];
		const callType = partial.call_type ?? 0;
		const id = 1 + maxOf(this.calls, (c) => c.id, 400000);
		const agentIp = agent ? String(agent.agent_id) : null;
		const hotline = (this.services.find((s) => s.type === 1)?.detail.number as string | undefined) ?? '19001234';
		const call: CallRec = {
			customer_id: customer.id,
			call_id: `call-${id}`,
			caller: callType === 0 ? (customer.phone_no ?? '') : (agentIp ?? ''),
			called: callType === 0 ? hotline : (customer.phone_no ?? ''),
			user_id: agent?.id ?? null,
			agent_id: agentIp,
			group_id: agent?.group_id ?? null,
			call_type: callType,
			passed_ivr: false,
			start_time: truncSec(end - (wait + hold + talk) * 1000),
			end_time: end,
			call_status: status,
			wait_time: wait,
			hold_time: hold,
			talk_time: talk,
			end_status: 'cus',
			ticket_id: partial.ticket_id ?? null,
			missed_reason: status === 'miss' ? 'missed_customer' : null,
			last_agent_id: agentIp ? Number(agentIp) : null,
			last_user_id: agent?.id ?? null,
			has_recording: status !== 'miss' && talk > 0,
			service_id: this.services.find((s) => s.type === (callType === 0 ? 1 : 11))?.service_id ?? null,
			dtmf: null,
			call_survey: 'NO',
			call_survey_result: null,
			...defined(partial),
			id,
		};
		this.calls.push(call);
		return call;
	}

	// --- agents ------------------------------------------------------------------------------

	/** Changes an agent's channel states (checked by agentStates.ts `agentStatesProblem`). */
	setAgentStates(id: number, states: AgentStates): AgentRec {
		const agent = this.agent(id);
		if (!agent) throw new NotFoundError(`Agent ${id} does not exist`);
		return applyAgentStates(agent, states);
	}

	// --- chats -------------------------------------------------------------------------------

	conversation(id: number | null | undefined): ConversationRec | undefined {
		return id == null ? undefined : this.conversations.find((c) => c.conversation_id === id);
	}

	/**
	 * Adds a chat message at `at` (default: clock now): to the conversation `conversation_id`
	 * (which must exist; its start does not move), else to a new conversation of
	 * `conversation_type` (default 0) started then, for `requester_id` (default the first contact).
	 * An agent's message names `agent_user_id`, else the conversation's last agent, else the first
	 * agent; it becomes the conversation's last agent.
	 */
	addChatMessage(draft: ChatMessageDraft, at?: Date | number): { message: ChatMessageRec; conversation: ConversationRec } {
		const time = this.at(at);
		let conversation = this.conversation(draft.conversation_id);
		if (draft.conversation_id !== undefined && !conversation) throw new NotFoundError(`Conversation ${draft.conversation_id} does not exist`);
		if (!conversation) {
			const type = draft.conversation_type ?? 0;
			if (draft.requester_id !== undefined && !this.customer(draft.requester_id)) throw new NotFoundError(`Contact ${draft.requester_id} does not exist`);
			const customer = this.customer(draft.requester_id) ?? this.customers[0];
			const id = 1 + maxOf(this.conversations, (c) => c.conversation_id, 500000);
			conversation = {
				conversation_id: id,
				conversation_type: type,
				start_time: time,
				service_id: CHAT_SERVICE_OF_TYPE[type],
				requester_id: customer.id,
				ticket_id: null,
				last_agent_user_id: null,
				visitor_id: visitorIdOf(type, id),
				visitor_name: customer.username,
				oa_id: type === 3 ? ZALO_ACCOUNTS[0].oa_id : null,
				oa_name: type === 3 ? ZALO_ACCOUNTS[0].oa_name : null,
			};
			this.conversations.push(conversation);
		}
		const agent = draft.from === 'agent' ? (this.agent(draft.agent_user_id) ?? this.agent(conversation.last_agent_user_id) ?? this.agents[0]) : undefined;
		if (agent) conversation.last_agent_user_id = agent.id;
		const index = 1 + maxOf(
			this.chatMessages.filter((m) => m.conversation_id === conversation.conversation_id),
			(m) => m.message_index,
			0,
		);
		const id = 1 + maxOf(this.chatMessages, (m) => m.id, 900000);
		const message: ChatMessageRec = {
			id,
			msg_id: `msg-${id.toString(16)}`,
			conversation_id: conversation.conversation_id,
			message_index: index,
			content: draft.content,
			time,
			from: draft.from,
			agent_user_id: agent?.id ?? null,
			type: 'text',
		};
		this.chatMessages.push(message);
		return { message, conversation };
	}

	// --- monitors ----------------------------------------------------------------------------

	setMonitorStatus(id: number, status: 0 | 1): MonitorRec {
		const monitor = this.monitors.find((m) => m.id === id);
		if (!monitor) throw new NotFoundError(`Monitor ${id} does not exist`);
		monitor.status = status;
		monitor.last_heartbeat = this.nowMs();
		monitor.last_ping_ms = status === 1 ? 40 + Math.floor(this.random() * 80) : 0;
		return monitor;
	}

	/** Helper for seeds and tests: a random element from the store's PRNG. */
	pick<T>(list: readonly T[]): T {
		return pick(this.random, list);
	}
}
