/**
 * Agent Status Changed, run by n8n-core's PollContext against the fake platform: agents' states
 * changed between polls through the fake's control hook (`POST /__control/agents/:id`). Registered
 * by trigger.test.ts. Expected items are written from the seed (tools/fake-platform/README.md,
 * "Seed data") and docs/operations.md#customer-care-trigger.
 */
import type { IDataObject } from 'n8n-workflow';
import { FakePlatform } from '../../../tools/fake-platform';
import type { AgentRec } from '../../../tools/fake-platform/store';
import { clockedNow, useTestClock } from '../helpers/clock';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, TriggerRun } from '../../../tools/engine-harness/harness';

describe('Agent Status Changed', () => {
	let platform: FakePlatform;
	const clock = useTestClock();
	useFakePlatform((started) => (platform = started), { now: clockedNow });

	const AGENTS = '/acme/api/v1/agents';
	// Seed: agent 1001 AVAILABLE on every channel, group Sales; 1003 NO ANSWER on call; 1004 ticket LOGOUT.
	const AN = { agent_id: 1001, agent_name: 'Nguyễn Văn An', email: 'an.nguyen@acme-care.example', group_name: 'Sales' };
	const CHI = { agent_id: 1003, agent_name: 'Lê Minh Chi', email: 'chi.le@acme-care.example', group_name: 'Sales' };

	let saved: AgentRec[];
	beforeEach(() => {
		saved = platform.store.agents.map((agent) => ({ ...agent }));
	});
	afterEach(() => {
		platform.store.agents = saved;
	});

	async function setStates(id: number, states: Record<string, string>) {
		const answer = await fetch(`${platform.baseUrl}/__control/agents/${id}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(states),
		});
		expect(answer.status).toBe(200);
	}

	function trigger(extra: Record<string, unknown> = {}) {
		return new TriggerRun({ event: 'agentStatusChanged', ...extra }, accountOf(platform));
	}

	async function activated(extra: Record<string, unknown> = {}) {
		const run = trigger(extra);
		expect(await run.poll()).toBeNull();
		return run;
	}

	const changesOf = (items: IDataObject[] | null) => (items ?? []).map((item) => [item.agent_id, item.channel, item.previous_status, item.status]);

	test('first poll emits nothing and reads the agent list once; a change then gives one item per agent and channel, once; idle polls emit nothing', async () => {
		const run = await activated();
		expect(platform.requests().map((request) => [request.method, request.path, request.query])).toEqual([['GET', AGENTS, {}]]);

		platform.clearLog();
		expect(await run.poll()).toBeNull();

		await setStates(1001, { call_status: 'NO ANSWER' });
		await setStates(1003, { call_status: 'AVAILABLE', chat_status: 'LOGOUT', ticket_status: 'LOGOUT' });
		const before = Date.now();
		const items = await run.poll();
		const after = Date.now();
		expect(items).toEqual([
			{ ...AN, channel: 'call', previous_status: 'AVAILABLE', status: 'NO ANSWER', seen_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/) },
			{ ...CHI, channel: 'call', previous_status: 'NO ANSWER', status: 'AVAILABLE', seen_at: expect.any(String) },
			{ ...CHI, channel: 'chat', previous_status: 'AVAILABLE', status: 'LOGOUT', seen_at: expect.any(String) },
			{ ...CHI, channel: 'ticket', previous_status: 'AVAILABLE', status: 'LOGOUT', seen_at: expect.any(String) },
		]);
		// When the poll saw it, in the account's zone (empty: the platform's, UTC+7).
		const seenAt = Date.parse(String(items![0].seen_at));
		expect(seenAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
		expect(seenAt).toBeLessThanOrEqual(after);

		expect(await run.poll()).toBeNull();
		clock.advance(60_000);
		expect(await run.poll()).toBeNull();
		// One request per poll, whatever changed: the first idle poll, the change, two idle polls.
		expect(platform.requests().map((request) => request.path)).toEqual(Array(4).fill(AGENTS));
	});

	test('an idle poll writes no static data (n8n saves only static data that changed)', async () => {
		const run = await activated();
		const persisted = JSON.stringify(run.persisted);
		expect(await run.poll()).toBeNull();
		expect(JSON.stringify(run.persisted)).toBe(persisted);
		await setStates(1001, { chat_status: 'NOT AVAILABLE' });
		expect(changesOf(await run.poll())).toEqual([[1001, 'chat', 'AVAILABLE', 'NOT AVAILABLE']]);
		expect(JSON.stringify(run.persisted)).not.toBe(persisted);
	});

	test('filters: only the chosen channels, only changes into the chosen states; the others are not emitted later either', async () => {
		const run = await activated({ channels: ['call', 'ticket'], statuses: ['NO ANSWER', 'LOGOUT'] });
		await setStates(1001, { call_status: 'NO ANSWER', chat_status: 'LOGOUT' }); // chat: not a chosen channel
		await setStates(1002, { ticket_status: 'LOGOUT' });
		await setStates(1003, { call_status: 'AVAILABLE' }); // AVAILABLE: not a chosen state
		expect(changesOf(await run.poll())).toEqual([
			[1001, 'call', 'AVAILABLE', 'NO ANSWER'],
			[1002, 'ticket', 'AVAILABLE', 'LOGOUT'],
		]);
		expect(await run.poll()).toBeNull();

		// Logging out of all devices: the three channels LOGOUT, two of them chosen.
		await setStates(1006, { call_status: 'LOGOUT', chat_status: 'LOGOUT', ticket_status: 'LOGOUT' });
		expect(changesOf(await run.poll())).toEqual([
			[1006, 'call', 'AVAILABLE', 'LOGOUT'],
			[1006, 'ticket', 'NOT AVAILABLE', 'LOGOUT'],
		]);
	});

	test('Channels and Statuses from an expression: read in any case, comma-separated text too; a value that is none of them is refused before any request', async () => {
		const run = await activated({ channels: '={{ "Call, ticket" }}', statuses: '={{ ["no_answer", "logout"] }}' });
		await setStates(1001, { call_status: 'NO ANSWER', chat_status: 'LOGOUT' });
		expect(changesOf(await run.poll())).toEqual([[1001, 'call', 'AVAILABLE', 'NO ANSWER']]);

		platform.clearLog();
		await expect(trigger({ channels: '={{ ["voice"] }}' }).poll()).rejects.toThrow('Channels (channels) must be among call, chat, ticket; got "voice"');
		await expect(trigger({ statuses: ['BUSY'] }).poll()).rejects.toThrow('Statuses (statuses) must be among AVAILABLE, NOT AVAILABLE, NO ANSWER, LOGOUT; got "BUSY"');
		expect(platform.requests()).toHaveLength(0);
	});

	test('an agent added since the last poll is remembered, not reported; one removed is forgotten, and new again when it comes back', async () => {
		const run = await activated();
		const newcomer = { ...platform.store.agents[0], id: 1013, username: 'Trịnh Văn Mới', email: 'moi.trinh@acme-care.example', call_status: 'LOGOUT' as const };
		platform.store.agents.push(newcomer);
		expect(await run.poll()).toBeNull();
		await setStates(1013, { call_status: 'AVAILABLE' });
		expect(changesOf(await run.poll())).toEqual([[1013, 'call', 'LOGOUT', 'AVAILABLE']]);

		platform.store.agents = platform.store.agents.filter((agent) => agent.id !== 1013);
		expect(await run.poll()).toBeNull();
		expect(Object.keys(run.state.agentStates as IDataObject)).not.toContain('1013');
		platform.store.agents.push({ ...newcomer, call_status: 'NO ANSWER' });
		expect(await run.poll()).toBeNull();
	});

	test('an answer without an agent\'s statuses reports nothing and keeps the last states; the change shows when they come back', async () => {
		const run = await activated();
		const agent = platform.store.agents.find((entry) => entry.id === 1001)! as Partial<AgentRec>;
		const { call_status, chat_status } = agent;
		delete agent.call_status;
		(agent as Record<string, unknown>).chat_status = null;
		expect(await run.poll()).toBeNull();
		agent.call_status = 'LOGOUT';
		agent.chat_status = chat_status;
		expect(changesOf(await run.poll())).toEqual([[1001, 'call', call_status, 'LOGOUT']]);
	});

	test('switched to another event and back: the first poll of Agent Status Changed emits nothing, not the changes since it last watched', async () => {
		// Watching agents: a change emitted, so n8n saved the static data with the states kept.
		const watching = await activated();
		await setStates(1001, { call_status: 'NO ANSWER' });
		expect(changesOf(await watching.poll())).toEqual([[1001, 'call', 'AVAILABLE', 'NO ANSWER']]);

		// The user switches the same trigger node to Missed Call (same node, same static data) and it polls.
		const missedCalls = new TriggerRun({ event: 'missedCall' }, accountOf(platform));
		missedCalls.persisted = watching.persisted;
		missedCalls.restart();
		expect(await missedCalls.poll()).toBeNull();
		clock.advance(60_000);
		expect(await missedCalls.poll()).toBeNull();

		// Meanwhile, agents change; then the node is switched back to Agent Status Changed.
		await setStates(1001, { call_status: 'AVAILABLE' });
		await setStates(1002, { ticket_status: 'LOGOUT' });
		const back = trigger();
		back.persisted = { 'node:Customer Care Trigger': JSON.parse(JSON.stringify(missedCalls.state)) };
		back.restart();
		// docs/operations.md#customer-care-trigger: "The first poll reads the list, keeps the states and emits nothing."
		expect(changesOf(await back.poll())).toEqual([]);
		// From then on, changes are reported against the states it read then.
		await setStates(1003, { chat_status: 'LOGOUT' });
		expect(changesOf(await back.poll())).toEqual([[1003, 'chat', 'AVAILABLE', 'LOGOUT']]);
	});

	test('Fetch Test Event shows up to 3 current states that pass the filters, with the state kept before, and touches no state', async () => {
		const first = await trigger({ statuses: ['NO ANSWER'] }).poll('manual');
		// Seed: 1003 and 1011 are NO ANSWER on call; no state kept yet.
		expect(changesOf(first)).toEqual([
			[1003, 'call', null, 'NO ANSWER'],
			[1011, 'call', null, 'NO ANSWER'],
		]);

		const run = await activated();
		const kept = JSON.stringify(run.state);
		await setStates(1001, { call_status: 'NO ANSWER' });
		const sample = await run.poll('manual');
		expect(changesOf(sample)).toEqual([
			[1001, 'call', 'AVAILABLE', 'NO ANSWER'],
			[1001, 'chat', 'AVAILABLE', 'AVAILABLE'],
			[1001, 'ticket', 'AVAILABLE', 'AVAILABLE'],
		]);
		expect(JSON.stringify(run.state)).toBe(kept);
		// The change is still reported by the next poll.
		expect(changesOf(await run.poll())).toEqual([[1001, 'call', 'AVAILABLE', 'NO ANSWER']]);

		await expect(trigger({ channels: ['chat'], statuses: ['NO ANSWER'] }).poll('manual')).rejects.toThrow('No agent is in a chosen state on a chosen channel now');
	});
});
