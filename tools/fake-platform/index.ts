/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The fake Customer-Care Platform: a deterministic HTTP server of the whole API spec on
 * 127.0.0.1 (a primary and a backup port sharing one store), with auth, envelopes, windows,
 * pagination, rate limit and lock-out, fault injection and a request log.
 *
 *   const platform = await FakePlatform.start({ now: () => new Date('2025-06-01T00:00:00Z') });
 *   await fetch(`${platform.baseUrl}/${platform.domain}/api/v1/agents`, { headers: { Authorization: `Bearer ${platform.token}` } });
 *   await platform.close();
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formsFrom, type AnswerForms } from './answerForms';
import { PlatformServer, type Fault, type RateLimitOptions, type RecordedRequest, type ServerName } from './server';
import type { FakePlatformKind } from './render';
import { Store } from './store';
import { parseOffset } from './time';

export type { Fault, FaultKind, RecordedRequest, RateLimitOptions, RateHeadersMode } from './server';

export { busiestSecond, longest429Run, summarizeLog } from './figures';
export { DEFAULT_RATE_LIMIT, MALFORMED_BODY, RATE_HEADERS_MODES, RateLimiter } from './server';
export { MESSAGES } from './handlers';
export { Store, mulberry32 } from './store';
export type { FakePlatformKind } from './render';
export { ALTERNATE_FORMS, ALTERNATE_ROOT, DOCUMENTED_FORMS, type AnswerForms } from './answerForms';
export type * from './store';
export * as schemas from './schemas';

export interface FakePlatformOptions {
	/** Default 'acme'. */
	domain?: string;
	/** Default 'fake-token-123'. */
	token?: string;
	/** Default 42. */
	seed?: number;
	/** The server clock; default () => new Date(). Seeded data is placed relative to the clock at start. */
	now?: () => Date;
	/** Default '+07:00': the account zone of the zone-less 'YYYY-MM-DD HH:mm:ss' timestamps. */
	timeZoneOffset?: string;
	/** Defaults: tickets 2600, leads 2200, deals 1200, calls 3000, days 130. */
	size?: { tickets?: number; leads?: number; deals?: number; calls?: number; days?: number };
	/**
	 * Defaults: 15 per second, 54000 per hour, lock-out after more than 20 consecutive 429s, for 15
	 * minutes; `headers: 'hour'` (every domain answer carries `X-RateLimit-Limit` and
	 * `X-RateLimit-Remaining` of the hourly quota; `'second'` of the 1 s window, `'none'` none);
	 * `retryAfter: false` (true: every 429 also carries `Retry-After` and `X-RateLimit-Reset`).
	 */
	rateLimit?: RateLimitOptions;
	/** Default true: also listen on a second port serving the same store. */
	backup?: boolean;
	/** Primary port; default 0 (random). */
	port?: number;
	/** Backup port; default 0 (random). */
	backupPort?: number;
	/**
	 * The other answer forms the spec allows (answerForms.ts): `{ closedType: 'word', roots:
	 * 'alternate', callZone: '+00:00', … }` or `{ all: true }`. Default: the documented forms.
	 */
	answerForms?: Record<string, unknown>;
	/**
	 * Strict mode: refuses an unknown query parameter, a missing parameter the spec marks required
	 * and a window of 31 days or more (handlers.ts refuseStrictly), and answers in the other forms
	 * (answerForms `{ all: true }`) unless answerForms is given. Default: CC_FAKE_STRICT=1 in the
	 * environment (`npm run test:strict`), otherwise off.
	 */
	strict?: boolean;
	/**
	 * The platform played: `real` (default) answers as the real platform's clients show it, `spec`
	 * the vendor spec's literal reading (render.ts FakePlatformKind). Default: CC_FAKE_PLATFORM in
	 * the environment (`npm run test:spec` sets `spec`), otherwise `real`.
	 */
	platform?: FakePlatformKind;
}

/** The platform named by CC_FAKE_PLATFORM (`real` or `spec`), else `real`. */
export function platformFromEnv(): FakePlatformKind {
	const named = process.env.CC_FAKE_PLATFORM;
	if (named === undefined || named === '' || named === 'real') return 'real';
	if (named === 'spec') return 'spec';
	throw new Error(`CC_FAKE_PLATFORM must be real or spec; got "${named}"`);
}

export const DEFAULT_SIZE = { tickets: 2600, leads: 2200, deals: 1200, calls: 3000, days: 130 };

function listen(server: Server, port: number): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			server.off('error', reject);
			resolve((server.address() as AddressInfo).port);
		});
	});
}

function closeServer(server: Server): Promise<void> {
	return new Promise((resolve) => {
		server.close(() => resolve());
		server.closeAllConnections();
	});
}

/** The rate headers the environment asks for (CC_FAKE_RATE_HEADERS), when it does. */
function rateHeadersFromEnv(): RateLimitOptions {
	const mode = process.env.CC_FAKE_RATE_HEADERS;
	if (mode === undefined || mode === '') return {};
	if (mode !== 'hour' && mode !== 'second' && mode !== 'none') throw new Error(`CC_FAKE_RATE_HEADERS must be hour, second or none; got "${mode}"`);
	return { headers: mode };
}

