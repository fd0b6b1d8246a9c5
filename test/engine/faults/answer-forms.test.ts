/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: strict
/**
 * Answers in the forms a server may give besides the fake's usual one, through n8n's engine against
 * the fake platform: the spec read the other way, one array for a list, records as the real platform
 * writes them, and an answer without the property that holds its records. Each part starts its own
 * fake, configured for the forms it needs.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { FakePlatform } from '../../../tools/fake-platform';
import { clockedNow, useTestClock } from '../helpers/clock';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, jsonOf, loadOptions, runNode, TriggerRun, testCredentials, listSearch } from '../../../tools/engine-harness/harness';
import { changedJson, useAnswerFront, type PassingAnswer } from '../helpers/answer-front';
import type { IDataObject } from 'n8n-workflow';

describe('answers as a server reading the spec the other way gives them', () => {
	/**
	 * What a server that reads the spec the other way may answer, served by
	 * the fake platform's answer forms (tools/fake-platform/answerForms.ts, the control route
	 * POST /__control/answer-forms and the `answerForms` option):
	 * - the lead, deal and reference lists under another root (the spec names none);
	 * - `closed_type` and `converted_type` as the words of the field list, not the states table's numbers;
	 * - call times written in another zone than the account's.
	 * Expected values are written from docs/api.md and the spec, never from the node's tables.
	 */


	let platform: FakePlatform;

	const clock = useTestClock();
	// Each test switches on the forms it is about, from the documented ones (also under
	// CC_FAKE_STRICT=1, which otherwise starts with every form on; its refusals stay on).
	useFakePlatform((started) => (platform = started), { now: clockedNow, answerForms: { all: false } });

	const second = (ms: number) => Math.floor(ms / 1000) * 1000;
	/** The fake's account zone is +07:00 (its default). */
	const account = () => accountOf(platform, { timeZone: 'Asia/Ho_Chi_Minh' });

	afterEach(() => platform.setAnswerForms({ all: false }));

	describe('control route', () => {
		test('POST /__control/answer-forms switches the forms; { all: true } turns every one on, { all: false } restores the documented', async () => {
			const post = async (body: unknown) =>
				(await (await fetch(`${platform.baseUrl}/__control/answer-forms`, { method: 'POST', body: JSON.stringify(body) })).json()) as {
					answerForms: unknown;
				};
			expect((await post({ closedType: 'word' })).answerForms).toEqual({ closedType: 'word', convertType: 'number', roots: 'documented', callOffset: null });
			expect((await post({ all: true })).answerForms).toEqual({ closedType: 'word', convertType: 'word', roots: 'alternate', callOffset: 0 });
			expect((await post({ all: false, callZone: '-03:00' })).answerForms).toEqual({
				closedType: 'number',
				convertType: 'number',
				roots: 'documented',
				callOffset: -180,
			});
			const refused = await fetch(`${platform.baseUrl}/__control/answer-forms`, { method: 'POST', body: JSON.stringify({ roots: 'other' }) });
			expect(refused.status).toBe(400);
		});
	});

	describe('answer roots: the documented one, else the one array of the answer', () => {
		beforeEach(() => platform.setAnswerForms({ roots: 'alternate' }));

		test('Lead → Get Many reads the leads under "data"', async () => {
			const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
			expect(run.error).toBeUndefined();
			const answers = platform.requests({ path: '/acme/api/v1/leads' });
			// The platform answered under "data", not "leads".
			expect(answers[0].response).toHaveProperty('data');
			expect(answers[0].response).not.toHaveProperty('leads');
			expect(jsonOf(run).map((lead) => lead.id).sort((a, b) => Number(a) - Number(b))).toEqual(
				platform.store.leads.map((lead) => lead.id).sort((a, b) => a - b),
			);
		});

		test('Deal → Get Pipelines and the lead status dropdown read their lists under "data"', async () => {
			const run = await runNode({ parameters: { resource: 'deal', operation: 'getPipelines' }, account: account() });
			expect(run.error).toBeUndefined();
			expect(jsonOf(run).map((pipeline) => pipeline.id)).toEqual(platform.store.dealPipelines.map((pipeline) => pipeline.id));

			const statuses = await loadOptions('getLeadStatuses', account(), { resource: 'lead', operation: 'getAll' });
			expect(statuses.map((option) => option.value)).toEqual(platform.store.leadStatuses.map((status) => status.id));
		});

		test('the Lead Created trigger fires on leads listed under "data"', async () => {
			const run = new TriggerRun({ event: 'leadCreated', options: { simplify: false } }, account());
			expect(await run.poll()).toBeNull();
			const at = second(Date.now()) + 1000;
			const lead = platform.store.createLead({ subject: 'under data' }, at);
			clock.set(at + 1000);
			expect((await run.poll())?.map((item) => item.id)).toEqual([lead.id]);
			expect(await run.poll()).toBeNull();
		});
	});

	describe('closed_type and converted_type as words', () => {
		beforeEach(() => platform.setAnswerForms({ closedType: 'word', convertType: 'word' }));

		test('Deal → Get Many, Simplify on: a won deal reads closed_type 1, "Won"; a converted deal "Converted to Deal"', async () => {
			const won = platform.store.deals.find((deal) => deal.closed_type === 1)!;
			const run = await runNode({
				parameters: { resource: 'deal', operation: 'getAll', returnAll: true, filters: { closed_type: 1 } },
				account: account(),
			});
			expect(run.error).toBeUndefined();
			const listed = platform.requests({ path: '/acme/api/v1/deals' })[0].response as { deals: Array<{ id: number; closed_type: unknown }> };
			expect(listed.deals.find((deal) => deal.id === won.id)?.closed_type).toBe('won');
			const out = jsonOf(run).find((deal) => deal.id === won.id)!;
			expect(out).toMatchObject({ closed_type: 1, closed_type_label: 'Won' });

			const convertedWon = platform.store.deals.find((deal) => deal.closed_type === 1 && deal.converted_type === 1);
			expect(convertedWon).toBeDefined();
			expect(listed.deals.find((deal) => deal.id === convertedWon!.id)).toMatchObject({ converted_type: 'deal' });
			expect(jsonOf(run).find((deal) => deal.id === convertedWon!.id)).toMatchObject({ converted_type: 1, converted_type_label: 'Converted to Deal' });
		});

		test('Deal Closed, "Closed As" won or lost: the won and lost deals fire, the unqualified one does not', async () => {
			const run = new TriggerRun({ event: 'dealClosed', filters: { closed_types: [1, 2] }, options: { simplify: false } }, account());
			expect(await run.poll()).toBeNull();
			const open = platform.store.deals.filter((deal) => deal.closed_type === null).slice(0, 3);
			const at = second(Date.now()) + 1000;
			open.forEach((deal, index) => platform.store.updateDeal(deal.id, { closed_type: ([1, 2, 3] as const)[index] }, at));
			clock.set(at + 1000);
			const emitted = await run.poll();
			expect(emitted?.map((deal) => [deal.id, deal.closed_type])).toEqual([
				[open[0].id, 'won'],
				[open[1].id, 'lost'],
			]);
		});
	});

	describe('call times in another zone than the Account Time Zone', () => {
		test('Call Ended: each call emitted once over polls though its stamp is 7 h off the window; the log says so once', async () => {
			// The account is +07:00; the platform writes the call times in UTC: read as +07:00 they are 7 h early.
			platform.setAnswerForms({ callZone: '+00:00' });
			const warn = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => undefined);
			try {
				const run = new TriggerRun({ event: 'callEnded', options: { simplify: false } }, account());
				expect(await run.poll()).toBeNull();
				const at = second(Date.now()) + 1000;
				const calls = [0, 1, 2].map((n) => platform.store.createCall({ start_time: at - 60_000 + n * 1000, end_time: at + n * 1000 }));
				const emitted: unknown[] = [];
				for (let poll = 1; poll <= 4; poll++) {
					clock.set(at + poll * 60_000);
					emitted.push(...((await run.poll()) ?? []).map((call) => call.id));
				}
				expect(emitted).toEqual(calls.map((call) => call.id));
				const said = warn.mock.calls.filter(([message]) => String(message).includes('Account Time Zone'));
				expect(said).toHaveLength(1);
				expect(String(said[0][0])).toContain('3 of 3 calls');
				expect(String(said[0][0])).toContain('about 7 h');
			} finally {
				warn.mockRestore();
			}
		});
	});
});

