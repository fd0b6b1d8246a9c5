/**
 * Bounded polls, through n8n-core's PollContext and the fake platform: a 40-day
 * catch-up under a small poll budget (what n8n's durable scheduler hands the node through
 * getPollBudgetMs()) ends over several polls, every change once, oldest first; each poll's
 * static data is exactly where the next poll goes on. A poll stuck in a recording download
 * stops waiting for it within its budget, and one overtaken by the next poll (n8n's in-memory
 * scheduler starts it after a quarter of the budget, pollLock.ts) writes and emits nothing.
 * Registered by trigger.test.ts (one n8n load for the folder's runner), with a fake of its own.
 */
import { sleep, type IDataObject } from 'n8n-workflow';
import type { CallRec, FakePlatform } from '../../../tools/fake-platform';
import { clockedNow, useTestClock } from '../helpers/clock';
import { instantOf } from '../helpers/platform-clock';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, TriggerRun } from '../../../tools/engine-harness/harness';

describe('bounded polls: a catch-up under a small poll budget, a poll stuck or overtaken', () => {
	let platform: FakePlatform;

	const clock = useTestClock();
	useFakePlatform((started) => (platform = started), { now: clockedNow, size: { tickets: 4000 } });

	const DAY = 86_400_000;
	const STATE_KEY = 'node:Customer Care Trigger';
	const second = (ms: number) => Math.floor(ms / 1000) * 1000;
	const LIST = '/acme/api/v2/tickets';

	/** Every ticket updated once during a 40-day outage, oldest id first, some sharing a second. */
	function outage(downSince: number): Array<{ id: number; at: number }> {
		const tickets = platform.store.tickets.map((ticket) => ticket.ticket_id);
		const step = Math.floor((39 * DAY) / tickets.length / 1000) * 1000;
		return tickets.map((id, index) => {
			const at = downSince + 60_000 + Math.floor(index / 3) * 3 * step;
			platform.store.updateTicket(id, { ticket_subject: `outage ${index}` }, at);
			return { id, at };
		});
	}

	function triggerDownSince(downSince: number, budgetMs: number | null) {
		const run = new TriggerRun({ event: 'ticketUpdated', options: { simplify: false } }, accountOf(platform));
		run.persisted = { [STATE_KEY]: { cursor: downSince, floor: downSince, remembersFrom: downSince, seen: {} } };
		run.restart();
		run.pollBudgetMs = budgetMs;
		return run;
	}

	/** The list windows a poll read to their end (page 1 alone held them, or every page was asked for). */
	function windowsRead(requests: ReturnType<FakePlatform['requests']>) {
		const list = requests.filter((request) => request.path === LIST);
		const byWindow = new Map<string, { since: number; to: number; numFound: number; pages: Set<number> }>();
		for (const request of list) {
			const key = `${request.query.updated_since}|${request.query.updated_to}`;
			const window = byWindow.get(key) ?? {
				since: instantOf(String(request.query.updated_since), { platform }),
				to: instantOf(String(request.query.updated_to), { platform }),
				numFound: Number((request.response as IDataObject).numFound),
				pages: new Set<number>(),
			};
			window.pages.add(Number(request.query.page));
			byWindow.set(key, window);
		}
		return [...byWindow.values()].filter((window) => window.pages.size >= Math.ceil(window.numFound / 500));
	}

	test('a 40-day catch-up with a 1 s budget ends over several polls: every change once, oldest first', async () => {
		const downSince = second(Date.now() - 40 * DAY);
		const changes = outage(downSince);
		// Every list request takes 150 ms: a 1 s budget (n8n's, for a 2 s poll timeout) holds a few.
		platform.inject({ kind: 'latency', ms: 150, path: LIST });
		const run = triggerDownSince(downSince, 1000);

		const emitted: Array<{ id: number; at: number }> = [];
		const polls: Array<{ emitted: number; requests: number }> = [];
		let state = run.persisted[STATE_KEY] as IDataObject;
		for (let poll = 0; poll < 40 && emitted.length < changes.length; poll++) {
			platform.clearLog();
			const items = (await run.poll()) ?? [];
			const requests = platform.requests().filter((request) => request.path === LIST);
			polls.push({ emitted: items.length, requests: requests.length });
			emitted.push(...items.map((item) => ({ id: Number(item.ticket_id), at: instantOf(String(item.updated_at), { platform }) })));

			// This poll went on exactly where the static data it was given left off (the 40-day-old
			// seconds are settled, so nothing is read twice) ...
			const first = requests[0];
			expect(instantOf(String(first.query.updated_since), { platform })).toBe(
				Math.max(Number(state.remembersFrom), Number(state.cursor) - 120_000),
			);
			// ... and what it keeps is the end of the last window it read whole.
			const next = run.state;
			const lastRead = Math.max(...windowsRead(platform.requests()).map((window) => window.to));
			expect(next.cursor).toBe(lastRead);
			expect(run.persisted[STATE_KEY]).toEqual(next);
			state = JSON.parse(JSON.stringify(next)) as IDataObject;
			clock.advance(60_000);
		}

		expect(polls.length).toBeGreaterThanOrEqual(3);
		expect(polls.every((poll) => poll.emitted > 0 && poll.requests <= 20)).toBe(true);
		// Every change exactly once, oldest first across all polls.
		expect(emitted).toHaveLength(changes.length);
		expect(new Set(emitted.map((change) => change.id)).size).toBe(changes.length);
		const order = (a: { id: number; at: number }, b: { id: number; at: number }) => a.at - b.at || a.id - b.id;
		expect(emitted).toEqual([...changes].sort(order));
		expect(await run.poll()).toBeNull();
	});

	test('without getPollBudgetMs (n8n before 2.40) the default budget applies and a catch-up still ends', async () => {
		const downSince = second(Date.now() - 40 * DAY);
		const changes = outage(downSince);
		const run = triggerDownSince(downSince, null);

		const emitted: number[] = [];
		let polls = 0;
		for (; polls < 10 && emitted.length < changes.length; polls++) {
			emitted.push(...((await run.poll()) ?? []).map((item) => Number(item.ticket_id)));
			clock.advance(60_000);
		}
		// 4,000 changes, 8 pages and 2 windows: well within 20 requests and the default 30 s.
		expect(polls).toBe(1);
		expect(emitted).toEqual([...changes].sort((a, b) => a.at - b.at || a.id - b.id).map((change) => change.id));
	});

	describe('a poll stuck in a recording download', () => {
		const MINUTE = 60_000;
		/** n8n-core's budget where the scheduler gives none (the in-memory scheduler's): 5 minutes, enforced by nothing. */
		const IN_MEMORY_BUDGET_MS = 5 * MINUTE;
		const CALLS = '/api/v1/calls';
		const iso = (ms: number) => new Date(second(ms)).toISOString().replace('.000Z', 'Z');
		const fileRequests = (call: CallRec) => platform.requests({ path: `/recordings/${call.call_id}.mp3` });
		const calledAt = (items: IDataObject[] | null, calls: CallRec[]) =>
			(items ?? []).map((item) => String(item.call_id)).filter((id) => calls.some((call) => call.call_id === id));

		// Call times in the account's zone, as the 5-minute rule of recordings reads them (call/recording.ts).
		beforeAll(() => platform.setAnswerForms({ callZone: null }));

		/** Call Ended with Download Recording, from 20 minutes back, on n8n-core's default budget. */
		function callTrigger() {
			const options = { downloadRecording: true, simplify: false, startFrom: iso(Date.now() - 20 * MINUTE) };
			return new TriggerRun({ event: 'callEnded', options }, accountOf(platform), 'stuck-download');
		}

		/** A call answered by an agent that ended `agoMs` ago (its recording exists 5 minutes after). */
		const answeredCall = (agoMs: number) =>
			platform.store.createCall({ call_status: 'meetAgent', talk_time: 95 }, second(Date.now() - agoMs));

		/** Resolves once `done()` holds, looking every 10 ms of real time. */
		async function until(done: () => boolean) {
			for (let tries = 0; !done(); tries++) {
				if (tries > 1000) throw new Error('waited 10 s in vain');
				await sleep(10);
			}
		}

		test('past its budget it stops waiting for the file: the call is emitted without it, said why, and the cursor moves', async () => {
			const call = answeredCall(10 * MINUTE);
			// The recording host answers after 15 s of real time; the test clock is past the budget long before.
			platform.inject({ kind: 'latency', ms: 15_000, path: `/recordings/${call.call_id}.mp3`, times: 1 });
			const run = callTrigger();
			const polled = run.poll();
			await until(() => fileRequests(call).length === 1);
			clock.advance(IN_MEMORY_BUDGET_MS);

			const items = await polled;
			// The poll ended while the file was still on its way.
			expect(fileRequests(call)[0].answeredAt).toBe(0);
			expect(calledAt(items, [call])).toEqual([call.call_id]);
			const item = run.lastItems.find((emitted) => emitted.json.call_id === call.call_id)!;
			expect(item.binary).toBeUndefined();
			expect(item.json.recording).toEqual({ available: false, reason: expect.stringMatching(/^Not downloaded: this poll's time ran out while the file was coming/) });
			expect(run.state.cursor).toBeGreaterThan(call.end_time);
			clock.advance(MINUTE);
			expect(calledAt(await run.poll(), [call])).toEqual([]);
		});

		test('overtaken by the next poll, it ends after it: it emits nothing, the cursor stays where the next poll moved it, every call once', async () => {
			// Each file is given up after its own Timeout (30 s in a trigger, fileBounds.ts): three stuck
			// files hold the first poll past the quarter of its budget that the next poll waits for it.
			const stuckCalls = [answeredCall(12 * MINUTE), answeredCall(11 * MINUTE), answeredCall(10 * MINUTE)];
			for (const call of stuckCalls) platform.inject({ kind: 'latency', ms: 15_000, path: `/recordings/${call.call_id}.mp3`, times: 1 });
			const stuck = stuckCalls[0];
			const lastStuck = stuckCalls[2];
			const run = callTrigger();
			const emitted: string[] = [];
			const cursors: number[] = [];

			// The first poll reads the calls and waits for the first stuck call's file.
			const first = run.poll();
			await until(() => fileRequests(stuck).length === 1);

			// A call ends while it waits; the next tick's poll waits a quarter of the budget for the
			// first (pollLock.ts), then reads from the same state: both calls, the stuck one's file at once.
			clock.advance(30_000);
			const later = answeredCall(0);
			const listReads = () => platform.requests({ path: CALLS }).length;
			const readsBefore = listReads();
			const second = run.poll();
			await until(() => {
				if (listReads() > readsBefore) return true;
				clock.advance(1000);
				return false;
			});
			emitted.push(...calledAt(await second, [...stuckCalls, later]));
			expect(emitted).toEqual([...stuckCalls, later].map((call) => call.call_id));
			const overtaken = run.lastItems.find((item) => item.json.call_id === stuck.call_id)!;
			expect(overtaken.json.recording).toEqual({ available: true, binaryProperty: 'data' });
			cursors.push(Number(run.state.cursor));

			// The first poll's budget runs out: it gives up the file and ends, after the second committed.
			clock.advance(IN_MEMORY_BUDGET_MS);
			const firstItems = await first;
			const fileAnswered = fileRequests(lastStuck)[0].answeredAt > 0;
			emitted.push(...calledAt(firstItems, [...stuckCalls, later]));
			cursors.push(Number(run.state.cursor));

			// The poll after them reads on from the second poll's cursor: neither call again.
			clock.advance(MINUTE);
			emitted.push(...calledAt(await run.poll(), [...stuckCalls, later]));
			cursors.push(Number(run.state.cursor));

			expect(emitted).toEqual([...stuckCalls, later].map((call) => call.call_id));
			expect(cursors[1]).toBe(cursors[0]);
			expect(cursors[2]).toBeGreaterThanOrEqual(cursors[1]);
			expect(firstItems).toBeNull();
			// It ended by its budget, not by the file's answer.
			expect(fileAnswered).toBe(false);
		});
	});
});
