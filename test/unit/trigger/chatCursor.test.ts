/**
 * New Chat Message's state, driven through the very functions the poll runs (planChatPoll,
 * readChannelParts, completeChatRead) over random message streams: conversations on three
 * channels that start at random times, messages appended to them over the polls (indexes with
 * gaps, reaching the list in any order, some stamped before the poll that precedes them), polls
 * that fail, reads cut short by the budget, and conversations that leave the lookback.
 *
 * The oracle, written here from the event's promise (docs/operations.md#new-chat-message): a
 * message is due when a poll after the first one could see it while its conversation started
 * within the lookback, it is stamped at or after the activation, and the first poll did not
 * already list it. No message is emitted twice, ever; with whole reads every due message is
 * emitted, in its poll, oldest first (time, conversation, index); with reads cut short, every
 * message still due at a last whole poll is emitted by then.
 *
 * Replay: FC_SEED=… FC_PATH="…" npx jest test/unit/trigger/chatCursor.test.ts; FC_RUNS sets the count.
 */
import fc from 'fast-check';

import {
	addToRanges,
	completeChatRead,
	inRanges,
	planChatPoll,
	readChannelParts,
	type ChatMessage,
	type ChatState,
} from '../../../nodes/CustomerCareTrigger/chatCursor';
import { propertyRuns } from '../helpers/property';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const T0 = Date.UTC(2026, 10, 28, 8, 0, 0) + 317;
const CHANNELS = [0, 1, 3];

interface ModelMessage {
	channel: number;
	conversation: number;
	index: number;
	/** Whole seconds. */
	start: number;
	at: number;
	/** When the list starts to show it. */
	visibleAt: number;
}

interface Schedule {
	lookbackMs: number;
	/** Poll instants, increasing; the first one activates. */
	polls: number[];
	/** Per poll: it fails after reading (the state stays). */
	fails: boolean[];
	/** Per poll and part read: where a cut-short read stops (a share of the part; ≥ 1 reads it whole). */
	cuts: number[];
	messages: ModelMessage[];
}

const whole = (ms: number) => Math.floor(ms / SECOND) * SECOND;

const scheduleArb: fc.Arbitrary<Schedule> = fc
	.record({
		lookbackHours: fc.integer({ min: 1, max: 6 }),
		gapsSeconds: fc.array(fc.integer({ min: 1, max: 3 * 3600 }), { minLength: 2, maxLength: 10 }),
		fails: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
		cuts: fc.array(fc.double({ min: -0.2, max: 1.5, noNaN: true }), { minLength: 40, maxLength: 40 }),
		conversations: fc.array(
			fc.record({
				channel: fc.constantFrom(...CHANNELS),
				id: fc.integer({ min: 1, max: 5 }),
				startSeconds: fc.integer({ min: -4 * 3600, max: 12 * 3600 }),
				messages: fc.array(
					fc.record({
						index: fc.integer({ min: 0, max: 40 }),
						afterStartSeconds: fc.integer({ min: 0, max: 8 * 3600 }),
						lateSeconds: fc.integer({ min: 0, max: 2 * 3600 }),
					}),
					{ maxLength: 8 },
				),
			}),
			{ maxLength: 6 },
		),
	})
	.map(({ lookbackHours, gapsSeconds, fails, cuts, conversations }) => {
		const polls: number[] = [];
		let now = T0;
		for (const gap of gapsSeconds) polls.push((now += gap * SECOND));
		const messages: ModelMessage[] = [];
		const used = new Set<string>();
		for (const conversation of conversations) {
			const key = `${conversation.channel}:${conversation.id}`;
			if (used.has(key)) continue;
			used.add(key);
			const start = whole(T0 + conversation.startSeconds * SECOND);
			const indexes = new Set<number>();
			for (const message of conversation.messages) {
				if (indexes.has(message.index)) continue;
				indexes.add(message.index);
				const at = start + message.afterStartSeconds * SECOND;
				messages.push({
					channel: conversation.channel,
					conversation: conversation.id,
					index: message.index,
					start,
					at,
					visibleAt: at + message.lateSeconds * SECOND,
				});
			}
		}
		return { lookbackMs: lookbackHours * HOUR, polls, fails, cuts, messages };
	});

const keyOf = (message: { channel: number; conversation: number; index: number }) =>
	`${message.channel}:${message.conversation}#${message.index}`;

/** The list: one channel's messages visible at `now` whose conversation started within [since, to]. */
function listed(schedule: Schedule, channel: number, since: number, to: number, now: number): ChatMessage[] {
	return schedule.messages
		.filter((m) => m.channel === channel && m.visibleAt <= now && m.start >= since && m.start <= to)
		.map((m) => ({
			conversation: `${m.channel}:${m.conversation}`,
			conversationId: String(m.conversation),
			index: m.index,
			at: m.at,
			startedAt: m.start,
			record: { key: keyOf(m) },
		}));
}

const orderOf = (m: ModelMessage) => [m.at, m.conversation, m.index];

/** Runs the schedule, cutting short the reads of the polls `cutsIn` names. Returns what each poll emitted. */
async function run(schedule: Schedule, cutsIn: (n: number) => boolean) {
	let state: ChatState | undefined;
	let cutAt = 0;
	const emittedByPoll: string[][] = [];
	for (const [n, now] of schedule.polls.entries()) {
		const plan = planChatPoll(state, now, schedule.lookbackMs, CHANNELS);
		const reads = [];
		for (const channel of plan.channels) {
			reads.push(
				await readChannelParts(channel, async (part) => {
					const share = cutsIn(n) ? schedule.cuts[cutAt++ % schedule.cuts.length] : 1;
					if (share >= 1) return { messages: listed(schedule, channel.channel, part.since, part.to, now), to: part.to };
					if (share < 0) return { messages: [] };
					const to = part.since + whole((part.to - part.since) * share);
					return { messages: listed(schedule, channel.channel, part.since, to, now), to };
				}),
			);
		}
		const outcome = completeChatRead(plan, reads);
		// A poll that fails after its read leaves the state as it was and emits nothing.
		if (failsAt(schedule, n)) {
			emittedByPoll.push([]);
			continue;
		}
		state = outcome.state;
		emittedByPoll.push(outcome.emitted.map((message) => String(message.record.key)));
	}
	return Object.assign(emittedByPoll, { state });
}

