/**
 * Renders store records into the API's response shapes (see schemas.ts), formatting the
 * epoch-ms timestamps per endpoint convention.
 */
import type {
	AgentRec,
	CallRec,
	ChatMessageRec,
	CommentRec,
	ConversationRec,
	CustomFieldDefRec,
	CustomValue,
	DealRec,
	LeadRec,
	MonitorRec,
	ServiceRec,
	Store,
	TicketRec,
} from './store';
import { customFieldKind } from './schemas';
import { CLOSED_TYPE_WORDS, CONVERT_TYPE_WORDS, type AnswerForms } from './answerForms';
import { fmtDuration, fmtIsoZ, fmtLocal, fmtLocalZ, MINUTE } from './time';

export interface RenderContext {
	store: Store;
	/** Account zone, minutes east of UTC. */
	offset: number;
	/** Primary base URL (recordings are served there). */
	baseUrl: string;
	/** The answer forms (answerForms.ts); absent: the documented ones. */
	forms?: AnswerForms;
	/**
	 * Which platform the fake plays (docs/api.md#what-the-real-platform-answers): `real` (the
	 * default) answers as the real platform's public clients show it (one local wall clock with a
	 * decorative `Z`, definitions and records in their real shapes); `spec` answers the vendor
	 * spec's literal reading (`Z` is UTC, the documented shapes).
	 */
	platform: FakePlatformKind;
}

export type FakePlatformKind = 'real' | 'spec';

/** A coded value as a number, or as the field list's word when the forms ask for words. */
function coded<T extends number | null>(code: T, form: 'number' | 'word' | undefined, words: Record<number, string>): T | string {
	return code !== null && form === 'word' ? words[code] : code;
}
const convertedType = (ctx: RenderContext, code: 1 | 2 | null) => coded(code, ctx.forms?.convertType, CONVERT_TYPE_WORDS);
/** Call times: the account zone, or the zone the forms name. */
const callTime = (ctx: RenderContext, ms: number) => fmtLocal(ms, ctx.forms?.callOffset ?? ctx.offset);

const local = (ctx: RenderContext, ms: number) => fmtLocal(ms, ctx.offset);
const localOrNull = (ctx: RenderContext, ms: number | null) => (ms == null ? null : fmtLocal(ms, ctx.offset));
/**
 * A stamp with a `Z` (ticket lists, contact lists, leads, deals): the account's wall clock on the
 * real platform (real-platform.md §2.1 T-a), UTC in the spec's reading.
 */
export const stampZ = (ctx: RenderContext, ms: number) => (ctx.platform === 'real' ? fmtLocalZ(ms, ctx.offset) : fmtIsoZ(ms));
const stampZOrNull = (ctx: RenderContext, ms: number | null) => (ms == null ? null : stampZ(ctx, ms));

export function renderAgent(ctx: RenderContext, a: AgentRec) {
	return {
		id: a.id,
		username: a.username,
		email: a.email,
		phone_no: a.phone_no,
		agent_id: a.agent_id,
		created_at: local(ctx, a.created_at),
		updated_at: local(ctx, a.updated_at),
		group_id: a.group_id,
		group_name: ctx.store.group(a.group_id)?.group_name ?? null,
		role_id: a.role_id,
		login_status: a.login_status,
		ticket_status: a.ticket_status,
		call_status: a.call_status,
		chat_status: a.chat_status,
	};
}

/**
 * The real platform's `service_type` labels (real-platform.md §2.3: R1 `98af89a:samples/services`),
 * by the spec's type id. Types no real answer shows keep the fake's English label.
 */
export const REAL_SERVICE_LABELS: Readonly<Record<number, string>> = {
	1: 'Gọi vào',
	2: 'Live chat',
	4: 'Facebook',
	6: 'Miss chat',
	7: 'Miss thoại',
	8: 'Inbox Facebook',
	9: 'Api',
	10: 'Zalo',
};

