/**
 * transport/request/retry.ts: where a request is sent again, and why. The expectations are the promises
 * of docs/api.md and docs/guarantees.md: a read is retried after 1 s, 2 s, 4 s then on the backup; a
 * write (POST, PUT) goes again only when it provably never left; a 429 is resent after the
 * throttle's pause at most 6 times, and not at all while the lock-out guard blocks.
 */
import fc from 'fast-check';

import type { Verdict } from '../../../../nodes/CustomerCare/transport/request/classify';
import { classifyAnswer } from '../../../../nodes/CustomerCare/transport/request/classify';
import { nextStep, probeResultOf, type AttemptState, type ProbeResult } from '../../../../nodes/CustomerCare/transport/request/retry';
import { propertyRuns } from '../../helpers/property';

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

	test('a primary on trial (its backup-first minute ended less than 10 min ago): one attempt, then the backup at once', () => {
		expect(nextStep(failed(false), state({ hostCount: 2, hostOnTrial: true }))).toEqual({ action: 'nextHost' });
		// Without a backup there is nowhere to go: the same host is tried again as before.
		expect(nextStep(failed(false), state({ hostCount: 1, hostOnTrial: true }))).toEqual({ action: 'sameHostAfter', delayMs: 1000 });
		// A write still never goes twice, on trial or not.
		expect(nextStep(failed(false), state({ method: 'POST', hostCount: 2, hostOnTrial: true }))).toEqual({ action: 'unconfirmedWrite' });
		// An answer is an answer.
		expect(nextStep({ kind: 'ok', status: 200, body: {}, host: HOST }, state({ hostCount: 2, hostOnTrial: true }))).toEqual({ action: 'final' });
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

describe('a record read answered 500: not found, or an outage (rule 4)', () => {
	const http500: Verdict = { kind: 'failed', host: HOST, code: 'HTTP_500', message: 'HTTP 500 Internal Server Error from x', status: 500, neverLeft: false, hostUnusable: false };
	const record = (overrides: Partial<AttemptState> = {}) => state({ recordRead: true, hostCount: 2, ...overrides });

	/** The steps a record read takes when every attempt answers 500 and the probe is answered or not. */
	function walk(probeAnswered: boolean | ProbeResult[], recordRead = true): string[] {
		const steps: string[] = [];
		const probes = Array.isArray(probeAnswered) ? probeAnswered : [probeAnswered ? 'answered' : 'failed', probeAnswered ? 'answered' : 'failed'] as ProbeResult[];
		let [retry, hostIndex, probe] = [0, 0, undefined as AttemptState['probe']];
		for (let guard = 0; guard < 20; guard++) {
			let step = nextStep(http500, record({ retry, hostIndex, probe, recordRead }));
			if (step.action === 'probe') {
				steps.push('probe');
				probe = probes[hostIndex];
				step = nextStep(http500, record({ retry, hostIndex, probe, recordRead }));
			}
			steps.push(step.action === 'sameHostAfter' ? `wait ${step.delayMs}` : step.action);
			if (step.action === 'sameHostAfter') retry++;
			// As exchange does: the next host is probed on its own.
			else if (step.action === 'nextHost') [hostIndex, retry, probe] = [hostIndex + 1, 0, undefined];
			else return steps;
		}
		return steps;
	}

	test('the platform answers the probe: not found after one retry and the probe (3 requests, one 1 s wait, no failover)', () => {
		expect(walk(true)).toEqual(['wait 1000', 'probe', 'notFound']);
	});

	test('the probe fails too: the outage path of any read, unchanged (retries, then the backup)', () => {
		const anyRead = walk(false, false);
		expect(anyRead).toEqual(['wait 1000', 'wait 2000', 'wait 4000', 'nextHost', 'wait 1000', 'wait 2000', 'wait 4000', 'unavailable']);
		expect(walk(false).filter((step) => step !== 'probe')).toEqual(anyRead);
		expect(walk(false).filter((step) => step === 'probe')).toHaveLength(2);
	});

	test('a record read on a primary on trial: its first 500 is probed at once; answered, read again after 1 s (a second 500: not found); not answered, the backup at once', () => {
		const onTrial = (probe?: ProbeResult, retry = 0) => nextStep(http500, record({ retry, hostIndex: 0, probe, recordRead: true, hostOnTrial: true }));
		expect(onTrial()).toEqual({ action: 'probe' });
		// "Not found" after one passing 500 would be wrong for a record that exists.
		expect(onTrial('answered')).toEqual({ action: 'sameHostAfter', delayMs: 1000 });
		expect(onTrial('answered', 1)).toEqual({ action: 'notFound' });
		expect(onTrial('failed')).toEqual({ action: 'nextHost' });
		expect(onTrial('lockedOut')).toEqual({ action: 'lockedOut' });
	});

	test('the primary down and the backup up: the backup is probed on its own, and the record is missing there', () => {
		expect(walk(['failed', 'answered'])).toEqual(['wait 1000', 'probe', 'wait 2000', 'wait 4000', 'nextHost', 'wait 1000', 'probe', 'notFound']);
	});

	test('the probe met by the lock-out ends the read with the lock-out, no backup', () => {
		expect(walk(['lockedOut', 'answered'])).toEqual(['wait 1000', 'probe', 'lockedOut']);
	});

	test('any answer to the probe means the platform is up; only a failed verdict is no answer', () => {
		const answers: Verdict[] = [
			{ kind: 'ok', status: 200, body: { code: 'ok' }, host: HOST },
			{ kind: 'rejected', status: 200, body: { code: 'NOK' }, host: HOST },
			...[400, 401, 403, 404, 422].map((status): Verdict => ({ kind: 'rejected', status, body: { message: 'x' }, host: HOST })),
			{ kind: 'rateLimited', host: HOST },
		];
		for (const verdict of answers) expect(probeResultOf(verdict)).toBe('answered');
		expect(probeResultOf({ kind: 'lockedOut', minutes: 15, message: 'Domain incorrect too many times', host: HOST })).toBe('lockedOut');
		for (const verdict of [http500, { ...http500, status: 503, code: 'HTTP_503' }, failed(true), failed(false, true)]) expect(probeResultOf(verdict)).toBe('failed');
		// Through classify: a 403, a NOK in a 200, a 429 and a 404 other than the lock-out all answer.
		for (const [status, body] of [[403, { message: 'Forbidden' }], [200, { code: 'NOK' }], [429, { message: 'Too Many Attempts.' }], [404, { message: 'Not Found' }], [422, {}], [401, {}]] as const) {
			expect(probeResultOf(classifyAnswer(status, body, undefined, HOST))).toBe('answered');
		}
		expect(probeResultOf(classifyAnswer(404, { message: 'Domain incorrect too many times' }, undefined, HOST))).toBe('lockedOut');
		expect(probeResultOf(classifyAnswer(500, {}, undefined, HOST))).toBe('failed');
	});

	test('only a 500 to a record read is probed: other statuses, failures and list reads take the usual path', () => {
		const second = record({ retry: 1 });
		expect(nextStep(http500, second)).toEqual({ action: 'probe' });
		expect(nextStep({ ...http500, status: 502, code: 'HTTP_502' }, second)).toEqual({ action: 'sameHostAfter', delayMs: 2000 });
		expect(nextStep(failed(false), second)).toEqual({ action: 'sameHostAfter', delayMs: 2000 });
		expect(nextStep(http500, { ...second, recordRead: false })).toEqual({ action: 'sameHostAfter', delayMs: 2000 });
		expect(nextStep(http500, { ...second, method: 'PUT' })).toEqual({ action: 'unconfirmedWrite' });
		// The first 500 is retried before any probe: a passing fault of a record that exists.
		expect(nextStep(http500, record())).toEqual({ action: 'sameHostAfter', delayMs: 1000 });
	});

	test('no probe past the time limit', () => {
		expect(nextStep(http500, record({ retry: 1, now: 60_000 }))).toEqual({ action: 'unavailable' });
	});
});
