/**
 * The fault sweep: each path once fault-free (its requests recorded), then once for every
 * request position k and every fault, the fault injected at request k, and the invariants
 * checked after each run. Every case has a fake platform of its own (its own port, so its own
 * account throttle in the node), so cases run concurrently: most of their time is retry pauses.
 */
import { FakePlatform, mulberry32, type Fault, type RecordedRequest } from '../../tools/fake-platform';
import { clientEventsOf, clientSeq, type ClientEvent } from './clientLog';
import { DEFAULT_ATTEMPT_TIMEOUT_MS, FAULTS, isDownload, TIMEOUT_MS, type SweepFault } from './faults';
import {
	atMost20Consecutive429s,
	correctDataOrClearError,
	credentialOkOnlyOnAGoodAnswer,
	everyChangeEmittedExactlyOnce,
	nothingSentAfterLockout,
	outputIsTheRecordOrMayHaveError,
	throwingPollKeepsState,
	withinTimeBound,
	writtenAtMostOnce,
	type Observation,
	type Verdict,
} from './invariants';
import { DATA_NOW, PATHS, SIZE, type SweepPath } from './paths';
import { recordPolicyWaits, withWaits } from './policyWaits';

/** One request's time limit, retries and hangs included (docs/guarantees.md#what-the-node-does-for-you, "Reads are retried"). */
export const REQUEST_LIMIT_MS = 60_000;

interface CaseResult {
	observation: Observation;
	log: RecordedRequest[];
	/** Requests made by the part under test (a trigger's recovery polls excluded). */
	positions: number;
	/** The node's side of the wire (clientLog.ts). */
	client: ClientEvent[];
	/** What the node's policy chose to wait (policyWaits.ts), a hang's Timeout included. */
	waitedMs: number;
}

let cases = 0;
let tokens = 0;

async function runCase(path: SweepPath, faults: Fault[], hang?: { k: number; timeoutMs: number }): Promise<CaseResult> {
	// A token of its own: the node's throttle and lock-out guard are per account (domain and token),
	// and the cases running together are different accounts.
	const token = `sweep-token-${++tokens}`;
	const platform = await FakePlatform.start({ now: path.clock === 'fixed' ? () => new Date(DATA_NOW) : undefined, size: SIZE, token });
	let positions: number | undefined;
	const from = clientSeq();
	try {
		const { value: observation, waitedMs } = await withWaits(() => path.run({
			platform,
			workflowId: `sweep-${++cases}`,
			arm: () => {
				platform.clearLog();
				for (const fault of faults) platform.inject(fault);
			},
			disarm: () => {
				positions = platform.requests().length;
				platform.clearFaults();
				const endedLockout = platform.requests().some((request) => request.status === 404 && /too many times/i.test(JSON.stringify(request.response)));
				if (endedLockout) platform.resetRateLimit();
				return { endedLockout };
			},
		}));
		const log = platform.requests();
		// A request that hangs is waited for until the Timeout: the setting's wait, not the policy's sleep.
		const hungMs = hang && (positions ?? log.length) > hang.k ? hang.timeoutMs : 0;
		return { observation, log, positions: positions ?? log.length, client: clientEventsOf(platform.baseUrl, from), waitedMs: waitedMs + hungMs };
	} finally {
		await platform.close();
	}
}

/** The invariants of a run, by name. `fileFault`: the fault hit a download (its call may say why it has no file). */
function check(result: CaseResult, reference: CaseResult, fileFault = false): Array<[string, Verdict]> {
	const observed = result.observation;
	const verdicts: Array<[string, Verdict]> = [];
	const recoveredAt = observed.kind === 'trigger' ? observed.recoveredAt : undefined;
	verdicts.push(['rate: at most 20 consecutive 429s', atMost20Consecutive429s(result.log)]);
	verdicts.push(['rate: nothing sent after a lock-out answer', nothingSentAfterLockout(result.log, result.client, recoveredAt)]);
	if (observed.kind === 'trigger') {
		verdicts.push(['trigger: every change emitted exactly once', everyChangeEmittedExactlyOnce(observed)]);
		verdicts.push(['trigger: a poll that throws keeps the static data', throwingPollKeepsState(observed)]);
	} else if (observed.kind === 'write') {
		verdicts.push(['write: at most one record, one when it succeeded', writtenAtMostOnce(observed)]);
		verdicts.push(['write: the record, or an error saying it may have been written', outputIsTheRecordOrMayHaveError(observed)]);
	} else if (observed.kind === 'read' && reference.observation.kind === 'read') {
		verdicts.push(
			fileFault
				? ['read: the correct data, a clear error, or the call saying why its file was not kept', correctDataOrClearError(observed, reference.observation, { fileNotKept: true })]
				: ['read: the correct data or a clear error', correctDataOrClearError(observed, reference.observation)],
		);
		verdicts.push(['read: within the time bound', withinTimeBound(result.waitedMs, reference.waitedMs + REQUEST_LIMIT_MS)]);
	} else if (observed.kind === 'credential') {
		verdicts.push(['credential test: OK only on a good answer', credentialOkOnlyOnAGoodAnswer(observed, result.log)]);
	}
	return verdicts;
}

