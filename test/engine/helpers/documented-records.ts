/**
 * What Simplify must do to each kind of record, written here from docs/api.md (and from
 * /work/shared/api-spec.md where docs/api.md is silent, section cited), never read from
 * nodes/CustomerCare/api/records.ts: the table under test. A time field or a label that the
 * node's table lacks, or a label worded otherwise, fails the tests that use this one
 * (test/unit/output/simplifyRecord.test.ts, test/engine/simplify*.test.ts through ./readable.ts).
 *
 * The label words are the node's (Title Case, as n8n writes option names); the codes and their
 * meaning are the documents'. Where the two differ in more than case, the comment says so.
 */
import type { RecordKind } from '../../../nodes/CustomerCare/api/records';

/**
 * How a time comes from the API (docs/api.md#times): `zoned` ISO with `Z` or an offset,
 * `account` zone-less in the account's zone, `server` zone-less in the status server's zone
 * (the offset of the same answer's `generated_at`).
 */
export type DocumentedTime = 'zoned' | 'account' | 'server';

/** Labels the account's own lists give: lead statuses, deal pipelines, their stages. */
export type AccountList = 'leadStatus' | 'pipeline' | 'stage';

export interface DocumentedCode {
	/** Path of the code; `a.b` reaches into an object. */
	field: string;
	/** The label's field, beside the code in the same object. */
	label: string;
	/** Each code (as text) and its label, or the account list that names it. */
	labels: Readonly<Record<string, string>> | AccountList;
	/**
	 * The words the platform may answer instead of the code (docs/api.md "Where the spec is
	 * unclear"), lower case, and the code each stands for: Simplify outputs the code.
	 */
	words?: Readonly<Record<string, number>>;
}

export interface DocumentedRecord {
	/** Time fields by path (`comments.*.created_at`: every comment's) and how they come. */
	times: Readonly<Record<string, DocumentedTime>>;
	codes: readonly DocumentedCode[];
	/** Fields also given under another name (README#output-simplify: n8n expressions cannot read `caller`). */
	copies: Readonly<Record<string, string>>;
}

/* ---------- label tables ---------- */

/** docs/api.md#calls: "0 incoming, 1 outgoing, 3 passed through the IVR". */
export const CALL_TYPE_LABELS = { 0: 'Incoming', 1: 'Outgoing', 3: 'Passed IVR' };

/**
 * api-spec 2.8 `call_status`: "miss (missed), metAgent (reached an agent); the list example
 * writes meetAgent" (docs/api.md#answers-and-errors: `meetAgent` in call data).
 */
export const CALL_STATUS_LABELS = { miss: 'Missed', metAgent: 'Met agent', meetAgent: 'Met agent' };

/**
 * api-spec 2.8 `missed_reason` lists the four codes only, with no meaning; docs/api.md names the
 * field alone. These words are our reading of the code names, sourced by neither document.
 */
export const MISSED_REASON_LABELS = {
	missed_customer: 'Customer hung up',
	missed_agent_device: 'Agent device unreachable',
	missed_agent_reject: 'Agent rejected',
	missed_agent_timeout: 'Agent did not answer',
};

/** api-spec 2.8 `end_status`: "cus (customer hung up), system (agent ended)". */
export const END_STATUS_LABELS = { cus: 'Customer hung up', system: 'Agent ended' };

/**
 * api-spec 2.1 `role_id`: "1 Admin, 2 Agent, 4 Super, 5 Sub Admin, 6 Extension, 7 Mobile,
 * 8 QA agent, 9 QA lead" (docs/api.md#agents names `role_id` only).
 */
export const ROLE_LABELS = {
	1: 'Admin',
	2: 'Agent',
	4: 'Super',
	5: 'Sub Admin',
	6: 'Extension',
	7: 'Mobile',
	8: 'QA Agent',
	9: 'QA Lead',
};

