/**
 * Records outside the window asked for. Call times are zone-less; with a
 * wrong Account Time Zone the trigger reads every stamp shifted by the zones' difference, while
 * the API still lists each record in the window its true time falls in. The cursor
 * (nodes/CustomerCareTrigger/cursor.ts) must still emit every change exactly once: before, it
 * dropped the ones stamped before the activation second and emitted the others without
 * remembering them, so the next poll's overlap emitted them again.
 *
 * Driven the way the trigger drives it (planPoll → read → completeRead) against a model of the
 * API that lists by true time and stamps by the shifted time.
 * Replay a failure: FC_SEED=… FC_PATH="…" npx jest test/unit/trigger/cursor-zone.test.ts
 */
import fc from 'fast-check';

import { changeOf, completeRead, outsideWindow, planPoll, rememberedCount, type Change, type PollState } from '../../../nodes/CustomerCareTrigger/cursor';
import { propertyRuns } from '../helpers/property';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 10, 25, 4, 0, 0);

/**
 * Record versions by true time; each read lists the latest version of a record whose true time
 * is in the window. Each version is stamped with its true time shifted by the API's common
 * shift, or by a shift of its own (stamps off by different amounts, some right).
 */
class ShiftedApi {
	readonly versions: Array<{ id: string; at: number; shiftMs: number }> = [];

	constructor(private readonly shiftMs: number) {}

	change(id: string, at: number, ownShiftMs?: number) {
		const before = this.latest(id, Infinity);
		if (before && before.at >= at) return;
		this.versions.push({ id, at, shiftMs: ownShiftMs ?? this.shiftMs });
	}

	latest(id: string, now: number) {
		return this.versions.filter((version) => version.id === id && version.at <= now).pop();
	}

	read(now: number, since: number, to: number): Change[] {
		return [...new Set(this.versions.map((version) => version.id))]
			.map((id) => this.latest(id, now))
			.filter((version) => version !== undefined && version.at >= since && version.at <= to)
			.map((version) => changeOf(version!.id, version!.at + version!.shiftMs, { id: version!.id }));
	}

	/** The key a version is emitted under: its id and its shifted stamp. */
	keyOf(version: { id: string; at: number; shiftMs: number }) {
		return `${version.id}@${(version.at + version.shiftMs) / SECOND}`;
	}
}

/** Polls at the given instants; returns every emitted key, in order, and what each read answered. */
function runPolls(api: ShiftedApi, polls: number[], overlapMs: number, startFromMs?: number) {
	let state: PollState = {};
	const emitted: string[] = [];
	const answered: Change[] = [];
	/** The end of the window of the read that emitted each key. */
	const emittedBy = new Map<string, number>();
	/** After each read: the keys remembered that no read ending at or after `remembersFrom` emitted (the bound says none). */
	const beyondBound: string[] = [];
	for (const now of polls) {
		const plan = planPoll(state, now, overlapMs, startFromMs);
		state = plan.state;
		if (!plan.window) continue;
		const changes = api.read(now, plan.window.since, plan.window.to);
		answered.push(...changes);
		const outcome = completeRead(state, plan.window, changes, overlapMs, now);
		state = JSON.parse(JSON.stringify(outcome.state));
		emitted.push(...outcome.handled.map((change) => change.key));
		for (const change of outcome.handled) emittedBy.set(change.key, plan.window.to);
		for (const [second, ids] of Object.entries(state.seen ?? {}))
			for (const id of ids) {
				const key = `${id}@${second}`;
				if ((emittedBy.get(key) ?? -Infinity) < state.remembersFrom!) beyondBound.push(key);
			}
	}
	return { emitted, answered, state, beyondBound };
}

describe('cursor: stamps outside the window (a wrong Account Time Zone)', () => {
	test('stamped 7 h before the window: emitted once, not dropped, not again in the next overlap', () => {
		const api = new ShiftedApi(-7 * HOUR);
		api.change('1', T0 + 30 * SECOND);
		api.change('2', T0 + 70 * SECOND);
		// Activation at T0, then one poll a minute, default overlap.
		const polls = [T0, T0 + MINUTE, T0 + 2 * MINUTE, T0 + 3 * MINUTE, T0 + 4 * MINUTE];
		const { emitted } = runPolls(api, polls, 120 * SECOND);
		expect(emitted).toEqual([`1@${(T0 + 30 * SECOND - 7 * HOUR) / SECOND}`, `2@${(T0 + 70 * SECOND - 7 * HOUR) / SECOND}`]);
	});

	test('Start From 10 h back, stamps 3 h early: each change once, though the next poll reads its true time again', () => {
		const api = new ShiftedApi(-3 * HOUR);
		api.change('5', T0 - 30 * SECOND);
		const { emitted } = runPolls(api, [T0, T0 + MINUTE, T0 + 2 * MINUTE], 120 * SECOND, T0 - 10 * HOUR);
		expect(emitted).toEqual([`5@${(T0 - 30 * SECOND - 3 * HOUR) / SECOND}`]);
	});

	test('stamps stuck at one second: what is remembered stays the last reads\' changes, not all of them', () => {
		const overlapMs = 120 * SECOND;
		const stuck = Date.UTC(2020, 0, 1);
		let state = planPoll({}, T0, overlapMs).state;
		let id = 1;
		const emitted: string[] = [];
		// One poll a minute for an hour; each lists 100 new changes, every one stamped `stuck`.
		for (let minute = 1; minute <= 60; minute++) {
			const now = T0 + minute * MINUTE;
			const plan = planPoll(state, now, overlapMs);
			const changes = Array.from({ length: 100 }, () => changeOf(id++, stuck, {}));
			const outcome = completeRead(plan.state, plan.window!, changes, overlapMs, now);
			emitted.push(...outcome.handled.map((change) => change.key));
			state = outcome.state;
		}
		expect(emitted).toHaveLength(6000);
		// The reads ending at or after cursor − overlap: minutes 58, 59 and 60.
		expect(rememberedCount(state)).toBe(300);
	});

	test('outsideWindow counts the stamps before and after the window', () => {
		const window = { since: T0, to: T0 + MINUTE };
		const changes = [changeOf(1, T0 - SECOND, {}), changeOf(2, T0, {}), changeOf(3, T0 + MINUTE, {}), changeOf(4, T0 + MINUTE + SECOND, {})];
		expect(outsideWindow(window, changes)).toBe(2);
	});
});

