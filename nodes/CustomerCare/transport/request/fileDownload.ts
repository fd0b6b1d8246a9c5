/**
 * A file the platform links to (a call's recording), read with a GET of its absolute address:
 * through the account's throttle (it counts against the same 15/s budget), with the node's
 * Request Options, the token only for the credential's own hosts, and its body streamed to the
 * caller's `keep` (n8n's binary data), never held whole here. Sent once: a file is not read again.
 */
import type { IHttpRequestOptions, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { isHostAllowed, type Account } from './account';
import { httpStatusText } from '../answers/answerMessage';
import { classifyError } from './classify';
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from './exchange';
import { blockedError } from '../answers/rateLimitErrors';
import { senderFor } from './request';
import type { FullResponse, TransportContext } from './send';
import { requestSettingsOf } from './settings';
import type { SlotResult } from '../rate/slot';
import { throttleFor } from '../rate/throttle';
import { redact } from '../answers/tokenRedaction';
import { unavailableError, type FailedAttempt } from '../answers/unansweredErrors';

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

/** The part of the body (a readable stream) the idle bound uses. */
interface WatchedBody {
	push: (...chunk: unknown[]) => boolean;
	destroy: (error: Error) => void;
}

/** How often the idle bound looks: often enough to end a stalled body close to the Timeout. */
const IDLE_LOOK_MS = 250;

/**
 * Ends a body that stops coming: no byte for the Timeout fails the download, as a late answer
 * does (n8n's client bounds only the wait for the answer's head). It sees the bytes as the
 * stream is fed (`push`), without reading them: n8n's binary data store is the one reader.
 * Returns the bound's end. (n8n's own bound, N8N_HTTP_RESPONSE_BODY_READ_TIMEOUT, is 5 minutes.)
 */
function boundIdleBody(body: unknown, timeoutMs: number, abort: AbortController): () => void {
	const watched = body as Partial<WatchedBody> | undefined;
	if (typeof watched?.push !== 'function' || typeof watched.destroy !== 'function') return () => undefined;
	const stream = watched as WatchedBody;
	const feed = stream.push;
	let lastByteAt = Date.now();
	let watching = true;
	stream.push = (...chunk: unknown[]) => {
		lastByteAt = Date.now();
		return feed.apply(stream, chunk);
	};
	void (async () => {
		while (watching) {
			await sleep(Math.min(IDLE_LOOK_MS, timeoutMs));
			if (watching && Date.now() - lastByteAt >= timeoutMs) {
				watching = false;
				stream.destroy(Object.assign(new Error(`no data for ${timeoutMs} ms`), { code: 'ETIMEDOUT' }));
				// The request itself too, so that its connection is freed.
				abort.abort();
			}
		}
	})();
	return () => {
		watching = false;
		stream.push = feed;
	};
}

/** Lets go of a body nobody reads, and of its request, so that the connection is freed. */
function discard(body: unknown, abort: AbortController) {
	(body as { destroy?: () => void } | undefined)?.destroy?.();
	abort.abort();
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
		const abort = new AbortController();
		const options: IHttpRequestOptions = {
			method: 'GET',
			abortSignal: abort.signal,
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
			discard(response.body, abort);
			if (redirects >= MAX_REDIRECTS) throw failed(`The file's host redirected more than ${MAX_REDIRECTS} times`, status);
			address = new URL(location, address).toString();
			continue;
		}
		if (status === 404) {
			discard(response.body, abort);
			return { kind: 'notFound', origin };
		}
		if (status < 200 || status >= 300) {
			discard(response.body, abort);
			const reason = redact(response.statusMessage ?? '', account.token);
			throw failed(`The file could not be downloaded: ${httpStatusText(status, origin, reason)}`, status);
		}
		const mimeType = headerOf(response, 'content-type')?.split(';')[0].trim() || undefined;
		const unbound = boundIdleBody(response.body, timeoutMs, abort);
		try {
			return { kind: 'file', kept: await keep({ body: response.body as FileBody, mimeType, fileName: fileNameOf(address) }) };
		} catch (error) {
			// The connection broke, or the body stopped coming, while it was downloaded.
			discard(response.body, abort);
			const { message } = classifyError(error, {
				host: origin,
				token: account.token,
				timeoutMs,
				timeoutFromOption: settings.timeoutMs !== undefined,
			}) as FailedAttempt;
			throw failed(`The file from ${origin} broke off while it was downloaded: ${message}`);
		} finally {
			unbound();
		}
	}
}
