/**
 * transport/rate/rateHeaders.ts: the platform's rate headers, read only when present and well formed
 * (docs/api.md#limits; docs/rate-budget.md "With the platform's headers"). Expected values are
 * written from those pages: X-RateLimit-Remaining on the hourly scale (54,000), Laravel's
 * X-RateLimit-Limit, Retry-After in seconds or as an HTTP date, X-RateLimit-Reset in epoch seconds.
 */
import fc from 'fast-check';

import { readRateHeaders } from '../../../../nodes/CustomerCare/transport/rate/rateHeaders';
import { propertyRuns } from '../../helpers/property';

const NOW = Date.UTC(2026, 10, 27, 7, 0, 0);

describe('the forms the platform (and Laravel) send', () => {
	test.each([
		['the real platform: Remaining alone, hourly scale', { 'x-ratelimit-remaining': '53210' }, { remaining: 53210, scope: 'hour' }],
		['Laravel: Limit and Remaining', { 'x-ratelimit-limit': '54000', 'x-ratelimit-remaining': '120' }, { remaining: 120, limit: 54000, scope: 'hour' }],
		['a per-second limit', { 'x-ratelimit-limit': '15', 'x-ratelimit-remaining': '3' }, { remaining: 3, limit: 15, scope: 'second' }],
		['Remaining alone, small: scale unknown', { 'x-ratelimit-remaining': '12' }, { remaining: 12 }],
		['a 429: Retry-After in seconds', { 'x-ratelimit-limit': '15', 'x-ratelimit-remaining': '0', 'retry-after': '2' }, { remaining: 0, limit: 15, scope: 'second', retryAfterMs: 2000 }],
		['Retry-After as an HTTP date', { 'retry-after': 'Fri, 27 Nov 2026 07:00:30 GMT' }, { retryAfterMs: 30_000 }],
		['X-RateLimit-Reset in epoch seconds', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 90) }, { remaining: 0, retryAfterMs: 90_000 }],
		['Retry-After wins over Reset', { 'retry-after': '5', 'x-ratelimit-reset': String(NOW / 1000 + 90) }, { retryAfterMs: 5000 }],
		['mixed-case names, an array value', { 'X-RateLimit-Remaining': ['700'] }, { remaining: 700, scope: 'hour' }],
		['a number value', { 'x-ratelimit-remaining': 700 }, { remaining: 700, scope: 'hour' }],
	])('%s', (_name, headers, expected) => {
		expect(readRateHeaders(headers, NOW)).toEqual(expected);
	});
});

describe('absent or malformed: no reading', () => {
	test.each([
		['no headers', undefined],
		['none of them', { 'content-type': 'application/json' }],
		['not a number', { 'x-ratelimit-remaining': 'lots' }],
		['negative', { 'x-ratelimit-remaining': '-3' }],
		['a fraction', { 'x-ratelimit-remaining': '1.5' }],
		['empty', { 'x-ratelimit-remaining': '' }],
		['more left than the limit', { 'x-ratelimit-limit': '15', 'x-ratelimit-remaining': '900' }],
		['a wait of more than a day', { 'retry-after': '200000' }],
		['a date that is not one', { 'retry-after': 'tomorrow-ish' }],
	])('%s', (_name, headers) => {
		expect(readRateHeaders(headers as Record<string, unknown> | undefined, NOW)).toBeUndefined();
	});

	test('a Retry-After already past is no wait', () => {
		expect(readRateHeaders({ 'retry-after': 'Fri, 27 Nov 2026 06:59:00 GMT' }, NOW)).toEqual({ retryAfterMs: 0 });
	});
});

test('any header text: never throws, and what it reads is whole and not negative', () => {
	const value = fc.oneof(fc.string(), fc.integer().map(String), fc.constant(undefined), fc.array(fc.string(), { maxLength: 2 }));
	fc.assert(
		fc.property(value, value, value, value, (remaining, limit, retryAfter, reset) => {
			const reading = readRateHeaders({ 'x-ratelimit-remaining': remaining, 'x-ratelimit-limit': limit, 'retry-after': retryAfter, 'x-ratelimit-reset': reset }, NOW);
			for (const figure of [reading?.remaining, reading?.limit, reading?.retryAfterMs]) {
				if (figure !== undefined) expect(Number.isInteger(figure) && figure >= 0).toBe(true);
			}
			if (reading?.remaining !== undefined && reading.limit !== undefined) expect(reading.remaining).toBeLessThanOrEqual(reading.limit);
		}),
		propertyRuns(500),
	);
});

test('the scale: the hour from a limit of 1,000 up, the second up to 100, else unknown', () => {
	fc.assert(
		fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (limit, left) => {
			const remaining = left % (limit + 1);
			const reading = readRateHeaders({ 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining) }, NOW);
			const expected = limit >= 1000 ? 'hour' : limit <= 100 ? 'second' : undefined;
			expect(reading?.scope).toBe(expected);
		}),
		propertyRuns(500),
	);
});