export function renderService(ctx: RenderContext, s: ServiceRec) {
	// The real platform answers these three fields only: no `type` id, no `detail`.
	if (ctx.platform === 'real') return { service_id: s.service_id, service_name: s.service_name, service_type: REAL_SERVICE_LABELS[s.type] ?? s.service_type };
	const detail: Record<string, unknown> = {};
	for (const [k, v] of Object.entries(s.detail)) {
		detail[k] = (k === 'created_at' || k === 'updated_at' || k === 'last_update') && typeof v === 'number' ? local(ctx, v) : v;
	}
	return { service_id: s.service_id, service_name: s.service_name, service_type: s.service_type, type: s.type, detail };
}

/** The definition as stored: a key the platform leaves out (real mode) is left out. */
export function renderFieldDef(d: CustomFieldDefRec) {
	const out: Record<string, unknown> = {
		custom_field_id: d.custom_field_id,
		custom_field_lable: d.custom_field_lable,
	};
	if (d.type !== undefined) out.type = d.type;
	if (d.code !== undefined) out.code = d.code;
	if (d.values) out.values = d.values.map((v) => ({ ...v }));
	return out;
}

/**
 * `{id, lable, type, value}` for each stored value whose definition (a ticket's, unless
 * `definitions` names a contact's) still exists. On a ticket
 * (`ofTicket`) the real platform (real-platform.md §2.3) lists every field, unset ones as null,
 * and gives a single choice as text holding the choice id; leads and deals have no evidence.
 */
export function renderCustomItems(ctx: RenderContext, values: CustomValue[], ofTicket = false, definitions = ctx.store.ticketFields) {
	const real = ctx.platform === 'real' && ofTicket;
	const shown = real ? definitions.map((d) => values.find((v) => v.id === d.custom_field_id) ?? { id: d.custom_field_id, value: null }) : values;
	const out: { id: number; lable: string; type: string; value: CustomValue['value'] }[] = [];
	for (const v of shown) {
		const def = definitions.find((d) => d.custom_field_id === v.id);
		if (!def) continue;
		const value = Array.isArray(v.value) ? [...v.value] : real && typeof v.value === 'number' && customFieldKind(def.type) === 'single' ? String(v.value) : v.value;
		// A field without a type is "Text Area" in the records that carry it (real-platform.md §2.3).
		out.push({ id: v.id, lable: def.custom_field_lable, type: def.type ?? 'Text Area', value });
	}
	return out;
}

export function assigneeObject(ctx: RenderContext, id: number | null) {
	const a = ctx.store.agent(id);
	if (!a) return null;
	return {
		id: a.id,
		username: a.username,
		email: a.email,
		phone_no: a.phone_no,
		agent_id: a.agent_id,
		role_id: a.role_id,
		group_id: a.group_id,
		group_name: ctx.store.group(a.group_id)?.group_name ?? null,
	};
}

export function requesterObject(ctx: RenderContext, id: number) {
	const c = ctx.store.customer(id);
	if (!c) return { id, username: '', email: null, phone_no: null, organization_id: null };
	return { id: c.id, username: c.username, email: c.email, phone_no: c.phone_no, organization_id: c.organization_id };
}

export function ticketListItem(ctx: RenderContext, t: TicketRec) {
	const item: Record<string, unknown> = {
		ticket_no: t.ticket_no,
		ticket_status: t.ticket_status,
		ticket_subject: t.ticket_subject,
		created_at: stampZ(ctx, t.created_at),
		updated_at: stampZ(ctx, t.updated_at),
		ticket_source_end_status: t.ticket_source_end_status,
		ticket_source: t.ticket_source,
		ticket_priority: t.ticket_priority,
		service_id: t.service_id,
		ticket_id: t.ticket_id,
		requester_id: t.requester_id,
		assignee_id: t.assignee_id,
		custom_fields: renderCustomItems(ctx, t.custom_fields, true),
		assignee: assigneeObject(ctx, t.assignee_id),
		requester: requesterObject(ctx, t.requester_id),
		tags: [...t.tags],
		ccs: [...t.ccs],
		follows: [...t.follows],
	};
	if (ctx.platform === 'real') {
		// Real list items (real-platform.md §2.3) have no service_id; an unassigned one has no
		// assignee keys at all; ticket_source_end_status may be absent.
		delete item.service_id;
		if (t.assignee_id === null || item.assignee === null) {
			delete item.assignee_id;
			delete item.assignee;
		}
		if (t.ticket_source_end_status === null) delete item.ticket_source_end_status;
	}
	return item;
}

