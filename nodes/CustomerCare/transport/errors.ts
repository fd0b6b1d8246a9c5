import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** Success codes vary by endpoint (ok, OK); failure shows as errors, nok or NOK, sometimes in a 200. */
export function isFailureCode(code: unknown): boolean {
	return typeof code === 'string' && ['errors', 'error', 'nok'].includes(code.toLowerCase());
}

function clock(at: number): string {
	return new Date(at).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

/** Removes every occurrence of the token from a text, so no message can carry it. */
export function redact(text: string, secret: string | undefined): string {
	if (!secret) return text;
	return text.split(secret).join('***');
}

interface ApiFailure {
	status: number;
	body: IDataObject | undefined;
	method: string;
	path: string;
	itemIndex?: number;
}

/**
 * An error answer of the API as a NodeApiError carrying the API's own message. Only the
 * answer's code, message and extra data go in: never the request (it holds the token).
 */
export function apiError(node: INode, failure: ApiFailure): NodeApiError {
	const { status, body, itemIndex } = failure;
	const apiMessage = typeof body?.message === 'string' && body.message ? body.message : `HTTP ${status}`;
	const extra = (body?.extraDataJson ?? undefined) as IDataObject | undefined;
	let description = `${failure.method} ${failure.path} answered ${status}: ${apiMessage}`;

	if (status === 401) {
		description =
			'The API Token or the Domain in the Customer Care credential is wrong, or the token was reset by an admin (Admin → Api → Api token).';
	} else if (apiMessage === 'unsolved_incidents_ticket') {
		const ids = (extra?.unsolved_incidents_ticket_id as number[] | undefined) ?? [];
		description = `The ticket has unsolved child tickets: ${ids.join(', ')}. Solve them first, or turn on "Solve Child Tickets" so they are solved with it.`;
	} else if (status === 404 && apiMessage === 'Domain not found') {
		description = 'Check the Domain in the Customer Care credential.';
	}

	const response: JsonObject = { code: (body?.code as string) ?? null, message: apiMessage };
	if (extra) response.extraDataJson = extra as JsonObject;
	return new NodeApiError(node, response, {
		message: apiMessage,
		description,
		httpCode: String(status),
		itemIndex,
	});
}

export function lockoutError(node: INode, until: number, apiMessage: string, itemIndex?: number) {
	const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
	return new NodeApiError(
		node,
		{ code: 'errors', message: apiMessage },
		{
			message: `The platform has locked this domain out after too many rate-limited requests. Retry after ${clock(until)} (in about ${minutes} min).`,
			description: `The API answered 404 "${apiMessage}". n8n sends nothing to this account until then.`,
			httpCode: '404',
			itemIndex,
		},
	);
}

export function rateLimitError(node: INode, consecutive429: number, retryAt: number, itemIndex?: number) {
	return new NodeApiError(
		node,
		{ code: 'errors', message: 'Too Many Attempts.' },
		{
			message: `The platform keeps answering 429 "Too Many Attempts." (${consecutive429} times in a row). Retry after ${clock(retryAt)}.`,
			description:
				'Another client may be using the same account, or its hourly quota (54,000 requests) is used up. n8n paused this account to stay clear of the 15-minute lock-out that follows 20 such answers in a row.',
			httpCode: '429',
			itemIndex,
		},
	);
}

export function networkError(
	node: INode,
	detail: { code?: string; message: string; tried: string[] },
	itemIndex?: number,
) {
	return new NodeApiError(
		node,
		{ code: detail.code ?? 'ENETWORK', message: detail.message },
		{
			message: `The platform could not be reached: ${detail.message}`,
			description: `Tried ${detail.tried.join(' and ')}. Set a Backup Base URL in the credential to fail over automatically.`,
			httpCode: detail.code === 'MALFORMED' ? '200' : undefined,
			itemIndex,
		},
	);
}

export function credentialError(node: INode, field: string, allowed: string) {
	return new NodeOperationError(node, `Customer Care credential: "${field}" ${allowed}`);
}