/** docs/api.md#services, the type id table (no id is 5); api-spec 2.3 writes "Api" for 9. */
export const SERVICE_TYPE_LABELS = {
	1: 'Incoming Call',
	2: 'Live Chat',
	3: 'Email',
	4: 'Social Page',
	6: 'Missed Chat',
	7: 'Voicemail',
	8: 'Social Inbox',
	9: 'API',
	10: 'Messaging App',
	11: 'Voice Out',
	12: 'IVR',
	13: 'Ticket Form',
};

/** docs/api.md#leads, `convert_type`: "1 to deal, 2 unqualified". */
export const CONVERTED_TYPE_LABELS = { 1: 'Converted to Deal', 2: 'Unqualified' };

/** docs/api.md#deals, `closed_type`: "1 won, 2 lost, 3 unqualified". */
export const CLOSED_TYPE_LABELS = { 1: 'Won', 2: 'Lost', 3: 'Unqualified' };

/** docs/api.md "Where the spec is unclear": `closed_type` also as the field list's words (api-spec 2.7). */
export const CLOSED_TYPE_WORDS = { won: 1, lost: 2, unqualified: 3 };

/**
 * docs/api.md "Where the spec is unclear": `converted_type` also as `deal`, `converted to deal`,
 * `converted to lead` (1), `unqualified`, `converted to unqualified` (2).
 */
export const CONVERTED_TYPE_WORDS = { deal: 1, 'converted to deal': 1, 'converted to lead': 1, unqualified: 2, 'converted to unqualified': 2 };

/** docs/api.md#heartbeat-and-monitors: "status (1 UP, 0 DOWN)". */
export const MONITOR_STATUS_LABELS = { 1: 'UP', 0: 'DOWN' };

/* ---------- record kinds ---------- */

/** api-spec 2.5: a ticket's `assignee` object carries the agent's `role_id` (labels: 2.1). */
const assigneeRole: DocumentedCode = { field: 'assignee.role_id', label: 'role_label', labels: ROLE_LABELS };

/**
 * docs/api.md#leads and #deals: the lead status ids of a record name the account's statuses
 * (`GET /api/v1/lead/status`); `converted_type` (api-spec 2.6, 2.7) takes the convert types.
 */
const leadCodes: DocumentedCode[] = [
	{ field: 'lead_status_id', label: 'lead_status_label', labels: 'leadStatus' },
	{ field: 'last_lead_status_id', label: 'last_lead_status_label', labels: 'leadStatus' },
	{ field: 'converted_type', label: 'converted_type_label', labels: CONVERTED_TYPE_LABELS, words: CONVERTED_TYPE_WORDS },
];

/**
 * docs/api.md#times: lead and deal records' `created_at`, `updated_at`, `converted_at` are ISO Z;
 * `estimated_closed_date` is zone-less in the account zone. The comments' `created_at` is in
 * neither document (the record's own convention is assumed).
 */
const leadTimes = {
	created_at: 'zoned',
	updated_at: 'zoned',
	converted_at: 'zoned',
	estimated_closed_date: 'account',
	'comments.*.created_at': 'zoned',
} as const;

