/**
 * Polls that overlap on one static-data object, as on n8n's in-memory scheduler (a tick does
 * not wait for the last one, and pollLock.ts stops waiting after a quarter of the budget): each
 * poll starts from its own copy (`startPoll`), reads and plans with the very cursor functions
 * the trigger runs (planPoll, completeRead), and commits when it ends (`commitPoll`), in any
 * order. The model: a poll emits what it handled only when its commit is taken.
 *
 * The property, for random interleavings of poll starts and ends over changes that reach the
 * API up to the overlap late: the committed cursor never moves back, no change is emitted twice,
 * and once the polls have ended and a lone poll has run, every change from the starting point on
 * has been emitted (nothing lost). The oracle (which changes exist, which are due) is written here.
 *
 * Replay: FC_SEED=… FC_PATH="…" npx jest test/unit/trigger/staticData.test.ts; FC_RUNS sets the count.
 */
import fc from 'fast-check';

import { changeOf, completeRead, planPoll, type PollState } from '../../../nodes/CustomerCareTrigger/cursor';
import { commitPoll, moveTo, startPoll, type PollStart } from '../../../nodes/CustomerCareTrigger/staticData';
import { propertyRuns } from '../helpers/property';

const SECOND = 1000;
const OVERLAP_MS = 120 * SECOND;
const T0 = Date.UTC(2026, 10, 28, 20, 15, 7) + 420;
/** Changes are stamped within this many seconds after T0. */
const HORIZON_SECONDS = 600;

interface ModelChange {
	id: number;
	at: number;
	visibleAt: number;
}

const keyOf = (change: ModelChange) => `${change.id}@${change.at / SECOND}`;

/** The API: the changes visible at `now` stamped within the window, both bounds included. */
function listed(changes: ModelChange[], window: { since: number; to: number }, now: number) {
	return changes
		.filter((change) => change.visibleAt <= now && change.at >= window.since && change.at <= window.to)
		.map((change) => changeOf(change.id, change.at, { id: change.id }));
}

interface RunningPoll {
	start: PollStart;
	handled: string[];
}

/** A poll at `now`: its own copy planned, read and moved, as listPoll.ts does; committed later. */
function startedPoll(live: PollState, changes: ModelChange[], now: number): RunningPoll {
	const start = startPoll(live);
	const plan = planPoll(start.state, now, OVERLAP_MS);
	if (!plan.window) {
		moveTo(start.state, plan.state);
		return { start, handled: [] };
	}
	const read = completeRead(plan.state, plan.window, listed(changes, plan.window, now), OVERLAP_MS, now);
	moveTo(start.state, read.state);
	return { start, handled: read.handled.map((change) => change.key) };
}

const changesArb = fc
	.array(
		fc.record({
			at: fc.integer({ min: 0, max: HORIZON_SECONDS }),
			lateSeconds: fc.integer({ min: 0, max: OVERLAP_MS / SECOND }),
		}),
		{ maxLength: 40 },
	)
	.map((drafts) =>
		drafts.map(({ at, lateSeconds }, id) => {
			const stamp = Math.floor(T0 / SECOND) * SECOND + at * SECOND;
			return { id, at: stamp, visibleAt: stamp + lateSeconds * SECOND };
		}),
	);

/** A poll starts, or one of those running ends (`pick` chooses which), `gapMs` after the last step. */
const stepArb = fc.record({
	end: fc.boolean(),
	pick: fc.nat(),
	gapMs: fc.oneof(fc.integer({ min: 0, max: 2 * SECOND }), fc.integer({ min: 0, max: 150 * SECOND })),
});

describe('overlapping polls commit by compare-and-set on the generation', () => {
	test('the cursor never moves back, no change is emitted twice, and nothing is lost', () => {
		fc.assert(
			fc.property(changesArb, fc.array(stepArb, { minLength: 1, maxLength: 40 }), (changes, steps) => {
				const live: PollState = {};
				const emitted: string[] = [];
				const running: RunningPoll[] = [];
				let now = T0;
				let lastCursor = -Infinity;
				const end = (poll: RunningPoll) => {
					if (commitPoll(live, poll.start)) emitted.push(...poll.handled);
					const cursor = live.cursor ?? -Infinity;
					expect(cursor).toBeGreaterThanOrEqual(lastCursor);
					lastCursor = cursor;
				};

				for (const step of steps) {
					now += step.gapMs;
					if (step.end && running.length > 0) end(running.splice(step.pick % running.length, 1)[0]);
					else running.push(startedPoll(live, changes, now));
				}
				// The polls still running end, in the order they started; then lone polls, each after
				// every change has reached the API.
				for (const poll of running.splice(0)) end(poll);
				for (let lone = 0; lone < 2; lone++) {
					now = Math.max(now, ...changes.map((change) => change.visibleAt)) + OVERLAP_MS + 2 * SECOND;
					end(startedPoll(live, changes, now));
				}

				expect(emitted.length).toBe(new Set(emitted).size);
				const due = changes.filter((change) => change.at >= live.floor!).map(keyOf);
				expect(new Set(emitted)).toEqual(new Set(due));
			}),
			propertyRuns(1000),
		);
	});
});

describe('commitPoll', () => {
	test('a poll that changed nothing writes nothing: the generation stays, and a poll started beside it still commits', () => {
		const live: PollState = { cursor: T0, floor: T0, remembersFrom: T0, seen: {}, generation: 3 };
		const quiet = startPoll(live);
		const busy = startPoll(live);
		expect(commitPoll(live, quiet)).toBe(true);
		expect(live.generation).toBe(3);
		moveTo(busy.state, { ...busy.state, cursor: T0 + SECOND });
		expect(commitPoll(live, busy)).toBe(true);
		expect(live).toEqual({ cursor: T0 + SECOND, floor: T0, remembersFrom: T0, seen: {}, generation: 4 });
	});

	test('the poll that commits second, after a change, is refused and leaves the static data as the first left it', () => {
		const live: PollState = {};
		const first = startPoll(live);
		const second = startPoll(live);
		moveTo(second.state, { cursor: T0 + 2 * SECOND, floor: T0 });
		moveTo(first.state, { cursor: T0 + SECOND, floor: T0 });
		expect(commitPoll(live, second)).toBe(true);
		expect(commitPoll(live, first)).toBe(false);
		expect(live).toEqual({ cursor: T0 + 2 * SECOND, floor: T0, generation: 1 });
	});
});
