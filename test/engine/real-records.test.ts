// @modes: strict
/**
 * Records as the real platform writes them (real-platform.md §2.3, issue 30 point 3), through
 * n8n's engine against the fake in its `real` mode. Expected values are written from
 * real-platform.md, not taken from the node's code.
 */
import { type FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, jsonOf, loadOptions, runNode } from '../../tools/engine-harness/harness';

let platform: FakePlatform;
useFakePlatform((started) => (platform = started), { platform: 'real' });

const DAY = 86_400_000;
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const account = () => accountOf(platform, { timeZone: 'Asia/Ho_Chi_Minh' });

describe('Ticket Get: comments in the real shape', () => {
	/** An unassigned ticket whose first comment has markup characters, a line break and quotes. */
	function stagedTicket() {
		const ticket = platform.store.tickets.find((t) => t.assignee_id === null && t.comments.length > 0)!;
		const agent = platform.store.agents[0];
		ticket.comments[0] = { ...ticket.comments[0], body: 'Tom & Jerry <3\n"quoted" it\'s', author_id: agent.id };
		return { ticket, agent };
	}

	test('Simplify on: the text without tags or entities, who wrote it, from which source, and when', async () => {
		const { ticket, agent } = stagedTicket();
		const run = await runNode({ parameters: { resource: 'ticket', operation: 'get', ticketId: String(ticket.ticket_id) }, account: account() });
		expect(run.error).toBeUndefined();
		const [detail] = jsonOf(run);
		expect(detail.assignee).toBeNull();
		const raw = (platform.requests()[0].response as { ticket: { comments: Array<Record<string, unknown>> } }).ticket.comments[0];
		// The real answer: `<p>Tom &amp; Jerry &lt;3<br>&quot;quoted&quot; it&#39;s</p>` by the agent, from a channel.
		expect(raw.comment).toBe('<p>Tom &amp; Jerry &lt;3<br>&quot;quoted&quot; it&#39;s</p>');
		const [comment] = detail.comments as Array<Record<string, unknown>>;
		expect(comment).toMatchObject({
			id: raw.id,
			body: 'Tom & Jerry <3\n"quoted" it\'s',
			author_id: agent.id,
			author_name: agent.username,
			source: raw.comment_source,
			is_public: raw.is_public,
		});
		expect(typeof comment.created_at).toBe('string');
		expect(Date.parse(comment.created_at as string)).not.toBeNaN();
	});

	test('Simplify off: the comments as the platform answered them', async () => {
		const { ticket } = stagedTicket();
		const run = await runNode({ parameters: { resource: 'ticket', operation: 'get', ticketId: String(ticket.ticket_id), simplify: false }, account: account() });
		expect(run.error).toBeUndefined();
		expect(jsonOf(run)[0]).toEqual((platform.requests()[0].response as { ticket: unknown }).ticket);
		expect((jsonOf(run)[0].comments as Array<Record<string, unknown>>)[0]).not.toHaveProperty('body');
	});
});

describe('Ticket Get Many: unassigned list items have no assignee keys', () => {
	test.each([true, false])('Simplify %s: every item, unassigned ones without assignee_id, assignee or service_id', async (simplify) => {
		const now = platform.store.nowMs();
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'getAll', since: iso(now - 20 * DAY), to: iso(now), returnAll: true, simplify },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const items = jsonOf(run);
		const unassigned = items.filter((item) => !('assignee_id' in item));
		expect(unassigned.length).toBeGreaterThan(0);
		expect(unassigned.every((item) => !('assignee' in item) && !('role_label' in item))).toBe(true);
		expect(items.every((item) => !('service_id' in item))).toBe(true);
		const assigned = items.find((item) => 'assignee' in item)!;
		if (simplify) expect((assigned.assignee as Record<string, unknown>).role_label).toEqual(expect.any(String));
	});
});

describe('Call Get Many: missed and multi-agent calls', () => {
	const window = () => {
		const now = platform.store.nowMs();
		return { since: iso(now - 30 * DAY), to: iso(now) };
	};

	test.each([true, false])('Simplify %s: missed calls with user_id and agent_id "" read, labelled, without path keys', async (simplify) => {
		const run = await runNode({
			parameters: { resource: 'call', operation: 'getAll', ...window(), returnAll: true, simplify, filters: { call_status: 'miss' } },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const calls = jsonOf(run);
		expect(calls.length).toBeGreaterThan(0);
		expect(calls.every((call) => call.user_id === '' && call.agent_id === '' && !('path' in call))).toBe(true);
		if (simplify) expect(calls.every((call) => call.call_status_label === 'Missed')).toBe(true);
	});

	test('the Agent filter with a number finds the calls whose agent_id lists it among others ("101,102")', async () => {
		const recent = platform.store.nowMs() - 20 * DAY;
		const several = platform.store.calls.find(
			(c) => c.start_time > recent && c.call_status === 'meetAgent' && c.last_agent_id !== null && String(c.last_agent_id) !== c.agent_id,
		)!;
		const second = String(several.last_agent_id);
		const run = await runNode({
			parameters: { resource: 'call', operation: 'getAll', ...window(), returnAll: true, filters: { agent_id: second } },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const calls = jsonOf(run);
		const found = calls.find((call) => call.id === several.id)!;
		expect(found.agent_id).toBe(`${several.agent_id},${second}`);
		expect(found.call_status_label).toBe('Met agent');
		expect(calls.every((call) => String(call.agent_id).split(',').includes(second))).toBe(true);
	});
});

describe('Service dropdowns and output without type ids', () => {
	test('Call Service offers the voice services, named with their label', async () => {
		const options = await loadOptions('getCallServices', account(), { resource: 'call', operation: 'getAll' });
		// real-platform.md §2.3: "Gọi vào" is the incoming-call label; the fake's IVR and voice-out services keep English labels.
		const voice = platform.store.services.filter((s) => [1, 11, 12].includes(s.type)).map((s) => s.service_id);
		expect(options.map((option) => option.value).sort()).toEqual([...voice].sort());
		expect(options.every((option) => !/undefined|\(\)/.test(option.name))).toBe(true);
		expect(options.map((option) => option.name)).toContain('Hotline 1900 (Gọi vào)');
	});

	test('SMS Service is never empty and names every option', async () => {
		const options = await loadOptions('getSmsServices', account(), { resource: 'sms', operation: 'send' });
		expect(options.length).toBeGreaterThan(0);
		expect(options.every((option) => !/undefined|\(\)/.test(option.name))).toBe(true);
	});

	test.each([true, false])('Service Get Many, Simplify %s: no type id, no type_label, no "undefined"', async (simplify) => {
		const run = await runNode({ parameters: { resource: 'service', operation: 'getAll', returnAll: true, simplify }, account: account() });
		expect(run.error).toBeUndefined();
		const services = jsonOf(run);
		expect(services.length).toBe(platform.store.services.length);
		expect(services.map((service) => Object.keys(service))).toEqual(services.map(() => ['service_id', 'service_name', 'service_type']));
		expect(JSON.stringify(services)).not.toContain('undefined');
	});
});
