/**
 * transport/request/classify.ts: what one attempt means. Above all, "the request provably never left":
 * only then may a write be sent again. Errors are shaped the way Node and axios make them (code,
 * syscall, errno, the socket error nested as `cause`). The expectations come from how TCP and TLS
 * work, not from the module's tables:
 * - the connection was never established: refused, DNS (getaddrinfo), or any failure whose
 *   syscall is `connect`;
 * - a refused certificate: the client checks it in the TLS handshake, before any request byte;
 * - everything else (host/network unreachable, EPROTO, other TLS errors, resets, timeouts) can come
 *   after the request was written.
 */
import fc from 'fast-check';

import { classify, classifyAnswer, classifyError, failureOf, originOf, recordMissing } from '../../../../nodes/CustomerCare/transport/request/classify';
import { nextStep } from '../../../../nodes/CustomerCare/transport/request/retry';
import { propertyRuns } from '../../helpers/property';

const HOST = 'https://api.example.com';
const context = { host: HOST, token: 'secret-token-1', timeoutMs: 30_000, timeoutFromOption: false };

/** Node's socket error, as net/dns raise it. */
function socketError(code: string, syscall?: string, message = `${syscall ?? 'socket'} ${code} 10.0.0.7:443`) {
	return Object.assign(new Error(message), { code, errno: -1, ...(syscall ? { syscall } : {}) });
}

/** axios's wrapper: its own code (often the same), the socket error as `cause`. */
function axiosError(cause: Error & { code?: string }, code = cause.code) {
	return Object.assign(new Error(cause.message), { isAxiosError: true, code, cause });
}

const neverLeft = (error: unknown) => {
	const verdict = classifyError(error, context);
	if (verdict.kind !== 'failed') throw new Error(`not a failure: ${verdict.kind}`);
	return verdict.neverLeft;
};