const zoneShift = fc.integer({ min: -14 * 4, max: 14 * 4 }).map((quarters) => quarters * 15 * MINUTE);

const scenario = fc.record({
	shiftMs: zoneShift,
	overlapSeconds: fc.oneof(fc.constantFrom(0, 120), fc.integer({ min: 0, max: 600 })),
	/** Start From this many seconds before activation (none: from activation). */
	startFromBack: fc.option(fc.integer({ min: 1, max: 48 * 3600 }), { nil: undefined }),
	/** Seconds between polls. */
	gaps: fc.array(fc.integer({ min: 1, max: 3 * 3600 }), { minLength: 1, maxLength: 12 }),
	/** Changes: record id and seconds after the earliest instant read. */
	changes: fc.array(fc.record({ id: fc.integer({ min: 1, max: 15 }), after: fc.integer({ min: 0, max: 12 * 3600 }) }), {
		maxLength: 40,
	}),
});

/** How a change's own stamp is off its true time: right, by seconds, by a zone offset, or by days. */
const ownShift = fc.oneof(
	fc.constant(0),
	fc.integer({ min: -600, max: 600 }).map((seconds) => seconds * SECOND),
	zoneShift,
	fc.integer({ min: -400 * 24 * 3600, max: 400 * 24 * 3600 }).map((seconds) => seconds * SECOND),
);

/**
 * Runs a scenario; `ownShifts` (cycled over the changes) gives each change a shift of its own,
 * else every stamp is off by `shiftMs`. Checks exactly once, and the bound of what is remembered.
 */
function checkExactlyOnce(
	{ shiftMs, overlapSeconds, startFromBack, gaps, changes }: ScenarioOf<typeof scenario>,
	ownShifts?: number[],
) {
	const overlapMs = overlapSeconds * SECOND;
	const startFromMs = startFromBack === undefined ? undefined : T0 - startFromBack * SECOND;
	const first = startFromMs ?? T0;
	const api = new ShiftedApi(shiftMs);
	[...changes]
		.sort((a, b) => a.after - b.after)
		.forEach((change, n) =>
			api.change(String(change.id), first + change.after * SECOND, ownShifts?.length ? ownShifts[n % ownShifts.length] : undefined),
		);
	const polls = [T0 + 300];
	for (const gap of gaps) polls.push(polls[polls.length - 1] + gap * SECOND);
	// A last poll once every change is in the past and settled.
	const lastChange = Math.max(first, ...api.versions.map((version) => version.at));
	polls.push(Math.max(polls[polls.length - 1], lastChange) + overlapMs + 5 * MINUTE);

	const { emitted, answered, beyondBound } = runPolls(api, polls, overlapMs, startFromMs);
	const counts = new Map<string, number>();
	for (const key of emitted) counts.set(key, (counts.get(key) ?? 0) + 1);
	expect([...counts].filter(([, count]) => count > 1)).toEqual([]);

	const owed = new Set(answered.map((change) => change.key));
	const floor = startFromMs === undefined ? Math.floor((T0 + 300) / SECOND) * SECOND : Math.ceil(startFromMs / SECOND) * SECOND;
	for (const id of new Set(api.versions.map((version) => version.id))) {
		const last = api.latest(id, Infinity)!;
		if (last.at >= floor) owed.add(api.keyOf(last));
	}
	expect([...owed].filter((key) => !counts.has(key))).toEqual([]);
	expect([...counts.keys()].filter((key) => !owed.has(key))).toEqual([]);
	// Bounded: only the changes emitted by reads whose window ends at or after remembersFrom
	// (≥ cursor − overlap) are remembered, wherever their stamps lie.
	expect(beyondBound).toEqual([]);
}

type ScenarioOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

describe('cursor: stamps shifted by a zone offset (property)', () => {
	test('every change a read listed, and every record\'s last version, emitted exactly once across polls', () => {
		fc.assert(
			fc.property(scenario, (s) => checkExactlyOnce(s)),
			propertyRuns(500),
		);
	});
});

describe('cursor: each stamp off by its own amount (property)', () => {
	test('stamps right, seconds, a zone or days off, mixed in one read: every change exactly once, state bounded', () => {
		fc.assert(
			fc.property(scenario, fc.array(ownShift, { minLength: 1, maxLength: 40 }), (s, shifts) => checkExactlyOnce(s, shifts)),
			propertyRuns(500),
		);
	});
});
