import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE, type Account } from './account';
import type { RequestSettings } from './settings';

/** Every n8n context that sends requests: node items, load-options, the trigger's polls. */
export type TransportContext =
	| IExecuteSingleFunctions
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions;

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
	/**
	 * Other work waits on its answer (the definitions that label a Return All's pages): it takes
	 * the account's next slot before requests queued without it. Same budget, another order.
	 */
	urgent?: boolean;
	/**
	 * For requests of one read sent together (its windows, its pages): true once another of them
	 * failed. A request that has not left by then is not sent; the read fails with the first error.
	 */
	abandoned?: () => boolean;
	/**
	 * A read of one record by its ID (Ticket, Lead, Deal Get): its 500 may mean "no such record"
	 * (retry.ts, rule 4), and its error then names the record.
	 */
	record?: RecordRef;
	/**
	 * A refusal the caller reads as its result, not an error: a lookup that found no one, a
	 * create whose phone another contact has (docs/api.md#contacts). Its body is returned.
	 */
	refusalIsResult?: (status: number, body: IDataObject | undefined) => boolean;
}

/** The record a request reads, for its not-found error. */
export interface RecordRef {
	resource: 'ticket' | 'lead' | 'deal' | 'contact';
	id: string;
}

export interface FullResponse {
	statusCode: number;
	statusMessage?: string;
	body: unknown;
	headers?: Record<string, unknown>;
}

/** Puts one request on the wire; `authenticated`: with the credential's token. */
export type Send = (options: IHttpRequestOptions, authenticated: boolean) => Promise<FullResponse>;

/** What one attempt brought back: an answer of any status, or the error of the HTTP client. */
export type Outcome =
	| { kind: 'answer'; status: number; statusMessage?: string; body: unknown; location?: string; headers?: Record<string, unknown> }
	| { kind: 'error'; error: unknown };

/**
 * Through n8n's helpers: the credential's authenticate adds the token, n8n's checks apply.
 * `credential`: the credential as the item already read it, handed back to n8n so that it does
 * not read and decrypt it again for every request (in queue mode a database read, made after
 * the throttle let the request go: under load, requests spaced by the throttle then reach the
 * platform together).
 */
export function sendVia(ctx: TransportContext, credential?: ICredentialDataDecryptedObject): Send {
	const known: IAdditionalCredentialOptions | undefined = credential && {
		credentialsDecrypted: { id: '', name: '', type: CREDENTIAL_TYPE, data: credential },
	};
	return async (options, authenticated) =>
		(authenticated
			? await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, options, known)
			: await ctx.helpers.httpRequest(options)) as FullResponse;
}

/** Sends once to one host; never throws. */
export async function sendOnce(
	send: Send,
	account: Account,
	host: string,
	request: ApiRequest,
	settings: RequestSettings,
	timeoutMs: number,
): Promise<Outcome> {
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
		// The API never redirects. Followed, a redirect would carry the token to its target and
		// turn a POST that was carried out into a GET whose refused connection reads as "never left".
		disableFollowRedirect: true,
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
	try {
		const response = await send(options, !isStatus);
		return {
			kind: 'answer',
			status: response.statusCode,
			statusMessage: response.statusMessage,
			body: response.body,
			location:
				typeof response.headers?.location === 'string' ? response.headers.location : undefined,
			headers: response.headers,
		};
	} catch (error) {
		return { kind: 'error', error };
	}
}