/** Text as the real platform's comment HTML writes it: entities for the markup characters, `<br>` for new lines. */
export function commentHtml(text: string): string {
	const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
	return `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>`;
}

/** The sources real comments name (real-platform.md §2.3), from the ticket's channel. */
function commentSource(ctx: RenderContext, t: TicketRec): 'Chat' | 'Facebook' | 'MissCall' {
	const type = ctx.store.service(t.service_id)?.type;
	if (type === 4 || type === 8) return 'Facebook';
	if (type === 1 || type === 7 || type === 11 || type === 12) return 'MissCall';
	return 'Chat';
}

/** A ticket comment as the real platform writes it: no body/author_id; a comment without an agent is the customer's. */
const realTicketComment = (ctx: RenderContext, t: TicketRec, c: CommentRec) => {
	const agent = ctx.store.agent(c.author_id);
	const customer = agent ? undefined : ctx.store.customer(t.requester_id);
	return {
		id: c.id,
		comment: commentHtml(c.body),
		commentator_id: agent?.id ?? customer?.id ?? t.requester_id,
		commentator_name: agent?.username ?? customer?.username ?? '',
		comment_source: commentSource(ctx, t),
		created_at: local(ctx, c.created_at),
		is_public: c.is_public,
	};
};

const ticketComment = (ctx: RenderContext, c: CommentRec) => ({
	id: c.id,
	body: c.body,
	is_public: c.is_public,
	author_id: c.author_id,
	created_at: local(ctx, c.created_at),
});
const recordComment = (ctx: RenderContext, c: CommentRec) => ({
	id: c.id,
	body: c.body,
	is_public: c.is_public,
	author_id: c.author_id,
	created_at: stampZ(ctx, c.created_at),
});

export function ticketDetail(ctx: RenderContext, t: TicketRec) {
	return {
		ticket_no: t.ticket_no,
		ticket_status: t.ticket_status,
		ticket_subject: t.ticket_subject,
		ticket_priority: t.ticket_priority,
		ticket_id: t.ticket_id,
		requester_id: t.requester_id,
		assignee_id: t.assignee_id,
		created_at: local(ctx, t.created_at),
		updated_at: local(ctx, t.updated_at),
		group_id: t.group_id,
		ticket_source: t.ticket_source,
		ticket_source_end_status: t.ticket_source_end_status,
		ticket_source_detail_id: t.ticket_source_detail_id,
		duedate: localOrNull(ctx, t.duedate),
		satisfaction: t.satisfaction,
		satisfaction_at: localOrNull(ctx, t.satisfaction_at),
		satisfaction_send: localOrNull(ctx, t.satisfaction_send),
		satisfaction_content: t.satisfaction_content,
		campaign_id: t.campaign_id,
		automessage_id: t.automessage_id,
		is_overdue: t.is_overdue,
		incident_id: t.incident_id,
		service_id: t.service_id,
		comments: t.comments.map((c) => (ctx.platform === 'real' ? realTicketComment(ctx, t, c) : ticketComment(ctx, c))),
		custom_filed: renderCustomItems(ctx, t.custom_fields, true),
		assignee: assigneeObject(ctx, t.assignee_id),
		requester: requesterObject(ctx, t.requester_id),
		tags: [...t.tags],
		ccs: [...t.ccs],
		follows: [...t.follows],
		ticket_type: t.ticket_type,
	};
}

export function ticketCreated(ctx: RenderContext, t: TicketRec) {
	return {
		updated_at: local(ctx, t.updated_at),
		ticket_subject: t.ticket_subject,
		ticket_no: t.ticket_no,
		created_at: local(ctx, t.created_at),
		ticket_id: t.ticket_id,
		requester_id: t.requester_id,
	};
}

