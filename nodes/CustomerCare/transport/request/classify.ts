import type { IDataObject } from 'n8n-workflow';

import { httpStatusText, isFailureCode, messageOf } from '../answers/answerMessage';
import { redact, withoutTokenForms } from '../answers/tokenRedaction';
import type { FailedAttempt } from '../answers/unansweredErrors';
import type { Outcome } from './send';

/** What an attempt means for the request (pure: from the outcome alone). */
export type Verdict =
	| { kind: 'ok'; status: number; body: IDataObject | undefined; host: string }
	/** A 4xx other than 429 and the lock-out, or a failure code (also in a 200): final. */
	| { kind: 'rejected'; status: number; body: IDataObject | undefined; host: string }
	| { kind: 'rateLimited'; host: string }
	| { kind: 'lockedOut'; minutes: number; message: string; host: string }
	| (FailedAttempt & {
			kind: 'failed';
			/** The connection was never established: nothing reached the platform. */
			neverLeft: boolean;
			/** Nothing to retry on this host: no answer in time, or its TLS refused. */
			hostUnusable: boolean;
	  });

export interface AttemptContext {
	host: string;
	/** Never shown in a message. */
	token: string;
	timeoutMs: number;
	/** The Timeout came from the node's Request Options. */
	timeoutFromOption: boolean;
}

const LOCKOUT_MESSAGE = /too many times/i;
const DEFAULT_LOCKOUT_MINUTES = 15;

/** The connection was never established: refused, or the name did not resolve. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
/** Syscalls that fail before a connection exists. */
const BEFORE_CONNECTION = new Set(['connect', 'getaddrinfo']);
/**
 * Certificate verification failed. The client verifies the certificate inside the TLS handshake,
 * before it writes one byte of the request, so such a request never left.
 */
