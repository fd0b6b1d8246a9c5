import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { isValidTimeZone } from './dates';
import {
	apiError,
	configurationError,
	credentialError,
	httpStatusText,
	isFailureCode,
	lockoutError,
	rateLimitError,
	redact,
	UnconfirmedWriteError,
	unavailableError,
	type FailedAttempt,
} from './errors';
import { baseUrlsInOrder, markPrimaryDown, markPrimaryUp } from './failover';
import { API_LIMITS, throttleFor } from './throttle';

/** Every n8n context that sends requests: node items, load-options, the trigger's polls. */
export type TransportContext =
	| IExecuteSingleFunctions
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions;

export const CREDENTIAL_TYPE = 'customerCareApi';

export interface Account {
	baseUrl: string;
	backupBaseUrl?: string;
	domain: string;
	statusUrl?: string;
	/** IANA zone of the account, for the API's zone-less times; unset means the workflow's zone. */
	timeZone?: string;
	token: string;
	maxPerSecond: number;
	/** Identifies the account's request budget: base URL + domain. */
	key: string;
	/**
	 * The credential's "Allowed Domains" when it restricts them (n8n's domain restriction):
	 * the token goes to no other host. The Base URL's own host always counts as allowed, as
	 * n8n does for a node's own endpoint.
	 */
	allowedDomains?: string;
}

export interface ApiRequest {
	method?: IHttpRequestMethods;
	/** Path after the domain, e.g. `/api/v1/agents`; `/{domain}` is put in front. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** `status`: the public heartbeat at the Status URL, sent without the token. */
	target?: 'api' | 'status';
	itemIndex?: number;
	/** The account, when the caller resolved it already (once per item); read from the credential otherwise. */
	account?: Account;
}

const MAX_429_RETRIES_PER_REQUEST = 6;
/** How long one attempt waits for an answer when the node's Request Options set no Timeout. */
const DEFAULT_ATTEMPT_TIMEOUT_MS = 30_000;
/**
 * One request, all its attempts and pauses together (both base URLs hanging included), gives up
 * after this long, or after twice the Timeout option when that is longer.
 */
const REQUEST_TIME_LIMIT_MS = 60_000;
/** Pauses before the retries of a read on the same base URL. */
const RETRY_DELAYS_MS = [1000, 2000, 4000];
const LOCKOUT_MESSAGE = /too many times/i;

function normalizeUrl(url: unknown): string | undefined {
	const text = typeof url === 'string' ? url.trim().replace(/\/+$/, '') : '';
	return text || undefined;
}

export async function getAccount(this: TransportContext): Promise<Account> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const node = this.getNode();
	const baseUrl = normalizeUrl(credentials.baseUrl);
	if (!baseUrl || !/^https?:\/\//i.test(baseUrl)) {
		throw credentialError(node, 'Base URL', 'must be an http:// or https:// address');
	}
	const backupBaseUrl = normalizeUrl(credentials.backupBaseUrl);
	if (backupBaseUrl && !/^https?:\/\//i.test(backupBaseUrl)) {
		throw credentialError(
			node,
			'Backup Base URL',
			'must be empty or an http:// or https:// address',
		);
	}
	const domain = typeof credentials.domain === 'string' ? credentials.domain.trim() : '';
	if (!domain || domain.includes('/')) {
		throw credentialError(node, 'Domain', 'must be your account identifier, without slashes');
	}
	const timeZone = typeof credentials.timeZone === 'string' ? credentials.timeZone.trim() : '';
	if (timeZone && !isValidTimeZone(timeZone)) {
		throw credentialError(
			node,
			'Account Time Zone',
			`must be an IANA time zone such as Asia/Ho_Chi_Minh; got "${timeZone}"`,
		);
	}
	const maxPerSecond = Number(credentials.maxRequestsPerSecond ?? API_LIMITS.perSecond);
	return {
		baseUrl,
		backupBaseUrl,
		domain,
		statusUrl: normalizeUrl(credentials.statusUrl),
		timeZone: timeZone || undefined,
		token: String(credentials.apiToken ?? ''),
		maxPerSecond:
			Number.isFinite(maxPerSecond) && maxPerSecond > 0
				? Math.min(maxPerSecond, API_LIMITS.perSecond)
				: API_LIMITS.perSecond,
		key: `${baseUrl}|${domain}`,
		allowedDomains: allowedDomainsOf(credentials, baseUrl),
	};
}

function hostnameOf(url: string): string {
	try {
		return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
	} catch {
		return '';
	}
}

/** n8n's credential domain restriction (`allowedHttpRequestDomains` = domains), read from the credential. */
function allowedDomainsOf(credentials: IDataObject, baseUrl: string): string | undefined {
	if (credentials.allowedHttpRequestDomains !== 'domains') return undefined;
	const listed =
		typeof credentials.allowedDomains === 'string' ? credentials.allowedDomains.trim() : '';
	const own = hostnameOf(baseUrl);
	return [own, listed].filter(Boolean).join(', ');
}

