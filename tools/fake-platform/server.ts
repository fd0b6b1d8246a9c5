/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The request pipeline shared by the primary and the backup listener:
 *
 *   read body → control API (primary, unlogged) → log → faults → heartbeat / recordings
 *   → domain → lock-out → rate limit → auth → route → JSON body → handler
 *
 * plus the rate limiter, the fault table and the control API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { agentStatesProblem, type AgentStates } from './agentStates';
import { DOCUMENTED_FORMS, formsFrom, withRootForm, type AnswerForms } from './answerForms';
import { ApiError, MESSAGES, mergeCustomValues, refuseStrictly, type HandlerContext } from './handlers';
import { matchRoute } from './routes';
import { summarizeLog } from './figures';
import { recordingAvailable, renderChatMessage, renderMonitor, type FakePlatformKind } from './render';
import { HeartbeatQuery } from './schemas';
import { DuplicatePhoneError, NotFoundError, type ChatMessageDraft, type Store } from './store';
import { HOUR, SECOND, fmtRfc3339 } from './time';

export type ServerName = 'primary' | 'backup';

/**
 * Which window the rate headers of a domain answer report: `X-RateLimit-Limit` and
 * `X-RateLimit-Remaining` of the hourly quota (as the real platform sends them), of the 1 s
 * window, or no rate headers at all.
 */
export type RateHeadersMode = 'hour' | 'second' | 'none';
export const RATE_HEADERS_MODES: readonly RateHeadersMode[] = ['hour', 'second', 'none'];

export interface RateLimitOptions {
	perSecond?: number;
	perHour?: number;
	lockoutAfter?: number;
	lockoutMs?: number;
	/** The window `X-RateLimit-Limit` / `X-RateLimit-Remaining` report ('none': neither); default 'hour'. */
	headers?: RateHeadersMode;
	/** Every 429 also carries `Retry-After` (s) and `X-RateLimit-Reset` (epoch s), whatever `headers` says; default false. */
	retryAfter?: boolean;
}

/** What is wrong with the rate-header options `headers` and `retryAfter` (undefined when nothing is). */
export function rateLimitProblem(options: Record<string, unknown>): string | undefined {
	if (options.headers !== undefined && !RATE_HEADERS_MODES.includes(options.headers as RateHeadersMode)) {
		return `invalid value: headers (${RATE_HEADERS_MODES.join(', ')})`;
	}
	if (options.retryAfter !== undefined && typeof options.retryAfter !== 'boolean') return 'invalid value: retryAfter (true or false)';
	return undefined;
}

export interface RecordedRequest {
	seq: number;
	/** Date.now() ms at arrival. */
	at: number;
	server: ServerName;
	method: string;
	/** Pathname without query. */
	path: string;
	query: Record<string, string>;
	/** Lower-cased names. */
	headers: Record<string, string | undefined>;
	/** Parsed JSON, or the raw string when it is not JSON, or undefined when empty. */
	body: unknown;
	/** What was answered; 0 for a dropped connection. */
	status: number;
	response: unknown;
	/** Date.now() ms when the answer was sent (or the connection dropped); 0 while pending. */
	answeredAt: number;
	/** For a 'lostAnswer' fault: the answer the platform produced (the work was done) and the client never got. */
	lost?: { status: number; body: unknown };
	/** The host the request was sent to (its Host header; a proxy's client names it in the request line too). */
	host?: string;
	/** For 'drip', 'endless' and 'oversize' faults: the body's bytes written before it ended or the client left. */
	sent?: number;
}

export type FaultKind =
	| 'latency'
	| 'status'
	| 'drop'
	| 'nok'
	| 'malformed'
	| 'down'
	| 'lostAnswer'
	| 'missingRoot'
	| 'lockout'
	| 'burst429'
	| 'drip'
	| 'endless'
	| 'oversize'
	| 'wrongType'
	| 'redirect'
	| 'echoToken'
	| 'wrongCount'
	| 'ignorePage'
	| 'ignoreParameter';
export interface Fault {
	kind: FaultKind;
	/** Default 'primary'. */
	target?: ServerName | 'any';
	method?: string;
	/** Matched against the pathname; a string matches as a substring. */
	path?: string | RegExp;
	/** How many matching requests it applies to; default Infinity. */
	times?: number;
	/** Let this many matching requests pass first. */
	skip?: number;
	/** Latency in ms; for 'lockout', how long the domain stays locked. */
	ms?: number;
	/**
	 * For 'lockout': the minutes its answers name ("retry after N minutes"), whatever the lock's
	 * real length (`ms`); default 15, as the platform's.
	 */
	minutes?: number;
	/** For 'status'. */
	status?: number;
	/** For 'status' and 'nok'. */
	message?: string;
	/** For 'nok': the failure code, default 'nok' (groups and calls write theirs 'NOK'). */
	code?: string;
	/** For 'status': answer with a gateway's HTML page (as nginx does) instead of the JSON envelope. */
	html?: boolean;
	/**
	 * For 'lostAnswer': what reaches the client instead of the answer of the request that was
	 * carried out: a dropped connection (default), a gateway's 502 page, or a cut 200.
	 */
	lostAs?: 'drop' | 'gateway' | 'malformed';
	/** For 'oversize': the body's size in bytes (the answer, then spaces), default 2 MiB. */
	bytes?: number;
	/** For 'oversize': send no Content-Length (the client learns the size only by reading). */
	chunked?: boolean;
	/** For 'wrongType' (default `text/html; charset=utf-8`), 'drip', 'endless', 'oversize': the Content-Type sent instead of the route's. */
	contentType?: string;
	/** For 'redirect': the `Location` sent (status `status`, default 302); `{path}` is replaced by the request's path and query. */
	location?: string;
	/**
	 * For 'wrongCount' (and 'ignorePage' when given): what a paged list's `numFound` becomes: left out (default), absurd (1e12),
	 * text that is no number ("1,234"), or one full page (500) whatever the list holds.
	 */
	countAs?: 'missing' | 'absurd' | 'text' | 'onePage';
	/** For 'ignoreParameter': the query parameter answered as if it had not been sent (e.g. `conversation_type`). */
	parameter?: string;
	/** For 'ignoreParameter': a field left out of every record of the answer's lists too (e.g. `conversation_type`: nothing tells the channel). */
	omitField?: string;
}