export function ticketUpdated(ctx: RenderContext, t: TicketRec) {
	return {
		updated_at: local(ctx, t.updated_at),
		ticket_subject: t.ticket_subject,
		ticket_no: t.ticket_no,
		created_at: local(ctx, t.created_at),
		ticket_id: t.ticket_id,
	};
}

function contactOf(ctx: RenderContext, requesterId: number) {
	const c = ctx.store.customer(requesterId);
	return { username: c?.username ?? '', phone: c?.phone_no ?? null, email: c?.email ?? null };
}

export function renderLead(ctx: RenderContext, l: LeadRec, withComments: boolean) {
	const out: Record<string, unknown> = {
		id: l.id,
		subject: l.subject,
		requester_id: l.requester_id,
		...contactOf(ctx, l.requester_id),
		service_id: l.service_id,
		group_id: l.group_id,
		assignee_id: l.assignee_id,
		lead_status_id: l.lead_status_id,
		last_lead_status_id: l.last_lead_status_id,
		estimated_closed_date: localOrNull(ctx, l.estimated_closed_date),
		labels: [...l.labels],
		unqualified_reasons: [...l.unqualified_reasons],
		custom_fields: renderCustomItems(ctx, l.custom_fields),
		converted_at: stampZOrNull(ctx, l.converted_at),
		converted_by: l.converted_by,
		converted_type: convertedType(ctx, l.converted_type),
		created_at: stampZ(ctx, l.created_at),
		updated_at: stampZ(ctx, l.updated_at),
	};
	if (withComments) out.comments = l.comments.map((c) => recordComment(ctx, c));
	return out;
}

export function renderDeal(ctx: RenderContext, d: DealRec, withComments: boolean) {
	const out: Record<string, unknown> = {
		id: d.id,
		subject: d.subject,
		requester_id: d.requester_id,
		...contactOf(ctx, d.requester_id),
		service_id: d.service_id,
		group_id: d.group_id,
		assignee_id: d.assignee_id,
		lead_id: d.lead_id,
		converted_at: stampZOrNull(ctx, d.converted_at),
		converted_by: d.converted_by,
		converted_type: convertedType(ctx, d.converted_type),
		lead_status_id: d.lead_status_id,
		last_lead_status_id: d.last_lead_status_id,
		unqualified_reasons: [...d.unqualified_reasons],
		labels: [...d.labels],
		estimated_closed_date: localOrNull(ctx, d.estimated_closed_date),
		closed_at: stampZOrNull(ctx, d.closed_at),
		closed_by: d.closed_by,
		closed_type: coded(d.closed_type, ctx.forms?.closedType, CLOSED_TYPE_WORDS),
		pipeline_id: d.pipeline_id,
		pipeline_stage_id: d.pipeline_stage_id,
		last_deal_stage_id: d.last_deal_stage_id,
		value: d.value,
		probability: d.probability,
		custom_fields: renderCustomItems(ctx, d.custom_fields),
		order_address_detail: d.order_address_detail,
		order_buyer_note: d.order_buyer_note,
		order_city_id: d.order_city_id,
		order_district_id: d.order_district_id,
		order_ward_id: d.order_ward_id,
		order_receiver_name: d.order_receiver_name,
		order_receiver_phone: d.order_receiver_phone,
		order_shipping_fee: d.order_shipping_fee,
		order_payment: d.order_payment,
		order_status: d.order_status,
		order_tracking_code: d.order_tracking_code,
		order_tracking_url: d.order_tracking_url,
		order_products: d.order_products.map((p) => ({ ...p })),
		created_at: stampZ(ctx, d.created_at),
		updated_at: stampZ(ctx, d.updated_at),
	};
	if (withComments) out.comments = d.comments.map((c) => recordComment(ctx, c));
	return out;
}

/** A recording is served from 5 minutes after the call ends. */
export function recordingAvailable(ctx: RenderContext, c: CallRec): boolean {
	return c.has_recording && c.end_time + 5 * MINUTE <= ctx.store.nowMs();
}

