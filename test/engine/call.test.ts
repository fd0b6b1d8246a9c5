// @modes: spec strict backoff
/**
 * Call → Get Many through n8n's engine against the fake platform: the query the node sent
 * (ISO dates, every filter, sort), ranges of any length read in ≤ 31-day windows and merged
 * in the API's order, Return All and Limit, validation before sending, the dropdowns.
 */
import type { IDataObject } from 'n8n-workflow';

import { type FakePlatform, type CallRec, type RecordedRequest } from '../../tools/fake-platform';
import { callAgentIds, type RenderContext } from '../../tools/fake-platform/render';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, jsonOf, loadOptions, runNode } from '../../tools/engine-harness/harness';
import { instantOf, queryTime } from './helpers/platform-clock';

const DAY = 24 * 3600 * 1000;
/** A window sent stays a second inside the API's 31 days (docs/api.md#where-the-spec-is-unclear). */
const MAX_WINDOW_MS = 31 * DAY - 1000;

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

/** `YYYY-MM-DDTHH:mm:ssZ` of an instant, to the second. */
function iso(ms: number): string {
	return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Whole seconds: the API's precision. */
function sec(ms: number): number {
	return Math.floor(ms / 1000) * 1000;
}

const calls = (parameters: IDataObject) => ({ resource: 'call', operation: 'getAll', ...parameters });

/** The API's default order: start_time newest first, ties by record id in the same direction. */
function newestFirst(a: CallRec, b: CallRec) {
	return b.start_time - a.start_time || b.id - a.id;
}

/** The IP-phone numbers a call lists as the fake answers it (real: a transferred call lists "a,b"). */
const agentsOf = (call: CallRec) => String(callAgentIds({ platform: platform.platform } as RenderContext, call) ?? '').split(',');

function callsIn(field: 'start_time' | 'end_time', since: number, to: number, keep: (call: CallRec) => boolean = () => true) {
	return platform.store.calls.filter((call) => call[field] >= since && call[field] <= to && keep(call));
}

/** Windows are contiguous to the second, each at most 31 days, together exactly [since, to]. */
function expectContiguousWindows(requests: RecordedRequest[], sinceKey: string, toKey: string, since: number, to: number) {
	const windows = [...new Map(requests.map((request) => [request.query[sinceKey], request.query[toKey]])).entries()]
		.map(([start, end]) => [instantOf(start, { platform }), instantOf(end, { platform })] as const)
		.sort((a, b) => a[0] - b[0]);
	expect(windows[0][0]).toBe(since);
	expect(windows[windows.length - 1][1]).toBe(to);
	for (let index = 0; index < windows.length; index++) {
		const [start, end] = windows[index];
		expect(end - start).toBeLessThanOrEqual(MAX_WINDOW_MS);
		expect(end - start).toBeLessThan(31 * DAY);
		expect(end).toBeGreaterThanOrEqual(start);
		if (index > 0) expect(start).toBe(windows[index - 1][1] + 1000);
	}
	return windows;
}

describe('Get Many', () => {
	test('a 20-day range by start time: one request with ISO dates, every call of the range, newest first, recordings untouched', async () => {
		const to = sec(Date.now() - 3 * DAY);
		const since = to - 20 * DAY;
		const run = await runNode({
			parameters: calls({ since: iso(since), to: iso(to), returnAll: true, simplify: false }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();

		const requests = platform.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe('/acme/api/v1/calls');
		expect(requests[0].query).toEqual({
			start_time_since: queryTime(since, { platform }),
			start_time_to: queryTime(to, { platform }),
			page: '1',
			count: '500',
		});
		expect(requests[0].status).toBe(200);

		const expected = callsIn('start_time', since, to).sort(newestFirst);
		expect(expected.length).toBeGreaterThan(100);
		const output = jsonOf(run);
		expect(output.map((call) => call.id)).toEqual(expected.map((call) => call.id));
		// Simplify off: what the API answered, as is (recording links, meetAgent, times). Simplify's
		// labels, times and `caller_number`: test/engine/simplify.test.ts.
		const answered = (requests[0].response as { calls: IDataObject[] }).calls;
		expect(output).toEqual(answered);
		const recorded = output.filter((call) => call.path);
		expect(recorded.length).toBeGreaterThan(0);
		for (const call of recorded) {
			expect(call.path).toBe(`${platform.baseUrl}/recordings/${encodeURIComponent(String(call.call_id))}.mp3`);
			expect(call.path_download).toBe(`${call.path as string}?download=1`);
		}
	});

	test('a 95-day range by end time: ≤ 31-day windows without gap or overlap, every call exactly once, in the API order', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 95 * DAY;
		const run = await runNode({
			parameters: calls({ dateField: 'end_time', since: iso(since), to: iso(to), returnAll: true }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();

		const requests = platform.requests();
		expect(requests.every((request) => request.status === 200)).toBe(true);
		// start_time_since is "marked required": each request also carries a start_time window that
		// ends with the end_time window and reaches back a second short of 31 days, so it holds it.
		for (const { query } of requests) {
			expect(query.start_time_to).toBe(query.end_time_to);
			expect(instantOf(query.start_time_to, { platform }) - instantOf(query.start_time_since, { platform })).toBe(31 * DAY - 1000);
			expect(instantOf(query.start_time_since, { platform })).toBeLessThanOrEqual(instantOf(query.end_time_since, { platform }));
		}
		expect(requests.every((request) => request.query.count === '500')).toBe(true);
		const windows = expectContiguousWindows(requests, 'end_time_since', 'end_time_to', since, to);
		expect(windows).toHaveLength(4);

		const expected = callsIn('end_time', since, to).sort(newestFirst);
		expect(expected.length).toBeGreaterThan(1000);
		const ids = jsonOf(run).map((call) => call.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toEqual(expected.map((call) => call.id));
	});

	test('From only: the range ends now, also beyond 31 days', async () => {
		const since = sec(Date.now() - 40 * DAY);
		const fresh = platform.store.createCall({}, Date.now() - 1000);
		const before = sec(Date.now());
		const run = await runNode({
			parameters: calls({ dateField: 'end_time', since: iso(since), returnAll: true }),
			account: accountOf(platform),
		});
		const after = sec(Date.now());
		expect(run.error).toBeUndefined();
		const requests = platform.requests();
		const windows = expectContiguousWindows(
			requests,
			'end_time_since',
			'end_time_to',
			since,
			Math.max(...requests.map((request) => instantOf(request.query.end_time_to, { platform }))),
		);
		expect(windows).toHaveLength(2);
		const end = windows[1][1];
		expect(end).toBeGreaterThanOrEqual(before);
		expect(end).toBeLessThanOrEqual(after);
		const ids = jsonOf(run).map((call) => call.id);
		expect(ids[0]).toBe(fresh.id);
		expect(ids).toEqual(callsIn('end_time', since, end).sort(newestFirst).map((call) => call.id));
	});

	test('Limit over several windows returns the newest calls of the whole range', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 95 * DAY;
		const run = await runNode({
			parameters: calls({ since: iso(since), to: iso(to), returnAll: false, limit: 7 }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const expected = callsIn('start_time', since, to).sort(newestFirst).slice(0, 7);
		expect(jsonOf(run).map((call) => call.id)).toEqual(expected.map((call) => call.id));
		// Each window asks for no more than the limit.
		expect(platform.requests().every((request) => request.query.count === '7')).toBe(true);
	});

	test('Limit within one window reads no more pages than needed', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 30 * DAY;
		const run = await runNode({
			parameters: calls({ since: iso(since), to: iso(to), returnAll: false, limit: 620 }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const requests = platform.requests();
		expect(requests.map((request) => [request.query.page, request.query.count])).toEqual([
			['1', '500'],
			['2', '500'],
		]);
		const expected = callsIn('start_time', since, to).sort(newestFirst);
		expect(expected.length).toBeGreaterThan(620);
		expect(jsonOf(run).map((call) => call.id)).toEqual(expected.slice(0, 620).map((call) => call.id));
	});

	test('sort options: oldest first, and by talk time across windows', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 70 * DAY;

		const ascending = await runNode({
			parameters: calls({ since: iso(since), to: iso(to), returnAll: false, limit: 5, options: { order_type: 'ASC' } }),
			account: accountOf(platform),
		});
		expect(ascending.error).toBeUndefined();
		expect(platform.requests().every((request) => request.query.order_type === 'ASC')).toBe(true);
		const oldest = callsIn('start_time', since, to)
			.sort((a, b) => a.start_time - b.start_time || a.id - b.id)
			.slice(0, 5);
		expect(jsonOf(ascending).map((call) => call.id)).toEqual(oldest.map((call) => call.id));

		platform.clearLog();
		const byTalk = await runNode({
			parameters: calls({
				since: iso(since),
				to: iso(to),
				returnAll: true,
				options: { order_by: 'talk_time', order_type: 'DESC' },
			}),
			account: accountOf(platform),
		});
		expect(byTalk.error).toBeUndefined();
		const requests = platform.requests();
		expect(requests.length).toBeGreaterThanOrEqual(3);
		expect(requests.every((request) => request.query.order_by === 'talk_time' && request.query.order_type === 'DESC')).toBe(true);
		const longest = callsIn('start_time', since, to).sort((a, b) => b.talk_time - a.talk_time || b.id - a.id);
		expect(jsonOf(byTalk).map((call) => call.id)).toEqual(longest.map((call) => call.id));
	});

	test('every filter goes into the query as the API names it', async () => {
		const agent = platform.store.agents[1];
		const to = sec(Date.now() - DAY);
		const since = to - 60 * DAY;
		const run = await runNode({
			parameters: calls({
				since: iso(since),
				to: iso(to),
				returnAll: true,
				filters: { call_type: 3, call_status: 'metAgent', agent_id: String(agent.agent_id), service_id: 202 },
			}),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const requests = platform.requests();
		expect(requests).toHaveLength(2);
		for (const request of requests) {
			expect(request.query).toMatchObject({
				call_type: '3',
				call_status: 'metAgent',
				agent_id: String(agent.agent_id),
				service_id: '202',
			});
		}
		const expected = callsIn(
			'start_time',
			since,
			to,
			(call) =>
				call.passed_ivr && call.call_status === 'meetAgent' && agentsOf(call).includes(String(agent.agent_id)) && call.service_id === 202,
		).sort(newestFirst);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(run).map((call) => call.id)).toEqual(expected.map((call) => call.id));
	});

	test('phone, call ID, outgoing and missed filters', async () => {
		const to = sec(Date.now() - DAY);
		const since = to - 30 * DAY;
		const missedOut = callsIn('start_time', since, to, (call) => call.call_type === 1 && call.call_status === 'miss');
		expect(missedOut.length).toBeGreaterThan(0);
		const target = missedOut[0];

		const byPhone = await runNode({
			parameters: calls({
				since: iso(since),
				to: iso(to),
				returnAll: true,
				filters: { phone: target.called, call_type: 1, call_status: 'miss' },
			}),
			account: accountOf(platform),
		});
		expect(platform.requests()[0].query).toMatchObject({ phone: target.called, call_type: '1', call_status: 'miss' });
		const output = jsonOf(byPhone);
		expect(output.map((call) => call.id)).toContain(target.id);
		expect(output.every((call) => call.call_type === 1 && call.call_status === 'miss')).toBe(true);
		expect(output.every((call) => call.called === target.called || call.caller === target.called)).toBe(true);

		platform.clearLog();
		const byId = await runNode({
			parameters: calls({ since: iso(since), to: iso(to), returnAll: true, filters: { call_id: target.call_id } }),
			account: accountOf(platform),
		});
		expect(platform.requests()[0].query).toMatchObject({ call_id: target.call_id });
		expect(jsonOf(byId).map((call) => call.id)).toEqual([target.id]);
	});

	test('an agent given by expression as a number, and the status spelled as the list writes it', async () => {
		const agent = platform.store.agents.find((candidate) => typeof candidate.agent_id === 'number')!;
		const to = sec(Date.now() - DAY);
		const since = to - 10 * DAY;
		const run = await runNode({
			parameters: calls({
				since: iso(since),
				to: iso(to),
				returnAll: true,
				filters: { agent_id: `={{ ${String(agent.agent_id)} }}`, call_status: '={{ "meetAgent" }}' },
			}),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		expect(platform.requests()[0].query).toMatchObject({ agent_id: String(agent.agent_id), call_status: 'metAgent' });
		expect(jsonOf(run).every((call) => String(call.agent_id).split(',').includes(String(agent.agent_id)) && call.call_status === 'meetAgent')).toBe(true);
	});

	test('Luxon dates from expressions are sent as ISO with Z', async () => {
		const run = await runNode({
			parameters: calls({ since: '={{ $now.minus({ days: 2 }) }}', to: '={{ $now.minus({ days: 1 }) }}', returnAll: true }),
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const query = platform.requests()[0].query;
		expect(query.start_time_since).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
		expect(instantOf(query.start_time_to, { platform }) - instantOf(query.start_time_since, { platform })).toBeGreaterThanOrEqual(DAY - 2000);
		expect(instantOf(query.start_time_to, { platform }) - instantOf(query.start_time_since, { platform })).toBeLessThanOrEqual(DAY + 2000);
	});
});

describe('validation before sending', () => {
	test.each([
		[
			'To before From',
			{ since: '2026-02-10T00:00:00Z', to: '2026-02-01T00:00:00Z' },
			`To (start_time_to) 2026-02-01T00:00:00Z must be after From (start_time_since) 2026-02-10T00:00:00Z, by at least a whole second: the platform stamps records to the second [item 0]`,
		],
		['no From (an expression that gives nothing)', { since: '={{ "" }}' }, 'From (end_time_since or start_time_since) is required'],
		['a From that is no date', { since: 'yesterday' }, 'From (start_time_since) must be a date'],
		['an agent that is no IP-phone number', { since: '2026-02-01T00:00:00Z', filters: { agent_id: 'abc' } }, 'Agent (agent_id) must be the IP-phone number'],
		['a call type the API does not know', { since: '2026-02-01T00:00:00Z', filters: { call_type: 2 } }, 'Call Type (call_type) must be one of 0, 1, 3; got "2" [item 0]'],
		['a sort field the API does not know', { since: '2026-02-01T00:00:00Z', options: { order_by: 'caller' } }, 'Order By (order_by) must be one of'],
	])('%s: a clear error and no request', async (_name, parameters, message) => {
		const run = await runNode({ parameters: calls({ returnAll: true, ...parameters }), account: accountOf(platform) });
		expect(run.error?.message).toContain(message);
		expect(platform.requests()).toHaveLength(0);
	});

	test('with Continue On Fail only the bad item fails, and its index is named', async () => {
		const to = sec(Date.now() - DAY);
		const run = await runNode({
			parameters: calls({ since: iso(to - DAY), to: '={{ $json.to }}', returnAll: false, limit: 2 }),
			account: accountOf(platform),
			input: [{ to: iso(to) }, { to: iso(to - 2 * DAY) }, { to: iso(to) }],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		const failed = run.items.filter((item) => item.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].error?.message).toContain('must be after From (start_time_since)');
		expect(failed[0].error?.message).toContain('[item 1]');
		expect(run.items.filter((item) => !item.error)).toHaveLength(4);
		expect(platform.requests()).toHaveLength(2);
	});
});

describe('errors', () => {
	test('a server error is reported with the API message', async () => {
		platform.inject({ kind: 'status', status: 500, message: 'Server Error', path: '/api/v1/calls', target: 'any' });
		const run = await runNode({
			parameters: calls({ since: iso(Date.now() - DAY), returnAll: true }),
			account: accountOf(platform, { backupBaseUrl: undefined }),
		});
		expect(run.error?.message).toContain('Server Error');
	});
});

describe('load-options', () => {
	test('agents by IP-phone number', async () => {
		const options = await loadOptions('getCallAgents', accountOf(platform), {});
		expect(options.map((option) => option.value).sort()).toEqual(
			platform.store.agents.map((agent) => String(agent.agent_id)).sort(),
		);
		const agent = platform.store.agents[0];
		const option = options.find((candidate) => candidate.value === String(agent.agent_id))!;
		expect(option.name).toBe(`${agent.username} (IP phone ${String(agent.agent_id)})`);
		expect(options.map((candidate) => candidate.name)).toEqual([...options.map((candidate) => candidate.name)].sort((a, b) => a.localeCompare(b)));
	});

	test('voice services only', async () => {
		const options = await loadOptions('getCallServices', accountOf(platform), {});
		const voice = platform.store.services.filter((service) => [1, 11, 12].includes(service.type));
		expect(options.map((option) => option.value).sort()).toEqual(voice.map((service) => service.service_id).sort());
	});
});