/** n8n's rule: `example.com` matches that host, `*.example.com` its subdomains only. */
function isHostAllowed(url: string, allowedDomains: string | undefined): boolean {
	if (!allowedDomains) return true;
	const host = hostnameOf(url);
	return allowedDomains
		.split(',')
		.map((entry) => entry.trim().toLowerCase().replace(/\.$/, ''))
		.filter(Boolean)
		.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
}

/** What the node's Request Options (Ignore SSL Issues, Proxy, Timeout) ask of every request. */
interface RequestSettings {
	timeoutMs?: number;
	proxy?: IHttpRequestOptions['proxy'];
	skipSslCertificateValidation?: boolean;
}

/**
 * n8n adds "Request Options" to declarative nodes; they are read from the node's parameters
 * here (not only from the one request n8n built), so that every request of an item follows
 * them: list pages, custom-field lookups, the create lookup. The trigger has no such options.
 */
function requestSettingsOf(ctx: TransportContext, itemIndex: number | undefined): RequestSettings {
	let options: IDataObject = {};
	try {
		const read = ctx.getNodeParameter as (...args: unknown[]) => unknown;
		const single = 'getItemIndex' in ctx || !('getInputData' in ctx);
		const value = single
			? read.call(ctx, 'requestOptions', {})
			: read.call(ctx, 'requestOptions', itemIndex ?? 0, {});
		if (value && typeof value === 'object') options = value as IDataObject;
	} catch {
		return {};
	}
	const settings: RequestSettings = {};
	const timeout = Number(options.timeout);
	if (Number.isFinite(timeout) && timeout > 0) settings.timeoutMs = timeout;
	if (options.allowUnauthorizedCerts === true) settings.skipSslCertificateValidation = true;
	if (typeof options.proxy === 'string' && options.proxy.trim()) {
		settings.proxy = parseProxy(ctx, options.proxy.trim(), itemIndex);
	}
	return settings;
}

/** `http://user:password@proxy:3128` into n8n's proxy form, as n8n's routing does it. */
function parseProxy(
	ctx: TransportContext,
	proxy: string,
	itemIndex: number | undefined,
): IHttpRequestOptions['proxy'] {
	let url: URL | undefined;
	try {
		url = new URL(proxy);
	} catch {
		url = undefined;
	}
	if (!url?.hostname || !url.port) {
		throw configurationError(
			ctx.getNode(),
			'The proxy is not valid',
			`Request Options → Proxy must look like http://myproxy:3128 (with a port); got "${proxy.replace(/\/\/[^@/]*@/, '//***@')}".`,
			itemIndex,
		);
	}
	return {
		host: url.hostname,
		port: Number(url.port),
		protocol: url.protocol.replace(/:$/, ''),
		...(url.username
			? {
					auth: {
						username: decodeURIComponent(url.username),
						password: decodeURIComponent(url.password),
					},
				}
			: {}),
	};
}

/** The answer of one attempt, or why there was none. */
type Attempt =
	| { kind: 'answer'; status: number; body: IDataObject | undefined; host: string }
	| (FailedAttempt & {
			kind: 'failed';
			/** The request provably never reached the platform (refused, DNS, TLS, connect). */
			neverArrived: boolean;
			/** Nothing to retry on this host: no answer in time, or its certificate refused. */
			hostUnusable: boolean;
	  });

interface FullResponse {
	statusCode: number;
	statusMessage?: string;
	body: unknown;
}

/** Failures before the request left for the server: nothing can have been applied. */
const NEVER_ARRIVED_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ENETDOWN',
	'EPROTO',
	'CERT_HAS_EXPIRED',
	'CERT_NOT_YET_VALID',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_GET_ISSUER_CERT',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'ERR_TLS_CERT_ALTNAME_INVALID',
	'ERR_SSL_WRONG_VERSION_NUMBER',
]);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);
/** The host's certificate was refused: trying it again cannot help. */
const CERTIFICATE_CODE = /CERT|SELF_SIGNED|SSL|TLS|LEAF_SIGNATURE/;

interface TransportFailure {
	code?: string;
	syscall?: string;
	message?: string;
	cause?: TransportFailure;
}

