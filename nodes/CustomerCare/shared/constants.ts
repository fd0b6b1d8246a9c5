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

/** Ticket states a create or update accepts (docs/api.md#tickets). */
export const TICKET_STATUSES_WRITE = ['new', 'open', 'pending', 'solved'] as const;
export const TICKET_PRIORITIES_CREATE = ['Low', 'Normal', 'High', 'Urgent'] as const;
/** The update endpoint lists no Urgent (PUT /api/v1/tickets/{ticketId}). */
export const TICKET_PRIORITIES_UPDATE = ['Low', 'Normal', 'High'] as const;

export function optionsOf(values: readonly string[]) {
	return values.map((value) => ({ name: value.charAt(0).toUpperCase() + value.slice(1), value }));
}
