/**
 * The API's coded values (docs/api.md): what each code means, in the words the editor shows.
 * Dropdowns, checks and output labels read these lists.
 */

/** Service type ids (docs/api.md#services). */
export const SERVICE_TYPES: Array<{ name: string; value: number }> = [
	{ name: 'Incoming Call', value: 1 },
	{ name: 'Live Chat', value: 2 },
	{ name: 'Email', value: 3 },
	{ name: 'Social Page', value: 4 },
	{ name: 'Missed Chat', value: 6 },
	{ name: 'Voicemail', value: 7 },
	{ name: 'Social Inbox', value: 8 },
	{ name: 'API', value: 9 },
	{ name: 'Messaging App', value: 10 },
	{ name: 'Voice Out', value: 11 },
	{ name: 'IVR', value: 12 },
	{ name: 'Ticket Form', value: 13 },
];

/** Service types that carry calls: incoming call, voice out, IVR (docs/api.md#services). */
export const VOICE_SERVICE_TYPES = [1, 11, 12];

/** Every ticket state (docs/api.md#tickets); the lists filter on all of them. */
export const TICKET_STATUSES = ['new', 'open', 'pending', 'solved', 'closed'] as const;
/** Ticket states a create or update accepts (docs/api.md#tickets). */
export const TICKET_STATUSES_WRITE = ['new', 'open', 'pending', 'solved'] as const;
export const TICKET_PRIORITIES_CREATE = ['Low', 'Normal', 'High', 'Urgent'] as const;
/** The update endpoint lists no Urgent (PUT /api/v1/tickets/{ticketId}). */
export const TICKET_PRIORITIES_UPDATE = ['Low', 'Normal', 'High'] as const;

/** Call directions (docs/api.md#calls). */
export const CALL_TYPES = [
	{ name: 'Incoming', value: 0 },
	{ name: 'Outgoing', value: 1 },
	{
		name: 'Passed IVR',
		value: 3,
		description: 'Incoming calls that went through the IVR menu',
	},
];

/** How a deal was closed (docs/api.md#deals). */
export const CLOSED_TYPES = [
	{ name: 'Won', value: 1 },
	{ name: 'Lost', value: 2 },
	{ name: 'Unqualified', value: 3 },
];

/** How a lead was converted (docs/api.md#leads). */
export const CONVERT_TYPES = [
	{ name: 'Converted to Deal', value: 1 },
	{ name: 'Unqualified', value: 2 },
];

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
