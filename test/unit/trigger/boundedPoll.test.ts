/**
 * The trigger's poll step — planPoll → boundedRead → completeRead, the functions pollList runs —
 * under n8n's durable scheduler with durable cursors, as docs/scheduler.md reads it:
 * - a poll starts from the committed static data, and commits its output and next state together
 *   (a quiet poll commits its state too);
 * - a poll that runs past N8N_SCHEDULER_POLL_TIMEOUT is abandoned: output dropped, nothing committed;
 *   its budget is n8n's getPollBudgetMs(): min(timeout, lease) less max(20 %, 5 s), at most half;
 * - a run can be repeated (lease lost: the stale run's commit is fenced off), abandoned,
 *   rejected at commit, or skipped (misfire, backoff);
 * - two different occurrences can overlap: both read the same committed state and both commit,
 *   the last writer's state wins (no compare-and-swap on the cursor).
 *
 * The model API lists records by id (as the lead and deal lists do), 500 a page, with numFound or
 * without it (then read page by page until a short page, as far as the poll lets the read go);
 * every request costs a round trip on a simulated clock, and the output costs the Simplify
 * lookups (two round trips) plus a little per record.
 *
 * The property: the committed runs' outputs together hold every change exactly once — a change
 * emitted twice was emitted by an overlapping pair, the one case n8n itself does not fence —,
 * each output oldest first, the whole stream oldest first when no change arrived late and
 * nothing overlapped, nothing lost after the schedule, and a run that emits always changes the
 * state it commits. The oracle (what exists, what order is oldest first) is written here.
 *
 * Replay: FC_SEED=… FC_PATH="…" npx jest test/unit/trigger/boundedPoll.test.ts; FC_RUNS sets the count
 * (locally 100 of the 1,000 schedules, CI all: FC_FULL=1 or CI=true).
 */
import fc from 'fast-check';

import { boundedRead, type ReadChunk } from '../../../nodes/CustomerCareTrigger/boundedRead';
import { changeOf, completeRead, planPoll, type PollState } from '../../../nodes/CustomerCareTrigger/cursor';
import { propertyRuns } from '../helpers/property';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const T0 = Date.UTC(2026, 10, 23, 18, 35, 44);
const PAGE = 500;
/** The most pages one read takes (MAX_PAGES_PER_READ). */
const MAX_PAGES = 1000;
/** The trigger's own request budget (MAX_LIST_REQUESTS_PER_POLL). */
const MAX_REQUESTS = 20;
const POLL_INTERVAL = MINUTE;
const LEASE_SECONDS = 60;

interface ModelChange {
	id: number;
	at: number;
	visibleAt: number;
}

/** The API: records stamped in whole seconds, listed by id, each visible from `visibleAt`. */
class ModelApi {
	private readonly byTime: ModelChange[];

	constructor(changes: ModelChange[]) {
		this.byTime = [...changes].sort((a, b) => a.at - b.at);
	}

