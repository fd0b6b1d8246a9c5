/**
 * The trigger's cursor (nodes/CustomerCareTrigger/cursor.ts), driven the way the trigger drives
 * it: planPoll → (read the window from the API) → completeRead, against a model of the API.
 *
 * The property: over random streams of changes stamped in whole seconds and random polls,
 * every change is emitted exactly once, each poll's emission oldest first.
 * Replay a failure with the seed (and path) fast-check prints:
 *   FC_SEED=123 FC_PATH="4:2" npx jest test/unit/trigger/cursor.test.ts
 * FC_RUNS sets the number of generated cases (1,000 in CI, the first 200 of them locally:
 * test/unit/helpers/property.ts).
 */
import fc from 'fast-check';
import { changeOf, compareChanges, completeRead, planPoll, rememberedCount, secondOf, type Change, type PollState } from '../../../nodes/CustomerCareTrigger/cursor';
import { propertyRuns } from '../helpers/property';
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** 2026-11-23T18:35:44Z, the second of the report. */
const T0 = Date.UTC(2026, 10, 23, 18, 35, 44);

const SETTINGS = propertyRuns<unknown>(1000);

/** One version of a record in the API: stamped `at` (whole second), listed from `visibleAt` on. */
interface Version {
	id: string;
	at: number;
	visibleAt: number;
}

/**
 * The API's list, as the ticket/lead/deal update windows behave: each record is listed once, in
 * its latest version, when its stamp lies in [since, to] (both included).
 */
class ModelApi {
	readonly versions: Version[] = [];

	/** The latest version of a record, when one is listed. */
	latest(id: string, at = Infinity): Version | undefined {
		return this.versions.filter((version) => version.id === id && version.visibleAt <= at).pop();
	}

	/** A change of a record; a record's stamps never go back, so an older one is not made. */
	change(id: string, at: number, visibleAt: number) {
		const before = this.latest(id);
		if (before && before.at > at) return;
		this.versions.push({ id, at, visibleAt });
	}

	read(now: number, since: number, to: number): Change[] {
		const ids = new Set(this.versions.map((version) => version.id));
		return [...ids]
			.map((id) => this.latest(id, now))
			.filter((version): version is Version => version !== undefined && version.at >= since && version.at <= to)
			.map((version) => changeOf(version.id, version.at, { id: version.id }));
	}
}

/** How n8n keeps the trigger's static data: the in-memory state, and what it last saved. */
class ModelTrigger {
	state: PollState = {};

	saved: PollState = {};

	/** Each successful read: when, its window, what the API answered and what was emitted. */
	readonly reads: Array<{ now: number; since: number; to: number; answered: Change[]; emitted: Change[] }> = [];

	readonly windows: Array<{ since: number; to: number }> = [];

	constructor(
		private readonly api: ModelApi,
		/** n8n 2.41+ also saves after a poll that emitted nothing; older versions only after one that emitted. */
		private readonly savesIdlePolls: boolean,
	) {}

	/** One poll, as pollList runs it; `fails` makes the read fail part-way (the state must not move). */
	poll(now: number, overlapMs: number, startFromMs: number | undefined, fails = false): Change[] | null {
		const plan = planPoll(this.state, now, overlapMs, startFromMs);
		if (plan.state !== this.state) this.state = plan.state;
		if (!plan.window) return null;
		this.windows.push(plan.window);
		if (fails) return null;
		const answered = this.api.read(now, plan.window.since, plan.window.to);
		const { handled, state } = completeRead(this.state, plan.window, answered, overlapMs);
		this.state = state;
		this.reads.push({ now, ...plan.window, answered, emitted: handled });
		if (handled.length > 0 || this.savesIdlePolls) this.save();
		return handled;
	}

	/** What n8n saves: JSON. */
	save() {
		this.saved = JSON.parse(JSON.stringify(this.state));
	}

	restart() {
		this.state = JSON.parse(JSON.stringify(this.saved));
	}
}

const overlapSeconds = fc.oneof(fc.constantFrom(0, 1, 2, 120), fc.integer({ min: 0, max: 300 }));

/** Some records changing together, placed relative to the polls around them. */
const changeBurst = fc.record({
	ids: fc.uniqueArray(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 4 }),
	/** cursor: in the previous poll's own second, after it; poll: in the coming poll's own second; at: at the poll's instant. */
	when: fc.constantFrom('cursor', 'anywhere', 'poll', 'at'),
	fraction: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
	/** Seconds the change is stamped before it shows up in the API (capped at the overlap). */
	lateSeconds: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.integer({ min: 1, max: 300 }) }),
	/** The same records change again in the same second (one change, as far as anyone can tell). */
	twice: fc.boolean(),
});