export const DOCUMENTED_RECORDS = {
	/** docs/api.md#times: ticket list items' `created_at`, `updated_at` are ISO Z. */
	ticketListItem: { times: { created_at: 'zoned', updated_at: 'zoned' }, codes: [assigneeRole], copies: {} },
	/**
	 * docs/api.md#times: the ticket detail is zone-less in the account zone, `duedate` too;
	 * `satisfaction_at`, `satisfaction_send` are DateTimes per api-spec 2.5. The comments'
	 * `created_at` is in neither document (assumed as the detail's).
	 */
	ticketDetail: {
		times: {
			created_at: 'account',
			updated_at: 'account',
			duedate: 'account',
			satisfaction_at: 'account',
			satisfaction_send: 'account',
			'comments.*.created_at': 'account',
		},
		codes: [assigneeRole],
		copies: {},
	},
	/** docs/api.md#times and #tickets: create/update answers carry zone-less `created_at`, `updated_at`. */
	ticketWritten: { times: { created_at: 'account', updated_at: 'account' }, codes: [], copies: {} },
	lead: { times: leadTimes, codes: leadCodes, copies: {} },
	/** docs/api.md#deals: the lead's fields, plus `closed_at` (ISO Z, docs/api.md#times), pipelines, stages, closed type. */
	deal: {
		times: { ...leadTimes, closed_at: 'zoned' },
		codes: [
			...leadCodes,
			{ field: 'pipeline_id', label: 'pipeline_label', labels: 'pipeline' },
			{ field: 'pipeline_stage_id', label: 'pipeline_stage_label', labels: 'stage' },
			{ field: 'last_deal_stage_id', label: 'last_deal_stage_label', labels: 'stage' },
			{ field: 'closed_type', label: 'closed_type_label', labels: CLOSED_TYPE_LABELS, words: CLOSED_TYPE_WORDS },
		],
		copies: {},
	},
	/** docs/api.md#calls: `start_time`, `end_time` zone-less in the account zone. */
	call: {
		times: { start_time: 'account', end_time: 'account' },
		codes: [
			{ field: 'call_type', label: 'call_type_label', labels: CALL_TYPE_LABELS },
			{ field: 'call_status', label: 'call_status_label', labels: CALL_STATUS_LABELS },
			{ field: 'missed_reason', label: 'missed_reason_label', labels: MISSED_REASON_LABELS },
			{ field: 'end_status', label: 'end_status_label', labels: END_STATUS_LABELS },
		],
		copies: { caller: 'caller_number' },
	},
	/**
	 * docs/api.md#contacts: list items stamp `created_at`, `updated_at` with a `Z`, the detail
	 * zone-less; both on the platform's clock. No source gives gender's codes: no label.
	 */
	contact: { times: { created_at: 'zoned', updated_at: 'zoned' }, codes: [], copies: {} },
	/** docs/api.md#times (agents zone-less, account zone); the fields: api-spec 2.1. */
	agent: {
		times: { created_at: 'account', updated_at: 'account' },
		codes: [{ field: 'role_id', label: 'role_label', labels: ROLE_LABELS }],
		copies: {},
	},
	/** docs/api.md#times (groups zone-less); the field: api-spec 2.2. */
	group: { times: { created_at: 'account' }, codes: [], copies: {} },
	/**
	 * docs/api.md#times (services zone-less) and #services (`type`); the times of `detail`:
	 * api-spec 2.3 (`created_at`, `updated_at` for types 1 and 12, `last_update` for 3).
	 */
	service: {
		times: { 'detail.created_at': 'account', 'detail.updated_at': 'account', 'detail.last_update': 'account' },
		codes: [{ field: 'type', label: 'type_label', labels: SERVICE_TYPE_LABELS }],
		copies: {},
	},
	/**
	 * docs/api.md#chats: a message's `time` and its conversation's `start_time`, zone-less local
	 * (R8's reading of the vendor's page). Simplify then shows the message in its own shape
	 * (output/chatMessage.ts, checked by test/engine/chat/).
	 */
	chatMessage: { times: { time: 'account', start_time: 'account' }, codes: [], copies: {} },
	/**
	 * docs/api.md#times and #heartbeat-and-monitors: `last_heartbeat` in the server zone,
	 * `generated_at` with its offset; `previous_status` is the trigger's (README#output-simplify).
	 */
	monitor: {
		times: { last_heartbeat: 'server', generated_at: 'zoned' },
		codes: [
			{ field: 'status', label: 'status_label', labels: MONITOR_STATUS_LABELS },
			{ field: 'previous_status', label: 'previous_status_label', labels: MONITOR_STATUS_LABELS },
		],
		copies: {},
	},
} as const satisfies Record<RecordKind, DocumentedRecord>;
