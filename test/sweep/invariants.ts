/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The promises the sweep checks after every run, as small named predicates. Each returns
 * undefined when the promise held, or the evidence that it did not. The oracle is the
 * fault-free run and the fake platform's store and log, never the node's own modules.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ClientEvent } from './clientLog';
import type { RecordedRequest } from '../../tools/fake-platform';

export interface ErrorSeen {
	message: string;
	description?: string | null;
}

export type Verdict = string | undefined;

/** One poll of a trigger run, with the static data around it. */
export interface PollSeen {
	label: string;
	emitted: string[];
	error?: ErrorSeen;
	stateBefore: string;
	stateAfter: string;
	persistedBefore: string;
	persistedAfter: string;
}

export type Observation =
	| { kind: 'trigger'; expected: string[]; polls: PollSeen[]; recoveredAt?: number }
	| { kind: 'write'; before: number; after: number; newId?: string; output: unknown[]; error?: ErrorSeen; ms: number }
	| { kind: 'read'; output: unknown; error?: ErrorSeen; ms: number }
	| { kind: 'credential'; result: { status: string; message: string }; ms: number };

const short = (value: unknown, length = 160) => {
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return text === undefined ? 'undefined' : text.length > length ? `${text.slice(0, length)}…` : text;
};

const errorText = (error: ErrorSeen) => `${error.message}${error.description ? ` — ${error.description}` : ''}`;

/** JavaScript's own failures leaking out instead of an error that names the problem. */
const INTERNAL = /Cannot read propert|is not a function|is not iterable|undefined is not|Unexpected token|Unexpected end of JSON|\[object Object\]/;

// --- Trigger -------------------------------------------------------------------------------

/** Across the failing poll and the polls after it, every change is emitted exactly once. */
export function everyChangeEmittedExactlyOnce(observed: Extract<Observation, { kind: 'trigger' }>): Verdict {
	const counts = new Map<string, number>();
	for (const id of observed.polls.flatMap((poll) => poll.emitted)) counts.set(id, (counts.get(id) ?? 0) + 1);
	const missing = observed.expected.filter((id) => !counts.has(id));
	const repeated = [...counts].filter(([, n]) => n > 1).map(([id, n]) => `${id}×${n}`);
	const unexpected = [...counts.keys()].filter((id) => !observed.expected.includes(id));
	if (missing.length + repeated.length + unexpected.length === 0) return undefined;
	const perPoll = observed.polls.map((poll) => `${poll.label}: ${poll.error ? `threw "${short(poll.error.message, 90)}"` : `${poll.emitted.length} emitted`}`).join('; ');
	return [
		missing.length ? `lost ${missing.length} of ${observed.expected.length} changes (${missing.join(', ')})` : '',
		repeated.length ? `repeated ${repeated.join(', ')}` : '',
		unexpected.length ? `emitted changes never made (${unexpected.join(', ')})` : '',
	]
		.filter(Boolean)
		.join('; ')
		.concat(` [${perPoll}]`);
}

/** A poll that throws leaves the static data unchanged, in memory and as saved. */
export function throwingPollKeepsState(observed: Extract<Observation, { kind: 'trigger' }>): Verdict {
	for (const poll of observed.polls) {
		if (!poll.error) continue;
		if (poll.stateAfter !== poll.stateBefore)
			return `${poll.label} threw "${short(poll.error.message, 90)}" but moved the state in memory: ${short(poll.stateBefore, 200)} → ${short(poll.stateAfter, 200)}`;
		if (poll.persistedAfter !== poll.persistedBefore)
			return `${poll.label} threw "${short(poll.error.message, 90)}" but changed the saved state: ${short(poll.persistedBefore, 200)} → ${short(poll.persistedAfter, 200)}`;
	}
	return undefined;
}

// --- Write ---------------------------------------------------------------------------------

/** The platform holds at most one record, comment or SMS for one write; exactly one when the node says it succeeded. */
export function writtenAtMostOnce(observed: Extract<Observation, { kind: 'write' }>): Verdict {
	const written = observed.after - observed.before;
	if (written > 1) return `the platform holds ${written} records for one write (doubled)`;
	if (written < 0) return `the platform lost ${-written} records`;
	if (!observed.error && written !== 1) return `the node reported success, the platform holds ${written} records`;
	return undefined;
}

/** The output is the record written, or a clear error saying the write may have happened and how to check. */
export function outputIsTheRecordOrMayHaveError(observed: Extract<Observation, { kind: 'write' }>): Verdict {
	const written = observed.after - observed.before;
	if (!observed.error) {
		const [item] = observed.output as Array<Record<string, unknown>>;
		const id = item ? String(item.ticket_id ?? item.id ?? '') : '';
		if (observed.output.length !== 1 || id !== observed.newId)
			return `output is not the record written (${observed.newId}): ${short(observed.output)}`;
		return undefined;
	}
	const text = errorText(observed.error);
	if (INTERNAL.test(text)) return `an internal error instead of a clear one: "${short(text, 300)}"`;
	if (written === 1 && !(/may have/i.test(text) && /look in the platform|check/i.test(text)))
		return `the write happened but the error does not say it may have, nor how to check: "${short(text, 300)}"`;
	return undefined;
}

// --- Read ----------------------------------------------------------------------------------

/** A call whose file was not kept says so, and why: `recording: {available: false, reason}`. */
const saysFileNotKept = (item: unknown) => {
	const recording = (item as { recording?: { available?: unknown; reason?: unknown } } | null)?.recording;
	return recording?.available === false && typeof recording.reason === 'string' && recording.reason.length > 0 && !INTERNAL.test(recording.reason);
};