describe('a failure of the HTTP client: did the request leave?', () => {
	test.each([
		['ECONNREFUSED', 'connect'],
		['ENOTFOUND', 'getaddrinfo'],
		['EAI_AGAIN', 'getaddrinfo'],
		['EHOSTUNREACH', 'connect'],
		['ENETUNREACH', 'connect'],
		['ENETDOWN', 'connect'],
		['EPROTO', 'connect'],
		['ETIMEDOUT', 'connect'],
	])('%s during %s: the connection never existed, never left', (code, syscall) => {
		expect(neverLeft(axiosError(socketError(code, syscall)))).toBe(true);
		expect(neverLeft(socketError(code, syscall))).toBe(true);
	});

	test.each([
		['EHOSTUNREACH', 'write'],
		['EHOSTUNREACH', 'read'],
		['EHOSTUNREACH', undefined],
		['ENETUNREACH', 'write'],
		['ENETDOWN', 'read'],
		['EPROTO', 'write'],
		['EPROTO', undefined],
		['ECONNRESET', 'read'],
		['EPIPE', 'write'],
		['ETIMEDOUT', 'read'],
		['ERR_SSL_DECRYPTION_FAILED_OR_BAD_RECORD_MAC', undefined],
		['ERR_SSL_SSLV3_ALERT_BAD_RECORD_MAC', undefined],
		['ERR_SSL_WRONG_VERSION_NUMBER', undefined],
	])('%s during %s: may have been written, not provably never left', (code, syscall) => {
		expect(neverLeft(axiosError(socketError(code, syscall)))).toBe(false);
	});

	test('an answer timeout of axios (ECONNABORTED, no syscall) may have been applied', () => {
		expect(neverLeft(axiosError(new Error('timeout of 30000ms exceeded'), 'ECONNABORTED'))).toBe(false);
	});

	test.each(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'CERT_HAS_EXPIRED', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID'])(
		'a refused certificate (%s) stops the handshake before any request byte: never left, and the host is not tried again',
		(code) => {
			const verdict = classifyError(axiosError(socketError(code)), context);
			expect(verdict).toMatchObject({ kind: 'failed', neverLeft: true, hostUnusable: true });
			expect((verdict as { message: string }).message).toContain('turn on Ignore SSL Issues');
		},
	);

	test('the innermost code and syscall count, however deep the cause', () => {
		const nested = Object.assign(new Error('request failed'), {
			code: 'ERR_REQUEST',
			cause: Object.assign(new Error('wrapped'), { cause: socketError('EHOSTUNREACH', 'connect') }),
		});
		expect(failureOf(nested)).toMatchObject({ code: 'EHOSTUNREACH', syscall: 'connect' });
		expect(neverLeft(nested)).toBe(true);
	});

	test('for any code, a failure with syscall connect never left; any other syscall only for refused, DNS or certificate', () => {
		const provenCodes = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED'];
		fc.assert(
			fc.property(
				fc.oneof(fc.constantFrom('EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EPROTO', 'ECONNRESET', 'ETIMEDOUT', 'ERR_SSL_X', ...provenCodes), fc.stringMatching(/^E[A-Z_]{2,12}$/)),
				fc.constantFrom('connect', 'write', 'read', 'writev', undefined),
				fc.boolean(),
				(code, syscall, wrapped) => {
					const error = wrapped ? axiosError(socketError(code, syscall)) : socketError(code, syscall);
					const expected = syscall === 'connect' || provenCodes.includes(code);
					expect(neverLeft(error)).toBe(expected);
				},
			),
			propertyRuns(500),
		);
	});

	test('a timeout names the wait, and the token never shows in a message', () => {
		const timedOut = classifyError(axiosError(new Error('timeout'), 'ECONNABORTED'), { ...context, timeoutMs: 1000, timeoutFromOption: true });
		expect(timedOut).toMatchObject({ message: "no answer within 1000 ms (the node's Request Options → Timeout)", hostUnusable: true });
		const leaky = classifyError(socketError('ECONNRESET', 'read', 'reset while sending Bearer secret-token-1'), context);
		expect((leaky as { message: string }).message).toBe('reset while sending Bearer ***');
	});

	test('a refusal that echoes the token, as sent, URL-encoded or base64 (also inside JSON text): none of them shows', () => {
		const token = 'tok+en/with="chars\\';
		const forms = [token, encodeURIComponent(token), Buffer.from(token).toString('base64')];
		const verdict = classify(
			{ kind: 'answer', status: 400, body: JSON.stringify({ code: 'errors', message: `echo ${forms.join(' | ')}` }) },
			{ ...context, token },
		);
		const text = JSON.stringify(verdict);
		expect(verdict).toMatchObject({ kind: 'rejected', body: { message: 'echo *** | *** | ***' } });
		for (const form of forms) expect(text).not.toContain(JSON.stringify(form).slice(1, -1));
	});
});

describe('a write after such a failure (classify, then retry.ts)', () => {
	const stepAfter = (error: unknown) =>
		nextStep(classifyError(error, context), { method: 'POST', retry: 0, rateLimited: 0, guardBlocks: false, hostIndex: 0, hostCount: 2, now: 0, deadline: 60_000 });

	test.each([
		['EHOSTUNREACH', 'write'],
		['ENETUNREACH', 'read'],
		['EPROTO', 'write'],
		['ERR_SSL_DECRYPTION_FAILED_OR_BAD_RECORD_MAC', undefined],
	])('a POST that failed with %s during %s is not sent again, to the backup or anywhere', (code, syscall) => {
		expect(stepAfter(axiosError(socketError(code, syscall)))).toEqual({ action: 'unconfirmedWrite' });
	});

	test('a POST whose connection was refused goes to the backup', () => {
		expect(stepAfter(axiosError(socketError('ECONNREFUSED', 'connect')))).toEqual({ action: 'nextHost' });
	});
});