	private firstAtOrAfter(ms: number): number {
		let [lo, hi] = [0, this.byTime.length];
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (this.byTime[mid].at < ms) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	list(now: number, since: number, to: number): ModelChange[] {
		const found: ModelChange[] = [];
		for (let i = this.firstAtOrAfter(since); i < this.byTime.length && this.byTime[i].at <= to; i++)
			if (this.byTime[i].visibleAt <= now) found.push(this.byTime[i]);
		return found.sort((a, b) => a.id - b.id);
	}
}

/** n8n 2.40.7's budget for a durable poll (poll-trigger-task-handler → getExecutePollFunctions). */
function n8nBudgetMs(timeoutSeconds: number): number {
	const ceiling = Math.min(timeoutSeconds, LEASE_SECONDS) * 1000;
	const margin = Math.min(Math.max(0.2 * ceiling, 5000), ceiling / 2);
	return ceiling - margin;
}

interface Costs {
	/** The API answers without numFound: the transport reads page by page until a short page (backlogs up to 3,000, n8n's 45 s limit). */
	countMissing: boolean;
	roundTripMs: number;
	perItemMs: number;
	timeoutSeconds: number;
	overlapMs: number;
}

interface RunResult {
	output: ModelChange[];
	next: PollState;
	durationMs: number;
}

/** One poll as pollList runs it, from committed state `given`, started at `startAt`. */
async function runPoll(api: ModelApi, given: PollState, startAt: number, costs: Costs): Promise<RunResult> {
	let now = startAt;
	const state: PollState = JSON.parse(JSON.stringify(given));
	const plan = planPoll(state, now, costs.overlapMs);
	if (!plan.window) return { output: [], next: plan.state, durationMs: 0 };
	const byKey = new Map<string, ModelChange>();
	const readChunk: ReadChunk<ModelChange> = async (chunk, morePages) => {
		now += costs.roundTripMs;
		const found = api.list(now, chunk.since, chunk.to);
		const pages = Math.max(1, Math.ceil(found.length / PAGE));
		if (costs.countMissing) {
			// No numFound: pages one after another until a short one, as many as the read may take.
			const lastPage = 1 + Math.min(morePages(undefined, 1), MAX_PAGES - 1);
			const full = Math.floor(found.length / PAGE) + 1; // the page that comes back short
			if (full > lastPage) {
				now += (lastPage - 1) * costs.roundTripMs;
				return { numFound: lastPage * PAGE, requests: lastPage };
			}
			now += (full - 1) * costs.roundTripMs;
			return { records: found, numFound: found.length, requests: full };
		}
		if (pages - 1 > morePages(found.length, 1)) return { numFound: found.length, requests: 1 };
		now += (pages - 1) * costs.roundTripMs;
		return { records: found, numFound: found.length, requests: pages };
	};
	const budget = { startedAt: startAt, budgetMs: n8nBudgetMs(costs.timeoutSeconds), maxRequests: MAX_REQUESTS, pageSize: PAGE };
	const bounded = await boundedRead(plan.window, budget, () => now, readChunk);
	const changes = bounded.records.map((record) => {
		const change = changeOf(record.id, record.at, { id: record.id });
		byKey.set(change.key, record);
		return change;
	});
	const { handled, state: next } = completeRead(plan.state, bounded.read ?? plan.window, changes, costs.overlapMs, startAt);
	// Simplify: the lookups (two requests, read in parallel with each other) and presenting.
	if (handled.length > 0) now += 2 * costs.roundTripMs + handled.length * costs.perItemMs;
	return { output: handled.map((change) => byKey.get(change.key)!), next, durationMs: now - startAt };
}

type Op =
	| { kind: 'poll' | 'abandon' | 'reject' | 'skip' }
	| { kind: 'repeat'; committedIsSecond: boolean; gapMs: number }
	| { kind: 'overlap'; firstCommitsLast: boolean; gapMs: number };

const op: fc.Arbitrary<Op> = fc.oneof(
	{ weight: 6, arbitrary: fc.constant({ kind: 'poll' as const }) },
	{ weight: 1, arbitrary: fc.constantFrom({ kind: 'abandon' as const }, { kind: 'reject' as const }, { kind: 'skip' as const }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('repeat' as const), committedIsSecond: fc.boolean(), gapMs: fc.integer({ min: 0, max: 40 * SECOND }) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('overlap' as const), firstCommitsLast: fc.boolean(), gapMs: fc.integer({ min: 0, max: 40 * SECOND }) }) },
);

/** Changes placed in [from, from + spanMs): spread, in bursts, or many in one second. */
const changesIn = (fromMs: number, spanMs: number, maxCount: number) =>
	fc.oneof(
		fc.array(fc.integer({ min: 0, max: Math.max(0, Math.floor(spanMs / SECOND) - 1) }), { maxLength: Math.min(maxCount, 60) }).map((seconds) =>
			seconds.map((s) => [fromMs + s * SECOND]),
		),
		fc
			.array(
				fc.record({
					second: fc.integer({ min: 0, max: Math.max(0, Math.floor(spanMs / SECOND) - 1) }),
					count: fc.integer({ min: 1, max: 1200 }),
					spreadSeconds: fc.integer({ min: 1, max: 120 }),
				}),
				{ maxLength: 4 },
			)
			.map((bursts) =>
				bursts.map(({ second, count, spreadSeconds }) =>
					Array.from({ length: Math.min(count, maxCount) }, (_, i) => fromMs + Math.min(second + (i % spreadSeconds), Math.floor(spanMs / SECOND) - 1) * SECOND),
				),
			),
	).map((groups) => groups.flat());

const scenario = fc.record({
	costs: fc.record({
		countMissing: fc.boolean(),
		roundTripMs: fc.integer({ min: 20, max: 200 }),
		perItemMs: fc.constantFrom(0.005, 0.02),
		timeoutSeconds: fc.constantFrom(5, 10, 45),
		overlapMs: fc.constantFrom(0, 1, 120, 300).map((s) => s * SECOND),
	}),
	/** How much of the 40 days before T0 changed: nothing, some, or a backlog of 20,000. */
	backlog: fc.oneof(
		{ weight: 7, arbitrary: changesIn(T0 - 40 * DAY, 40 * DAY, 3000) },
		{ weight: 1, arbitrary: fc.constant('20000' as const) },
	),
	ops: fc.array(fc.record({ op, live: changesIn(0, POLL_INTERVAL, 1500) }), { minLength: 1, maxLength: 25 }),
	/** Changes reach the API up to the overlap after their stamp, or all at once. */
	late: fc.boolean(),
	lateSeed: fc.integer({ min: 0, max: 1_000_000 }),
});

const oldestFirst = (a: ModelChange, b: ModelChange) => a.at - b.at || a.id - b.id;
const isSorted = (changes: ModelChange[]) => changes.every((change, i) => i === 0 || oldestFirst(changes[i - 1], change) < 0);