const CERTIFICATE_REFUSED = new Set([
	'CERT_HAS_EXPIRED',
	'CERT_NOT_YET_VALID',
	'CERT_REVOKED',
	'CERT_UNTRUSTED',
	'CERT_REJECTED',
	'CERT_SIGNATURE_FAILURE',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_GET_ISSUER_CERT',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);
/** TLS trouble with the host (during or after the handshake): trying it again cannot help. */
const TLS_CODE = /CERT|SELF_SIGNED|SSL|TLS|LEAF_SIGNATURE/;

interface TransportFailure {
	code?: string;
	syscall?: string;
	message?: string;
	cause?: TransportFailure;
}

/** The innermost code and syscall of an error and its causes (axios wraps Node's socket errors). */
export function failureOf(error: unknown): { code: string; syscall?: string; message: string } {
	let code: string | undefined;
	let syscall: string | undefined;
	for (
		let level = error as TransportFailure | undefined, depth = 0;
		level && typeof level === 'object' && depth < 5;
		level = level.cause, depth++
	) {
		code = level.code ?? code;
		syscall = level.syscall ?? syscall;
	}
	return {
		code: code ?? 'ENETWORK',
		syscall,
		message: String((error as TransportFailure)?.message ?? error),
	};
}

/**
 * A failure of the HTTP client. Only a failure before the connection existed proves that the
 * request never left: EHOSTUNREACH, ENETUNREACH, ENETDOWN, EPROTO, ETIMEDOUT and TLS errors other
 * than a refused certificate can also come after the request was written, unless their syscall
 * says `connect`.
 */
export function classifyError(error: unknown, context: AttemptContext): Verdict {
	const { code, syscall, message } = failureOf(error);
	const certificateRefused = CERTIFICATE_REFUSED.has(code);
	const neverLeft =
		NEVER_CONNECTED.has(code) ||
		certificateRefused ||
		(syscall !== undefined && BEFORE_CONNECTION.has(syscall));
	const timedOut = TIMEOUT_CODES.has(code) && syscall !== 'connect';
	let text = redact(message, context.token);
	if (timedOut) {
		text = `no answer within ${context.timeoutMs} ms${context.timeoutFromOption ? " (the node's Request Options → Timeout)" : ''}`;
	}
	if (TLS_CODE.test(code)) {
		text +=
			" (for a platform with its own certificate authority, turn on Ignore SSL Issues in the node's Request Options)";
	}
	return {
		kind: 'failed',
		host: context.host,
		code,
		message: text,
		neverLeft,
		hostUnusable: timedOut || TLS_CODE.test(code),
	};
}

/** An answer of any status: its status and body say what it means. */
export function classifyAnswer(
	status: number,
	rawBody: unknown,
	statusMessage: string | undefined,
	host: string,
	location?: string,
): Verdict {
	let body = rawBody;
	let readable = true;
	if (typeof body === 'string') {
		try {
			body = body.trim() ? JSON.parse(body) : undefined;
		} catch {
			readable = false;
		}
	}
	const json = readable ? (body as IDataObject | undefined) : undefined;
	const failed = (code: string, message: string, hostUnusable = false): Verdict => ({
		kind: 'failed',
		host,
		code,
		message,
		status,
		neverLeft: false,
		hostUnusable,
	});
	if (status >= 300 && status < 400) {
		// Not followed (send.ts): the request reached a server, which may have carried it out.
		return failed(
			`HTTP_${status}`,
			`${httpStatusText(status, host, statusMessage)}, a redirect to ${originOf(location)}, not followed: the API never redirects (check the Base URL: https or http, no path after the host)`,
			true,
		);
	}
	if (status >= 500) {
		// A gateway's HTML page or the API's JSON envelope: the status says what happened.
		const apiMessage = messageOf(json);
		const text = httpStatusText(status, host, statusMessage);
		return failed(`HTTP_${status}`, apiMessage ? `${text}: ${apiMessage}` : text);
	}
	if (!readable && status < 400) {
		return failed(
			'UNREADABLE',
			`${httpStatusText(status, host, statusMessage)} with a body that is not valid JSON`,
		);
	}
	if (status === 429) return { kind: 'rateLimited', host };
	const message = messageOf(json);
	if (status === 404 && LOCKOUT_MESSAGE.test(message)) {
		const minutes = Number(
			/retry after (\d+) minute/i.exec(message)?.[1] ?? DEFAULT_LOCKOUT_MINUTES,
		);
		return { kind: 'lockedOut', minutes, message, host };
	}
	if (status >= 400 || isFailureCode(json?.code))
		return { kind: 'rejected', status, body: json, host };
	return { kind: 'ok', status, body: json, host };
}

/**
 * Where a redirect pointed, without its path or query (they may carry anything). A Location that
 * no URL can be read from is named as such, never with the URL parser's bare "Invalid URL".
 */
export function originOf(location: string | undefined): string {
	if (!location?.trim()) return 'nowhere (no Location)';
	let origin: string | undefined;
	try {
		origin = new URL(location.trim()).origin;
	} catch {
		// A scheme (`https:`) means an absolute address was meant; without one it is relative.
		return /^[a-z][a-z0-9+.-]*:/i.test(location.trim())
			? 'an unusable address (its Location header is not a valid URL)'
			: 'a relative address';
	}
	// `null` for a scheme without a host (`mailto:`, `data:`): no place a request could go.
	return origin === 'null' ? 'an unusable address (its Location header names no host)' : origin;
}

/**
 * Any answer can echo what it was sent (a gateway's debug page, an API message quoting the
 * header, a record whose text holds it): the token is taken out of every verdict, a successful
 * one's records included, so no error and no output item carries it (docs/guarantees.md).
 */
export function withoutToken(verdict: Verdict, token: string): Verdict {
	if (!token || verdict.kind === 'rateLimited') return verdict;
	// Every form of the token (as sent, URL-encoded, base64: tokenRedaction.ts tokenForms), as JSON writes it.
	const redacted = withoutTokenForms(JSON.stringify(verdict), token, (form) => JSON.stringify(form).slice(1, -1));
	return redacted === undefined ? verdict : (JSON.parse(redacted) as Verdict);
}

export function classify(outcome: Outcome, context: AttemptContext): Verdict {
	const verdict =
		outcome.kind === 'answer'
			? classifyAnswer(
					outcome.status,
					outcome.body,
					outcome.statusMessage,
					context.host,
					outcome.location,
				)
			: classifyError(outcome.error, context);
	return withoutToken(verdict, context.token);
}

/**
 * A refusal that says the record read does not exist: a 404 other than the unknown Domain (the
 * lock-out is no refusal), or a 400 "... is not exist" (`Ticket is not exist`), or a failure in
 * a 200 that says so (a contact's `Not found user`, docs/api.md#contacts). A 500 needs the probe
 * first (retry.ts, rule 4).
 */
export function recordMissing(answer: { kind: string; status?: number; body?: IDataObject }) {
	if (answer.kind !== 'rejected') return false;
	const message = messageOf(answer.body);
	if (answer.status === 404) return message !== 'Domain not found';
	return (answer.status === 400 || answer.status === 200) && /\bnot (exist|found)\b/i.test(message);
}