/**
 * The correct data (the fault-free run's), or a clear error. `fileNotKept`: a download was
 * faulted; the items may also be the fault-free run's but for calls that say why their file
 * was not kept (and nothing else of them changed).
 */
export function correctDataOrClearError(
	observed: Extract<Observation, { kind: 'read' }>,
	reference: Extract<Observation, { kind: 'read' }>,
	{ fileNotKept = false } = {},
): Verdict {
	if (observed.error) {
		const text = errorText(observed.error);
		if (!observed.error.message || INTERNAL.test(text)) return `an internal error instead of a clear one: "${short(text, 300)}"`;
		return undefined;
	}
	if (isDeepStrictEqual(observed.output, reference.output)) return undefined;
	if (fileNotKept && Array.isArray(observed.output) && Array.isArray(reference.output) && observed.output.length === reference.output.length) {
		const expected = reference.output as unknown[];
		const differing = (observed.output as unknown[]).filter((item, index) => !isDeepStrictEqual(item, expected[index]));
		const onlyTheirFile = (observed.output as unknown[]).every((item, index) => {
			if (isDeepStrictEqual(item, expected[index])) return true;
			const { recording: _seen, ...rest } = item as Record<string, unknown>;
			const { recording: _expected, ...expectedRest } = expected[index] as Record<string, unknown>;
			return saysFileNotKept(item) && isDeepStrictEqual(rest, expectedRest);
		});
		if (onlyTheirFile && differing.length <= 1) return undefined;
	}
	const size = (value: unknown) => (Array.isArray(value) ? value.length : Array.isArray((value as { results?: unknown[] })?.results) ? (value as { results: unknown[] }).results.length : '?');
	return `no error, but the data differs from the fault-free run: ${size(observed.output)} items instead of ${size(reference.output)}; got ${short(observed.output, 120)}`;
}

/**
 * The answer or the error comes within the bound: the fault-free run's waits + the documented 60 s
 * per request. Judged on the waits the policy chose (policyWaits.ts), not the wall clock, which a
 * busy machine stretches; the wall-clock figure is bench/'s.
 */
export function withinTimeBound(waitedMs: number, boundMs: number): Verdict {
	return waitedMs <= boundMs ? undefined : `the policy waited ${waitedMs} ms, more than the bound of ${boundMs} ms`;
}

// --- Credential test -----------------------------------------------------------------------

const isOkCode = (code: unknown) => typeof code === 'string' && code.toLowerCase() === 'ok';

/**
 * "Connection successful" only when the platform's last answer to the test was a 200 ok with
 * its agents (docs/api.md: the credential test reads GET /{domain}/api/v1/agents, root `agents`).
 */
export function credentialOkOnlyOnAGoodAnswer(observed: Extract<Observation, { kind: 'credential' }>, log: RecordedRequest[]): Verdict {
	if (observed.result.status !== 'OK') {
		if (INTERNAL.test(observed.result.message)) return `an internal error instead of a clear one: "${short(observed.result.message, 300)}"`;
		return undefined;
	}
	const last = log[log.length - 1];
	const body = last?.response as { code?: unknown; agents?: unknown } | undefined;
	if (last && last.status === 200 && isOkCode(body?.code) && Array.isArray(body?.agents)) return undefined;
	return `reported "${observed.result.message}" on the answer ${last ? `${last.status} ${short(last.response, 120)}` : '(none)'}`;
}

// --- Rate ----------------------------------------------------------------------------------

const isDomainRequest = (request: RecordedRequest) => !request.path.startsWith('/status/') && !request.path.startsWith('/recordings/');

export const LOCKOUT_AFTER_429S = 20;

/** The server never sees more than 20 consecutive 429s. */
export function atMost20Consecutive429s(log: RecordedRequest[]): Verdict {
	let run = 0;
	let longest = 0;
	for (const request of log.filter(isDomainRequest)) {
		run = request.status === 429 ? run + 1 : 0;
		longest = Math.max(longest, run);
	}
	return longest > LOCKOUT_AFTER_429S ? `the server saw ${longest} consecutive 429s` : undefined;
}

const isLockoutAnswer = (request: RecordedRequest) =>
	request.status === 404 && /too many times/i.test(String((request.response as { message?: unknown } | undefined)?.message ?? ''));

/**
 * Nothing is sent after a lock-out answer, nor during the lock-out: once the node had read the
 * first lock-out answer (the client's side, clientLog.ts), it created no request to the domain
 * until the lock-out ended (`endedAt`, when the sweep ended it to let a trigger recover;
 * otherwise it lasts the whole run). Requests created before that may still arrive later: they
 * were on the wire when the platform locked the domain, and no client can call them back.
 */
export function nothingSentAfterLockout(log: RecordedRequest[], client: ClientEvent[], endedAt = Infinity): Verdict {
	const lockout = log.filter(isDomainRequest).find(isLockoutAnswer);
	if (!lockout) return undefined;
	const pathOf = (event: ClientEvent) => event.path.split('?')[0];
	const read = client.find((event) => event.kind === 'answered' && event.status === 404 && event.method === lockout.method && pathOf(event) === lockout.path);
	if (!read) return undefined;
	const after = client.filter((event) => event.kind === 'sent' && event.seq > read.seq && event.at < endedAt && !pathOf(event).includes('/status/'));
	if (after.length === 0) return undefined;
	return `${after.length} request(s) created after the node read the lock-out answer to ${lockout.method} ${lockout.path}: ${after
		.slice(0, 3)
		.map((event) => `${event.method} ${pathOf(event)} +${event.at - read.at} ms`)
		.join(', ')}`;
}