export class FakePlatform {
	readonly baseUrl: string;
	readonly backupUrl: string;
	readonly statusUrl: string;
	readonly domain: string;
	readonly token: string;
	readonly store: Store;
	/** Strict mode is on (FakePlatformOptions.strict). */
	readonly strict: boolean;
	/** The platform played (FakePlatformOptions.platform). */
	readonly platform: FakePlatformKind;
	private readonly core: PlatformServer;
	private readonly servers: Server[];

	private constructor(core: PlatformServer, servers: Server[], baseUrl: string, backupUrl: string) {
		this.core = core;
		this.servers = servers;
		this.store = core.store;
		this.strict = core.strict;
		this.platform = core.platform;
		this.domain = core.domain;
		this.token = core.token;
		this.baseUrl = baseUrl;
		this.backupUrl = backupUrl;
		this.statusUrl = `${baseUrl}/status`;
		core.urls = { baseUrl, backupUrl, statusUrl: this.statusUrl };
	}

	static async start(options: FakePlatformOptions = {}): Promise<FakePlatform> {
		const offset = parseOffset(options.timeZoneOffset ?? '+07:00');
		const platform = options.platform ?? platformFromEnv();
		const store = new Store({
			platform,
			seed: options.seed ?? 42,
			now: options.now ?? (() => new Date()),
			offsetMinutes: offset,
			size: { ...DEFAULT_SIZE, ...Object.fromEntries(Object.entries(options.size ?? {}).filter(([, v]) => v !== undefined)) },
		});
		const strict = options.strict ?? process.env.CC_FAKE_STRICT === '1';
		const core = new PlatformServer({
			store,
			domain: options.domain ?? 'acme',
			token: options.token ?? 'fake-token-123',
			offset,
			// CC_FAKE_RATE_HEADERS=none|second|hour (as the CLI): e.g. `npm run bench` without the headers.
			rateLimit: { ...rateHeadersFromEnv(), ...options.rateLimit },
			strict,
			platform,
			// Strict mode answers in the other forms too, unless the forms are given.
			answerForms: formsFrom(options.answerForms ?? (strict ? { all: true } : {})),
		});
		const make = (name: ServerName) => {
			const server = createServer((req, res) => {
				core.handle(req, res, name).catch((e) => {
					console.error('[fake-platform] request failed', e);
					if (!res.headersSent) {
						res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
						res.end(JSON.stringify({ code: 'errors', message: 'Internal Server Error' }));
					}
				});
			});
			// Idle sockets kept 75 s (nginx's default). With Node's 5 s, a client
			// that reuses an idle socket just as the server closes it meets ECONNRESET on a busy machine.
			server.keepAliveTimeout = 75_000;
			return server;
		};
		const primary = make('primary');
		const port = await listen(primary, options.port ?? 0);
		const servers = [primary];
		let backupUrl = '';
		if (options.backup !== false) {
			const backup = make('backup');
			const port2 = await listen(backup, options.backupPort ?? 0);
			servers.push(backup);
			backupUrl = `http://127.0.0.1:${port2}`;
		}
		return new FakePlatform(core, servers, `http://127.0.0.1:${port}`, backupUrl);
	}

	/** Recorded requests (API, heartbeat, recordings; never /__control). `path` string = substring. */
	requests(filter?: { server?: ServerName; method?: string; path?: string | RegExp }): RecordedRequest[] {
		return this.core.requests(filter);
	}
	clearLog(): void {
		this.core.clearLog();
	}
	inject(fault: Fault): void {
		this.core.inject(fault);
	}
	clearFaults(): void {
		this.core.clearFaults();
	}
	/** The rate limit in force (limits, rate headers), a copy. */
	get rateLimit(): Required<RateLimitOptions> {
		return { ...this.core.limiter.config };
	}
	/** Changes the limits (missing keys keep their value); the windows and streak are kept. */
	setRateLimit(r: FakePlatformOptions['rateLimit']): void {
		this.core.limiter.set(r ?? {});
	}
	/** Clears the windows, the consecutive-429 streak and any lock-out; the limits stay. */
	resetRateLimit(): void {
		this.core.limiter.reset();
	}
	/** Counts `n` requests of other tools in the account's hour (RateLimiter.spend): its quota as they left it. */
	spendQuota(n: number): void {
		this.core.limiter.spend(n, Date.now());
	}
	/**
	 * The origin the calls list writes in recording links instead of the Base URL (`undefined`:
	 * the Base URL again), e.g. `http://169.254.169.254` for a recording on a link-local host.
	 */
	setRecordingBase(base: string | undefined): void {
		this.core.recordingBase = base?.replace(/\/+$/, '');
	}

	/** Switches answer forms (answerForms.ts `formsFrom`); `{ all: false }` restores the documented ones. */
	setAnswerForms(forms: Record<string, unknown>): AnswerForms {
		this.core.answerForms = formsFrom(forms, this.core.answerForms);
		return this.core.answerForms;
	}
	async close(): Promise<void> {
		this.core.shutdown();
		await Promise.all(this.servers.map(closeServer));
	}
}
