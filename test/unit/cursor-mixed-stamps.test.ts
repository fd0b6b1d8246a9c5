/**
 * Red team, issue 23 "the trigger emits each change exactly once whatever its stamp": a read
 * whose stamps are NOT shifted by one common offset. The API lists a record by its true time;
 * one record's stamp lags (stamped 10 days back), the others are right. Driven the way the
 * trigger drives the cursor (planPoll → read → completeRead), polls a minute apart, overlap 120 s.
 */
import { changeOf, completeRead, planPoll, type PollState } from '../../nodes/CustomerCareTrigger/cursor';

const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;
const OVERLAP = 120 * SECOND;

// Was a FINDING: rememberUntil() bounded a stamp's offset by the read's latest stamp (one
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
