/**
 * The platform's rate headers, read tolerantly (docs/api.md#limits, docs/rate-budget.md "With
 * the platform's headers"). A production client of the real platform reads `X-RateLimit-Remaining`
 * from every answer, on the scale of the hourly quota (54,000). The 429 message `Too Many
 * Attempts.` is Laravel's throttle, which also sends `X-RateLimit-Limit`, and on a 429
 * `Retry-After` and `X-RateLimit-Reset`: likely, not proven, so each is read only when present.
 * An absent or malformed header is no reading: the throttle then works as without headers.
 */

/** What one answer's headers say about the account's budget. */
export interface RateReading {
	/** Requests left in the platform's window. */
	remaining?: number;
	/** The window's size, when the platform said it. */
	limit?: number;
	/**
	 * Which window the figures count: the hour when the limit is 1,000 or more, or (no limit sent)
	 * when more than 100 remain, which no per-second window holds; the second when the limit is 100
	 * or less. Unknown otherwise.
	 */
	scope?: 'hour' | 'second';
	/** How long the platform asked us to wait (Retry-After, else X-RateLimit-Reset), ms from now. */
	retryAfterMs?: number;
}

/** A per-second limit never reaches this; an hourly one never falls to it while it has room. */
const SECOND_SCALE_MAX = 100;
const HOUR_SCALE_MIN = 1000;
/** Epoch seconds are this large; a smaller X-RateLimit-Reset counts seconds from now. */
const EPOCH_SECONDS_MIN = 1_000_000_000;
/** RFC 9110's IMF-fixdate, e.g. `Fri, 27 Nov 2026 07:00:30 GMT`. */
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
/**
 * A wait longer than a day is not a rate limit's: a header naming one is read as malformed, and
 * a lock-out answer naming one blocks a day at most (lockout.ts lockoutWaitMs).
 */
export const LONGEST_WAIT_MS = 86_400_000;

function header(headers: Record<string, unknown>, name: string): string | undefined {
	const value = headers[name] ?? headers[Object.keys(headers).find((key) => key.toLowerCase() === name) ?? ''];
	const first = Array.isArray(value) ? value[0] : value;
	if (typeof first === 'number') return String(first);
	return typeof first === 'string' ? first.trim() : undefined;
}

/** A whole number of at most `digits` digits (epoch seconds have 10). */
function count(text: string | undefined, digits = 9): number | undefined {
	return text !== undefined && new RegExp(`^\\d{1,${digits}}$`).test(text) ? Number(text) : undefined;
}

function waitMs(retryAfter: string | undefined, reset: string | undefined, now: number): number | undefined {
	let ms: number | undefined;
	if (retryAfter !== undefined) {
		if (/^\d{1,9}$/.test(retryAfter)) ms = Number(retryAfter) * 1000;
		// The other form RFC 9110 allows: an HTTP date (IMF-fixdate; Date.parse alone takes junk).
		else if (HTTP_DATE.test(retryAfter)) ms = Date.parse(retryAfter) - now;
	}
	const resetAt = count(reset, 12);
	if (ms === undefined && resetAt !== undefined) ms = resetAt >= EPOCH_SECONDS_MIN ? resetAt * 1000 - now : resetAt * 1000;
	if (ms === undefined || ms > LONGEST_WAIT_MS) return undefined;
	return Math.max(0, ms);
}

/** The rate headers of an answer; undefined when it carries none that can be read. */
export function readRateHeaders(headers: Record<string, unknown> | undefined, now: number): RateReading | undefined {
	if (!headers) return undefined;
	let remaining = count(header(headers, 'x-ratelimit-remaining'));
	const limit = count(header(headers, 'x-ratelimit-limit'));
	// More left than the window holds: the two do not belong together.
	if (remaining !== undefined && limit !== undefined && remaining > limit) remaining = undefined;
	const retryAfterMs = waitMs(header(headers, 'retry-after'), header(headers, 'x-ratelimit-reset'), now);
	if (remaining === undefined && retryAfterMs === undefined) return undefined;
	let scope: RateReading['scope'];
	if (limit !== undefined) scope = limit >= HOUR_SCALE_MIN ? 'hour' : limit <= SECOND_SCALE_MAX ? 'second' : undefined;
	else if (remaining !== undefined && remaining > SECOND_SCALE_MAX) scope = 'hour';
	const reading: RateReading = {};
	if (remaining !== undefined) reading.remaining = remaining;
	if (limit !== undefined) reading.limit = limit;
	if (scope) reading.scope = scope;
	if (retryAfterMs !== undefined) reading.retryAfterMs = retryAfterMs;
	return reading;
}