/**
 * The `agent_id` a call shows. Real (real-platform.md §2.3): `""` on a missed call, and the
 * IP-phone numbers of every agent of a transferred call separated by commas (R6 splits on ',').
 */
export function callAgentIds(ctx: RenderContext, c: CallRec): string | null {
	if (ctx.platform !== 'real') return c.agent_id;
	if (c.call_status === 'miss') return '';
	const ids = [c.agent_id, c.last_agent_id === null ? null : String(c.last_agent_id)].filter((id): id is string => id !== null && id !== '');
	return [...new Set(ids)].join(',');
}

export function renderCall(ctx: RenderContext, c: CallRec) {
	const rec = recordingAvailable(ctx, c);
	const file = `${ctx.baseUrl}/recordings/${encodeURIComponent(c.call_id)}.mp3`;
	// Real missed calls (R1 samples/calllogs.json): user_id and agent_id "", no last agent,
	// and no path, path_download, service_id or dtmf keys.
	const realMiss = ctx.platform === 'real' && c.call_status === 'miss';
	return {
		id: c.id,
		customer_id: c.customer_id,
		call_id: c.call_id,
		caller: c.caller,
		called: c.called,
		user_id: realMiss ? '' : c.user_id,
		agent_id: realMiss ? '' : callAgentIds(ctx, c),
		group_id: realMiss ? 0 : c.group_id,
		call_type: c.call_type,
		start_time: callTime(ctx, c.start_time),
		end_time: callTime(ctx, c.end_time),
		call_status: c.call_status,
		wait_time: fmtDuration(c.wait_time),
		hold_time: fmtDuration(c.hold_time),
		talk_time: fmtDuration(c.talk_time),
		end_status: c.end_status,
		ticket_id: c.ticket_id,
		missed_reason: c.missed_reason,
		last_agent_id: realMiss ? null : c.last_agent_id,
		last_user_id: realMiss ? null : c.last_user_id,
		...(realMiss
			? {}
			: {
					path: rec ? file : null,
					path_download: rec ? `${file}?download=1` : null,
					service_id: c.service_id,
					dtmf: c.dtmf,
				}),
		call_survey: c.call_survey,
		call_survey_result: c.call_survey_result,
	};
}

/**
 * A chat message as the list answers it (docs/api.md#chats): the message's fields and its
 * conversation's, in R8's order. `time` and `start_time` are zone-less local times of the account
 * in both platforms, as the calls' (R8 writes them so; the spec shows no chat answer). The side
 * that did not write has null sender fields; `oa_*` are null off Zalo.
 */
export function renderChatMessage(ctx: RenderContext, m: ChatMessageRec, c: ConversationRec) {
	const agent = m.from === 'agent' ? ctx.store.agent(m.agent_user_id) : undefined;
	const customer = m.from === 'customer';
	return {
		conversation_id: c.conversation_id,
		id: m.id,
		msg_id: m.msg_id,
		message_index: m.message_index,
		content: m.content,
		time: local(ctx, m.time),
		start_time: local(ctx, c.start_time),
		service_id: c.service_id,
		sender_agent_id: customer ? null : m.agent_user_id,
		sender_agent_name: customer ? null : (agent?.username ?? null),
		sender_visitor_id: customer ? c.visitor_id : null,
		sender_visitor_name: customer ? c.visitor_name : null,
		last_agent_user_id: c.last_agent_user_id,
		ticket_id: c.ticket_id,
		type: m.type,
		conversation_type: c.conversation_type,
		requester_id: c.requester_id,
		oa_name: c.oa_name,
		oa_id: c.oa_id,
	};
}

export function renderMonitor(ctx: RenderContext, m: MonitorRec) {
	return {
		id: m.id,
		name: m.name,
		status: m.status,
		last_ping_ms: m.last_ping_ms,
		last_heartbeat: local(ctx, m.last_heartbeat),
		uptime_24h: m.uptime_24h,
	};
}