describe('a list answered as one array, and error-ish answers never read as an empty list', () => {
	/**
	 * What a lenient server may answer, also to a credential test through our
	 * transport: answers a server might give that the fake never does, put in by a front before the
	 * fake (answer-front.ts). The one-array rule must never turn an error-ish answer into an empty list.
	 */


	let platform: FakePlatform;
	// The front rewrites the documented root, so the platform answers with it; under
	// CC_FAKE_STRICT=1 the other forms (words, call zone) and the refusals stay on.
	useFakePlatform((started) => (platform = started), {
		answerForms: { ...(process.env.CC_FAKE_STRICT === '1' ? { all: true } : {}), roots: 'documented' },
	});

	let rewrite: ((answer: PassingAnswer) => Partial<PassingAnswer> | undefined) | undefined;
	const frontUrl = useAnswerFront(() => platform, (answer) => rewrite?.(answer));
	beforeEach(() => (rewrite = undefined));

	const account = () => accountOf(platform, { baseUrl: frontUrl(), statusUrl: `${frontUrl()}/status` });
	const onPath = (path: string, change: (json: Record<string, unknown>) => void) => (answer: PassingAnswer) =>
		answer.path === path ? { body: changedJson(answer.body, change) } : undefined;

	describe('one-array rule', () => {
		// `{code:"ok", errors:[]}` (the spec's own failure word as a key) has exactly one array,
		// so the reader takes `errors` as the lead list: Get Many returns nothing and no error.
		test('Lead Get Many: root missing, an empty `errors` array beside it: an error, not an empty list', async () => {
			rewrite = onPath('/acme/api/v1/leads', (json) => {
				delete json.leads;
				delete json.numFound;
				json.errors = [];
			});
			const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
			expect(run.error?.message).toMatch(/lacks "leads"/);
		});

		// Same with a non-empty `errors` list of strings: its entries become "leads".
		test('Lead Get Many: root missing, `errors: ["token expired"]`: an error, not a lead made of a string', async () => {
			rewrite = onPath('/acme/api/v1/leads', (json) => {
				delete json.leads;
				delete json.numFound;
				json.errors = ['Something went wrong'];
			});
			const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
			expect(run.items).toHaveLength(0);
			expect(run.error?.message).toMatch(/lacks "leads"/);
		});

		test('Lead Get Many: numFound 5 with no root and no array: an error (holds)', async () => {
			rewrite = onPath('/acme/api/v1/leads', (json) => {
				delete json.leads;
				json.numFound = 5;
			});
			const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
			expect(run.items).toHaveLength(0);
			expect(run.error?.message).toBe('The answer of GET /api/v1/leads lacks "leads", which should hold its records');
		});

		test('Lead Get Many: two arrays and no root: an error naming both (holds)', async () => {
			rewrite = onPath('/acme/api/v1/leads', (json) => {
				json.data = json.leads;
				json.items = [];
				delete json.leads;
			});
			const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
			expect(run.error?.description).toContain('several lists (data, items)');
		});

		// The Pipelines dropdown with `{code:"ok", errors:[]}`: an empty dropdown, no error.
		test('Pipelines dropdown: `{code:"ok", errors:[]}` is an error, not an empty dropdown', async () => {
			rewrite = (answer) => (answer.path === '/acme/api/v1/deal/pipelines' ? { body: JSON.stringify({ code: 'ok', errors: [] }) } : undefined);
			await expect(loadOptions('getDealPipelines', account(), { resource: 'deal', operation: 'create' })).rejects.toThrow(/pipelines/);
		});
	});

	describe('credential test', () => {
		test('a 200 whose body is not JSON (a portal page) is no success (holds)', async () => {
			rewrite = (answer) =>
				answer.path === '/acme/api/v1/agents'
					? { body: '<html><body>Welcome to the portal</body></html>', headers: { 'content-type': 'text/html' } }
					: undefined;
			const result = await testCredentials(account());
			expect(result.status).toBe('Error');
			expect(result.message).not.toContain(platform.token);
		});

		test('a 200 {"code":"ok"} without agents is no success (holds)', async () => {
			rewrite = (answer) => (answer.path === '/acme/api/v1/agents' ? { body: JSON.stringify({ code: 'ok' }) } : undefined);
			const result = await testCredentials(account());
			expect(result.status).toBe('Error');
		});

		// `{code:"ok", errors:[]}` passes the credential test: the one-array rule takes
		// `errors` as the agents list.
		test('a 200 {"code":"ok","errors":[]} is no success', async () => {
			rewrite = (answer) => (answer.path === '/acme/api/v1/agents' ? { body: JSON.stringify({ code: 'ok', errors: [] }) } : undefined);
			const result = await testCredentials(account());
			expect(result.status).toBe('Error');
		});

		test('a 401 on agents names the token and never shows it (holds)', async () => {
			rewrite = (answer) =>
				answer.path === '/acme/api/v1/agents' ? { status: 401, body: JSON.stringify({ code: 'nok', message: 'Unauthorized' }) } : undefined;
			const result = await testCredentials(account());
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(/API Token was refused/);
			expect(result.message).not.toContain(platform.token);
		});

		test.each([['acme/x'], [' '], ['../acme']])('a bad Domain %j: error, nothing sent (holds)', async (domain) => {
			const result = await testCredentials({ ...account(), domain });
			expect(result.status).toBe('Error');
			expect(platform.requests()).toHaveLength(0);
		});

		test.each([['acme?x=1'], ['acme#x']])('Domain %j is sent encoded, inside the path: "Domain not found" (holds)', async (domain) => {
			const result = await testCredentials({ ...account(), domain });
			expect(result.status).toBe('Error');
			expect(platform.requests().map((request) => request.path)).toEqual([`/${encodeURIComponent(domain)}/api/v1/agents`]);
		});

		// "." and ".." have no slash and used to pass the Domain check; the URL then
		// normalises `/../api/v1/agents` to `/api/v1/agents`: the token goes to a path outside any domain.
		test.each([['..'], ['.'], ['a\\b']])('Domain %j: refused before anything is sent', async (domain) => {
			const result = await testCredentials({ ...account(), domain });
			expect(result.status).toBe('Error');
			expect(platform.requests()).toHaveLength(0);
		});
	});
});

