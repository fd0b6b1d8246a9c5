/**
 * transport/retry.ts: where a request is sent again, and why. The expectations are the promises
 * of docs/api.md and the README: a read is retried after 1 s, 2 s, 4 s then on the backup; a
 * write (POST, PUT) goes again only when it provably never left; a 429 is resent after the
 * throttle's pause at most 6 times, and not at all while the lock-out guard blocks.
 */
import fc from 'fast-check';

import type { Verdict } from '../../nodes/CustomerCare/transport/classify';
import { nextStep, type AttemptState } from '../../nodes/CustomerCare/transport/retry';
import { propertyRuns } from './property';

const HOST = 'https://api.example.com';
const failed = (neverLeft: boolean, hostUnusable = false): Verdict => ({ kind: 'failed', host: HOST, code: 'X', message: 'x', neverLeft, hostUnusable });
const state = (overrides: Partial<AttemptState> = {}): AttemptState => ({
	method: 'GET',
	retry: 0,
	rateLimited: 0,
	guardBlocks: false,
	hostIndex: 0,
	hostCount: 1,
	now: 0,
	deadline: 60_000,
	...overrides,
});

describe('reads', () => {
	test('a 500 or a dropped connection: 1 s, 2 s, 4 s on the same base URL, then the backup', () => {
		const delays = [0, 1, 2].map((retry) => nextStep(failed(false), state({ retry, hostCount: 2 })));
		expect(delays).toEqual([1000, 2000, 4000].map((delayMs) => ({ action: 'sameHostAfter', delayMs })));
		expect(nextStep(failed(false), state({ retry: 3, hostCount: 2 }))).toEqual({ action: 'nextHost' });
		expect(nextStep(failed(false), state({ retry: 3, hostCount: 2, hostIndex: 1 }))).toEqual({ action: 'unavailable' });
	});

	test('a refused connection or no answer in time: the backup at once', () => {
		expect(nextStep(failed(true), state({ hostCount: 2 }))).toEqual({ action: 'nextHost' });
		expect(nextStep(failed(false, true), state({ hostCount: 2 }))).toEqual({ action: 'nextHost' });
	});

	test('a refused certificate is not tried again', () => {
		expect(nextStep(failed(true, true), state())).toEqual({ action: 'unavailable' });
	});

	test('no retry that would end past the time limit', () => {
		expect(nextStep(failed(false), state({ now: 59_500 }))).toEqual({ action: 'unavailable' });
	});
});

describe('writes are never sent twice', () => {
	test.each(['POST', 'PUT'] as const)('%s: any failure that may have reached the platform ends the request', (method) => {
		fc.assert(
			fc.property(fc.boolean(), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 2 }), (hostUnusable, retry, hostCount) => {
				expect(nextStep(failed(false, hostUnusable), state({ method, retry, hostCount }))).toEqual({ action: 'unconfirmedWrite' });
			}),
			propertyRuns(100),
		);
	});

	test('a write that never left goes to the backup, or again to the only base URL', () => {
		expect(nextStep(failed(true), state({ method: 'POST', hostCount: 2 }))).toEqual({ action: 'nextHost' });
		expect(nextStep(failed(true), state({ method: 'POST' }))).toEqual({ action: 'sameHostAfter', delayMs: 1000 });
	});
});

describe('429', () => {
	const rateLimited: Verdict = { kind: 'rateLimited', host: HOST };

	test('resent after the pause up to 6 times; the 7th 429 is the error', () => {
		for (let count = 1; count <= 6; count++) {
			expect(nextStep(rateLimited, state({ rateLimited: count }))).toEqual({ action: 'resendAfterPause' });
		}
		expect(nextStep(rateLimited, state({ rateLimited: 7 }))).toEqual({ action: 'rateLimitError' });
	});

	test('never resent while the lock-out guard blocks the account', () => {
		expect(nextStep(rateLimited, state({ rateLimited: 1, guardBlocks: true }))).toEqual({ action: 'rateLimitError' });
	});
});

test('answers and the lock-out are final: never sent again', () => {
	const finals: Verdict[] = [
		{ kind: 'ok', status: 200, body: {}, host: HOST },
		{ kind: 'rejected', status: 401, body: {}, host: HOST },
		{ kind: 'rejected', status: 200, body: { code: 'nok' }, host: HOST },
		{ kind: 'lockedOut', minutes: 15, message: 'Domain incorrect too many times', host: HOST },
	];
	for (const verdict of finals) {
		for (const method of ['GET', 'POST', 'PUT'] as const) expect(nextStep(verdict, state({ method, hostCount: 2 }))).toEqual({ action: 'final' });
	}
});