/** Why a fault-free run cannot be the reference of its path's cases, if it cannot. */
function whyNoReference(reference: CaseResult): string | undefined {
	if (reference.positions === 0) {
		const { observation } = reference;
		const ended = 'error' in observation && observation.error ? `; it ended with ${JSON.stringify(observation.error)}` : '';
		return `it sent no request${ended}`;
	}
	const { observation } = reference;
	const error =
		observation.kind === 'read' || observation.kind === 'write'
			? observation.error
			: observation.kind === 'credential'
				? observation.result.status === 'OK' ? undefined : { message: observation.result.message }
				: observation.polls.find((poll) => poll.error)?.error;
	return error ? `it ended in an error with no fault injected: ${JSON.stringify(error)}` : undefined;
}

export interface Finding {
	path: string;
	fault: string;
	k: number;
	request: string;
	invariant: string;
	evidence: string;
	line: string;
}

export interface SweepOptions {
	full: boolean;
	seed: number;
	concurrency: number;
	/** Only the paths whose name contains this text. */
	only?: string;
	print: (line: string) => void;
}

export interface SweepResult {
	paths: number;
	positions: number;
	faults: number;
	cases: number;
	fullCases: number;
	ms: number;
	findings: Finding[];
}

/** The position of a sampled case: first, last or a seeded one, in turn. */
function sampledPosition(n: number, turn: number, random: () => number): number {
	const choices = [0, n - 1, Math.floor(random() * n)];
	return choices[turn % choices.length];
}

/**
 * The sample's cases: in each group of paths (trigger, write, read, credential), every path and
 * every fault at least once. Faults go round the group's paths, shifted by the group, until both
 * have all been used: max(paths, faults) cases a group.
 */
function sampledPairs(paths: SweepPath[]): Array<{ pathIndex: number; faultIndex: number }> {
	const pairs: Array<{ pathIndex: number; faultIndex: number }> = [];
	const everywhere = FAULTS.flatMap((fault, faultIndex) => (fault.appliesTo ? [] : [faultIndex]));
	const groups = [...new Set(paths.map((path) => path.group))];
	groups.forEach((group, groupIndex) => {
		const members = paths.flatMap((path, pathIndex) => (path.group === group ? [pathIndex] : []));
		const count = Math.max(members.length, everywhere.length);
		for (let i = 0; i < count; i++) pairs.push({ pathIndex: members[i % members.length], faultIndex: everywhere[(i + groupIndex) % everywhere.length] });
	});
	return pairs;
}

/** The positions of a path a fault can be injected at (every one, unless it names which). */
const positionsFor = (fault: SweepFault, reference: CaseResult): number[] =>
	Array.from({ length: reference.positions }, (_, k) => k).filter((k) => !fault.appliesTo || fault.appliesTo(reference.log[k]));

