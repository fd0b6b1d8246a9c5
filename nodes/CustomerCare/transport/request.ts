import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { isValidTimeZone } from '../shared/dates';
import {
	apiError,
	credentialError,
	isFailureCode,
	lockoutError,
	networkError,
	rateLimitError,
	redact,
} from './errors';
import { API_LIMITS, throttleFor, type AccountThrottle } from './throttle';

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
}

const MAX_429_RETRIES_PER_REQUEST = 6;
const REQUEST_TIMEOUT_MS = 60_000;
/** After the primary failed, go to the backup first for this long. */
const FAILOVER_STICKY_MS = 60_000;
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
		throw credentialError(node, 'Backup Base URL', 'must be empty or an http:// or https:// address');
	}
	const domain = typeof credentials.domain === 'string' ? credentials.domain.trim() : '';
	if (!domain || domain.includes('/')) {
		throw credentialError(node, 'Domain', 'must be your account identifier, without slashes');
	}
	const timeZone = typeof credentials.timeZone === 'string' ? credentials.timeZone.trim() : '';
	if (timeZone && !isValidTimeZone(timeZone)) {
		throw credentialError(node, 'Account Time Zone', `must be an IANA time zone such as Asia/Ho_Chi_Minh; got "${timeZone}"`);
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
	};
}

type Answer =
	| { kind: 'response'; status: number; body: IDataObject | undefined; host: string }
	| { kind: 'transient'; code: string; message: string; host: string };

interface FullResponse {
	statusCode: number;
	body: unknown;
}

/** Sends once to one host. Network failures, 5xx and unreadable bodies come back as 'transient'. */
async function sendOnce(
	ctx: TransportContext,
	account: Account,
	host: string,
	request: ApiRequest,
): Promise<Answer> {
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
		timeout: REQUEST_TIMEOUT_MS,
	};
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
		const cause = error as { code?: string; message?: string };
		return {
			kind: 'transient',
			code: cause.code ?? 'ENETWORK',
			message: redact(String(cause.message ?? error), account.token),
			host,
		};
	}

	let body = response.body;
	if (typeof body === 'string') {
		try {
			body = body.trim() ? JSON.parse(body) : undefined;
		} catch {
			return { kind: 'transient', code: 'MALFORMED', message: 'the answer was not valid JSON', host };
		}
	}
	if (response.statusCode >= 500) {
		const message = (body as IDataObject | undefined)?.message;
		return {
			kind: 'transient',
			code: `HTTP_${response.statusCode}`,
			message: `HTTP ${response.statusCode}${typeof message === 'string' && message ? ` ${message}` : ''}`,
			host,
		};
	}
	return { kind: 'response', status: response.statusCode, body: body as IDataObject | undefined, host };
}

/** The primary, then the backup (or the other way round while the primary is known down). */
function hostsInOrder(account: Account, request: ApiRequest, throttle: AccountThrottle): string[] {
	if (request.target === 'status') {
		if (!account.statusUrl) return [];
		return [account.statusUrl];
	}
	if (!account.backupBaseUrl) return [account.baseUrl];
	const primaryDown = throttle.primaryDownUntil > Date.now();
	return primaryDown
		? [account.backupBaseUrl, account.baseUrl]
		: [account.baseUrl, account.backupBaseUrl];
}

/**
 * The one way every part of the package talks to the platform: throttled per account,
 * 429s backed off and retried, lock-outs reported, failover to the backup base URL,
 * error envelopes (also those in a 200) turned into NodeApiError, the token never shown.
 * Returns the parsed JSON body.
 */
export async function customerCareRequest(
	this: TransportContext,
	request: ApiRequest,
): Promise<IDataObject> {
	const node = this.getNode();
	const account = await getAccount.call(this);
	const throttle = throttleFor(
		request.target === 'status' ? `${account.statusUrl}|status` : account.key,
		account.maxPerSecond,
	);
	const hosts = hostsInOrder(account, request, throttle);
	if (hosts.length === 0) {
		throw credentialError(node, 'Status URL', 'must be set to read the heartbeat');
	}
	const method = request.method ?? 'GET';
	let retries429 = 0;

	for (;;) {
		let answer: Answer | undefined;
		const failures: Array<Extract<Answer, { kind: 'transient' }>> = [];
		let sentAt = 0;
		for (const host of hosts) {
			const slot = await throttle.acquire();
			if (typeof slot !== 'function') {
				throw slot.kind === 'lockedOut'
					? lockoutError(node, slot.until, 'Domain incorrect too many times', request.itemIndex)
					: rateLimitError(node, slot.consecutive429, slot.until, request.itemIndex);
			}
			sentAt = Date.now();
			try {
				answer = await sendOnce(this, account, host, request);
			} finally {
				slot();
			}
			if (answer.kind === 'response') break;
			failures.push(answer);
			if (host === account.baseUrl && account.backupBaseUrl) {
				throttle.primaryDownUntil = Date.now() + FAILOVER_STICKY_MS;
			}
		}
		if (!answer || answer.kind === 'transient') {
			const last = failures[failures.length - 1];
			throw networkError(
				node,
				{
					code: last.code,
					message: last.message,
					tried: failures.map((failure) => failure.host),
				},
				request.itemIndex,
			);
		}
		if (answer.host === account.baseUrl) throttle.primaryDownUntil = 0;

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
				itemIndex: request.itemIndex,
			});
		}
		return body ?? {};
	}
}
