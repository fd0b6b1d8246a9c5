/**
 * The errors of a request that brought no usable answer: a read (or a write that provably never
 * arrived) that failed on every attempt (unavailableError), and a write whose answer was lost
 * after it may have reached the platform (UnconfirmedWriteError, never sent again: retry.ts).
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { toUtcText } from '../../basics/dates';
import { classified } from './failureCause';
import { isPlainObject } from '../../basics/looseValues';

/** One attempt that brought no usable answer. */
export interface FailedAttempt {
	host: string;
	/** Node's error code (ECONNREFUSED …), or HTTP_502, or UNREADABLE for a body that is not JSON. */
	code: string;
	message: string;
	/** The HTTP status when an answer came back. */
	status?: number;
}

function attemptsText(attempts: FailedAttempt[]): string {
	return attempts.map((attempt) => `${attempt.host} (${attempt.message})`).join(', ');
}

/**
 * What the error carries of the last attempt. The transport's code goes under its own key: under
 * `code`, NodeApiError would swap our message for its generic text about that code ("The
 * connection was aborted …").
 */
function lastAttemptOf(attempts: FailedAttempt[]): { last: FailedAttempt; response: JsonObject; httpCode?: string } {
	const last = attempts[attempts.length - 1];
	return {
		last,
		response: { transportCode: last.code, message: last.message },
		httpCode: last.status ? String(last.status) : undefined,
	};
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
	const { last, response, httpCode } = lastAttemptOf(attempts);
	const message = last.status ? last.message : `The platform could not be reached: ${last.message}`;
	return new NodeApiError(
		node,
		response,
		classified(
			{
				message,
				description: `Tried ${attempts.length} time${attempts.length === 1 ? '' : 's'}: ${attemptsText(attempts)}.${advice}`,
				httpCode,
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
		const { last, response, httpCode } = lastAttemptOf(write.attempts);
		super(node, response, {
			message: `The platform may have applied this ${write.method} ${write.path}: ${last.message}. It was not sent again, so that it cannot be done twice.`,
			description:
				`Look in the platform for ${write.what}, sent at ${toUtcText(write.sentAt)}, before you run this item again.` +
				(lookup ? ` ${lookup}` : '') +
				` Attempts: ${attemptsText(write.attempts)}.`,
			httpCode,
			itemIndex,
		});
	}
}

/** Who the write was about, for a person to find it in the platform. */
export function describeWrite(request: {
	method?: string;
	path: string;
	body?: IDataObject;
}): string {
	const body = request.body ?? {};
	const record = (Object.values(body).find(isPlainObject) ?? body) as IDataObject;
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
