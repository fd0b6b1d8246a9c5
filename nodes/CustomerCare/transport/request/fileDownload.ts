/**
 * A file the platform links to (a call's recording), read with a GET of its absolute address:
 * through the account's throttle (it counts against the same 15/s budget), with the node's
 * Request Options, the token only for the credential's own hosts, and its body streamed to the
 * caller's `keep` (n8n's binary data), never held whole here. Sent once: a file is not read again.
 */
import type { IHttpRequestOptions, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isHostAllowed, type Account } from './account';
import { discard, fileClock, keepBounded, sizeText, type FileClock } from './fileBounds';
import { isLocalAddress } from './hostAddress';
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

export type FileAnswer<T> =
	| { kind: 'file'; kept: T }
	| { kind: 'notFound'; origin: string }
	/** Not kept, and why: its host, its type or its size (nothing of it stored). */
	| { kind: 'refused'; reason: string };

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

/** What a download may keep: its bounds and the types it takes (resources/call/recording.ts). */
export interface FileRules {
	/** The largest file kept, in bytes; a larger one is refused, its body read no further. */
	maxBytes: number;
	/** Why a file of this type (`Content-Type`, no parameters) is not kept, or undefined to keep it. */
	refuseType?: (mimeType: string | undefined) => string | undefined;
}

/** The credential's platform is on a loopback, private or link-local address (a test set-up, on premises). */
function platformIsLocal(account: Account): boolean {
	return isLocalAddress(account.baseUrl) || (!!account.backupBaseUrl && isLocalAddress(account.backupBaseUrl));
}

/**
 * Downloads the file at `url` (absolute) and hands it, as it streams in, to `keep`. A 404 is
 * `notFound` (the caller says what that means); a file the rules do not keep is `refused`, with
 * the reason, before a byte of it is stored: its host on a local address while the platform is
 * not (docs/operations.md#where-recordings-may-come-from), its type, its size. A file that takes
 * longer than the Timeout in all, and any other failure, throws, the token never in its text.
 * Each request (a redirect's too) takes a slot of the account's throttle.
 */