/** The innermost code and syscall of an error and its causes (axios wraps Node's socket errors). */
function failureOf(error: unknown): { code: string; syscall?: string; message: string } {
	let code: string | undefined;
	let syscall: string | undefined;
	for (
		let level = error as TransportFailure | undefined, depth = 0;
		level && depth < 5;
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

/** Sends once to one host. */
async function sendOnce(
	ctx: TransportContext,
	account: Account,
	host: string,
	request: ApiRequest,
	settings: RequestSettings,
	timeoutMs: number,
): Promise<Attempt> {
	const isStatus = request.target === 'status';
	const options: IHttpRequestOptions = {
		method: request.method ?? 'GET',
		baseURL: host,
		url: isStatus ? request.path : `/${encodeURIComponent(account.domain)}${request.path}`,
		qs: request.qs,
		headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: timeoutMs,
	};
	if (settings.proxy) options.proxy = settings.proxy;
	if (settings.skipSslCertificateValidation) options.skipSslCertificateValidation = true;
	if (!isStatus && account.allowedDomains) options.allowedDomains = account.allowedDomains;
	if (request.body !== undefined) {
		// n8n's HTTP layer drops an empty object body; an endpoint that takes `{}` gets it as JSON text.
		const bodyless = options.method === 'GET' || options.method === 'HEAD';
		options.body = Object.keys(request.body).length === 0 && !bodyless ? '{}' : request.body;
	}

	let response: FullResponse;
	try {
		response = (
			isStatus
				? await ctx.helpers.httpRequest(options)
				: await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, options)
		) as FullResponse;
	} catch (error) {
		const { code, syscall, message } = failureOf(error);
		const timedOut = TIMEOUT_CODES.has(code) && syscall !== 'connect';
		const certificate = CERTIFICATE_CODE.test(code);
		let text = redact(message, account.token);
		if (timedOut)
			text = `no answer within ${timeoutMs} ms${settings.timeoutMs ? " (the node's Request Options → Timeout)" : ''}`;
		if (certificate)
			text +=
				" (for a platform with its own certificate authority, turn on Ignore SSL Issues in the node's Request Options)";
		return {
			kind: 'failed',
			host,
			code,
			message: text,
			neverArrived:
				NEVER_ARRIVED_CODES.has(code) ||
				certificate ||
				(code === 'ETIMEDOUT' && syscall === 'connect'),
			hostUnusable: timedOut || certificate,
		};
	}

	const status = response.statusCode;
	let body = response.body;
	let readable = true;
	if (typeof body === 'string') {
		try {
			body = body.trim() ? JSON.parse(body) : undefined;
		} catch {
			readable = false;
		}
	}
	const failed = (code: string, message: string): Attempt => ({
		kind: 'failed',
		host,
		code,
		message,
		status,
		neverArrived: false,
		hostUnusable: false,
	});
	if (status >= 500) {
		// A gateway's HTML page or the API's JSON envelope: the status says what happened.
		const apiMessage = readable ? (body as IDataObject | undefined)?.message : undefined;
		const text = httpStatusText(status, host, response.statusMessage);
		return failed(
			`HTTP_${status}`,
			typeof apiMessage === 'string' && apiMessage ? `${text}: ${apiMessage}` : text,
		);
	}
	if (!readable) {
		if (status >= 400) return { kind: 'answer', status, body: undefined, host };
		return failed(
			'UNREADABLE',
			`${httpStatusText(status, host, response.statusMessage)} with a body that is not valid JSON`,
		);
	}
	return { kind: 'answer', status, body: body as IDataObject | undefined, host };
}

/** Who the write was about, for a person to find it in the platform. */
function describeWrite(request: ApiRequest): string {
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

/**
 * One request's attempts, until an answer (any status below 500, or 429) comes back:
 * - reads (GET) are tried again on the same base URL after 1 s, 2 s and 4 s, then on the
 *   backup; a base URL that refuses the connection or does not answer in time is left for the
 *   backup at once, and a refused certificate is not tried again at all;
 * - a write (POST, PUT) goes again only when it provably never arrived (refused, DNS, TLS,
 *   connect); any other failure may have been applied: UnconfirmedWriteError;
 * - all of it within REQUEST_TIME_LIMIT_MS (or twice the Timeout option), slots taken from the
 *   account's throttle like any request.
 */
async function sendWithRetries(
	ctx: TransportContext,
	account: Account,
	request: ApiRequest,
	hosts: string[],
	throttle: ReturnType<typeof throttleFor>,
	settings: RequestSettings,
): Promise<{ answer: Extract<Attempt, { kind: 'answer' }>; sentAt: number }> {
	const node = ctx.getNode();
	const method = request.method ?? 'GET';
	const idempotent = method === 'GET';
	const attemptTimeoutMs = settings.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
	const limitMs = Math.max(REQUEST_TIME_LIMIT_MS, 2 * attemptTimeoutMs);
	const failures: FailedAttempt[] = [];
	let deadline = 0;
	let firstSentAt = 0;
	const hasBackup = hosts.length > 1;

	for (const host of hosts) {
		for (let retry = 0; ; retry++) {
			const slot = await throttle.acquire();
			if (typeof slot !== 'function') {
				throw slot.kind === 'lockedOut'
					? lockoutError(node, slot.until, 'Domain incorrect too many times', request.itemIndex)
					: rateLimitError(node, slot.consecutive429, slot.until, request.itemIndex, true);
			}
			const sentAt = Date.now();
			if (!deadline) {
				deadline = sentAt + limitMs;
				firstSentAt = sentAt;
			}
			let attempt: Attempt;
			try {
				attempt = await sendOnce(
					ctx,
					account,
					host,
					request,
					settings,
					Math.max(1, Math.min(attemptTimeoutMs, deadline - sentAt)),
				);
			} finally {
				slot();
			}
			if (attempt.kind === 'answer') {
				if (host === account.baseUrl) markPrimaryUp(account.key);
				return { answer: attempt, sentAt };
			}
			failures.push({
				host: attempt.host,
				code: attempt.code,
				message: attempt.message,
				status: attempt.status,
			});
			if (!idempotent && !attempt.neverArrived) {
				throw new UnconfirmedWriteError(
					node,
					{
						method,
						path: request.path,
						what: describeWrite(request),
						sentAt: firstSentAt,
						attempts: failures,
					},
					request.itemIndex,
				);
			}
			const delay = RETRY_DELAYS_MS[retry];
			const goToBackup = hasBackup && (attempt.neverArrived || attempt.hostUnusable || !idempotent);
			const sameHostAgain =
				delay !== undefined &&
				!goToBackup &&
				!(attempt.hostUnusable && attempt.neverArrived) &&
				Date.now() + delay < deadline;
			if (!sameHostAgain) break;
			await sleep(delay);
		}
		if (host === account.baseUrl && hasBackup) markPrimaryDown(account.key);
		if (Date.now() >= deadline) break;
	}
	let advice = ' Set a Backup Base URL in the credential to fail over automatically.';
	if (hasBackup) advice = '';
	else if (account.backupBaseUrl && request.target !== 'status') {
		advice = ` The Backup Base URL was not tried: its host is not among the credential's Allowed Domains (${account.allowedDomains}).`;
	}
	throw unavailableError(node, failures, advice, request.itemIndex);
}

/**
 * The one way every part of the package talks to the platform: throttled per account,
 * 429s backed off and retried, lock-outs reported, reads retried and failed over to the
 * backup base URL, writes never sent twice, the node's Request Options and the credential's
 * allowed domains honoured, error envelopes (also those in a 200) turned into NodeApiError,
 * the token never shown. Returns the parsed JSON body.
 */
export async function customerCareRequest(
	this: TransportContext,
	request: ApiRequest,
): Promise<IDataObject> {
	const node = this.getNode();
	const account = request.account ?? (await getAccount.call(this));
	const settings = requestSettingsOf(this, request.itemIndex);
	const throttle = throttleFor(
		request.target === 'status' ? `${account.statusUrl}|status` : account.key,
		account.maxPerSecond,
	);
	let hosts: string[];
	if (request.target === 'status') {
		if (!account.statusUrl)
			throw credentialError(node, 'Status URL', 'must be set to read the heartbeat');
		hosts = [account.statusUrl];
	} else {
		// The Base URL's own host is always in the list; a backup outside it is never sent the token.
		hosts = baseUrlsInOrder(account).filter((host) => isHostAllowed(host, account.allowedDomains));
	}
	const method = request.method ?? 'GET';
	let retries429 = 0;

	for (;;) {
		const { answer, sentAt } = await sendWithRetries(
			this,
			account,
			request,
			hosts,
			throttle,
			settings,
		);
		const { status, body } = answer;
		if (status === 429) {
			const backoffMs = throttle.on429(sentAt);
			retries429++;
			if (retries429 > MAX_429_RETRIES_PER_REQUEST || throttle.blocked()) {
				const block = throttle.blocked();
				throw rateLimitError(
					node,
					block?.kind === 'coolingDown' ? block.consecutive429 : retries429,
					Date.now() + backoffMs,
					request.itemIndex,
					block?.kind === 'coolingDown',
				);
			}
			continue;
		}
		throttle.onAnswer();

		const message = typeof body?.message === 'string' ? body.message : '';
		if (status === 404 && LOCKOUT_MESSAGE.test(message)) {
			const minutes = Number(/retry after (\d+) minute/i.exec(message)?.[1] ?? 15);
			const until = Date.now() + minutes * 60_000;
			throttle.onLockout(until);
			throw lockoutError(node, until, message, request.itemIndex);
		}
		if (status >= 400 || isFailureCode(body?.code)) {
			throw apiError(node, {
				status,
				body,
				method,
				path: request.path,
				host: answer.host,
				itemIndex: request.itemIndex,
			});
		}
		return body ?? {};
	}
}