/** The `numFound` a 'wrongCount' fault writes, by its `countAs` (undefined: left out). */
export const WRONG_COUNTS: Record<'missing' | 'absurd' | 'text' | 'onePage', number | string | undefined> = {
	missing: undefined,
	absurd: 1e12,
	text: '1,234',
	onePage: 500,
};

/** The page nginx answers with when its upstream fails, e.g. 502 Bad Gateway. */
export function gatewayPage(status: number, reason: string): string {
	return `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n`;
}

export const DEFAULT_RATE_LIMIT: Required<RateLimitOptions> = {
	perSecond: 15,
	perHour: 54000,
	lockoutAfter: 20,
	lockoutMs: 15 * 60 * 1000,
	headers: 'hour',
	retryAfter: false,
};

/** The body a 'malformed' fault answers with: JSON cut in the middle. */
export const MALFORMED_BODY = '{"code":"ok","numFound":2600,"tickets":[{"ticket_no":1,"ticket_status":"op';

const DEFAULT_STATUS_MESSAGES: Record<number, string> = {
	400: 'Bad Request',
	403: 'Forbidden',
	404: 'Not Found',
	422: 'Unprocessable Entity',
	429: MESSAGES.tooManyAttempts,
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
};

/**
 * Per-domain sliding windows of 1 s and 1 h over ACCEPTED requests (429 and lock-out answers do
 * not consume budget), a counter of consecutive 429 answers, and the 404 lock-out. Real time
 * (Date.now()), not the data clock.
 */
export class RateLimiter {
	config: Required<RateLimitOptions>;
	private stamps: number[] = [];
	private head = 0;
	consecutive429 = 0;
	lockedUntil = 0;
	/** The minutes the lock-out answers name ("retry after N minutes"); a `lockout` fault may name others. */
	lockoutMinutes = 15;

	constructor(config: RateLimitOptions = {}) {
		this.config = { ...DEFAULT_RATE_LIMIT, ...checked(config) };
	}

	set(config: RateLimitOptions = {}): void {
		this.config = { ...this.config, ...checked(config) };
	}

	/**
	 * Counts `n` requests that others sent the account in the hour, a minute before `now` (outside
	 * the second): the hourly quota as another tool left it.
	 */
	spend(n: number, now: number): void {
		const at = now - 60_000;
		const older = this.stamps.slice(this.head).filter((stamp) => stamp <= at);
		const newer = this.stamps.slice(this.head).filter((stamp) => stamp > at);
		this.stamps = [...older, ...Array<number>(n).fill(at), ...newer];
		this.head = 0;
	}

	/** Clears the windows, the 429 streak and any lock-out (the configuration stays). */
	reset(): void {
		this.stamps = [];
		this.head = 0;
		this.consecutive429 = 0;
		this.lockedUntil = 0;
		this.lockoutMinutes = 15;
	}

	check(now: number): 'ok' | 'limited' | 'locked' {
		if (this.lockedUntil > now) return 'locked';
		if (this.lockedUntil !== 0) {
			this.lockedUntil = 0;
			this.consecutive429 = 0;
		}
		while (this.head < this.stamps.length && this.stamps[this.head] <= now - HOUR) this.head++;
		if (this.head > 4096 && this.head * 2 > this.stamps.length) {
			this.stamps = this.stamps.slice(this.head);
			this.head = 0;
		}
		const inHour = this.stamps.length - this.head;
		let inSecond = 0;
		for (let i = this.stamps.length - 1; i >= this.head && this.stamps[i] > now - SECOND; i--) inSecond++;
		if (inSecond >= this.config.perSecond || inHour >= this.config.perHour) return 'limited';
		this.stamps.push(now);
		return 'ok';
	}

	/** Enters the lock-out now, for `ms` (as after too many consecutive 429s). */
	lockFor(ms: number, now: number, minutes = 15): void {
		this.lockedUntil = now + ms;
		this.consecutive429 = 0;
		this.lockoutMinutes = minutes;
	}

	/** The lock-out answer's message, with the minutes it names. */
	lockoutMessage(): string {
		return MESSAGES.lockout.replace(/\d+ minutes/, `${this.lockoutMinutes} minutes`);
	}

	/** How many accepted requests lie in the window of `ms` before `now` (stamps after now - ms). */
	private inWindow(now: number, ms: number): number {
		return this.stamps.length - this.firstAfter(now - ms);
	}

