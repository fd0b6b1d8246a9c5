import { SERVICE_TYPE_LABELS } from '../api/records';

/** Service type ids (docs/api.md#services), as dropdown options. */
export const SERVICE_TYPES: Array<{ name: string; value: number }> = Object.entries(SERVICE_TYPE_LABELS).map(
	([value, name]) => ({ name, value: Number(value) }),
);

/** Ticket states a create or update accepts (docs/api.md#tickets). */
export const TICKET_STATUSES_WRITE = ['new', 'open', 'pending', 'solved'] as const;
export const TICKET_PRIORITIES_CREATE = ['Low', 'Normal', 'High', 'Urgent'] as const;
/** The update endpoint lists no Urgent (PUT /api/v1/tickets/{ticketId}). */
export const TICKET_PRIORITIES_UPDATE = ['Low', 'Normal', 'High'] as const;

export function optionsOf(values: readonly string[]) {
	return values.map((value) => ({ name: value.charAt(0).toUpperCase() + value.slice(1), value }));
}
