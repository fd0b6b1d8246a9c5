/**
 * What the API's records hold that a person cannot read as is: coded values (with their labels,
 * from api-spec and docs/api.md) and times (with the convention each field comes in). Pure
 * data: nodes/CustomerCare/output/simplifyRecord.ts applies it when Simplify is on.
 */
import type { IDataObject } from 'n8n-workflow';

import { ownEntry } from '../basics/looseValues';

/**
 * Whose clock a time field is written on (docs/api.md#times):
 * - `platform`: the platform's clock (basics/clock.ts): ticket, contact, lead, deal and call
 *   stamps, with a `Z` or without a zone, agents, groups, services, estimated close dates;
 * - `server`: zone-less in the status server's zone (the heartbeat's `last_heartbeat`); the
 *   offset of the same answer's `generated_at` tells it.
 * A value with an explicit offset (`+07:00`) is read in it whatever the convention.
 */
export type TimeConvention = 'platform' | 'server';

/** A table of codes and their labels, keyed by the code as text (`0`, `miss`). */
export type LabelTable = Readonly<Record<string, string>>;

/** Labels read from the account: lead statuses, deal pipelines and their stages. */
export type ReferenceList = 'leadStatus' | 'pipeline' | 'stage';

/** A coded field and the field its label goes into, beside it. */
export interface CodedField {
	/** Path of the code in the record; `a.b` reaches into an object. */
	field: string;
	/** Name of the label field, next to the code (in the same object). */
	label: string;
	/** A fixed table from the spec, or a reference list of the account. */
	from: LabelTable | ReferenceList;
	/** Words the API may send instead of the code (`won` for 1); Simplify puts the code back. */
	words?: CodeWords;
}

/** Words of a coded value, lower case, and the code each stands for. */
export type CodeWords = Readonly<Record<string, number>>;

/** What Simplify needs to know of one kind of record. */
export interface RecordShape {
	/** Time fields by path (`comments.*.created_at`: every comment's) and their convention. */
	times: Readonly<Record<string, TimeConvention>>;
	coded: readonly CodedField[];
	/**
	 * Fields copied under another name. n8n's expression sandbox refuses any property named
	 * `caller`, so a call's calling number is also given as `caller_number`.
	 */
	copies?: Readonly<Record<string, string>>;
	/** The field holding the record's comments, shown readably in either shape (output/comments.ts). */
	comments?: string;
}

/* ---------- label tables (api-spec sections 2 to 6, docs/api.md) ---------- */

export const CALL_TYPES: LabelTable = { 0: 'Incoming', 1: 'Outgoing', 3: 'Passed IVR' };

/** `metAgent` per the field table; the list example writes `meetAgent`, so both are known. */
export const CALL_STATUSES: LabelTable = {
	miss: 'Missed',
	metAgent: 'Met agent',
	meetAgent: 'Met agent',
};

export const MISSED_REASONS: LabelTable = {
	missed_customer: 'Customer hung up',
	missed_agent_device: 'Agent device unreachable',
	missed_agent_reject: 'Agent rejected',
	missed_agent_timeout: 'Agent did not answer',
};

export const CALL_END_STATUSES: LabelTable = { cus: 'Customer hung up', system: 'Agent ended' };

export const AGENT_ROLES: LabelTable = {
	1: 'Admin',
	2: 'Agent',
	4: 'Super',
	5: 'Sub Admin',
	6: 'Extension',
	7: 'Mobile',
	8: 'QA Agent',
	9: 'QA Lead',
};

/** Service type ids (docs/api.md#services): no id is 5. */
export const SERVICE_TYPE_LABELS: LabelTable = {
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

export const CLOSED_TYPES: LabelTable = { 1: 'Won', 2: 'Lost', 3: 'Unqualified' };

/**
 * The spec gives `closed_type` as 1 / 2 / 3 in its states table and as won / lost / unqualified
 * in the deal's field list (docs/api.md#where-the-spec-is-unclear): both are read.
 */
export const CLOSED_TYPE_WORDS: CodeWords = { won: 1, lost: 2, unqualified: 3 };

export const CONVERTED_TYPES: LabelTable = { 1: 'Converted to Deal', 2: 'Unqualified' };

/**
 * `converted_type` is "1 converted to deal, 2 converted to unqualified" (the lead list's query
 * says "converted to lead"): its words are read as well as its numbers.
 */
export const CONVERTED_TYPE_WORDS: CodeWords = {
	deal: 1,
	'converted to deal': 1,
	'converted to lead': 1,
	unqualified: 2,
	'converted to unqualified': 2,
};

/**
 * The code of a coded value sent as a number, as digits or as one of its words (any case);
 * undefined for anything else (null, an unknown word).
 */
export function codeOf(value: unknown, words: CodeWords): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const text = value.trim();
	if (/^-?\d+$/.test(text)) return Number(text);
	return ownEntry(words, text.toLowerCase());
}

export const MONITOR_STATUSES: LabelTable = { 1: 'UP', 0: 'DOWN' };

/** A chat message's channel, `conversation_type` (docs/api.md#chats): no type is 2. */
export const CHAT_CHANNELS: LabelTable = { 0: 'Live Chat', 1: 'Messenger/Instagram', 3: 'Zalo' };

/**
 * A message (by `id`) that two channels' reads both answered, with those channels: the platform
 * did not apply `conversation_type` and sent no type to tell (docs/api.md#chats). Undefined when
 * each message came from one channel only.
 */
