/**
 * The API's coded values as the editor offers them (docs/api.md). The words come from the label
 * tables of api/records.ts, which the output's labels use too.
 */
import {
	CALL_TYPES,
	CHAT_CHANNELS,
	CLOSED_TYPES,
	CONVERTED_TYPES,
	SERVICE_TYPE_LABELS,
	type LabelTable,
} from './records';

/** A label table of api/records.ts as dropdown options, in the order of its codes. */
function optionsFrom(table: LabelTable): Array<{ name: string; value: number }> {
	return Object.entries(table).map(([value, name]) => ({ name, value: Number(value) }));
}

/** Service type ids (docs/api.md#services). */
export const SERVICE_TYPES = optionsFrom(SERVICE_TYPE_LABELS);

/** Service types that carry calls: incoming call, voice out, IVR (docs/api.md#services). */
export const VOICE_SERVICE_TYPES = [1, 11, 12];

/**
 * The `service_type` labels of those types, lower case. The real platform sends no type id,
 * only the label: `Gọi vào` (incoming call) is the one seen (docs/api.md#services); the
 * English ones are the spec's names.
 */
export const VOICE_SERVICE_LABELS = ['gọi vào', 'incoming call', 'voice out', 'ivr'];

/**
 * The chat channels as the node offers them (docs/api.md#chats), each with its `conversation_type`;
 * `all` asks each of them in turn.
 */
export const CHAT_CHANNEL_TYPES = { liveChat: 0, messenger: 1, zalo: 3 } as const;
export type ChatChannel = keyof typeof CHAT_CHANNEL_TYPES | 'all';
export const CHAT_CHANNEL_OPTIONS = [
	{ name: 'All Channels', value: 'all', description: 'Each channel asked in turn (one request per channel and window)' },
	...Object.entries(CHAT_CHANNEL_TYPES).map(([value, type]) => ({
		name: CHAT_CHANNELS[type],
		value,
		description: `The platform's conversation_type ${type}`,
	})),
];

/**
 * Service types that carry chats: live chat, social page, social inbox, messaging app
 * (docs/api.md#services), and the real platform's labels of them (it sends no type id).
 */
export const CHAT_SERVICE_TYPES = [2, 4, 8, 10];
export const CHAT_SERVICE_LABELS = ['live chat', 'facebook', 'inbox facebook', 'zalo', 'instagram', 'social page', 'social inbox', 'messaging app'];

/** Every ticket state (docs/api.md#tickets); the lists filter on all of them. */
export const TICKET_STATUSES = ['new', 'open', 'pending', 'solved', 'closed'] as const;
/** Ticket states a create or update accepts (docs/api.md#tickets). */
export const TICKET_STATUSES_WRITE = ['new', 'open', 'pending', 'solved'] as const;
export const TICKET_PRIORITIES_CREATE = ['Low', 'Normal', 'High', 'Urgent'] as const;
/** The update endpoint lists no Urgent (PUT /api/v1/tickets/{ticketId}). */
export const TICKET_PRIORITIES_UPDATE = ['Low', 'Normal', 'High'] as const;

/** Call directions (docs/api.md#calls). */
export const CALL_TYPE_OPTIONS = optionsFrom(CALL_TYPES).map((option) =>
	option.value === 3
		? { ...option, description: 'Incoming calls that went through the IVR menu' }
		: option,
);

/** How a deal was closed (docs/api.md#deals). */
export const CLOSED_TYPE_OPTIONS = optionsFrom(CLOSED_TYPES);

/** How a lead was converted (docs/api.md#leads). */
export const CONVERT_TYPE_OPTIONS = optionsFrom(CONVERTED_TYPES);

/** A lead status's `status_type` (docs/api.md#leads): 1 first, 0 middle, 2 converted, 3 unqualified. */
export const LEAD_STATUS_TYPES: Record<number, string> = {
	1: 'First status (the default of a new lead)',
	0: 'Middle status',
	2: 'Final status: converted',
	3: 'Final status: unqualified',
};

/** Dropdown options of plain text codes: `new` → New. */
export function optionsOf(values: readonly string[]) {
	return values.map((value) => ({
		name: value.charAt(0).toUpperCase() + value.slice(1),
		value,
	}));
}