const pollStep = fc.record({
	gapMs: fc.oneof(
		fc.integer({ min: 0, max: 999 }),
		fc.integer({ min: 1000, max: 10 * SECOND }),
		fc.integer({ min: 10 * SECOND, max: 10 * MINUTE }),
		fc.integer({ min: 10 * MINUTE, max: 3 * HOUR }),
	),
	changes: fc.array(changeBurst, { maxLength: 4 }),
	fails: fc.nat(5).map((n) => n === 0),
	restartBefore: fc.nat(7).map((n) => n === 0),
	/** The user edits the Overlap option before this poll. */
	newOverlap: fc.option(overlapSeconds, { freq: 8 }),
});

const scenario = fc.record({
	overlap: overlapSeconds,
	activationMs: fc.integer({ min: 0, max: 999 }),
	/** Start From, seconds before activation. */
	startFromSecondsBefore: fc.option(fc.integer({ min: 0, max: 4000 }), { freq: 4 }),
	/** Changes made before activation: ids and how many seconds before the activation second (0: in it). */
	before: fc.array(fc.record({ id: fc.integer({ min: 1, max: 25 }), secondsBefore: fc.integer({ min: 0, max: 3 }) }), {
		maxLength: 4,
	}),
	savesIdlePolls: fc.boolean(),
	steps: fc.array(pollStep, { minLength: 1, maxLength: 30 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** When a burst shows up in the API, between the previous poll (`previous`) and the coming one (`now`). */
function visibleAt(burst: Scenario['steps'][number]['changes'][number], previous: number, now: number): number {
	const between = (from: number, to: number) => Math.min(to, from + Math.floor(burst.fraction * (to - from + 1)));
	const after = Math.min(previous + 1, now);
	if (burst.when === 'cursor') return between(after, Math.min(now, secondOf(previous) + 999));
	if (burst.when === 'poll') return between(Math.max(after, secondOf(now)), now);
	if (burst.when === 'at') return now;
	return between(after, now);
}

function runScenario(s: Scenario) {
	const api = new ModelApi();
	const trigger = new ModelTrigger(api, s.savesIdlePolls);
	let now = T0 + s.activationMs;
	const activation = now;
	const startFromMs = s.startFromSecondsBefore === null ? undefined : activation - s.startFromSecondsBefore * SECOND;
	const floor = startFromMs === undefined ? secondOf(activation) : Math.ceil(startFromMs / SECOND) * SECOND;
	const overlaps = [s.overlap, ...s.steps.map((step) => step.newOverlap ?? s.overlap)];
	const smallestOverlap = Math.min(...overlaps);
	let overlap = s.overlap;

	for (const change of s.before) api.change(String(change.id), secondOf(activation) - change.secondsBefore * SECOND, activation);
	const emissions: Change[][] = [];
	const emit = (emitted: Change[] | null) => emitted && emissions.push(emitted);

	// Activation: n8n runs the first poll and saves the static data right after.
	emit(trigger.poll(now, overlap * SECOND, startFromMs));
	trigger.save();

	for (const step of s.steps) {
		const previous = now;
		now += step.gapMs;
		for (const burst of step.changes) {
			const shownAt = visibleAt(burst, previous, now);
			// Late by at most the smallest overlap: later than that is outside the promise.
			const at = secondOf(shownAt) - Math.min(burst.lateSeconds, smallestOverlap) * SECOND;
			for (const id of burst.ids) {
				api.change(String(id), at, shownAt);
				if (burst.twice) api.change(String(id), at, shownAt);
			}
		}
		if (step.restartBefore) trigger.restart();
		overlap = step.newOverlap ?? overlap;
		emit(trigger.poll(now, overlap * SECOND, startFromMs, step.fails));
	}
	// A last poll well after everything: whatever is owed must have been emitted by then.
	now += (Math.max(...overlaps) + 2) * SECOND;
	emit(trigger.poll(now, overlap * SECOND, startFromMs));

	return { api, trigger, emissions, floor, smallestOverlap };
}

function checkScenario(s: Scenario) {
	const { api, trigger, emissions, floor } = runScenario(s);
	const keyOf = (version: Version) => changeOf(version.id, version.at, {}).key;

	// Never an empty or reversed window; always whole seconds.
	for (const window of trigger.windows) {
		expect(window.since).toBeLessThan(window.to);
		expect(window.since % SECOND).toBe(0);
		expect(window.to % SECOND).toBe(0);
	}

	// Each change at most once; each poll's emission oldest first (stamp, then record id).
	const emitted = emissions.flat();
	const times = new Map<string, number>();
	for (const change of emitted) times.set(change.key, (times.get(change.key) ?? 0) + 1);
	const repeated = [...times].filter(([, count]) => count > 1);
	expect(repeated).toEqual([]);
	for (const emission of emissions) expect(emission).toEqual([...emission].sort(compareChanges));

	// Exactly the changes that were visible: every version a successful read was given and
	// every record's last version (at or after the floor) — and nothing else.
	const owed = new Set<string>();
	for (const read of trigger.reads) for (const change of read.answered) if (change.at >= floor) owed.add(change.key);
	for (const id of new Set(api.versions.map((version) => version.id))) {
		const last = api.latest(id)!;
		if (last.at >= floor) owed.add(keyOf(last));
	}
	const missed = [...owed].filter((key) => !times.has(key));
	expect(missed).toEqual([]);
	const unexpected = [...times.keys()].filter((key) => !owed.has(key));
	expect(unexpected).toEqual([]);

	// Bounded memory: only what the next poll reads again is remembered.
	const { state } = trigger;
	// (a change is kept until the end of the window that listed it, keepUntil, whatever its stamp)
	for (const [second, ids] of Object.entries(state.seen ?? {}))
		ids.forEach((_, index) => {
			const until = state.keepUntil?.[second];
			expect(Number((Array.isArray(until) ? until[index] : until) ?? second) * SECOND).toBeGreaterThanOrEqual(state.remembersFrom!);
		});
	expect(JSON.parse(JSON.stringify(state))).toEqual(JSON.parse(JSON.stringify(state)));
}

describe('cursor: exactly once at whole-second resolution (property)', () => {
	test(`${SETTINGS.numRuns} generated schedules: every visible change emitted once, oldest first within each poll`, () => {
		fc.assert(
			fc.property(scenario, (s) => {
				checkScenario(s);
			}),
			{ ...SETTINGS, endOnFailure: SETTINGS.path !== undefined },
		);
	});
});

describe('cursor: the cases of the report', () => {
	const key = (id: number, at: number) => `${id}@${at / SECOND}`;

	/** Runs polls at the given times over a fixed list of changes; returns each poll's emitted keys. */
	function pollAt(times: number[], overlapMs: number, changes: Array<{ id: number; at: number; shownAt?: number }>) {
		const api = new ModelApi();
		for (const change of changes) api.change(String(change.id), change.at, change.shownAt ?? change.at);
		const trigger = new ModelTrigger(api, false);
		return times.map((time) => (trigger.poll(time, overlapMs, undefined) ?? []).map((change) => change.key));
	}

	const A = 101;
	const B = 102;
	const at = T0; // 18:35:44Z

	test('default overlap: A and B of one second are not emitted again two minutes later', () => {
		const polls = pollAt([at - 30 * SECOND, at + 500, at + 1500, at + 2 * MINUTE + 500, at + 4 * MINUTE], 120 * SECOND, [
			{ id: A, at },
			{ id: B, at },
		]);
		expect(polls).toEqual([[], [key(A, at), key(B, at)], [], [], []]);
	});

	test('overlap 0: a change in the cursor second that shows up after the poll is emitted once', () => {
		const polls = pollAt([at - 5 * SECOND, at + 200, at + 1200, at + 2200], 0, [
			{ id: A, at },
			{ id: B, at, shownAt: at + 700 },
		]);
		expect(polls).toEqual([[], [key(A, at)], [key(B, at)], []]);
	});

	test('overlap 2 s: one change is emitted once over consecutive polls', () => {
		const times = [at - SECOND, ...Array.from({ length: 8 }, (_, n) => at + 300 + n * 700)];
		const polls = pollAt(times, 2 * SECOND, [{ id: A, at }]);
		expect(polls.flat()).toEqual([key(A, at)]);
	});

	test('overlap 0, two polls within one second: the second one reads nothing and changes nothing', () => {
		const started = planPoll({}, at - 3 * SECOND, 0).state;
		const first = planPoll(started, at + 100, 0);
		const after = completeRead(first.state, first.window!, [], 0).state;
		const second = planPoll(after, at + 900, 0);
		expect(first.window).toEqual({ since: at - 3 * SECOND, to: at });
		expect(second.window).toBeUndefined();
		expect(second.state).toBe(after);
	});
});

describe('cursor: state', () => {
	test('activation: from the activation second on, no read; Start From: read from its second right away', () => {
		const activation = T0 + 640;
		expect(planPoll({}, activation, 120 * SECOND)).toEqual({
			state: { cursor: T0, floor: T0, remembersFrom: T0, seen: {} },
		});
		expect(planPoll({}, activation, 120 * SECOND, T0 - HOUR + 1).window).toEqual({ since: T0 - HOUR + SECOND, to: T0 });
	});

	test('a state saved by the earlier version (ms cursor, keys by id@ms) reads on without repeating', () => {
		const cursor = T0 + 437;
		const old: PollState = { cursor, floor: T0 - HOUR, recent: { [`7@${T0 - 2 * MINUTE}`]: T0 - 2 * MINUTE, [`8@${T0}`]: T0 } };
		const plan = planPoll(old, T0 + MINUTE, 120 * SECOND);
		// The old state kept keys stamped at or after cursor − overlap: from T0 − 119 s.
		expect(plan.window).toEqual({ since: T0 - 119 * SECOND, to: T0 + MINUTE });
		expect(plan.state).toMatchObject({ cursor: T0, remembersFrom: T0 - 119 * SECOND, seen: { [T0 / SECOND]: ['8'] } });
		const { handled } = completeRead(plan.state, plan.window!, [changeOf(8, T0, {}), changeOf(9, T0, {})], 120 * SECOND);
		expect(handled.map((change) => change.key)).toEqual([`9@${T0 / SECOND}`]);
	});

	test('bounded: at 1,000 changes a minute and the default overlap, about 3,000 ids are remembered', () => {
		const overlapMs = 120 * SECOND;
		let state = planPoll({}, T0, overlapMs).state;
		let id = 100_000;
		/** Each read's window end and how many changes it listed. */
		const reads: Array<{ to: number; listed: number }> = [];
		// One poll a minute for an hour; 1,000 changes a minute, spread evenly (16–17 a second).
		for (let minute = 1; minute <= 60; minute++) {
			const now = T0 + minute * MINUTE;
			const changes: Change[] = [];
			for (let n = 0; n < 1000; n++) changes.push(changeOf(id++, secondOf(now - MINUTE + (n * MINUTE) / 1000), {}));
			const plan = planPoll(state, now, overlapMs);
			state = completeRead(plan.state, plan.window!, changes, overlapMs).state;
			reads.push({ to: plan.window!.to, listed: changes.length });
		}
		// What is remembered: the changes of the reads whose window ends at or after
		// cursor − overlap (a later poll reads those windows' ends again, and a change's true
		// time may be anywhere in the window that listed it): the last three reads, 3,000 ids.
		const fromReadsAgain = reads.filter((read) => read.to >= T0 + 60 * MINUTE - overlapMs);
		expect(fromReadsAgain.map((read) => read.to)).toEqual([T0 + 58 * MINUTE, T0 + 59 * MINUTE, T0 + 60 * MINUTE]);
		expect(rememberedCount(state)).toBe(3000);
		expect(JSON.stringify(state).length).toBeLessThan(36_000);
	});
});

describe('stamps not shifted by one common offset', () => {
	/**
	 * "The trigger emits each change exactly once whatever its stamp": a read
	 * whose stamps are NOT shifted by one common offset. The API lists a record by its true time;
	 * one record's stamp lags (stamped 10 days back), the others are right. Driven the way the
	 * trigger drives the cursor (planPoll → read → completeRead), polls a minute apart, overlap 120 s.
	 */
	const SECOND = 1000;
	const DAY = 24 * 3600 * SECOND;
	const OVERLAP = 120 * SECOND;

	// Once a defect: rememberUntil() bounded a stamp's offset by the read's latest stamp (one
	// common offset). With a right stamp at the window's end beside a lagging one, the lagging
	// change was not remembered; each later overlap listed it again (its true time is in it) and it
	// was emitted 3 times. Now every change is kept until the end of the window that listed it.
	test('one lagging stamp beside right ones: every change emitted once', () => {
		const start = Date.UTC(2026, 10, 20, 8, 0, 0);
		let state: PollState = planPoll({}, start, OVERLAP).state;
		const trueTime = start + 30 * SECOND;
		const emitted: string[] = [];
		for (let poll = 1; poll <= 4; poll++) {
			const now = start + poll * 60 * SECOND;
			const plan = planPoll(state, now, OVERLAP);
			const window = plan.window!;
			const listed = [];
			// The lagging record, listed by the API while its true time is in the window.
			if (trueTime >= window.since && trueTime <= window.to) listed.push(changeOf(7, trueTime - 10 * DAY, {}));
			// A record stamped right, at the window's end (a busy list).
			listed.push(changeOf(100 + poll, window.to, {}));
			const outcome = completeRead(plan.state, window, listed, OVERLAP, now);
			emitted.push(...outcome.handled.map((change) => change.id));
			state = outcome.state;
		}
		expect(emitted.filter((id) => id === '7')).toEqual(['7']);
	});
});
