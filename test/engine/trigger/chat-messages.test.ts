// @modes: spec strict backoff
/**
 * New Chat Message run by n8n-core (PollContext + TriggersAndPollers) against the fake platform,
 * messages added through its control hook between polls, on a test clock that jumps. The message
 * list filters on the conversation's start (docs/api.md#chats): a message written in a
 * conversation that started hours before the last poll must still be emitted, once.
 */
import { FakePlatform } from '../../../tools/fake-platform';
import { clockedNow, useTestClock } from '../helpers/clock';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, TriggerRun } from '../../../tools/engine-harness/harness';
import type { IDataObject } from 'n8n-workflow';

const MESSAGES_PATH = '/acme/api/v1/chats/messages';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('Customer Care Trigger: New Chat Message', () => {
	let platform: FakePlatform;

	const clock = useTestClock();
	useFakePlatform((started) => (platform = started), { now: clockedNow });

	function trigger(parameters: IDataObject = {}) {
		return new TriggerRun({ event: 'newChatMessage', options: { simplify: false }, ...parameters }, accountOf(platform));
	}

	/** A message added through the fake's control hook, as the list answers it. */
	async function write(body: IDataObject): Promise<IDataObject> {
		const answer = await fetch(`${platform.baseUrl}/__control/chats/messages`, { method: 'POST', body: JSON.stringify(body) });
		expect(answer.status).toBe(200);
		return ((await answer.json()) as { message: IDataObject }).message;
	}

	const listRequests = () => platform.requests({ path: MESSAGES_PATH });
	const channelsAsked = () => listRequests().map((request) => request.query.conversation_type);
	const ids = (items: IDataObject[] | null) => (items ?? []).map((item) => item.id);

	test('the first poll emits nothing and asks each channel explicitly: Live Chat (0), Messenger/Instagram (1), Zalo (3)', async () => {
		const run = trigger();
		expect(await run.poll()).toBeNull();
		expect([...channelsAsked()].sort()).toEqual(['0', '1', '3']);
		for (const request of listRequests()) {
			expect(request.query.count).toBe('500');
			expect(request.query.start_time_since).toBeDefined();
		}
		expect(run.state.chats).toBeDefined();
	});

	test('a message written in a conversation that started hours earlier is emitted once, and not by the next poll', async () => {
		// A Zalo conversation started 5 hours ago, its first message then.
		const opening = await write({ conversation_type: 3, content: 'Xin chào', from: 'customer', at: Date.now() - 5 * HOUR });
		const run = trigger();
		expect(await run.poll()).toBeNull();

		clock.advance(MINUTE);
		const cancel = await write({ conversation_id: opening.conversation_id, content: 'huỷ đơn', from: 'customer' });
		clock.advance(MINUTE);
		platform.clearLog();
		const items = await run.poll();
		expect(ids(items)).toEqual([cancel.id]);
		expect(items![0]).toMatchObject({ content: 'huỷ đơn', conversation_id: opening.conversation_id, conversation_type: 3 });
		// Found under its conversation's start, 5 hours back: a window over the last minute would miss it.
		expect(channelsAsked().sort()).toEqual(['0', '1', '3']);

		// Nothing new: nothing emitted, and the static data not written (its generation unchanged).
		const settled = JSON.stringify(run.state);
		clock.advance(MINUTE);
		expect(await run.poll()).toBeNull();
		expect(JSON.stringify(run.state)).toBe(settled);
	});

	test('Channel Zalo asks Zalo alone and emits its messages only', async () => {
		const run = trigger({ channel: 'zalo' });
		expect(await run.poll()).toBeNull();
		expect(channelsAsked()).toEqual(['3']);

		clock.advance(MINUTE);
		await write({ conversation_type: 0, content: 'on the web chat', from: 'customer' });
		const zalo = await write({ conversation_type: 3, content: 'on Zalo', from: 'customer' });
		clock.advance(MINUTE);
		platform.clearLog();
		expect(ids(await run.poll())).toEqual([zalo.id]);
		expect(channelsAsked()).toEqual(['3']);
	});

	test('messages of several conversations and channels come oldest first, each once', async () => {
		const run = trigger();
		expect(await run.poll()).toBeNull();
		const started = Date.now();
		const a = await write({ conversation_type: 1, content: 'first', from: 'customer', at: started + 1000 });
		const b = await write({ conversation_type: 0, content: 'second', from: 'customer', at: started + 2000 });
		const c = await write({ conversation_id: a.conversation_id, content: 'third', from: 'agent', at: started + 3000 });
		clock.set(started + 10_000);
		expect(ids(await run.poll())).toEqual([a.id, b.id, c.id]);
		expect(await run.poll()).toBeNull();
	});

	test('a poll that fails on page 2 emits nothing and keeps its state; the next poll emits every message once', async () => {
		const opening = await write({ conversation_type: 0, content: 'start', from: 'customer', at: Date.now() - 2 * HOUR });
		const run = trigger({ channel: 'liveChat' });
		expect(await run.poll()).toBeNull();
		const before = JSON.stringify(run.state);

		const at = Math.floor(Date.now() / 1000) * 1000 + 1000;
		const written: number[] = [];
		for (let n = 0; n < 620; n++) {
			const { message } = platform.store.addChatMessage({ conversation_id: Number(opening.conversation_id), content: `line ${n}`, from: 'customer' }, at + n * 1000);
			written.push(message.id);
		}
		clock.set(at + 700 * 1000);
		// Every try after page 1 fails (a lone 500 is retried and would not fail the poll).
		platform.inject({ kind: 'status', status: 500, message: 'Server Error', path: MESSAGES_PATH, skip: 1 });
		await expect(run.poll()).rejects.toThrow('HTTP 500');
		expect(JSON.stringify(run.state)).toBe(before);
		platform.clearFaults();

		const items = await run.poll();
		expect(ids(items)).toEqual(written);
		expect(await run.poll()).toBeNull();
	});

	test('Simplify (the default) shapes a message as Get Many Messages does: who wrote it, the text, the channel, the time in the account\'s zone', async () => {
		const run = new TriggerRun({ event: 'newChatMessage', channel: 'zalo' }, accountOf(platform));
		expect(await run.poll()).toBeNull();
		const opening = await write({ conversation_type: 3, content: 'Xin chào', from: 'customer', at: Date.now() - 3 * HOUR });
		clock.advance(MINUTE);
		const message = await write({ conversation_id: opening.conversation_id, content: 'huỷ đơn', from: 'customer' });
		clock.advance(MINUTE);
		const items = await run.poll();
		expect(items).toHaveLength(1);
		// docs/operations.md#chat: the simplified message.
		expect(items![0]).toMatchObject({
			id: message.id,
			conversation_id: opening.conversation_id,
			channel: 'Zalo',
			from: 'customer',
			text: 'huỷ đơn',
			zalo_account: message.oa_name,
		});
		// The fake's zone-less local time, in the account's zone (UTC+7).
		expect(String(items![0].time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/);
		expect(Date.parse(String(items![0].time))).toBe(Math.floor(Date.parse(String(items![0].time)) / 1000) * 1000);
		expect(items![0]).not.toHaveProperty('content');
	});

	test('a platform that answers Live Chat to every channel: the poll fails naming it and keeps its state; none is emitted twice', async () => {
		const run = trigger();
		expect(await run.poll()).toBeNull();
		const live = await write({ conversation_type: 0, content: 'web chat', from: 'customer' });
		clock.advance(MINUTE);
		const before = JSON.stringify(run.state);
		platform.inject({ kind: 'ignoreParameter', parameter: 'conversation_type', path: MESSAGES_PATH });
		await expect(run.poll()).rejects.toThrow('The platform answered Live Chat messages (conversation_type 0) to a request for Messenger/Instagram (conversation_type=1)');
		expect(JSON.stringify(run.state)).toBe(before);
		platform.clearFaults();
		expect(ids(await run.poll())).toEqual([live.id]);
		expect(await run.poll()).toBeNull();
	});

	test('a platform that ignores the channel and sends no conversation_type: the poll fails naming the message answered for two channels, and emits none twice', async () => {
		const run = trigger();
		expect(await run.poll()).toBeNull();
		const live = await write({ conversation_type: 0, content: 'web chat', from: 'customer' });
		clock.advance(MINUTE);
		const before = JSON.stringify(run.state);
		platform.inject({ kind: 'ignoreParameter', parameter: 'conversation_type', omitField: 'conversation_type', path: MESSAGES_PATH });
		await expect(run.poll()).rejects.toThrow(
			/^The platform answered message \d+ to the requests for Live Chat \(conversation_type=0\) and for Messenger\/Instagram \(conversation_type=1\): it did not apply the channel filter$/,
		);
		expect(JSON.stringify(run.state)).toBe(before);
		platform.clearFaults();
		expect(ids(await run.poll())).toEqual([live.id]);
		expect(await run.poll()).toBeNull();
	});

	test('Lookback (Hours) 720 reads one window per channel, under the 30 days the list takes; 721 is refused before any request', async () => {
		const run = trigger({ options: { simplify: false, lookbackHours: 720 } });
		expect(await run.poll()).toBeNull();
		// One window per channel (its pages all ask the same range).
		const windows = new Set(listRequests().map((r) => `${r.query.conversation_type} ${r.query.start_time_since} ${r.query.start_time_to}`));
		expect([...windows].map((window) => window.split(' ')[0]).sort()).toEqual(['0', '1', '3']);
		for (const request of listRequests()) {
			const span = Date.parse(String(request.query.start_time_to)) - Date.parse(String(request.query.start_time_since));
			expect(span).toBeLessThan(30 * 24 * HOUR);
			expect(span).toBeGreaterThanOrEqual(30 * 24 * HOUR - 1000);
		}

		platform.clearLog();
		const tooFar = trigger({ options: { simplify: false, lookbackHours: 721 } });
		await expect(tooFar.poll()).rejects.toThrow('Lookback (Hours) is 721; a number of hours more than 0 and at most 720 is allowed');
		expect(listRequests()).toHaveLength(0);
	});

	test('raising Lookback (Hours) after a conversation left the lookback does not emit its messages again', async () => {
		const opening = await write({ conversation_type: 3, content: 'Xin chào', from: 'customer', at: Date.now() - HOUR });
		const short = trigger({ channel: 'zalo', options: { simplify: false, lookbackHours: 2 } });
		expect(await short.poll()).toBeNull();
		clock.advance(MINUTE);
		const cancel = await write({ conversation_id: opening.conversation_id, content: 'huỷ đơn', from: 'customer' });
		clock.advance(MINUTE);
		expect(ids(await short.poll())).toEqual([cancel.id]);
		// Three hours on, the conversation (started 1 h before activation) has left the 2 h lookback.
		clock.advance(3 * HOUR);
		const later = await write({ conversation_type: 3, content: 'another customer', from: 'customer' });
		clock.advance(MINUTE);
		expect(ids(await short.poll())).toEqual([later.id]);

		// The user raises the lookback to keep longer Zalo threads (docs/operations.md#new-chat-message advises it).
		const raised = trigger({ channel: 'zalo', options: { simplify: false, lookbackHours: 24 } });
		raised.persisted = JSON.parse(JSON.stringify(short.persisted)) as IDataObject;
		raised.restart();
		clock.advance(MINUTE);
		expect(ids(await raised.poll())).toEqual([]);
	});

	test('a channel added to a running event (Zalo → All Channels) starts as a first poll does: what it already holds is history, not a flood', async () => {
		const zaloOnly = trigger({ channel: 'zalo' });
		expect(await zaloOnly.poll()).toBeNull();
		clock.advance(MINUTE);
		await write({ conversation_type: 0, content: 'on the web chat, while only Zalo was watched', from: 'customer' });
		const zalo = await write({ conversation_type: 3, content: 'on Zalo', from: 'customer' });
		clock.advance(HOUR);
		expect(ids(await zaloOnly.poll())).toEqual([zalo.id]);

		// The example's sticky note: "Channel: Zalo here; ... or All Channels on the trigger".
		const all = trigger({ channel: 'all' });
		all.persisted = JSON.parse(JSON.stringify(zaloOnly.persisted)) as IDataObject;
		all.restart();
		clock.advance(MINUTE);
		expect(ids(await all.poll())).toEqual([]);
		const after = await write({ conversation_type: 0, content: 'on the web chat, now watched', from: 'customer' });
		clock.advance(MINUTE);
		expect(ids(await all.poll())).toEqual([after.id]);
	});

	test('Fetch Test Event shows the latest messages and leaves the state as it was', async () => {
		const run = trigger();
		expect(await run.poll()).toBeNull();
		const before = JSON.stringify(run.state);
		const latest = await write({ conversation_type: 3, content: 'the latest', from: 'customer' });
		clock.advance(1000);
		const items = await run.poll('manual');
		expect(ids(items).pop()).toBe(latest.id);
		expect(JSON.stringify(run.state)).toBe(before);
		// The real poll still emits it.
		expect(ids(await run.poll())).toEqual([latest.id]);
	});
});