describe('an answer: what its status and body mean (docs/api.md, Errors and Limits)', () => {
	test.each([
		[200, { code: 'ok', agents: [] }, 'ok'],
		[200, { code: 'nok', message: 'failed' }, 'rejected'],
		[200, { code: 'NOK', message: 'failed' }, 'rejected'],
		[200, { code: 'errors', message: 'failed' }, 'rejected'],
		[401, { code: 'errors', message: 'Authorization header is either missing or incorrect' }, 'rejected'],
		[404, { code: 'errors', message: 'Domain not found' }, 'rejected'],
		[422, { code: 'errors', message: 'missing input' }, 'rejected'],
		[429, { code: 'errors', message: 'Too Many Attempts.' }, 'rateLimited'],
		[404, { code: 'errors', message: 'Domain incorrect too many times , retry after 15 minutes' }, 'lockedOut'],
		[500, { code: 'errors', message: 'Server Error' }, 'failed'],
		[502, '<html><head><title>502 Bad Gateway</title></head></html>', 'failed'],
	])('%s %j → %s', (status, body, kind) => {
		expect(classifyAnswer(status, body, undefined, HOST).kind).toBe(kind);
	});

	test('the lock-out carries its own minutes', () => {
		expect(classifyAnswer(404, { message: 'Domain incorrect too many times , retry after 7 minutes' }, undefined, HOST)).toMatchObject({ kind: 'lockedOut', minutes: 7 });
	});

	test('a 200 whose body is not JSON is no data: a failure naming status and host, sent by nobody twice', () => {
		expect(classifyAnswer(200, '{"code":"ok","tick', 'OK', HOST)).toEqual({
			kind: 'failed',
			host: HOST,
			code: 'UNREADABLE',
			message: `HTTP 200 OK from ${HOST} with a body that is not valid JSON`,
			status: 200,
			neverLeft: false,
			hostUnusable: false,
		});
	});

	test('a 5xx answer came from the server: never "never left"', () => {
		fc.assert(
			fc.property(fc.integer({ min: 500, max: 599 }), (status) => {
				expect(classify({ kind: 'answer', status, body: undefined }, context)).toMatchObject({ kind: 'failed', neverLeft: false, status });
			}),
			propertyRuns(100),
		);
	});
});

describe('recordMissing: refusals that say the record read does not exist', () => {
	const rejected = (status: number, message: string) => ({ kind: 'rejected', status, body: { code: 'errors', message }, host: 'h' });
	test.each([
		[400, 'Ticket is not exist', true],
		[400, 'Lead is not exist', true],
		[404, 'Not Found', true],
		[404, 'Domain not found', false],
		[400, 'invalid value: ticket_id', false],
		[422, 'Ticket is not exist', false],
	])('%i %s → %s', (status, message, missing) => {
		expect(recordMissing(rejected(status, message))).toBe(missing);
	});
	test('a 500 is never "missing" by itself (the probe decides, retry.ts)', () => {
		expect(recordMissing({ kind: 'failed', status: 500 })).toBe(false);
	});
});

describe('a redirect: where it pointed, never a bare "Invalid URL"', () => {
	test.each([
		['https://other.example.com:8443/path?token=x', 'https://other.example.com:8443'],
		['/api/v1/tickets/5', 'a relative address'],
		['tickets/5', 'a relative address'],
		['http://exa mple.com/x', 'an unusable address (its Location header is not a valid URL)'],
		['http://[::1', 'an unusable address (its Location header is not a valid URL)'],
		['https://h:99999/', 'an unusable address (its Location header is not a valid URL)'],
		['mailto:ops@example.com', 'an unusable address (its Location header names no host)'],
		['', 'nowhere (no Location)'],
		['   ', 'nowhere (no Location)'],
		[undefined, 'nowhere (no Location)'],
	])('Location %j: %s', (location, named) => {
		expect(originOf(location)).toBe(named);
		const verdict = classifyAnswer(303, '', 'See Other', 'https://api.example.com', location);
		expect(verdict).toMatchObject({ kind: 'failed', code: 'HTTP_303' });
		expect((verdict as { message: string }).message).toContain(`a redirect to ${named}, not followed`);
	});
});

test('any Location (fast-check): a redirect is named without throwing, and never with its path, query or credentials', () => {
	fc.assert(
		fc.property(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string().map((text) => `https://${text}`)), fc.string({ minLength: 6 }).map((text) => `SECRET${text}`), (location, secret) => {
			const withSecret = `${location}${location.includes('?') ? '&' : '?'}q=${encodeURIComponent(secret)}`;
			const named = originOf(withSecret);
			expect(named).not.toContain(secret);
			expect(named).not.toContain(encodeURIComponent(secret));
			expect(named).not.toMatch(/Invalid URL/);
		}),
		propertyRuns(1000),
	);
});