	/** The index of the first stamp later than `t` (stamps ascend; the pruned head excluded). */
	private firstAfter(t: number): number {
		let lo = this.head;
		let hi = this.stamps.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (this.stamps[mid] <= t) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	/**
	 * The moment (epoch ms) both windows have room again: when the request that fills a full
	 * window leaves it (for a window at its limit, its oldest request). `now` when neither is full.
	 */
	freeAt(now: number): number {
		let at = now;
		const windows: Array<[number, number]> = [
			[this.config.perSecond, SECOND],
			[this.config.perHour, HOUR],
		];
		for (const [limit, ms] of windows) {
			if (this.inWindow(now, ms) < limit) continue;
			// Room again once at most ceil(limit) - 1 stamps remain: when this one leaves.
			const filler = this.stamps.length - Math.ceil(limit);
			at = Math.max(at, limit > 0 && filler >= this.head ? this.stamps[filler] + ms : now + ms);
		}
		return at;
	}

	/**
	 * The rate headers of an answer at `now`, counted after the request (an accepted one is already
	 * in the windows): `X-RateLimit-Limit` and `X-RateLimit-Remaining` of the window chosen by
	 * `headers` (never below 0; none for 'none'); for a 429 with `retryAfter` on, also
	 * `Retry-After` (whole seconds up, at least 1) and `X-RateLimit-Reset` (epoch seconds, up) of
	 * the moment a window has room again: `freeAt` when given (a burst429 fault: now + 1 s), else
	 * the moment the full window frees (now + 1 s when no window is full).
	 */
	headersFor(now: number, answer: { status429?: boolean; freeAt?: number } = {}): Record<string, string> {
		const out: Record<string, string> = {};
		const mode = this.config.headers;
		if (mode === 'hour' || mode === 'second') {
			const limit = mode === 'hour' ? this.config.perHour : this.config.perSecond;
			const used = this.inWindow(now, mode === 'hour' ? HOUR : SECOND);
			out['X-RateLimit-Limit'] = String(limit);
			out['X-RateLimit-Remaining'] = String(Math.max(0, limit - used));
		}
		if (answer.status429 && this.config.retryAfter) {
			let at = answer.freeAt ?? this.freeAt(now);
			if (at <= now) at = now + SECOND;
			out['Retry-After'] = String(Math.max(1, Math.ceil((at - now) / 1000)));
			out['X-RateLimit-Reset'] = String(Math.ceil(at / 1000));
		}
		return out;
	}

	/** Called with every answer of a domain route that passed the lock-out check. */
	answered(status: number, now: number): void {
		if (status !== 429) {
			this.consecutive429 = 0;
			return;
		}
		this.consecutive429++;
		if (this.consecutive429 > this.config.lockoutAfter) {
			this.lockFor(this.config.lockoutMs, now);
		}
	}
}

function stripUndefined<T extends object>(o: T): Partial<T> {
	return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function checked(config: RateLimitOptions): Partial<RateLimitOptions> {
	const problem = rateLimitProblem(config as Record<string, unknown>);
	if (problem) throw new Error(`rate limit: ${problem}`);
	return stripUndefined(config);
}

interface FaultState {
	fault: Fault;
	seen: number;
	applied: number;
}

interface Answer {
	status: number;
	/** JSON value to send (or the raw text when `raw` is set). */
	body: unknown;
	raw?: string | Buffer;
	contentType?: string;
	headers?: Record<string, string>;
	pretty?: boolean;
}

export interface PlatformServerOptions {
	store: Store;
	domain: string;
	token: string;
	offset: number;
	rateLimit?: RateLimitOptions;
	/** The answer forms (answerForms.ts); default: the documented ones. */
	answerForms?: AnswerForms;
	/** Strict mode: refuses what the spec marks required or limited (handlers.ts refuseStrictly). */
	strict?: boolean;
	/** The platform played (RenderContext.platform); default `real`. */
	platform?: FakePlatformKind;
}

export interface PlatformUrls {
	baseUrl: string;
	backupUrl: string;
	statusUrl: string;
}

export class PlatformServer {
	readonly store: Store;
	readonly domain: string;
	readonly token: string;
	readonly offset: number;
	readonly limiter: RateLimiter;
	/** Which of the forms the spec allows the answers take (answerForms.ts). */
	answerForms: AnswerForms;
	readonly strict: boolean;
	readonly platform: FakePlatformKind;
	urls: PlatformUrls = { baseUrl: '', backupUrl: '', statusUrl: '' };
	private log: RecordedRequest[] = [];
	private faults: FaultState[] = [];
	private seq = 0;
	private timers = new Set<NodeJS.Timeout>();
	private closed = false;

	constructor(options: PlatformServerOptions) {
		this.store = options.store;
		this.domain = options.domain;
		this.token = options.token;
		this.offset = options.offset;
		this.limiter = new RateLimiter(options.rateLimit);
		this.answerForms = options.answerForms ?? DOCUMENTED_FORMS;
		this.strict = options.strict ?? false;
		this.platform = options.platform ?? 'real';
	}

	// --- public surface used by FakePlatform -------------------------------------------------

	requests(filter: { server?: ServerName; method?: string; path?: string | RegExp } = {}): RecordedRequest[] {
		return this.log.filter(
			(r) =>
				(filter.server === undefined || r.server === filter.server) &&
				(filter.method === undefined || r.method === filter.method.toUpperCase()) &&
				(filter.path === undefined || matchPath(filter.path, r.path)),
		);
	}
	clearLog(): void {
		this.log = [];
	}
	inject(fault: Fault): void {
		this.faults.push({ fault: { ...fault }, seen: 0, applied: 0 });
	}
	clearFaults(): void {
		this.faults = [];
	}
	shutdown(): void {
		this.closed = true;
		for (const t of this.timers) clearTimeout(t);
		this.timers.clear();
	}

	/**
	 * The origin the calls list writes in recording links (`path`, `path_download`) instead of its
	 * own Base URL: a recording host elsewhere, e.g. on a private address. The fake serves its
	 * recordings whatever host the request names (as a proxy's target, say).
	 */
	recordingBase: string | undefined;

	private context(): HandlerContext {
		return { store: this.store, offset: this.offset, baseUrl: this.recordingBase ?? this.urls.baseUrl, forms: this.answerForms, strict: this.strict, platform: this.platform };
	}

	// --- pipeline ----------------------------------------------------------------------------

	async handle(req: IncomingMessage, res: ServerResponse, server: ServerName): Promise<void> {
		const at = Date.now();
		const method = (req.method ?? 'GET').toUpperCase();
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const path = url.pathname;
		const query: Record<string, string> = {};
		for (const [k, v] of url.searchParams) query[k] = v;
		let raw: string;
		try {
			raw = await readBody(req);
		} catch {
			return;
		}
		if (this.closed) {
			req.socket.destroy();
			return;
		}

		if (server === 'primary' && (path === '/__control' || path.startsWith('/__control/'))) {
			this.sendAnswer(res, this.control(method, path, raw), undefined);
			return;
		}

		const headers: Record<string, string | undefined> = {};
		for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
		const rec: RecordedRequest = {
			seq: ++this.seq,
			at,
			server,
			method,
			path,
			query,
			headers,
			body: parseLoose(raw),
			status: 0,
			response: undefined,
			answeredAt: 0,
			host: /^https?:\/\//i.test(req.url ?? '') ? new URL(req.url ?? '').host : headers.host,
		};
		this.log.push(rec);

		// Faults, before the handler.
		let latency = 0;
		let terminal: Fault | undefined;
		for (const state of this.faults) {
			const f = state.fault;
			const target = f.target ?? 'primary';
			if (target !== 'any' && target !== server) continue;
			if (f.method && f.method.toUpperCase() !== method) continue;
			if (f.path !== undefined && !matchPath(f.path, path)) continue;
			state.seen++;
			if (state.seen <= (f.skip ?? 0)) continue;
			if (state.applied >= (f.times ?? Infinity)) continue;
			state.applied++;
			if (f.kind === 'latency') latency += f.ms ?? 0;
			else terminal ??= f;
		}
		if (latency > 0) {
			await new Promise<void>((resolve) => {
				const t = setTimeout(() => {
					this.timers.delete(t);
					resolve();
				}, latency);
				this.timers.add(t);
			});
			if (this.closed) {
				req.socket.destroy();
				return;
			}
		}
		if (terminal) {
			const dropped = () => {
				rec.status = 0;
				rec.answeredAt = Date.now();
				req.socket.destroy();
			};
			switch (terminal.kind) {
				case 'drop':
				case 'down':
					dropped();
					return;
				case 'lostAnswer': {
					// The platform does the work; its answer never reaches the client.
					const applied = this.answer(method, path, query, raw, req.headers.authorization);
					rec.lost = { status: applied.status, body: applied.body };
					if (terminal.lostAs === 'gateway') {
						const page = gatewayPage(502, 'Bad Gateway');
						this.sendAnswer(res, { status: 502, body: page, raw: page, contentType: 'text/html' }, rec);
						return;
					}
					if (terminal.lostAs === 'malformed') {
						// The platform's headers arrived; its body was cut.
						this.sendAnswer(res, { status: 200, body: MALFORMED_BODY, raw: MALFORMED_BODY, headers: applied.headers }, rec);
						return;
					}
					dropped();
					rec.response = applied.body;
					return;
				}
				case 'missingRoot': {
					// Carried out normally; the answer comes back without its records.
					const applied = this.answer(method, path, query, raw, req.headers.authorization);
					this.sendAnswer(res, applied.status === 200 ? withoutRoot(applied) : applied, rec);
					return;
				}
				case 'echoToken': {
					// Carried out normally; the answer comes back with the request's token echoed in its records.
					const applied = this.answer(method, path, query, raw, req.headers.authorization);
					this.sendAnswer(res, applied.status === 200 ? withTokenEcho(applied, req.headers.authorization) : applied, rec);
					return;
				}
				case 'wrongCount': {
					// Carried out normally; a paged list's count comes back missing, absurd or as text.
					const applied = this.answer(method, path, query, raw, req.headers.authorization);
					this.sendAnswer(res, withCount(applied, terminal.countAs ?? 'missing'), rec);
					return;
				}
				case 'ignorePage': {
					// A server that pages nothing: whatever `page` asks, page 1 comes back.
					const firstPage = 'page' in query ? { ...query, page: '1' } : query;
					const answered = this.answer(method, path, firstPage, raw, req.headers.authorization);
					this.sendAnswer(res, terminal.countAs ? withCount(answered, terminal.countAs) : answered, rec);
					return;
				}
				case 'ignoreParameter': {
					// A server that does not apply one filter: the request is answered without it.
					const rest = { ...query };
					delete rest[terminal.parameter ?? ''];
					const answered = this.answer(method, path, rest, raw, req.headers.authorization);
					this.sendAnswer(res, terminal.omitField ? withoutField(answered, terminal.omitField) : answered, rec);
					return;
				}
				case 'lockout':
					// The domain is locked out from now on, as after too many 429s; the request
					// (and every later one) gets the platform's lock-out answer.
					this.limiter.lockFor(terminal.ms ?? this.limiter.config.lockoutMs, Date.now(), terminal.minutes);
					break;
				case 'burst429':
					// The platform's own 429 (the account's quota spent elsewhere): it counts in the streak.
					// The other tools hold the second: a new one has room 1 s from now.
					this.limiter.answered(429, Date.now());
					this.sendAnswer(
						res,
						{ status: 429, body: { code: 'errors', message: MESSAGES.tooManyAttempts }, headers: this.faultRateHeaders(path, 429, Date.now() + SECOND) },
						rec,
					);
					return;
				case 'status': {
					const status = terminal.status ?? 500;
					if (terminal.html) {
						const page = gatewayPage(status, terminal.message ?? DEFAULT_STATUS_MESSAGES[status] ?? 'Error');
						this.sendAnswer(res, { status, body: page, raw: page, contentType: 'text/html' }, rec);
						return;
					}
					this.sendAnswer(
						res,
						{ status, body: { code: 'errors', message: terminal.message ?? DEFAULT_STATUS_MESSAGES[status] ?? 'Error' }, headers: this.faultRateHeaders(path, status) },
						rec,
					);
					return;
				}
				case 'nok':
					this.sendAnswer(
						res,
						{
							status: 200,
							body: { code: terminal.code ?? 'nok', ...(terminal.message === '' ? {} : { message: terminal.message ?? 'nok' }) },
							headers: this.faultRateHeaders(path, 200),
						},
						rec,
					);
					return;
				case 'malformed':
					this.sendAnswer(res, { status: 200, body: MALFORMED_BODY, raw: MALFORMED_BODY, headers: this.faultRateHeaders(path, 200) }, rec);
					return;
				case 'wrongType': {
					const applied = this.answer(method, path, query, raw, req.headers.authorization);
					this.sendAnswer(res, { ...applied, contentType: terminal.contentType ?? 'text/html; charset=utf-8' }, rec);
					return;
				}
				case 'redirect': {
					const location = (terminal.location ?? '/').split('{path}').join((req.url ?? '/').replace(/^https?:\/\/[^/]+/i, ''));
					this.sendAnswer(res, { status: terminal.status ?? 302, body: `<redirect to ${location}>`, raw: '', headers: { Location: location } }, rec);
					return;
				}
				case 'drip':
				case 'endless':
				case 'oversize':
					this.sendSlowly(res, this.answer(method, path, query, raw, req.headers.authorization), rec, terminal);
					return;
			}
		}

		this.sendAnswer(res, this.answer(method, path, query, raw, req.headers.authorization), rec);
	}

	/** Everything after faults: heartbeat, recordings and the domain API. */
	private answer(method: string, path: string, query: Record<string, string>, raw: string, authorization: string | undefined): Answer {
		if (path === '/status/api/v1/heartbeat' && method === 'GET') return this.heartbeat(query);
		if (path.startsWith('/recordings/') && method === 'GET') return this.recording(path);

		const segments = path.split('/');
		const domain = segments[1] ?? '';
		if (domain === '' || domain === 'status' || domain === 'recordings') return error(404, MESSAGES.notFound);
		if (safeDecode(domain) !== this.domain) return error(404, MESSAGES.domainNotFound);

		const now = Date.now();
		const verdict = this.limiter.check(now);
		const answer =
			verdict === 'locked'
				? error(404, this.limiter.lockoutMessage())
				: verdict === 'limited'
					? error(429, MESSAGES.tooManyAttempts)
					: this.domainApi(method, path, query, raw, authorization, segments);
		if (verdict !== 'locked') this.limiter.answered(answer.status, now);
		return { ...answer, headers: { ...answer.headers, ...this.limiter.headersFor(now, { status429: answer.status === 429 }) } };
	}

	/** A path of this domain's API (`/{domain}/…`), the routes behind the rate limiter. */
	private isDomainPath(path: string): boolean {
		const domain = path.split('/')[1] ?? '';
		return domain !== '' && domain !== 'status' && domain !== 'recordings' && safeDecode(domain) === this.domain;
	}

	/**
	 * The rate headers of a fault's JSON answer on a domain route (none elsewhere): the platform
	 * answered, so they come as with its own answers; the fault's request consumes no budget.
	 */
	private faultRateHeaders(path: string, status: number, freeAt?: number): Record<string, string> | undefined {
		if (!this.isDomainPath(path)) return undefined;
		return this.limiter.headersFor(Date.now(), { status429: status === 429, freeAt });
	}

	private domainApi(
		method: string,
		path: string,
		query: Record<string, string>,
		raw: string,
		authorization: string | undefined,
		segments: string[],
	): Answer {
		let sub = `/${segments.slice(2).join('/')}`;
		if (sub.length > 1 && sub.endsWith('/')) sub = sub.slice(0, -1);
		const match = matchRoute(method, sub);
		if (!this.authorized(authorization)) return error(401, match?.route.authMessage ?? MESSAGES.unauthorized);
		if (!match) return error(404, MESSAGES.notFound);
		let body: unknown;
		if (raw.trim() !== '') {
			try {
				body = JSON.parse(raw);
			} catch {
				return error(400, MESSAGES.invalidFormat);
			}
		}
		const cleanQuery: Record<string, string> = {};
		for (const [k, v] of Object.entries(query)) if (v !== '') cleanQuery[k] = v;
		try {
			const request = { method, path: sub, params: match.params, query: cleanQuery, body, queryNames: Object.keys(query) };
			if (this.strict) refuseStrictly(this.context(), match.route.strict, request);
			const answer = match.route.handler(this.context(), request);
			return { ...answer, body: withRootForm(sub, answer.body, this.answerForms) };
		} catch (e) {
			if (e instanceof ApiError) return error(e.status, e.message, e.extraDataJson, this.platform);
			console.error('[fake-platform] handler failed', e);
			return error(500, MESSAGES.internal);
		}
	}

	private authorized(header: string | undefined): boolean {
		if (!header) return false;
		const m = /^Bearer (.+)$/i.exec(header.trim());
		return !!m && m[1] === this.token;
	}

	private heartbeat(query: Record<string, string>): Answer {
		const q = HeartbeatQuery.safeParse(query);
		const pretty = q.success && (q.data.pretty === '1' || q.data.pretty === 'true');
		const generated = fmtRfc3339(this.store.nowMs(), this.offset);
		const ctx = this.context();
		return {
			status: 200,
			body: {
				generated_at: generated,
				title: 'Customer-Care Platform status',
				monitors: this.store.monitors.map((m) => renderMonitor(ctx, m)),
			},
			headers: { 'X-Cache-Generated': generated },
			pretty,
		};
	}

	/** GET /recordings/<call_id>.mp3: a few fake bytes once the recording exists. */
	private recording(path: string): Answer {
		const m = /^\/recordings\/(.+)\.mp3$/.exec(path);
		const callId = m ? safeDecode(m[1]) : '';
		const call = this.store.calls.find((c) => c.call_id === callId);
		if (!call || !recordingAvailable(this.context(), call)) return error(404, MESSAGES.notFound);
		const bytes = Buffer.from(`ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000fake recording of ${call.call_id}`, 'latin1');
		return { status: 200, body: `<audio/mpeg ${bytes.length} bytes>`, raw: bytes, contentType: 'audio/mpeg' };
	}

	/**
	 * The route's answer, its body as a body-shaping fault sends it: `drip` one byte every `ms`
	 * (default 1000, Content-Length the whole), `endless` the body again and again with no
	 * Content-Length, as fast as the client reads, until it leaves; `oversize` the body then
	 * spaces up to `bytes` (valid JSON still). Written as the client reads (backpressure), so
	 * `rec.sent` is what the client took in, give or take the socket's buffers.
	 */
	private sendSlowly(res: ServerResponse, answer: Answer, rec: RecordedRequest, fault: Fault): void {
		const body = Buffer.from(answer.raw ?? JSON.stringify(answer.body));
		const total = fault.kind === 'oversize' ? Math.max(fault.bytes ?? 2 * 1024 * 1024, body.length) : fault.kind === 'endless' ? Infinity : body.length;
		rec.status = answer.status;
		rec.response = `<${fault.kind}: ${fault.kind === 'endless' ? 'no end' : `${total} bytes`}>`;
		rec.sent = 0;
		const lengthKnown = fault.kind === 'drip' || (fault.kind === 'oversize' && !fault.chunked);
		res.writeHead(answer.status, {
			'Content-Type': fault.contentType ?? answer.contentType ?? 'application/json; charset=utf-8',
			...(lengthKnown ? { 'Content-Length': String(total) } : {}),
			...answer.headers,
		});
		const done = () => {
			if (!rec.answeredAt) rec.answeredAt = Date.now();
		};
		res.on('close', done);
		const filler = Buffer.alloc(64 * 1024, ' ');
		/** The bytes from offset `at` on, at most `size` of them. */
		const partAt = (at: number, size: number): Buffer => {
			if (fault.kind === 'endless') {
				const from = at % body.length;
				return body.subarray(from, Math.min(body.length, from + size));
			}
			if (at < body.length) return body.subarray(at, Math.min(body.length, at + size));
			return filler.subarray(0, Math.min(filler.length, size, total - at));
		};
		if (fault.kind === 'drip') {
			const next = () => {
				if (this.closed || res.destroyed || rec.sent! >= total) {
					if (!res.destroyed) res.end();
					return done();
				}
				res.write(partAt(rec.sent!, 1));
				rec.sent!++;
				const t = setTimeout(() => {
					this.timers.delete(t);
					next();
				}, fault.ms ?? 1000);
				this.timers.add(t);
			};
			next();
			return;
		}
		const pump = () => {
			while (!this.closed && !res.destroyed && rec.sent! < total) {
				const part = partAt(rec.sent!, 64 * 1024);
				rec.sent! += part.length;
				if (!res.write(part)) return void res.once('drain', pump);
			}
			if (!res.destroyed) res.end();
			done();
		};
		pump();
	}

	private sendAnswer(res: ServerResponse, answer: Answer, rec: RecordedRequest | undefined): void {
		const text = answer.raw ?? (answer.pretty ? JSON.stringify(answer.body, null, 2) : JSON.stringify(answer.body));
		if (rec) {
			rec.status = answer.status;
			rec.response = answer.body;
			rec.answeredAt = Date.now();
		}
		if (res.destroyed || res.writableEnded) return;
		res.writeHead(answer.status, {
			'Content-Type': answer.contentType ?? 'application/json; charset=utf-8',
			'Content-Length': Buffer.byteLength(text),
			...answer.headers,
		});
		res.end(text);
	}

	// --- control API -------------------------------------------------------------------------

	private control(method: string, path: string, raw: string): Answer {
		let body: Record<string, unknown> = {};
		if (raw.trim() !== '') {
			try {
				const parsed = JSON.parse(raw);
				body = parsed && typeof parsed === 'object' ? parsed : {};
			} catch {
				return error(400, MESSAGES.invalidFormat);
			}
		}
		const route = `${method} ${path.replace(/\/+$/, '')}`;
		const at = controlAt(body.at);
		delete body.at;
		const okBody = (extra: Record<string, unknown> = {}): Answer => ({ status: 200, body: { code: 'ok', ...extra } });
		const idOf = (re: RegExp) => Number(re.exec(route)?.[1]);
		try {
			if (route === 'GET /__control/info') {
				return okBody({ ...this.urls, domain: this.domain, token: this.token, now: this.store.now().toISOString(), offset: this.offset, strict: this.strict, platform: this.platform });
			}
			if (route === 'GET /__control/log') return okBody({ requests: this.log });
			if (route === 'DELETE /__control/log') return (this.clearLog(), okBody());
			if (route === 'POST /__control/figures') {
				const prefix = typeof body.pathPrefix === 'string' ? body.pathPrefix : '';
				return okBody({ figures: summarizeLog(this.log.filter((request) => request.path.startsWith(prefix))) });
			}
			if (route === 'POST /__control/faults') {
				const fault = { ...body } as unknown as Fault & { pathRegex?: string };
				if (typeof fault.kind !== 'string') return error(400, 'invalid value: kind');
				if (typeof fault.pathRegex === 'string') fault.path = new RegExp(fault.pathRegex);
				delete fault.pathRegex;
				if (fault.times === null) fault.times = undefined;
				this.inject(fault);
				return okBody();
			}
			if (route === 'DELETE /__control/faults') return (this.clearFaults(), okBody());
			if (route === 'POST /__control/recordings') {
				if (body.base !== null && body.base !== undefined && typeof body.base !== 'string') return error(400, 'invalid value: base');
				this.recordingBase = typeof body.base === 'string' ? body.base.replace(/\/+$/, '') : undefined;
				return okBody({ base: this.recordingBase ?? null });
			}
			if (route === 'POST /__control/rate-limit') {
				const problem = rateLimitProblem(body);
				if (problem) return error(400, problem);
				if (body.reset === true) this.limiter.reset();
				delete body.reset;
				this.limiter.set(body as RateLimitOptions);
				return okBody({ rateLimit: this.limiter.config });
			}
			if (route === 'DELETE /__control/rate-limit') return (this.limiter.reset(), okBody());
			if (route === 'POST /__control/spend-quota') {
				const n = Number(body.n);
				if (!Number.isInteger(n) || n < 0) return error(400, 'invalid value: n');
				this.limiter.spend(n, Date.now());
				return okBody();
			}
			if (route === 'POST /__control/answer-forms') {
				try {
					this.answerForms = formsFrom(body, this.answerForms);
				} catch (e) {
					return error(400, (e as Error).message);
				}
				return okBody({ answerForms: this.answerForms });
			}
			if (route === 'POST /__control/tickets') return okBody({ ticket: this.store.createTicket(body, at) });
			if (/^PATCH \/__control\/tickets\/\d+$/.test(route)) return okBody({ ticket: this.store.updateTicket(idOf(/(\d+)$/), body, at) });
			if (route === 'POST /__control/touch-tickets') return okBody({ ids: this.store.touchTickets(Number(body.n ?? 1), at) });
			if (route === 'POST /__control/leads') return okBody({ lead: this.store.createLead(body, at) });
			if (/^PATCH \/__control\/leads\/\d+$/.test(route)) return okBody({ lead: this.store.updateLead(idOf(/(\d+)$/), body, at) });
			if (route === 'POST /__control/deals') return okBody({ deal: this.store.createDeal(body, at) });
			if (/^PATCH \/__control\/deals\/\d+$/.test(route)) return okBody({ deal: this.store.updateDeal(idOf(/(\d+)$/), body, at) });
			if (route === 'POST /__control/calls') return okBody({ call: this.store.createCall(body, at) });
			// Contacts change through the store as the API's create and update do (contacts.ts).
			if (route === 'POST /__control/contacts') return okBody({ contact: this.store.createContact(body, at) });
			if (/^PATCH \/__control\/contacts\/\d+$/.test(route)) {
				return okBody({ contact: this.store.updateContact(idOf(/(\d+)$/), body, mergeCustomValues, at) });
			}
			if (/^POST \/__control\/agents\/\d+$/.test(route)) {
				const problem = agentStatesProblem(body);
				if (problem) return error(400, problem);
				return okBody({ agent: this.store.setAgentStates(idOf(/(\d+)$/), body as AgentStates) });
			}
			if (route === 'POST /__control/chats/messages') {
				const problem = chatDraftProblem(body);
				if (problem) return error(400, problem);
				const { message, conversation } = this.store.addChatMessage(body as unknown as ChatMessageDraft, at);
				// As the list answers it: what a test compares with the node's output.
				return okBody({ message: renderChatMessage(this.context(), message, conversation) });
			}
			if (/^POST \/__control\/monitors\/\d+$/.test(route)) {
				const status = body.status;
				if (status !== 0 && status !== 1) return error(400, 'invalid value: status');
				return okBody({ monitor: this.store.setMonitorStatus(idOf(/(\d+)$/), status) });
			}
		} catch (e) {
			if (e instanceof NotFoundError) return error(404, e.message);
			if (e instanceof DuplicatePhoneError) return error(409, e.message, { duplicate_id: e.duplicateId });
			return error(500, String(e instanceof Error ? e.message : e));
		}
		return error(404, MESSAGES.notFound);
	}
}

/**
 * The error envelope. Its details go under `extraDataJson` (the spec) or, as the real platform
 * sends them, `extra_data` (docs/api.md#answers-and-errors: `POST /contacts` duplicate).
 */
function error(status: number, message: string, extra?: Record<string, unknown>, platform: FakePlatformKind = 'spec'): Answer {
	if (!extra) return { status, body: { code: 'errors', message } };
	return { status, body: { code: 'errors', message, [platform === 'real' ? 'extra_data' : 'extraDataJson']: extra } };
}

/**
 * A 200 answer without its records: every array or object at the top of the body is removed
 * (`tickets`, `agents`, `custom_fields`, `ticket`, `monitors` ...); scalars such as `code` and
 * `numFound` stay.
 */
function withoutRoot(answer: Answer): Answer {
	const body = answer.body;
	if (!body || typeof body !== 'object' || Array.isArray(body)) return answer;
	const kept = Object.fromEntries(Object.entries(body).filter(([, value]) => value === null || typeof value !== 'object'));
	return { ...answer, body: kept, raw: undefined };
}

/**
 * The token of an `Authorization: Bearer <token>` header in every form a server, a gateway or a
 * debug dump could write it back: as sent, URL-encoded, base64 of the token, of the header value
 * and of a dump of the request's headers.
 */
export function tokenEchoOf(authorization: string | undefined): string {
	const header = authorization ?? '';
	const token = header.replace(/^Bearer /, '');
	const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
	return [
		`Invalid token ${token}`,
		`token=${encodeURIComponent(token)}`,
		`basic ${base64(token)}`,
		`header ${base64(header)}`,
		`dump ${base64(JSON.stringify({ authorization: header, accept: 'application/json' }))}`,
	].join('; ');
}

/**
 * A 200 JSON answer with the token echoed (tokenEchoOf) under `echo`: on the root, on every
 * object at the root (`ticket`) and on every object of a list at the root (`tickets`).
 */
function withTokenEcho(answer: Answer, authorization: string | undefined): Answer {
	const body = answer.body;
	if (!body || typeof body !== 'object' || Array.isArray(body)) return answer;
	const echo = tokenEchoOf(authorization);
	const echoed = (value: unknown): unknown =>
		value && typeof value === 'object' && !Array.isArray(value) ? { ...value, echo } : value;
	const root = Object.fromEntries(
		Object.entries(body).map(([key, value]) => [key, Array.isArray(value) ? value.map(echoed) : echoed(value)]),
	);
	return { ...answer, body: { ...root, echo }, raw: undefined };
}

/** An answer whose lists' records lack `field`; any other answer as it was. */
function withoutField(answer: Answer, field: string): Answer {
	const body = answer.body;
	if (!body || typeof body !== 'object' || Array.isArray(body)) return answer;
	const without = (value: unknown) => {
		if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
		const { [field]: _left, ...rest } = value as Record<string, unknown>;
		return rest;
	};
	const root = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, Array.isArray(value) ? value.map(without) : value]));
	return { ...answer, body: root, raw: undefined };
}