/**
 * Records as the real platform writes them (real-platform.md §2.3), through
 * n8n's engine against the fake in its `real` mode. Expected values are written from
 * real-platform.md, not taken from the node's code.
 */
describe('records as the real platform writes them', () => {
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
});

describe('an answer without the property that holds its records fails naming what was expected', () => {
	/**
	 * An answer without the property that holds its records. Before, each
	 * list read turned it into an empty list: Get Many returned nothing, a dropdown was empty and
	 * the trigger never fired. Now every family reads lists through one reader
	 * (transport/answers/answerShape.ts) and fails with an error naming the root expected, the endpoint
	 * and the keys the answer had. A write whose answer lacks its record was carried out all the
	 * same: it is never sent again; a create is looked up, any other write says it may have been
	 * applied and what to look for.
	 *
	 * A front (answer-front.ts) forwards every request to the fake platform and takes the root out
	 * of the answers of one path.
	 */


	let platform: FakePlatform;

	const clock = useTestClock();
	// The front takes the documented root out, so the platform answers with it; under
	// CC_FAKE_STRICT=1 the other forms (words, call zone) and the refusals stay on.
	useFakePlatform((started) => (platform = started), {
		now: clockedNow,
		answerForms: { ...(process.env.CC_FAKE_STRICT === '1' ? { all: true } : {}), roots: 'documented' },
	});

	/** Which answers lose their root: the path they come from (exact, with the domain) and the root. */
	let strip: { path: string; root: string } | undefined;
	const frontUrl = useAnswerFront(
		() => platform,
		(answer) =>
			strip && answer.path === strip.path ? { body: changedJson(answer.body, (json) => delete json[strip!.root]) } : undefined,
	);

	beforeEach(() => (strip = undefined));

	const account = () => accountOf(platform, { baseUrl: frontUrl(), statusUrl: `${frontUrl()}/status` });

	/** What the platform answered on `path`: each answer held the root with records (the front took it out). */
	function answeredWithRecords(path: string, root: string) {
		const answers = platform.requests({ path });
		expect(answers.length).toBeGreaterThan(0);
		for (const answer of answers) {
			expect(answer.status).toBe(200);
			expect(((answer.response as IDataObject)[root] as unknown[]).length).toBeGreaterThan(0);
		}
		return answers;
	}

	describe('Get Many', () => {
		test('Lead → Get Many: the error names "leads", GET /api/v1/leads and the keys the answer had', async () => {
			strip = { path: '/acme/api/v1/leads', root: 'leads' };
			const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
			answeredWithRecords('/acme/api/v1/leads', 'leads');
			expect(run.items).toHaveLength(0);
			expect(run.error?.message).toBe('The answer of GET /api/v1/leads lacks "leads", which should hold its records');
			expect(run.error?.description).toContain('Its keys: code, numFound.');
		});

		test('Deal → Get Pipelines (a reference list): an error, not one empty item', async () => {
			strip = { path: '/acme/api/v1/deal/pipelines', root: 'pipelines' };
			const run = await runNode({ parameters: { resource: 'deal', operation: 'getPipelines' }, account: account() });
			answeredWithRecords('/acme/api/v1/deal/pipelines', 'pipelines');
			expect(run.items).toHaveLength(0);
			expect(run.error?.message).toBe('The answer of GET /api/v1/deal/pipelines lacks "pipelines", which should hold its records');
			expect(run.error?.description).toContain('Its keys: code.');
		});

		test('Monitor → Get Many: the heartbeat without "monitors" is an error', async () => {
			strip = { path: '/status/api/v1/heartbeat', root: 'monitors' };
			const run = await runNode({ parameters: { resource: 'monitor', operation: 'getAll', returnAll: true }, account: account() });
			answeredWithRecords('/status/api/v1/heartbeat', 'monitors');
			expect(run.items).toHaveLength(0);
			expect(run.error?.message).toBe('The answer of GET /api/v1/heartbeat lacks "monitors", which should hold its records');
			expect(run.error?.description).toContain('Its keys: generated_at, title.');
		});
	});

	describe('dropdowns and pickers', () => {
		test('Agents dropdown: an error, not an empty dropdown', async () => {
			strip = { path: '/acme/api/v1/agents', root: 'agents' };
			await expect(loadOptions('getAgents', account(), { resource: 'ticket', operation: 'create' })).rejects.toThrow(
				'The answer of GET /api/v1/agents lacks "agents", which should hold its records',
			);
			answeredWithRecords('/acme/api/v1/agents', 'agents');
		});

		test('Lead Status dropdown (read through the lookups): an error, not an empty dropdown', async () => {
			strip = { path: '/acme/api/v1/lead/status', root: 'statuses' };
			await expect(loadOptions('getLeadStatuses', account(), { resource: 'lead', operation: 'create' })).rejects.toThrow(
				'The answer of GET /api/v1/lead/status lacks "statuses", which should hold its records',
			);
			answeredWithRecords('/acme/api/v1/lead/status', 'statuses');
		});

		test('Lead picker: an error, not "no leads"', async () => {
			strip = { path: '/acme/api/v1/leads', root: 'leads' };
			await expect(listSearch('searchLeads', account(), { resource: 'lead', operation: 'get' })).rejects.toThrow(
				'The answer of GET /api/v1/leads lacks "leads", which should hold its records',
			);
			answeredWithRecords('/acme/api/v1/leads', 'leads');
		});
	});

	describe('trigger', () => {
		const second = (ms: number) => Math.floor(ms / 1000) * 1000;

		test('Lead Updated: the poll fails and keeps its state; once the root is back the change is emitted', async () => {
			const run = new TriggerRun({ event: 'leadUpdated', options: { simplify: false } }, account());
			expect(await run.poll()).toBeNull();
			const at = second(Date.now()) + 1000;
			const id = platform.store.updateLead(platform.store.leads[3].id, { subject: 'changed' }, at).id;
			clock.set(at + 1000);
			const before = JSON.parse(JSON.stringify(run.state)) as IDataObject;

			strip = { path: '/acme/api/v1/leads', root: 'leads' };
			await expect(run.poll()).rejects.toThrow('The answer of GET /api/v1/leads lacks "leads", which should hold its records');
			answeredWithRecords('/acme/api/v1/leads', 'leads');
			expect(run.state).toEqual(before);

			strip = undefined;
			expect((await run.poll())?.map((item) => item.id)).toEqual([id]);
			expect(await run.poll()).toBeNull();
		});

		test('Monitor Status Changed: a heartbeat without "monitors" fails the poll and loses no change', async () => {
			const monitor = platform.store.monitors[0];
			platform.store.setMonitorStatus(monitor.id, 1);
			const run = new TriggerRun({ event: 'monitorStatusChanged', options: { simplify: false } }, account());
			expect(await run.poll()).toBeNull();
			const before = JSON.parse(JSON.stringify(run.state)) as IDataObject;

			platform.store.setMonitorStatus(monitor.id, 0);
			strip = { path: '/status/api/v1/heartbeat', root: 'monitors' };
			await expect(run.poll()).rejects.toThrow('The answer of GET /api/v1/heartbeat lacks "monitors", which should hold its records');
			expect(run.state).toEqual(before);

			strip = undefined;
			const items = await run.poll();
			platform.store.setMonitorStatus(monitor.id, 1);
			expect(items?.map((item) => [item.id, item.status, item.previous_status])).toEqual([[monitor.id, 0, 1]]);
		});
	});

	describe('writes: carried out, the answer without its record', () => {
		const smsService = () => platform.store.services.find((service) => service.service_type === 'SMS')!.service_id;

		test('Ticket → Create: one ticket, one POST, and the output is that ticket, looked up', async () => {
			strip = { path: '/acme/api/v1/tickets', root: 'ticket' };
			const before = platform.store.tickets.length;
			const run = await runNode({
				parameters: { resource: 'ticket', operation: 'create', phone: '0912000177', subject: 'Rootless create', simplify: false },
				account: account(),
			});
			expect(run.error).toBeUndefined();
			expect(platform.store.tickets.length).toBe(before + 1);
			const posts = platform.requests({ method: 'POST' });
			expect(posts).toHaveLength(1);
			const created = (posts[0].response as { ticket: IDataObject }).ticket;
			const output = jsonOf(run);
			expect(output).toHaveLength(1);
			expect(output[0].ticket_id).toBe(created.ticket_id);
			expect(output[0].ticket_subject).toBe('Rootless create');
			expect(output[0].foundAfterLostAnswer).toBe(true);
			expect(platform.requests({ method: 'GET' }).map((request) => request.path)).toEqual(['/acme/api/v2/tickets']);
		});

		test('Ticket → Update: one PUT, and an error saying it may have been applied and what to look for', async () => {
			const ticket = platform.store.tickets.find((candidate) => candidate.ticket_status === 'open')!;
			strip = { path: `/acme/api/v1/tickets/${ticket.ticket_id}`, root: 'ticket' };
			const run = await runNode({
				parameters: { resource: 'ticket', operation: 'update', ticketId: String(ticket.ticket_id), commentBody: 'Checked.', commentAuthorId: 1003, updateFields: { ticket_subject: 'Rootless update' } },
				account: account(),
			});
			expect(platform.requests({ method: 'PUT' })).toHaveLength(1);
			expect(platform.store.ticket(ticket.ticket_id)!.ticket_subject).toBe('Rootless update');
			expect(run.items).toHaveLength(0);
			expect(run.error?.message).toBe(
				`The platform may have applied this PUT /api/v1/tickets/${ticket.ticket_id}: the platform answered ok, but without "ticket" (its keys: code). It was not sent again, so that it cannot be done twice.`,
			);
			expect(run.error?.description).toContain(`Look in the platform for the change to /api/v1/tickets/${ticket.ticket_id} with subject "Rootless update"`);
		});

		test('SMS → Send, Continue On Fail: one SMS, an error item paired with its input', async () => {
			strip = { path: '/acme/api/v1/sms', root: 'ticket' };
			const run = await runNode({
				parameters: { resource: 'sms', operation: 'send', serviceId: smsService(), phone: '={{ $json.phone }}', content: 'Shipped' },
				account: account(),
				input: [{ phone: '0912000181' }],
				continueOnFail: true,
			});
			expect(platform.requests({ method: 'POST' })).toHaveLength(1);
			expect(run.items).toHaveLength(1);
			expect(run.items[0].pairedItem).toEqual({ item: 0 });
			expect(String(run.items[0].json.error)).toBe(
				'The platform may have applied this POST /api/v1/sms: the platform answered ok, but without "ticket" (its keys: code). It was not sent again, so that it cannot be done twice.',
			);
			// n8n keeps only the message in the item's JSON (normalizeNodeErrors); the description is on its error.
			expect(run.items[0].error?.description).toContain('Look in the platform for the record created by /api/v1/sms with phone 0912000181, message "Shipped"');
		});
	});

	describe('credential test', () => {
		test('a 200 ok without the agents list is an error, not "Connection successful!"', async () => {
			strip = { path: '/acme/api/v1/agents', root: 'agents' };
			const result = await testCredentials(account());
			answeredWithRecords('/acme/api/v1/agents', 'agents');
			expect(result.status).toBe('Error');
			expect(result.message).toContain('The answer of GET /api/v1/agents lacks "agents", which should hold its records');
			expect(result.message).toContain('Its keys: code');
		});
	});
});