export function messageOnTwoChannels(
	reads: Array<{ channel: number; records: IDataObject[] }>,
): { id: string; channels: [number, number] } | undefined {
	const channelOf = new Map<string, number>();
	for (const { channel, records } of reads) {
		for (const record of records) {
			if (record.id === undefined || record.id === null) continue;
			const id = String(record.id);
			const earlier = channelOf.get(id);
			if (earlier !== undefined && earlier !== channel) return { id, channels: [earlier, channel] };
			channelOf.set(id, channel);
		}
	}
	return undefined;
}

/** What the node says of a page of another channel than asked: the same words in Get Many and the trigger. */
export function otherChannelText(answered: unknown, asked: number): string {
	const name = (type: unknown) => CHAT_CHANNELS[String(type)] ?? 'an unknown channel';
	return `The platform answered ${name(answered)} messages (conversation_type ${String(answered)}) to a request for ${name(asked)} (conversation_type=${asked})`;
}

/** What the node says of such a message: the same words in Get Many and the trigger. */
export function messageOnTwoChannelsText({ id, channels: [first, second] }: { id: string; channels: [number, number] }): string {
	const name = (type: number) => CHAT_CHANNELS[String(type)] ?? `conversation_type ${type}`;
	return `The platform answered message ${id} to the requests for ${name(first)} (conversation_type=${first}) and for ${name(second)} (conversation_type=${second}): it did not apply the channel filter`;
}

/* ---------- record kinds ---------- */

const assigneeRole: CodedField = {
	field: 'assignee.role_id',
	label: 'role_label',
	from: AGENT_ROLES,
};

const leadCodes: CodedField[] = [
	{ field: 'lead_status_id', label: 'lead_status_label', from: 'leadStatus' },
	{ field: 'last_lead_status_id', label: 'last_lead_status_label', from: 'leadStatus' },
	{
		field: 'converted_type',
		label: 'converted_type_label',
		from: CONVERTED_TYPES,
		words: CONVERTED_TYPE_WORDS,
	},
];

const leadTimes = {
	created_at: 'platform',
	updated_at: 'platform',
	converted_at: 'platform',
	estimated_closed_date: 'platform',
	'comments.*.created_at': 'platform',
} as const;

export const RECORDS = {
	/** Ticket Get Many and the ticket trigger events (the list's shape). */
	ticketListItem: { times: { created_at: 'platform', updated_at: 'platform' }, coded: [assigneeRole] },
	/** Ticket Get (the detail). */
	ticketDetail: {
		times: {
			created_at: 'platform',
			updated_at: 'platform',
			duedate: 'platform',
			satisfaction_at: 'platform',
			satisfaction_send: 'platform',
			'comments.*.created_at': 'platform',
		},
		coded: [assigneeRole],
		comments: 'comments',
	},
	/** Ticket Create and Update answers. */
	ticketWritten: { times: { created_at: 'platform', updated_at: 'platform' }, coded: [] },
	lead: { times: leadTimes, coded: leadCodes },
	deal: {
		times: { ...leadTimes, closed_at: 'platform' },
		coded: [
			...leadCodes,
			{ field: 'pipeline_id', label: 'pipeline_label', from: 'pipeline' },
			{ field: 'pipeline_stage_id', label: 'pipeline_stage_label', from: 'stage' },
			{ field: 'last_deal_stage_id', label: 'last_deal_stage_label', from: 'stage' },
			{
				field: 'closed_type',
				label: 'closed_type_label',
				from: CLOSED_TYPES,
				words: CLOSED_TYPE_WORDS,
			},
		],
	},
	call: {
		times: { start_time: 'platform', end_time: 'platform' },
		coded: [
			{ field: 'call_type', label: 'call_type_label', from: CALL_TYPES },
			{ field: 'call_status', label: 'call_status_label', from: CALL_STATUSES },
			{ field: 'missed_reason', label: 'missed_reason_label', from: MISSED_REASONS },
			{ field: 'end_status', label: 'end_status_label', from: CALL_END_STATUSES },
		],
		copies: { caller: 'caller_number' },
	},
	/** A contact (list item or detail); its gender's codes are in no source, so they stay as sent. */
	contact: { times: { created_at: 'platform', updated_at: 'platform' }, coded: [] },
	agent: {
		times: { created_at: 'platform', updated_at: 'platform' },
		coded: [{ field: 'role_id', label: 'role_label', from: AGENT_ROLES }],
	},
	group: { times: { created_at: 'platform' }, coded: [] },
	service: {
		times: {
			'detail.created_at': 'platform',
			'detail.updated_at': 'platform',
			'detail.last_update': 'platform',
		},
		coded: [{ field: 'type', label: 'type_label', from: SERVICE_TYPE_LABELS }],
	},
	/**
	 * A chat message (docs/api.md#chats): its time and its conversation's start, zone-less on the
	 * platform's clock. Simplify then shows it as output/chatMessage.ts writes it.
	 */
	chatMessage: { times: { time: 'platform', start_time: 'platform' }, coded: [] },
	/** A heartbeat monitor, with the answer's `generated_at` (and the trigger's `previous_status`). */
	monitor: {
		times: { last_heartbeat: 'server', generated_at: 'server' },
		coded: [
			{ field: 'status', label: 'status_label', from: MONITOR_STATUSES },
			{ field: 'previous_status', label: 'previous_status_label', from: MONITOR_STATUSES },
		],
	},
} as const satisfies Record<string, RecordShape>;

export type RecordKind = keyof typeof RECORDS;