async function pool<T>(tasks: Array<() => Promise<T>>, concurrency: number): Promise<T[]> {
	const results: T[] = new Array(tasks.length);
	let next = 0;
	const worker = async () => {
		while (next < tasks.length) {
			const index = next++;
			results[index] = await tasks[index]();
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
	return results;
}

const describeRequest = (request: RecordedRequest | undefined) => (request ? `${request.method} ${request.path}` : '(none)');

export async function sweep(options: SweepOptions): Promise<SweepResult> {
	const started = performance.now();
	const stopRecording = recordPolicyWaits();
	try {
		return await sweepRecorded(options, started);
	} finally {
		stopRecording();
	}
}

async function sweepRecorded(options: SweepOptions, started: number): Promise<SweepResult> {
	const paths = PATHS.filter((path) => !options.only || path.name.includes(options.only));
	const findings: Finding[] = [];
	const report = (path: SweepPath, fault: string, k: number, request: string, verdicts: Array<[string, Verdict]>) => {
		for (const [invariant, evidence] of verdicts) {
			if (evidence === undefined) continue;
			const line = `✗ ${path.name} | ${fault} | k=${k} (${request}) | ${invariant}: ${evidence}`;
			findings.push({ path: path.name, fault, k, request, invariant, evidence, line });
		}
	};

	// Fault-free runs first: the requests of each path, and its correct output. A run that is no
	// reference (it sent nothing, or it ended in an error though nothing was injected: seen for
	// Ticket and Lead → Update and the 45-day reads, their 1.5 s Timeout passed on a machine busy
	// with every fast-check case) is run again on its own. One that still is none is a finding:
	// the cases would be judged against it, or pass unseen.
	const faultFree = async (path: SweepPath) => {
		const reference = await runCase(path, []);
		report(path, 'no fault', -1, '-', check(reference, reference));
		return reference;
	};
	const references = await pool(paths.map((path) => () => faultFree(path)), options.concurrency);
	for (const [index, path] of paths.entries()) {
		if (!whyNoReference(references[index])) continue;
		references[index] = await faultFree(path);
		const why = whyNoReference(references[index]);
		if (why) report(path, 'no fault', -1, '-', [['the fault-free run is a reference', `${why}, also when run on its own`]]);
	}

	const random = mulberry32(options.seed);
	const tasks: Array<{ long: boolean; run: () => Promise<void> }> = [];
	const addCase = (path: SweepPath, reference: CaseResult, fault: SweepFault, k: number) => {
		const request = describeRequest(reference.log[k]);
		tasks.push({ long: fault.name.startsWith('hang') && !path.hasTimeoutOption, run: async () => {
			const faults = fault.at(k, reference.log, { hasTimeoutOption: path.hasTimeoutOption });
			let result: CaseResult;
			try {
				const hang = fault.name.startsWith('hang') ? { k, timeoutMs: path.hasTimeoutOption ? TIMEOUT_MS : DEFAULT_ATTEMPT_TIMEOUT_MS } : undefined;
				result = await runCase(path, faults, hang);
			} catch (error) {
				report(path, fault.name, k, request, [['the case ran', `the sweep itself failed: ${String((error as Error)?.stack ?? error)}`]]);
				return;
			}
			report(path, fault.name, k, request, check(result, reference, reference.log[k] !== undefined && isDownload(reference.log[k])));
		} });
	};
	const positions = references.reduce((sum, reference) => sum + reference.positions, 0);
	const fullCases = FAULTS.reduce((sum, fault) => sum + references.reduce((count, reference) => count + positionsFor(fault, reference).length, 0), 0);
	if (options.full) {
		paths.forEach((path, pathIndex) => {
			const reference = references[pathIndex];
			for (const fault of FAULTS) for (const k of positionsFor(fault, reference)) addCase(path, reference, fault, k);
		});
	} else {
		let turn = 0;
		sampledPairs(paths).forEach(({ pathIndex, faultIndex }) => {
			const reference = references[pathIndex];
			addCase(paths[pathIndex], reference, FAULTS[faultIndex], sampledPosition(reference.positions, turn++, random));
		});
		// A fault of some requests only (a file's): on every path that makes such a request, at one of them.
		for (const fault of FAULTS.filter((candidate) => candidate.appliesTo)) {
			paths.forEach((path, pathIndex) => {
				const where = positionsFor(fault, references[pathIndex]);
				if (where.length) addCase(path, references[pathIndex], fault, where[sampledPosition(where.length, turn++, random)]);
			});
		}
	}
	// The longest cases (a trigger's 30 s hang) first, so that they overlap the rest.
	tasks.sort((a, b) => Number(b.long) - Number(a.long));
	await pool(tasks.map((task) => task.run), options.concurrency);

	const order = new Map(paths.map((path, index) => [path.name, index]));
	findings.sort((a, b) => order.get(a.path)! - order.get(b.path)! || a.fault.localeCompare(b.fault) || a.k - b.k);
	return {
		paths: paths.length,
		positions,
		faults: FAULTS.length,
		cases: tasks.length,
		fullCases,
		ms: Math.round(performance.now() - started),
		findings,
	};
}
