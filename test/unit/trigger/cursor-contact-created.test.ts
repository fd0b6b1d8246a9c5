/**
 * Contact Created on the trigger's cursor (nodes/CustomerCareTrigger/cursor.ts), driven as
 * pollList drives it: planPoll → read the UPDATED window → the changes stamped with created_at,
 * only those within the window read (stampedWithin) → completeRead. The API model is the contact
 * list as docs/api.md#contacts gives it: filtered by updated_at only, each contact listed once, in
 * its latest version, with its created_at.
 *
 * The property: over random creations and updates (of new contacts and of contacts created before
 * the starting point), late by up to the overlap, and random polls (failed ones, restarts), every
 * contact created at or after the starting point is emitted exactly once, and no other.
 * Each read is taken at the poll's instant: an update landing while a poll reads is the known
 * limit of docs/guarantees.md (test/engine/trigger-contacts.test.ts).
 *   FC_SEED=123 FC_PATH="4:2" npx jest test/unit/trigger/cursor-contact-created.test.ts
 */
import fc from 'fast-check';

import {
	changeOf,
	completeRead,
	planPoll,
	secondOf,
	stampedWithin,
	type Change,
	type PollState,
} from '../../../nodes/CustomerCareTrigger/cursor';
import { propertyRuns } from '../helpers/property';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 10, 27, 20, 0, 0);

/** One version of a contact: its stamps, listed from `visibleAt` on. */
interface Version {
	id: string;
	createdAt: number;
	updatedAt: number;
	visibleAt: number;
}

/** The contact list: filtered on updated_at, [since, to] both included; each contact once, its latest visible version. */
class ContactList {
	readonly versions: Version[] = [];

	latest(id: string, at = Infinity): Version | undefined {
		return this.versions.filter((version) => version.id === id && version.visibleAt <= at).pop();
	}

	create(id: string, at: number, visibleAt: number) {
		if (this.latest(id)) return;
		this.versions.push({ id, createdAt: at, updatedAt: at, visibleAt });
	}

	/** An update of a created contact; stamps never go back. */
	update(id: string, at: number, visibleAt: number) {
		const before = this.latest(id);
		if (!before || before.updatedAt > at) return;
		this.versions.push({ ...before, updatedAt: at, visibleAt: Math.max(visibleAt, before.visibleAt) });
	}

	read(now: number, since: number, to: number): Version[] {
		return [...new Set(this.versions.map((version) => version.id))]
			.map((id) => this.latest(id, now))
			.filter((version): version is Version => version !== undefined && version.updatedAt >= since && version.updatedAt <= to);
	}
}

const overlapSeconds = fc.oneof(fc.constantFrom(0, 1, 120), fc.integer({ min: 0, max: 300 }));

const operation = fc.record({
	kind: fc.constantFrom('create', 'update', 'update'),
	id: fc.integer({ min: 1, max: 20 }),
	/** Where in the gap before the coming poll it is made (0: just after the previous poll, 1: at the coming one). */
	fraction: fc.double({ min: 0, max: 1, noNaN: true }),
	/** Seconds it is stamped before it shows up in the API (capped at the overlap). */
	lateSeconds: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.integer({ min: 1, max: 300 }) }),
});

const scenario = fc.record({
	overlap: overlapSeconds,
	activationMs: fc.integer({ min: 0, max: 999 }),
	startFromSecondsBefore: fc.option(fc.integer({ min: 0, max: 4000 }), { freq: 4 }),
	/** Contacts created before activation (ids 21…), seconds before its second: some after Start From. */
	before: fc.array(fc.integer({ min: 1, max: 5000 }), { maxLength: 5 }),
	steps: fc.array(
		fc.record({
			gapMs: fc.oneof(
				fc.integer({ min: 0, max: 999 }),
				fc.integer({ min: 1000, max: 10 * SECOND }),
				fc.integer({ min: 10 * SECOND, max: 10 * MINUTE }),
				fc.integer({ min: 10 * MINUTE, max: 3 * HOUR }),
			),
			operations: fc.array(operation, { maxLength: 5 }),
			fails: fc.nat(5).map((n) => n === 0),
			restartBefore: fc.nat(7).map((n) => n === 0),
		}),
		{ minLength: 1, maxLength: 25 },
	),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function run(s: Scenario) {
	const list = new ContactList();
	const overlapMs = s.overlap * SECOND;
	let now = T0 + s.activationMs;
	const startFromMs = s.startFromSecondsBefore === null ? undefined : now - s.startFromSecondsBefore * SECOND;
	const floor = startFromMs === undefined ? secondOf(now) : Math.ceil(startFromMs / SECOND) * SECOND;
	s.before.forEach((secondsBefore, index) => list.create(String(21 + index), secondOf(now) - secondsBefore * SECOND, now));

	let state: PollState = {};
	let saved: PollState = {};
	const emitted: Change[] = [];
	/** One poll as pollList runs it; n8n saves the static data when a poll emits (and at activation). */
	const poll = (fails = false) => {
		const plan = planPoll(state, now, overlapMs, startFromMs);
		state = plan.state;
		if (!plan.window || fails) return;
		const listed = list.read(now, plan.window.since, plan.window.to);
		const changes = stampedWithin(
			plan.window,
			listed.map((version) => changeOf(version.id, version.createdAt, { id: version.id })),
		);
		const read = completeRead(state, plan.window, changes, overlapMs, now);
		state = read.state;
		emitted.push(...read.handled);
		if (read.handled.length > 0) saved = JSON.parse(JSON.stringify(state));
	};

	poll();
	saved = JSON.parse(JSON.stringify(state));
	for (const step of s.steps) {
		const previous = now;
		now += step.gapMs;
		for (const op of step.operations) {
			const shownAt = Math.min(now, previous + 1 + Math.floor(op.fraction * (now - previous)));
			const at = secondOf(shownAt) - Math.min(op.lateSeconds, s.overlap) * SECOND;
			if (op.kind === 'create') list.create(String(op.id), at, shownAt);
			else list.update(String(op.id), at, shownAt);
		}
		if (step.restartBefore) state = JSON.parse(JSON.stringify(saved));
		poll(step.fails);
	}
	// A last poll well after everything: whatever is owed must have been emitted by then.
	now += (s.overlap + 2) * SECOND;
	poll();
	return { list, emitted, floor };
}

describe('Contact Created on the cursor (property)', () => {
	test('every contact created at or after the starting point is emitted once, by its creation second; no update is a creation', () => {
		fc.assert(
			fc.property(scenario, (s) => {
				const { list, emitted, floor } = run(s);
				const owed = [...new Set(list.versions.map((version) => version.id))]
					.map((id) => list.latest(id)!)
					.filter((version) => version.createdAt >= floor)
					.map((version) => changeOf(version.id, version.createdAt, {}).key)
					.sort();
				expect(emitted.map((change) => change.key).sort()).toEqual(owed);
			}),
			propertyRuns(1000),
		);
	});

	test('without the filter, an update of a contact created before the window is emitted as a creation', () => {
		const list = new ContactList();
		list.create('7', T0 - HOUR, T0 - HOUR);
		list.update('7', T0 + 5 * SECOND, T0 + 5 * SECOND);
		const window = { since: T0, to: T0 + 10 * SECOND };
		const changes = list.read(window.to, window.since, window.to).map((version) => changeOf(version.id, version.createdAt, {}));
		expect(changes).toHaveLength(1);
		expect(stampedWithin(window, changes)).toEqual([]);
	});
});