test('every change exactly once, oldest first, across repeated, overlapping, abandoned, rejected and skipped polls', async () => {
	await fc.assert(
		fc.asyncProperty(scenario, async ({ costs: drawn, backlog, ops, late, lateSeed }) => {
			// Without counts, every chunk that does not fit costs the pages read before its end is
			// unknown: the 20,000 backlog would move a few seconds a poll, and under n8n's shortest
			// limits (5 s, 10 s) a second of thousands of changes read one page after another outlives
			// every poll (docs/guarantees.md, known limits). Counts missing: n8n's default limit, 45 s.
			const costs = { ...drawn, countMissing: drawn.countMissing && backlog !== '20000' && drawn.timeoutSeconds === 45 };
			const outageStart = T0 - 40 * DAY;
			// The stamps, then each change's id and the instant it becomes visible.
			const stamps: number[] =
				backlog === '20000'
					? Array.from({ length: 20_000 }, (_, i) => outageStart + Math.floor((i * 40 * DAY) / 20_000 / SECOND) * SECOND)
					: [...backlog];
			ops.forEach(({ live }, i) => stamps.push(...live.map((offset) => T0 + i * POLL_INTERVAL + offset)));
			let seed = lateSeed;
			const lag = () => {
				seed = (seed * 1103515245 + 12345) % 2147483648;
				return late ? (seed % (costs.overlapMs / SECOND + 1)) * SECOND : 0;
			};
			// Ids are not in stamp order (the list is sorted by id, not by stamp).
			const changes: ModelChange[] = stamps.map((at, i) => ({ id: ((i * 7919) % 1_000_003) + 1, at, visibleAt: at + lag() }));
			const api = new ModelApi(changes);

			// The cursor n8n had committed when the outage began.
			let committed: PollState = { cursor: outageStart, floor: outageStart, remembersFrom: outageStart, seen: {} };
			const emitted: Array<{ output: ModelChange[]; overlapped: boolean }> = [];
			const failures: string[] = [];
			const commit = (run: RunResult, given: PollState, overlapped: boolean) => {
				if (run.durationMs > costs.timeoutSeconds * 1000) return; // abandoned by n8n: dropped
				if (run.output.length > 0 && JSON.stringify(run.next) === JSON.stringify(given))
					failures.push('a poll emitted without changing its state');
				committed = run.next;
				if (run.output.length > 0) emitted.push({ output: run.output, overlapped });
			};

			let now = T0;
			for (const { op: step } of ops) {
				const given = committed;
				if (step.kind === 'poll') commit(await runPoll(api, given, now, costs), given, false);
				else if (step.kind === 'abandon' || step.kind === 'reject') await runPoll(api, given, now, costs);
				else if (step.kind === 'repeat') {
					const first = await runPoll(api, given, now, costs);
					const second = await runPoll(api, given, now + step.gapMs, costs);
					commit(step.committedIsSecond ? second : first, given, false);
				} else if (step.kind === 'overlap') {
					const first = await runPoll(api, given, now, costs);
					const second = await runPoll(api, given, now + step.gapMs, costs);
					const order = step.firstCommitsLast ? [second, first] : [first, second];
					for (const run of order) commit(run, given, true);
				}
				now += POLL_INTERVAL;
			}
			// Then plain polls, a minute apart, until the stream has been read to its end.
			const lastVisible = Math.max(...changes.map((change) => change.visibleAt), now);
			let drains = 0;
			for (; drains < 300 && !(now > lastVisible + 2 * POLL_INTERVAL && (committed.cursor ?? 0) > lastVisible); drains++) {
				const given = committed;
				commit(await runPoll(api, given, now, costs), given, false);
				now += POLL_INTERVAL;
			}

			const count = new Map<number, number>();
			const inOverlap = new Set<number>();
			for (const { output, overlapped } of emitted)
				for (const change of output) {
					count.set(change.id, (count.get(change.id) ?? 0) + 1);
					if (overlapped) inOverlap.add(change.id);
				}
			const lost = changes.filter((change) => !count.has(change.id));
			const repeated = changes.filter((change) => (count.get(change.id) ?? 0) > 1 && !inOverlap.has(change.id));
			const unordered = emitted.filter(({ output }) => !isSorted(output));
			const stream = emitted.flatMap(({ output }) => output);
			const anyOverlap = ops.some(({ op: step }) => step.kind === 'overlap');
			const summary = `${changes.length} changes, ${emitted.length} emitting polls (${drains} after the schedule), costs ${JSON.stringify(costs)}`;
			expect({ lost: lost.length, repeated: repeated.length, unorderedOutputs: unordered.length, failures, summary }).toEqual({
				lost: 0,
				repeated: 0,
				unorderedOutputs: 0,
				failures: [],
				summary,
			});
			if (!late && !anyOverlap) expect(isSorted(stream)).toBe(true);
		}),
		// 0.1 s a case (a schedule of up to 25 polls, then its drain, some over a 20,000-change
		// backlog): locally the first twentieth, 50 schedules; CI runs all 1,000.
		propertyRuns(1000, 20),
	);
}, 600_000);
