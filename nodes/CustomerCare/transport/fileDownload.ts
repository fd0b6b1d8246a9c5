/**
 * A file the platform links to (a call's recording), read with a GET of its absolute address:
 * through the account's throttle (it counts against the same 15/s budget), with the node's
 * Request Options, the token only for the credential's own hosts, and its body streamed to the
 * caller's `keep` (n8n's binary data), never held whole here. Sent once: a file is not read again.
 */
import type { IHttpRequestOptions, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isHostAllowed, type Account } from './account';
import { httpStatusText } from './answerMessage';
import { classifyError } from './classify';
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from './exchange';
import { blockedError } from './rateLimitErrors';
import { senderFor } from './request';
import type { FullResponse, TransportContext } from './send';
import { requestSettingsOf } from './settings';
import { throttleFor, type SlotResult } from './throttle';
import { redact } from './tokenRedaction';
import { unavailableError, type FailedAttempt } from './unansweredErrors';

/** Redirects followed, each one a request of its own (with the token only if its host takes it). */
const MAX_REDIRECTS = 3;

/** What n8n's prepareBinaryData takes: the answer's body as it streams in. */
export type FileBody = Parameters<IPollFunctions['helpers']['prepareBinaryData']>[0];

/** The file as it arrives: its body (a stream), its type as the host gave it, its name from the address. */
export interface IncomingFile {
	body: FileBody;
	mimeType?: string;
	fileName: string;
}

export type FileAnswer<T> = { kind: 'file'; kept: T } | { kind: 'notFound'; origin: string };

/** `https://host:port` of an http(s) address; undefined for anything else. */
function originOf(url: string | undefined): string | undefined {
	try {
		const parsed = new URL(url ?? '');
		return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The token goes only to the credential's Base URL, or to its Backup Base URL when the
 * credential's Allowed Domains take it (as exchange.ts). Same scheme, host and port: not to
 * another port of the host, nor in clear text to the http:// twin of an https:// Base URL.
 */
export function takesToken(url: string, account: Account): boolean {
	const origin = originOf(url);
	if (!origin) return false;
	if (origin === originOf(account.baseUrl)) return true;
	const backup = account.backupBaseUrl;
	return !!backup && origin === originOf(backup) && isHostAllowed(backup, account.allowedDomains);
}

/** The last segment of the address's path, e.g. `123.mp3`. */
function fileNameOf(url: string): string {
	const segment = new URL(url).pathname.split('/').pop() ?? '';
	try {
		return decodeURIComponent(segment) || 'file';
	} catch {
		return segment || 'file';
	}
}

/** Lets go of a body nobody reads, so that its connection is freed. */
function discard(body: unknown) {
	(body as { destroy?: () => void } | undefined)?.destroy?.();
}

function headerOf(response: FullResponse, name: string): string | undefined {
	const value = response.headers?.[name];
	return typeof value === 'string' ? value : undefined;
}

/** What the throttle learns from a download's answer (exchange.ts does the same for API answers). */
function slotResultOf(status: number, ownHost: boolean, sentAt: number): SlotResult {
	// A 429 of a foreign host says nothing about the account's budget.
	if (status === 429 && ownHost) return { kind: 'rateLimited', sentAt };
	if (status >= 500) return { kind: 'noAnswer', answered: status !== 504 };
	return { kind: 'answered' };
}

/**
 * Downloads the file at `url` (absolute) and hands it, as it streams in, to `keep`. A 404 is
 * `notFound` (the caller says what that means); any other failure throws, the token never in
 * its text. Each request (a redirect's too) takes a slot of the account's throttle.
 */
export async function downloadFile<T>(
	ctx: TransportContext,
	url: string,
	{ account, itemIndex }: { account: Account; itemIndex?: number },
	keep: (file: IncomingFile) => Promise<T>,
): Promise<FileAnswer<T>> {
	const node = ctx.getNode();
	const settings = requestSettingsOf(ctx, itemIndex);
	const timeoutMs = settings.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
	const send = senderFor(ctx, account);
	const throttle = throttleFor(account.budgetKey, account.maxPerSecond);
	const failed = (message: string, status?: number) =>
		status === undefined
			? new NodeOperationError(node, redact(message, account.token), { itemIndex })
			: new NodeApiError(node, {}, { message: redact(message, account.token), httpCode: String(status), itemIndex });

	let address = url;
	for (let redirects = 0; ; redirects++) {
		const origin = originOf(address);
		if (!origin) throw failed('The file\'s address is not an http:// or https:// URL');
		const ownHost = takesToken(address, account);
		const release = await throttle.acquire(origin);
		if (typeof release !== 'function') throw blockedError(node, release, itemIndex);
		const options: IHttpRequestOptions = {
			method: 'GET',
			url: address,
			headers: { Accept: '*/*' },
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			// Followed below, one hop at a time: each hop's host decides whether the token goes.
			disableFollowRedirect: true,
			timeout: timeoutMs,
		};
		if (settings.proxy) options.proxy = settings.proxy;
		if (settings.skipSslCertificateValidation) options.skipSslCertificateValidation = true;
		if (ownHost && account.allowedDomains) options.allowedDomains = account.allowedDomains;

		const sentAt = Date.now();
		let response: FullResponse;
		try {
			response = await send(options, ownHost);
		} catch (error) {
			const verdict = classifyError(error, {
				host: origin,
				token: account.token,
				timeoutMs,
				timeoutFromOption: settings.timeoutMs !== undefined,
			});
			const neverLeft = verdict.kind === 'failed' && verdict.neverLeft;
			release(neverLeft ? { kind: 'neverSent' } : { kind: 'noAnswer', answered: false });
			throw unavailableError(node, [verdict as FailedAttempt], ' A file download is sent once.', itemIndex);
		}
		const status = response.statusCode;
		release(slotResultOf(status, ownHost, sentAt));

		const location = headerOf(response, 'location');
		if (status >= 300 && status < 400 && location) {
			discard(response.body);
			if (redirects >= MAX_REDIRECTS) throw failed(`The file's host redirected more than ${MAX_REDIRECTS} times`, status);
			address = new URL(location, address).toString();
			continue;
		}
		if (status === 404) {
			discard(response.body);
			return { kind: 'notFound', origin };
		}
		if (status < 200 || status >= 300) {
			discard(response.body);
			const reason = redact(response.statusMessage ?? '', account.token);
			throw failed(`The file could not be downloaded: ${httpStatusText(status, origin, reason)}`, status);
		}
		const mimeType = headerOf(response, 'content-type')?.split(';')[0].trim() || undefined;
		try {
			return { kind: 'file', kept: await keep({ body: response.body as FileBody, mimeType, fileName: fileNameOf(address) }) };
		} catch (error) {
			// The connection broke while the body came in.
			discard(response.body);
			const { message } = classifyError(error, { host: origin, token: account.token, timeoutMs, timeoutFromOption: false }) as FailedAttempt;
			throw failed(`The file from ${origin} broke off while it was downloaded: ${message}`);
		}
	}
}
