import type { Failure, IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

type ErrorOptions = NonNullable<ConstructorParameters<typeof NodeApiError>[2]>;

/**
 * n8n-workflow's error classification (`failure`, n8n-workflow 2.x). n8n reads it to back off
 * polls and retries: timed causes wait (`retryAfterMs`, else `resetsAtEpochMs`), actionable
 * causes need a person. An older n8n ignores the option.
 */
function classified(options: ErrorOptions, failure: Failure | undefined): ErrorOptions {
	return failure ? { ...options, failure } : options;
}

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

/** Success codes vary by endpoint (ok, OK); failure shows as errors, nok or NOK, sometimes in a 200. */
export function isFailureCode(code: unknown): boolean {
	return typeof code === 'string' && ['errors', 'error', 'nok'].includes(code.toLowerCase());
}

export function clock(at: number): string {
	return new Date(at).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

/**
 * The forms in which a token can come back in an answer: as sent, URL-encoded (a gateway or a
 * log quoting the query or a form), and base64 (a Basic header or a debug dump), longest first.
 */
export function tokenForms(secret: string | undefined): string[] {
	if (!secret) return [];
	const forms = new Set([secret, encodeURIComponent(secret)]);
	const base64 = Buffer.from(secret, 'utf8').toString('base64');
	// Unpadded, as it sits inside a longer base64 text; base64url as in a JWT-like dump. A short
	// encoded form is left out: it would take letters out of ordinary words.
	for (const form of [base64, base64.replace(/=+$/, ''), Buffer.from(secret, 'utf8').toString('base64url')]) {
		if (form.length >= 8) forms.add(form);
	}
	return [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pattern for every form of the token (tokenForms); a percent-escape matches in either case
 * (`%2f` as well as `%2F`). `quote` writes each form as it shows inside a JSON string.
 */
export function tokenPattern(
	secret: string | undefined,
	quote: (form: string) => string = (form) => form,
): RegExp | undefined {
	const forms = tokenForms(secret);
	if (!forms.length) return undefined;
	const alternatives = forms.map((form) =>
		escapeRegExp(quote(form)).replace(/%([0-9A-F]{2})/g, (_, hex: string) => `%(?:${hex}|${hex.toLowerCase()})`),
	);
	return new RegExp(alternatives.join('|'), 'g');
}

/** Removes every occurrence of the token (in each of its forms) from a text, so no message can carry it. */
export function redact(text: string, secret: string | undefined): string {
	const pattern = tokenPattern(secret);
	return pattern ? text.replace(pattern, '***') : text;
}

interface ApiFailure {
	status: number;
	body: IDataObject | undefined;
	method: string;
	path: string;
	/** The base URL that answered. */
	host: string;
	itemIndex?: number;
}

/**
 * An error answer of the API as a NodeApiError carrying the API's own message. Only the
 * answer's code, message and extra data go in: never the request (it holds the token).
 */
export function apiError(node: INode, failure: ApiFailure): NodeApiError {
	const { status, body, itemIndex } = failure;
	const apiMessage =
		typeof body?.message === 'string' && body.message
			? body.message
			: httpStatusText(status, failure.host);
	const { extra, kept } = extraDataOf(body);
	let description = `${failure.method} ${failure.path} answered ${status}: ${apiMessage}`;

	if (status === 401) {
		description =
			'The API Token or the Domain in the Customer Care credential is wrong, or the token was reset by an admin (Admin → Api → Api token).';
	} else if (apiMessage === 'unsolved_incidents_ticket') {
		const ids = idsOf(extra.unsolved_incidents_ticket_id);
		description = `The ticket has unsolved child tickets${ids.length ? `: ${ids.join(', ')}` : ''}. Solve them first, or turn on "Solve Child Tickets" so they are solved with it.`;
	} else if (extra.duplicate_id !== undefined && extra.duplicate_id !== null) {
		description += `. The existing record's ID is ${String(extra.duplicate_id)}.`;
	} else if (status === 404 && apiMessage === 'Domain not found') {
		description = 'Check the Domain in the Customer Care credential.';
	}

	const response: JsonObject = { code: (body?.code as string) ?? null, message: apiMessage };
	Object.assign(response, kept);
	// A wrong token or domain needs a person to fix the credential; n8n stops retrying on it.
	const credentialInvalid = status === 401 || (status === 404 && apiMessage === 'Domain not found');
	return new NodeApiError(
		node,
		response,
		classified(
			{ message: apiMessage, description, httpCode: String(status), itemIndex },
			credentialInvalid ? { cause: 'credential-invalid' } : undefined,
		),
	);
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
	return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
		? (parsed as IDataObject)
		: undefined;
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

/** A list of IDs as the platform writes lists: an array, "7,8", ",7,8,", or one number. */
export function idsOf(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
	return parts
		.filter((part) => typeof part === 'number' || typeof part === 'string')
		.map((part) => String(part).trim())
		.filter((part) => part.length > 0);
}

const RESOURCE_NAMES = { ticket: 'Ticket', lead: 'Lead', deal: 'Deal' };

/**
 * A Get of a record the platform does not have: 404, 400 "... is not exist", or the real
 * platform's 500 once a probe showed the platform up (retry.ts, rule 4). `configuration-invalid`:
 * the node points at a record that no longer exists; waiting cannot help, a person must change
 * the ID (n8n-workflow's failure causes).
 */
export function notFoundError(
	node: INode,
	record: { resource: keyof typeof RESOURCE_NAMES; id: string } | undefined,
	failure: Omit<ApiFailure, 'body'> & {
		body?: IDataObject;
		/** The 500's text and the probe that the platform answered. */
		probed?: { message: string; path: string };
	},
) {
	const { status, body, probed } = failure;
	const name = record ? `${RESOURCE_NAMES[record.resource]} ${record.id}` : 'The record';
	const answered = probed
		? `${probed.message} (the platform answers 500 to a record it does not have; it answered GET ${probed.path} at the same time, so it is not down)`
		: `${status}: ${typeof body?.message === 'string' && body.message ? body.message : httpStatusText(status, failure.host)}`;
	return new NodeApiError(
		node,
		{ code: (body?.code as string) ?? null, message: `${name} was not found` },
		classified(
			{
				message: `${name} was not found: it may have been deleted, or the ID is wrong`,
				description: `${failure.method} ${failure.path} answered ${answered}. Check the ID; a deleted record cannot be read.`,
				httpCode: String(status),
				itemIndex: failure.itemIndex,
			},
			{ cause: 'configuration-invalid' },
		),
	);
}

export function lockoutError(node: INode, until: number, apiMessage: string, itemIndex?: number) {
	const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
	return new NodeApiError(
		node,
		{ code: 'errors', message: apiMessage },
		classified(
			{
				message: `The platform has locked this domain out after too many rate-limited requests. Retry after ${clock(until)} (in about ${minutes} min).`,
				description: `The API answered 404 "${apiMessage}". n8n sends nothing to this account until then.`,
				httpCode: '404',
				itemIndex,
			},
			{ cause: 'rate-limited', resetsAtEpochMs: until },
		),
	);
}

/**
 * `coolingDown`: 429s went on through every back-off (minutes of them): the API documents its 429
 * as the hourly quota being used up, so that is `quota-exhausted` until the pause ends.
 * Otherwise a shorter run: `rate-limited`, with the wait.
 */
export function rateLimitError(
	node: INode,
	consecutive429: number,
	retryAt: number,
	itemIndex?: number,
	coolingDown = false,
) {
	const failure: Failure = coolingDown
		? { cause: 'quota-exhausted', resetsAtEpochMs: retryAt }
		: { cause: 'rate-limited', retryAfterMs: Math.max(0, retryAt - Date.now()) };
	return new NodeApiError(
		node,
		{ code: 'errors', message: 'Too Many Attempts.' },
		classified(
			{
				message: `The platform keeps answering 429 "Too Many Attempts." (${consecutive429} times in a row). Retry after ${clock(retryAt)}.`,
				description:
					'Another client may be using the same account, or its hourly quota (54,000 requests) is used up. n8n paused this account to stay clear of the 15-minute lock-out that follows 20 such answers in a row.',
				httpCode: '429',
				itemIndex,
			},
			failure,
		),
	);
}

/**
 * The lock-out guard stopped this process at the platform's limit of 429s in a row: one more
 * would lock the domain out (lockout.ts). No timed cause: waiting alone does not lift it.
 */
export function quotaStoppedError(
	node: INode,
	consecutive429: number,
	since: number,
	itemIndex?: number,
) {
	return new NodeApiError(
		node,
		{ code: 'errors', message: 'Too Many Attempts.' },
		classified(
			{
				message: `n8n stopped sending to this account: the platform answered 429 "Too Many Attempts." ${consecutive429} times in a row since ${clock(since)}, and one more would lock the domain out for 15 minutes.`,
				description:
					"The hourly quota of the account (54,000 requests) has stayed used up, by another client of the same account. Find that client and stop it, and restart n8n only once the platform answers again (e.g. the platform's own API log shows requests accepted, or an hour has passed since that client stopped): the count of 429s is kept in this process only, so after a restart the first request that still gets a 429 locks the domain out for 15 minutes.",
				httpCode: '429',
				itemIndex,
			},
			{ cause: 'quota-exhausted' },
		),
	);
}

/** Why the throttle let nothing go, as the error of the request. */
export function blockedError(
	node: INode,
	block:
		| { kind: 'lockedOut'; until: number }
		| { kind: 'coolingDown'; until: number; consecutive429: number; spent?: { limit?: number }; busySecond?: true }
		| { kind: 'stopped'; since: number; consecutive429: number },
	itemIndex?: number,
) {
	if (block.kind === 'lockedOut') {
		return lockoutError(node, block.until, 'Domain incorrect too many times', itemIndex);
	}
	if (block.kind === 'stopped') {
		return quotaStoppedError(node, block.consecutive429, block.since, itemIndex);
	}
	if (block.spent) return quotaSpentError(node, block.spent.limit, block.until, itemIndex);
	// A lasting busy second is a rate limit, not a spent quota: the hour has room.
	return rateLimitError(node, block.consecutive429, block.until, itemIndex, !block.busySecond);
}

/** The platform's headers said the hour has no request left (Remaining 0). */
export function quotaSpentError(node: INode, limit: number | undefined, freesAt: number, itemIndex?: number) {
	const of = limit !== undefined ? ` of ${limit.toLocaleString('en-US')}` : '';
	return new NodeApiError(
		node,
		{ code: 'errors', message: 'Too Many Attempts.' },
		classified(
			{
				message: `The account's hourly quota is used up: the platform says 0${of} requests are left. n8n sends nothing to this account until ${clock(freesAt)}.`,
				description:
					'Every tool on the account shares its hourly quota. Run this workflow again after that time, or find what else uses the account (its other workflows, other tools), and lower their Max Requests per Second.',
				httpCode: '429',
				itemIndex,
			},
			{ cause: 'quota-exhausted', resetsAtEpochMs: freesAt },
		),
	);
}

/** One attempt that brought no usable answer. */
export interface FailedAttempt {
	host: string;
	/** Node's error code (ECONNREFUSED …), or HTTP_502, or UNREADABLE for a body that is not JSON. */
	code: string;
	message: string;
	/** The HTTP status when an answer came back. */
	status?: number;
}

// The transport's code goes under its own key: under `code`, NodeApiError would swap our
// message for its generic text about that code ("The connection was aborted …").
function attemptsText(attempts: FailedAttempt[]): string {
	return attempts.map((attempt) => `${attempt.host} (${attempt.message})`).join(', ');
}

/**
 * A read (or a write that provably never arrived) that failed on every attempt. An answer that
 * came back is named by its status; only when nothing came back is the platform "not reached".
 */
export function unavailableError(
	node: INode,
	attempts: FailedAttempt[],
	advice: string,
	itemIndex?: number,
) {
	const last = attempts[attempts.length - 1];
	const message = last.status ? last.message : `The platform could not be reached: ${last.message}`;
	return new NodeApiError(
		node,
		{ transportCode: last.code, message: last.message },
		classified(
			{
				message,
				description: `Tried ${attempts.length} time${attempts.length === 1 ? '' : 's'}: ${attemptsText(attempts)}.${advice}`,
				httpCode: last.status ? String(last.status) : undefined,
				itemIndex,
			},
			{ cause: 'temporarily-unavailable' },
		),
	);
}

/**
 * A POST or PUT whose answer was lost after it may have reached the platform. It is not sent
 * again (it could be done twice). No `failure` cause on purpose: a timed cause would invite
 * n8n to retry, which is exactly what must not happen blindly.
 */
export class UnconfirmedWriteError extends NodeApiError {
	constructor(
		node: INode,
		readonly write: {
			method: string;
			path: string;
			what: string;
			sentAt: number;
			attempts: FailedAttempt[];
		},
		itemIndex?: number,
		lookup?: string,
	) {
		const last = write.attempts[write.attempts.length - 1];
		super(
			node,
			{ transportCode: last.code, message: last.message },
			{
				message: `The platform may have applied this ${write.method} ${write.path}: ${last.message}. It was not sent again, so that it cannot be done twice.`,
				description:
					`Look in the platform for ${write.what}, sent at ${clock(write.sentAt)}, before you run this item again.` +
					(lookup ? ` ${lookup}` : '') +
					` Attempts: ${attemptsText(write.attempts)}.`,
				httpCode: last.status ? String(last.status) : undefined,
				itemIndex,
			},
		);
	}
}

export function credentialError(node: INode, field: string, allowed: string) {
	return new NodeOperationError(node, `Customer Care credential: "${field}" ${allowed}`, {
		failure: { cause: 'credential-invalid' },
	});
}

/** A setting of the node or the credential that stops the request from being sent at all. */
export function configurationError(
	node: INode,
	message: string,
	description: string,
	itemIndex?: number,
) {
	return new NodeOperationError(node, message, {
		description,
		itemIndex,
		failure: { cause: 'configuration-invalid' },
	});
}

/** Who the write was about, for a person to find it in the platform. */
export function describeWrite(request: {
	method?: string;
	path: string;
	body?: IDataObject;
}): string {
	const body = request.body ?? {};
	const record = (Object.values(body).find(
		(value) => value && typeof value === 'object' && !Array.isArray(value),
	) ?? body) as IDataObject;
	const parts: string[] = [];
	const subject = record.ticket_subject ?? record.subject;
	if (subject) parts.push(`subject "${String(subject)}"`);
	const requester = [
		record.requester_id && `requester ID ${String(record.requester_id)}`,
		record.phone && `phone ${String(record.phone)}`,
		record.email && `e-mail ${String(record.email)}`,
	].filter(Boolean);
	if (requester.length) parts.push(requester.join(', '));
	const comment = record.ticket_comment ?? record.comment;
	const commentBody =
		typeof comment === 'object' && comment ? (comment as IDataObject).body : comment;
	if (commentBody) parts.push(`comment "${String(commentBody).slice(0, 80)}"`);
	if (record.content) parts.push(`message "${String(record.content).slice(0, 80)}"`);
	const what =
		request.method === 'PUT'
			? `the change to ${request.path}`
			: `the record created by ${request.path}`;
	return parts.length ? `${what} with ${parts.join(', ')}` : what;
}