export async function downloadFile<T>(
	ctx: TransportContext,
	url: string,
	{ account, itemIndex, rules }: { account: Account; itemIndex?: number; rules: FileRules },
	keep: (file: IncomingFile) => Promise<T>,
): Promise<FileAnswer<T>> {
	const node = ctx.getNode();
	const settings = requestSettingsOf(ctx, itemIndex);
	const timeoutMs = settings.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
	const timeoutText = `${timeoutMs} ms${settings.timeoutMs !== undefined ? ", the node's Request Options → Timeout" : ''}`;
	const send = senderFor(ctx, account);
	const throttle = throttleFor(account.budgetKey, account.maxPerSecond);
	const failed = (message: string, status?: number) =>
		status === undefined
			? new NodeOperationError(node, redact(message, account.token), { itemIndex })
			: new NodeApiError(node, {}, { message: redact(message, account.token), httpCode: String(status), itemIndex });
	const localAllowed = platformIsLocal(account);
	const timeUp = (origin: string) =>
		failed(`The file from ${origin} did not arrive in full within ${timeoutText}: it was not kept`);

	let address = url;
	// Once a hop leaves the credential's hosts, no later hop gets the token: a foreign host
	// could otherwise send it back to the platform, to a path of its choosing.
	let tokenChain = true;
	let clock: FileClock | undefined;
	try {
		for (let redirects = 0; ; redirects++) {
			const origin = originOf(address);
			if (!origin)
				throw failed(
					redirects === 0
						? "The file's address is not an http:// or https:// URL"
						: `The file's host redirected to an address that is not http:// or https:// (${redact(address, account.token).slice(0, 200)})`,
				);
			if (!localAllowed && isLocalAddress(address)) {
				const where = redirects === 0 ? 'The link points' : `The link's host (hop ${redirects}) redirected`;
				return {
					kind: 'refused',
					reason: redact(
						`Not fetched: ${where} to a loopback, private or link-local address (${new URL(address).host}), and the credential's Base URL is not on one`,
						account.token,
					),
				};
			}
			const ownHost = tokenChain && takesToken(address, account);
			if (!ownHost) tokenChain = false;
			const release = await throttle.acquire(origin);
			if (typeof release !== 'function') throw blockedError(node, release, itemIndex);
			const abort = new AbortController();
			// The file's time starts with its first request.
			clock ??= fileClock(timeoutMs);
			clock.whenExpired(() => abort.abort());
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
				timeout: clock.left(),
			};
			if (settings.proxy) options.proxy = settings.proxy;
			if (settings.skipSslCertificateValidation) options.skipSslCertificateValidation = true;
			if (ownHost && account.allowedDomains) options.allowedDomains = account.allowedDomains;

			const sentAt = Date.now();
			let response: FullResponse;
			try {
				response = await send(options, ownHost);
			} catch (error) {
				if (clock.expired()) {
					release({ kind: 'noAnswer', answered: false });
					throw timeUp(origin);
				}
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
				address = redirectTarget(location, address, status, (message) => failed(message, status));
				continue;
			}
			if (status === 404) {
				discard(response.body, abort);
				return { kind: 'notFound', origin: redact(origin, account.token) };
			}
			if (status < 200 || status >= 300) {
				discard(response.body, abort);
				const reason = redact(response.statusMessage ?? '', account.token);
				throw failed(`The file could not be downloaded: ${httpStatusText(status, origin, reason)}`, status);
			}
			// The host took the token (its own host) and may name the file with it: hidden as in any answer.
			const mimeType = redact(headerOf(response, 'content-type')?.split(';')[0].trim() ?? '', account.token) || undefined;
			// Refused before a byte is stored: by its type, by the size its head announces.
			const refusedType = rules.refuseType?.(mimeType);
			const declared = Number(headerOf(response, 'content-length'));
			const refusal =
				refusedType ??
				(Number.isFinite(declared) && declared > rules.maxBytes
					? `The file from ${origin} is ${sizeText(declared)}, larger than the ${sizeText(rules.maxBytes)} a file may be: it was not kept`
					: undefined);
			if (refusal) {
				discard(response.body, abort);
				return { kind: 'refused', reason: redact(refusal, account.token) };
			}
			return await keepBounded<FileAnswer<T>>(
				response.body,
				{ abort, clock, maxBytes: rules.maxBytes },
				async () => ({
					kind: 'file',
					kept: await keep({ body: response.body as FileBody, mimeType, fileName: redact(fileNameOf(address), account.token) }),
				}),
				{
					tooLarge: (why) => ({
						kind: 'refused',
						reason: redact(`The file from ${origin} was not kept: ${why}, the most a file may be; reading stopped there`, account.token),
					}),
					timeUp: () => timeUp(origin),
					// The connection broke while it was downloaded.
					broke: (error) => {
						const { message } = classifyError(error, {
							host: origin,
							token: account.token,
							timeoutMs,
							timeoutFromOption: settings.timeoutMs !== undefined,
						}) as FailedAttempt;
						return failed(`The file from ${origin} broke off while it was downloaded: ${message}`);
					},
				},
			);
		}
	} finally {
		clock?.stop();
	}
}

/** A redirect's `Location` as an absolute address, or a clear error when it is not a usable one. */
function redirectTarget(location: string, from: string, status: number, fail: (message: string) => Error): string {
	let target: URL;
	try {
		target = new URL(location, from);
	} catch {
		throw fail(
			`The file's host answered a redirect (HTTP ${status}) whose Location header is not a valid address: "${location.slice(0, 200)}"`,
		);
	}
	if (target.protocol !== 'http:' && target.protocol !== 'https:')
		throw fail(
			`The file's host answered a redirect (HTTP ${status}) to a ${target.protocol} address; only http:// and https:// are followed`,
		);
	return target.toString();
}
