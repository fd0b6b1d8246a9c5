/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/** Shared helpers of the fake-platform tests. */
import { FakePlatform, platformFromEnv, type FakePlatformOptions } from '../../../tools/fake-platform';
import { ErrorEnvelope } from '../../../tools/fake-platform/schemas';

/** The fixed data clock of most tests. */
export const NOW = new Date('2025-06-01T00:00:00Z');
export const DAY = 86_400_000;

/** A platform on a fixed clock with a rate limit high enough not to interfere. */
export function startPlatform(options: FakePlatformOptions = {}): Promise<FakePlatform> {
	return FakePlatform.start({
		now: () => NOW,
		...options,
		rateLimit: { perSecond: 1_000_000, perHour: 100_000_000, ...options.rateLimit },
	});
}

export interface Reply {
	status: number;
	body: any;
	text: string;
	headers: Headers;
}

/** A small JSON client bound to one platform (primary by default). */
export function client(platform: FakePlatform, opts: { base?: string; token?: string | null } = {}) {
	const base = opts.base ?? platform.baseUrl;
	const token = opts.token === undefined ? platform.token : opts.token;
	async function call(method: string, path: string, body?: unknown, raw?: string): Promise<Reply> {
		const headers: Record<string, string> = { 'Content-Type': 'application/json' };
		if (token !== null) headers.Authorization = `Bearer ${token}`;
		const res = await fetch(`${base}${path}`, {
			method,
			headers,
			body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
		});
		const text = await res.text();
		let parsed: unknown;
		try {
			parsed = JSON.parse(text);
		} catch {
			parsed = undefined;
		}
		return { status: res.status, body: parsed, text, headers: res.headers };
	}
	const d = `/${platform.domain}`;
	const qs = (query?: Record<string, string | number>) =>
		query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
	return {
		get: (path: string, query?: Record<string, string | number>) => call('GET', `${d}${path}${qs(query)}`),
		post: (path: string, body?: unknown) => call('POST', `${d}${path}`, body),
		put: (path: string, body?: unknown) => call('PUT', `${d}${path}`, body),
		raw: (method: string, fullPath: string, raw?: string) => call(method, fullPath, undefined, raw),
	};
}

/**
 * A query time 'YYYY-MM-DDTHH:mm:ssZ' of an epoch-ms instant, as the platform the tests run
 * against reads it (CC_FAKE_PLATFORM): the spec's UTC, or the real platform's wall clock of the
 * account zone (+07:00, the fake's default) with a `Z` it ignores (docs/api.md#times).
 */
export function isoZ(ms: number, platform = platformFromEnv()): string {
	const shifted = platform === 'real' ? ms + 7 * 3_600_000 : ms;
	return `${new Date(shifted).toISOString().slice(0, 19)}Z`;
}

/** The instant of a stamp the platform wrote with a `Z` (the inverse of `isoZ`). */
export function stampMs(text: string, platform = platformFromEnv()): number {
	const ms = Date.parse(text);
	return platform === 'real' && /Z$/i.test(text) ? ms - 7 * 3_600_000 : ms;
}

/** `isoZ` and `stampMs` of a file whose platform is pinned to the spec's reading. */
export const specClock = {
	isoZ: (ms: number) => isoZ(ms, 'spec'),
	stampMs: (text: string) => stampMs(text, 'spec'),
};

/** Expects `{code:'errors', message}` with this status and exact message. */
export function expectError(reply: Reply, status: number, message: string): void {
	ErrorEnvelope.parse(reply.body);
	expect({ status: reply.status, body: reply.body }).toEqual({ status, body: { code: 'errors', message } });
}
