/**
 * What an answer of the API says about itself: its message (or, without one, its HTTP status in
 * words), whether its code means failure, the details an error answer carries and the ID lists
 * in them (docs/api.md#answers-and-errors). Read by classify.ts and by the errors that quote it.
 */
import type { IDataObject, JsonObject } from 'n8n-workflow';

import { isPlainObject } from '../../basics/looseValues';

/** Reason phrases for the statuses a gateway or the platform answers with. */
const REASONS: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	408: 'Request Timeout',
	413: 'Payload Too Large',
	422: 'Unprocessable Entity',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
};

/** `HTTP 502 Bad Gateway from https://api.example.com` */
export function httpStatusText(status: number, host: string, reason?: string): string {
	const phrase = reason?.trim() || REASONS[status] || '';
	return `HTTP ${status}${phrase ? ` ${phrase}` : ''} from ${host}`;
}

/** The answer's own `message`; '' when it has none. */
export function messageOf(body: IDataObject | undefined): string {
	return typeof body?.message === 'string' ? body.message : '';
}

/** The answer's own message, else its status in words. */
export function messageOrStatus(body: IDataObject | undefined, status: number, host: string): string {
	return messageOf(body) || httpStatusText(status, host);
}

/** Success codes vary by endpoint (ok, OK); failure shows as errors, nok or NOK, sometimes in a 200. */
export function isFailureCode(code: unknown): boolean {
	return typeof code === 'string' && ['errors', 'error', 'nok'].includes(code.toLowerCase());
}

const EXTRA_KEYS = ['extraDataJson', 'extra_data'] as const;

/** A plain object, or a JSON text of one (some answers send `extraDataJson` as a string). */
function detailsObject(value: unknown): IDataObject | undefined {
	let parsed = value;
	if (typeof value === 'string' && value.trim().startsWith('{')) {
		try {
			parsed = JSON.parse(value);
		} catch {
			return undefined;
		}
	}
	return isPlainObject(parsed) ? parsed : undefined;
}

/**
 * Where an error answer keeps its details: `extraDataJson` in the spec, `extra_data` on the real
 * platform (`POST /contacts` duplicate: `extra_data.duplicate_id`, docs/api.md#answers-and-errors).
 * Both can come, one of them empty: the details are read from both (a value over an empty one),
 * and each key that holds details is kept under its own name in the error.
 */
export function extraDataOf(body: IDataObject | undefined): {
	extra: IDataObject;
	kept: Partial<Record<(typeof EXTRA_KEYS)[number], JsonObject>>;
} {
	const extra: IDataObject = {};
	const kept: Partial<Record<(typeof EXTRA_KEYS)[number], JsonObject>> = {};
	const found = EXTRA_KEYS.map((key) => [key, detailsObject(body?.[key])] as const);
	for (const [key, details] of found) {
		if (!details) continue;
		for (const [name, value] of Object.entries(details)) {
			if (value !== undefined && value !== null && extra[name] === undefined) extra[name] = value;
		}
		if (Object.keys(details).length) kept[key] = details as JsonObject;
	}
	// Only empty details: kept as they came, as before.
	if (!Object.keys(kept).length) {
		const first = found.find(([, details]) => details);
		if (first) kept[first[0]] = first[1] as JsonObject;
	}
	return { extra, kept };
}