/** A paged list's answer with its `numFound` rewritten as `countAs` says; any other answer as it was. */
function withCount(answer: Answer, countAs: NonNullable<Fault['countAs']>): Answer {
	const body = answer.body;
	if (answer.status !== 200 || !body || typeof body !== 'object' || Array.isArray(body) || !('numFound' in body)) return answer;
	const rewritten: Record<string, unknown> = { ...body };
	const count = WRONG_COUNTS[countAs];
	if (count === undefined) delete rewritten.numFound;
	else rewritten.numFound = count;
	return { ...answer, body: rewritten, raw: undefined };
}

function matchPath(pattern: string | RegExp, path: string): boolean {
	if (typeof pattern === 'string') return path.includes(pattern);
	pattern.lastIndex = 0;
	return pattern.test(path);
}

function safeDecode(s: string): string {
	try {
		return decodeURIComponent(s);
	} catch {
		return s;
	}
}

function parseLoose(raw: string): unknown {
	if (raw === '') return undefined;
	try {
		return JSON.parse(raw);
	} catch {
		return raw;
	}
}

/** What is wrong with a `POST /__control/chats/messages` body, if anything. */
function chatDraftProblem(body: Record<string, unknown>): string | undefined {
	const optionalId = (v: unknown) => v === undefined || (Number.isSafeInteger(v) && (v as number) > 0);
	if (typeof body.content !== 'string' || body.content === '') return 'invalid value: content';
	if (body.from !== 'customer' && body.from !== 'agent') return 'invalid value: from';
	if (body.conversation_type !== undefined && ![0, 1, 3].includes(body.conversation_type as number)) return 'invalid value: conversation_type';
	for (const key of ['conversation_id', 'requester_id', 'agent_user_id']) if (!optionalId(body[key])) return `invalid value: ${key}`;
	return undefined;
}

/** `at` of a control body: ISO string or epoch ms. */
function controlAt(v: unknown): Date | undefined {
	if (typeof v === 'number') return new Date(v);
	if (typeof v === 'string' && v !== '') {
		const d = new Date(v);
		if (!Number.isNaN(d.getTime())) return d;
	}
	return undefined;
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		let text = '';
		req.setEncoding('utf8');
		req.on('data', (c: string) => (text += c));
		req.on('end', () => resolve(text));
		req.on('error', reject);
	});
}