const failsAt = (schedule: Schedule, n: number) => n > 0 && schedule.fails[n % schedule.fails.length];
const successfulPolls = (schedule: Schedule) => schedule.polls.map((_, n) => n).filter((n) => !failsAt(schedule, n));

/** The messages due at a successful later poll, by the event's promise (the first poll's own view aside). */
function due(schedule: Schedule, successful: number[]): Set<string> {
	const [first, ...later] = successful.map((n) => schedule.polls[n]);
	const from = whole(first);
	const within = (m: ModelMessage, now: number) =>
		m.start >= Math.min(whole(now - schedule.lookbackMs), whole(now) - SECOND) && m.start <= whole(now);
	const baseline = new Set(schedule.messages.filter((m) => m.visibleAt <= first && within(m, first)).map(keyOf));
	return new Set(
		schedule.messages
			.filter((m) => m.at >= from && !baseline.has(keyOf(m)) && later.some((now) => m.visibleAt <= now && within(m, now)))
			.map(keyOf),
	);
}

describe('New Chat Message state (chatCursor.ts)', () => {
	test('whole reads: every due message is emitted exactly once, in the first poll that can see it, oldest first; nothing else', async () => {
		await fc.assert(
			fc.asyncProperty(scheduleArb, async (schedule) => {
				const emittedByPoll = await run(schedule, () => false);
				const all = emittedByPoll.flat();
				// Bounded: the state keeps only the conversations started within the last lookback read.
				const lastRead = successfulPolls(schedule).map((n) => schedule.polls[n]).pop()!;
				for (const seen of Object.values(emittedByPoll.state?.conversations ?? {}))
					expect(seen.s * SECOND).toBeGreaterThanOrEqual(Math.min(whole(lastRead - schedule.lookbackMs), whole(lastRead) - SECOND));
				expect(new Set(all).size).toBe(all.length);
				expect(new Set(all)).toEqual(due(schedule, successfulPolls(schedule)));
				const byKey = new Map(schedule.messages.map((m) => [keyOf(m), m]));
				for (const keys of emittedByPoll) {
					const order = keys.map((key) => orderOf(byKey.get(key)!));
					const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
					expect(order).toEqual(sorted);
				}
			}),
			propertyRuns(1000),
		);
	});

	test('reads cut short by the budget: never a message twice, never one not due; a last whole poll emits every message still due', async () => {
		await fc.assert(
			fc.asyncProperty(scheduleArb, async (given) => {
				const last = given.polls[given.polls.length - 1] + SECOND;
				// One more poll, a second after the last, that reads whole and does not fail.
				const schedule = { ...given, polls: [...given.polls, last], fails: [...given.fails.slice(0, given.polls.length), false] };
				const lastIndex = given.polls.length;
				const all = (await run(schedule, (n) => n < lastIndex)).flat();
				expect(new Set(all).size).toBe(all.length);
				const dueSet = due(schedule, successfulPolls(schedule));
				for (const key of all) expect(dueSet.has(key)).toBe(true);
				const stillDue = schedule.messages.filter(
					(m) => dueSet.has(keyOf(m)) && m.visibleAt <= last && m.start >= whole(last - schedule.lookbackMs) && m.start <= whole(last),
				);
				for (const m of stillDue) expect(all).toContain(keyOf(m));
			}),
			propertyRuns(1000),
		);
	});
});

describe('New Chat Message state with Lookback (Hours) edited between polls', () => {
	test('a lookback raised, lowered and raised again over the polls: never a message twice', async () => {
		await fc.assert(
			fc.asyncProperty(scheduleArb, fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 12, maxLength: 12 }), async (schedule, hours) => {
				let state: ChatState | undefined;
				const all: string[] = [];
				for (const [n, now] of schedule.polls.entries()) {
					const plan = planChatPoll(state, now, hours[n] * HOUR, CHANNELS);
					const reads = [];
					for (const channel of plan.channels) {
						reads.push(
							await readChannelParts(channel, async (part) => ({
								messages: listed(schedule, channel.channel, part.since, part.to, now),
								to: part.to,
							})),
						);
					}
					const outcome = completeChatRead(plan, reads);
					state = outcome.state;
					all.push(...outcome.emitted.map((message) => String(message.record.key)));
				}
				expect(all.filter((key, at) => all.indexOf(key) !== at)).toEqual([]);
			}),
			propertyRuns(1000),
		);
	});
});

describe('message_index ranges', () => {
	test('a number is in the ranges exactly when it was added, whatever the order and the gaps', () => {
		fc.assert(
			fc.property(fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }), fc.integer({ min: 0, max: 60 }), (added, probe) => {
				let ranges: number[] | undefined;
				for (const n of added) ranges = addToRanges(ranges, n);
				expect(inRanges(ranges, probe)).toBe(added.includes(probe));
				// Merged: sorted, disjoint, not adjacent.
				for (let k = 2; k < (ranges?.length ?? 0); k += 2) expect(ranges![k]).toBeGreaterThan(ranges![k - 1] + 1);
			}),
			propertyRuns(1000),
		);
	});
});
