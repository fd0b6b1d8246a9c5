// @modes: spec strict
/**
 * The record pickers and the dropdowns, through n8n's engine against the fake platform.
 */
import type { IDataObject, INodeListSearchItems, INodeParameters } from 'n8n-workflow';
import type { FakePlatform } from '../../../tools/fake-platform';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, listSearch, runNode, runRoutingNode, loadOptions } from '../../../tools/engine-harness/harness';
import { instantOf } from '../helpers/platform-clock';

/**
 * The record pickers (resource locators) of Ticket, Lead and Deal Get and Update, through
 * n8n's engine against the fake platform: every shape of the value (From List, By ID, an
 * expression giving text or a number, $fromAI, a plain string saved before the pickers
 * existed) reaches the path; a bad ID is refused before any request, naming the field and
 * the item; the list-search methods list newest first, filter and page without a gap.
 */
describe('record pickers', () => {
	let platform: FakePlatform;

	useFakePlatform((started) => (platform = started));

	const DAY = 24 * 3600 * 1000;

	interface Kind {
		resource: 'ticket' | 'lead' | 'deal';
		parameter: string;
		label: string;
		/** The record's path, as the platform logs it. */
		path: (id: number | string) => string;
		/** The ID in the node's output. */
		idOf: (json: IDataObject) => unknown;
		/** A record of the store: the fifth newest. */
		someId: () => number;
		search: string;
		listPath: string;
		/** The store's records: ID, creation time, the words a search may match. */
		records: () => Array<{ id: number; created: number; name: string; words: string[] }>;
	}

	const customer = (id: number) => platform.store.customer(id)!;

	const KINDS: Kind[] = [
		{
			resource: 'ticket',
			parameter: 'ticketId',
			label: 'Ticket ID',
			path: (id) => `/acme/api/v1/tickets/${id}`,
			idOf: (json) => json.ticket_id,
			someId: () => [...platform.store.tickets].sort((a, b) => b.created_at - a.created_at)[4].ticket_id,
			search: 'searchTickets',
			listPath: '/acme/api/v2/tickets',
			records: () =>
				platform.store.tickets.map((ticket) => ({
					id: ticket.ticket_id,
					created: ticket.created_at,
					name: `#${ticket.ticket_id} · ${ticket.ticket_subject} · ${ticket.ticket_status}`,
					words: [String(ticket.ticket_no), ticket.ticket_subject, ticket.ticket_status, customer(ticket.requester_id).username],
				})),
		},
		{
			resource: 'lead',
			parameter: 'leadId',
			label: 'Lead ID',
			path: (id) => `/acme/api/v1/lead/${id}`,
			idOf: (json) => json.id,
			someId: () => [...platform.store.leads].sort((a, b) => b.created_at - a.created_at)[4].id,
			search: 'searchLeads',
			listPath: '/acme/api/v1/leads',
			records: () =>
				platform.store.leads.map((lead) => ({
					id: lead.id,
					created: lead.created_at,
					name: `#${lead.id} · ${lead.subject} · ${customer(lead.requester_id).username}`,
					words: [lead.subject, customer(lead.requester_id).username],
				})),
		},
		{
			resource: 'deal',
			parameter: 'dealId',
			label: 'Deal ID',
			path: (id) => `/acme/api/v1/deal/${id}`,
			idOf: (json) => json.id,
			someId: () => [...platform.store.deals].sort((a, b) => b.created_at - a.created_at)[4].id,
			search: 'searchDeals',
			listPath: '/acme/api/v1/deals',
			records: () =>
				platform.store.deals.map((deal) => ({
					id: deal.id,
					created: deal.created_at,
					name: `#${deal.id} · ${deal.subject} · ${customer(deal.requester_id).username}`,
					words: [deal.subject, customer(deal.requester_id).username],
				})),
		},
	];

	/** The operation's other required parameters: an update adds a comment. */
	function parametersOf(kind: Kind, operation: 'get' | 'update', id: unknown): INodeParameters {
		const parameters: INodeParameters = { resource: kind.resource, operation, [kind.parameter]: id as INodeParameters[string] };
		if (operation === 'get') parameters.simplify = false;
		else Object.assign(parameters, { commentBody: 'Checked by the record picker test', commentAuthorId: 1002 });
		return parameters;
	}

	/** The requests for the record itself (custom-field definitions and reference lists aside). */
	function recordRequests(kind: Kind) {
		return platform.requests({ path: new RegExp(`^${kind.path('')}\\d`) });
	}

	const picked = (mode: string, value: string | number) => ({ __rl: true, mode, value });

	describe.each(KINDS)('$resource: the picker value reaches the path', (kind) => {
		const shapes: Array<[string, (id: number) => unknown, (id: number) => IDataObject]> = [
			['From List', (id) => ({ ...picked('list', String(id)), cachedResultName: `#${id}` }), () => ({})],
			['By ID', (id) => picked('id', String(id)), () => ({})],
			['By ID with spaces around it', (id) => picked('id', ` ${id} `), () => ({})],
			['an expression giving text', () => picked('id', '={{ $json.id }}'), (id) => ({ id: String(id) })],
			['an expression giving a number', () => picked('id', '={{ $json.id }}'), (id) => ({ id })],
			['$fromAI (a tool call)', () => picked('id', `={{ $fromAI('${kind.parameter}', 'The ${kind.resource} to use', 'number') }}`), (id) => ({ [kind.parameter]: id })],
			['$fromAI giving the ID as text', () => picked('id', `={{ $fromAI('${kind.parameter}', 'The ${kind.resource} ID, digits only', 'string') }}`), (id) => ({ [kind.parameter]: String(id) })],
			['$fromAI in From List mode', () => picked('list', `={{ $fromAI('${kind.parameter}', 'The ${kind.resource} ID, digits only', 'string') }}`), (id) => ({ [kind.parameter]: ` ${id}` })],
			['a plain string saved before the pickers existed', (id) => String(id), () => ({})],
			['a plain expression saved before the pickers existed', () => '={{ $json.id }}', (id) => ({ id })],
		];

		for (const operation of ['get', 'update'] as const) {
			test.each(shapes)(`${operation}: %s`, async (_shape, value, input) => {
				const id = kind.someId();
				const run = await runNode({
					parameters: parametersOf(kind, operation, value(id)),
					account: accountOf(platform),
					input: [input(id)],
				});
				expect(run.error).toBeUndefined();
				const requests = recordRequests(kind);
				expect(requests.map((request) => [request.method, request.path])).toEqual([
					[operation === 'get' ? 'GET' : 'PUT', kind.path(id)],
				]);
				expect(run.items).toHaveLength(1);
				expect(kind.idOf(run.items[0].json)).toBe(id);
				expect(run.items[0].pairedItem).toEqual({ item: 0 });
			});
		}
	});

	describe.each(KINDS)('$resource: a bad ID is refused before any request', (kind) => {
		test.each([
			['letters', 'abc'],
			['11 digits', '12345678901'],
			['a decimal', '12.5'],
			['a negative number', '-5'],
		])('%s given by an expression', async (_case, bad) => {
			const run = await runNode({
				parameters: parametersOf(kind, 'update', picked('id', '={{ $json.id }}')),
				account: accountOf(platform),
				input: [{ id: bad }],
			});
			expect(run.error?.message).toBe(
				`${kind.label} (${kind.parameter}) must be a whole number of at most 10 digits; got "${bad}" [item 0]`,
			);
			expect(platform.requests()).toHaveLength(0);
		});

		test('an empty expression result is refused as missing', async () => {
			const run = await runNode({
				parameters: parametersOf(kind, 'get', picked('id', '={{ $json.id }}')),
				account: accountOf(platform),
				input: [{ id: '' }],
			});
			expect(run.error?.message).toBe(`${kind.label} (${kind.parameter}) is required [item 0]`);
			expect(platform.requests()).toHaveLength(0);
		});

		test('Continue On Fail: the bad item (item 1) becomes an error item, the good ones are sent', async () => {
			const id = kind.someId();
			const items = await runRoutingNode({
				parameters: parametersOf(kind, 'get', picked('id', '={{ $json.id }}')),
				account: accountOf(platform),
				input: [{ id }, { id: 'x1' }, { id }],
				continueOnFail: true,
			});
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(items[1].json.error).toBe(`${kind.label} (${kind.parameter}) must be a whole number of at most 10 digits; got "x1" [item 1]`);
			expect([kind.idOf(items[0].json), kind.idOf(items[2].json)]).toEqual([id, id]);
			expect(recordRequests(kind).map((request) => request.path)).toEqual([kind.path(id), kind.path(id)]);
		});

		test('a bad ID typed By ID stops the workflow with the editor\'s message, before any request', async () => {
			// n8n checks a picker's By ID against its regex before running (the same rule as ours).
			await expect(
				runNode({ parameters: parametersOf(kind, 'get', picked('id', '12a')), account: accountOf(platform) }),
			).rejects.toThrow(/issues/i);
			expect(platform.requests()).toHaveLength(0);
		});
	});

	/** The store's records created in [since, to] (inclusive, to the second), newest first, as the picker lists them. */
	function expectedBetween(kind: Kind, since: number, to: number, matches: (words: string[], id: number) => boolean = () => true) {
		return kind
			.records()
			.filter((record) => record.created >= since && record.created <= to && matches(record.words, record.id))
			.sort((a, b) => b.created - a.created || b.id - a.id)
			.map((record) => ({ name: record.name, value: String(record.id) }));
	}

	/** The creation windows the picker asked for, newest first, as [since, to] in ms. */
	function windowsAsked(kind: Kind): Array<[number, number]> {
		const windows = new Map<string, [number, number]>();
		for (const request of platform.requests({ path: kind.listPath })) {
			windows.set(`${request.query.created_since}/${request.query.created_to}`, [
				instantOf(request.query.created_since, { platform }),
				instantOf(request.query.created_to, { platform }),
			]);
		}
		return [...windows.values()].sort((a, b) => b[0] - a[0]);
	}

	/** The span of a page's first window: a week of tickets, a month of leads or deals. */
	const firstWindowOf = (kind: Kind) => (kind.resource === 'ticket' ? 7 : 31) * DAY;

	/** Windows newest first, each a second inside 31 days, each ending one second before the next newer one starts. */
	function expectContiguous(windows: Array<[number, number]>, maxSpanMs = 31 * DAY - 1000) {
		for (let index = 0; index < windows.length; index++) {
			const [since, to] = windows[index];
			expect(to).toBeGreaterThan(since);
			expect(to - since).toBeLessThanOrEqual(maxSpanMs);
			if (index > 0) expect(to).toBe(windows[index - 1][0] - 1000);
		}
	}

	const pageOf = (items: INodeListSearchItems[]) => items.map(({ name, value }) => ({ name, value }));

	describe.each(KINDS)('$resource: From List', (kind) => {
		const parameters = () => parametersOf(kind, 'get', picked('list', ''));

		test('lists newest first, page after page without a gap or a repeat', async () => {
			const first = await listSearch(kind.search, accountOf(platform), parameters());
			expect(first.results.length).toBeGreaterThanOrEqual(50);
			expect(first.paginationToken).toBeDefined();
			const firstWindows = windowsAsked(kind);
			// Each request reads one whole window (all of its pages), oldest window last.
			const [firstSince] = firstWindows[firstWindows.length - 1];
			const [, firstTo] = firstWindows[0];
			expect(pageOf(first.results)).toEqual(expectedBetween(kind, firstSince, firstTo));

			platform.clearLog();
			const second = await listSearch(kind.search, accountOf(platform), parameters(), { paginationToken: first.paginationToken });
			const secondWindows = windowsAsked(kind);
			expect(secondWindows[0][1]).toBe(firstSince - 1000);
			const [secondSince] = secondWindows[secondWindows.length - 1];
			expect(pageOf(second.results)).toEqual(expectedBetween(kind, secondSince, firstSince - 1000));

			// Together: every record of the span, newest first, none twice.
			const both = pageOf([...first.results, ...second.results]);
			expect(both).toEqual(expectedBetween(kind, secondSince, firstTo));
			expect(new Set(both.map((item) => item.value)).size).toBe(both.length);
			expectContiguous([...firstWindows, ...secondWindows]);
			// A page starts with a short window (a week of tickets: quick on a busy account).
			expect(firstWindows[0][1] - firstWindows[0][0]).toBe(firstWindowOf(kind) - 1000);
		});

		test('a search matches the ID, and "#ID" as the picker shows it', async () => {
			const id = kind.someId();
			for (const filter of [String(id), `#${id}`]) {
				const found = await listSearch(kind.search, accountOf(platform), parameters(), { filter });
				expect(found.results.map((item) => item.value)).toContain(String(id));
				expect(found.results.every((item) => String(item.value).includes(String(id)) || item.name.includes(String(id)))).toBe(true);
			}
		});

		test('a search by a customer name lists only that customer\'s records, newest first, case aside', async () => {
			const newest = expectedBetween(kind, Date.now() - 30 * DAY, Date.now())[0];
			const record = kind.records().find((candidate) => String(candidate.id) === newest.value)!;
			const name = record.words[record.words.length - 1];
			const filter = name.toUpperCase();
			const found = await listSearch(kind.search, accountOf(platform), parameters(), { filter });
			expect(found.results.length).toBeGreaterThan(0);
			const windows = windowsAsked(kind);
			const matches = (words: string[], id: number) =>
				String(id).includes(name.toLowerCase()) || words.some((word) => word.toLowerCase().includes(name.toLowerCase()));
			expect(pageOf(found.results)).toEqual(
				expectedBetween(kind, windows[windows.length - 1][0], windows[0][1], matches),
			);
			expect(found.results[0].value).toBe(newest.value);
		});

		test('a search that matches nothing reads back one year in windows and ends the list', async () => {
			const found = await listSearch(kind.search, accountOf(platform), parameters(), { filter: 'no such record zzz' });
			expect(found.results).toEqual([]);
			expect(found.paginationToken).toBeUndefined();
			const windows = windowsAsked(kind);
			expectContiguous(windows);
			expect(windows[0][1] - windows[windows.length - 1][0]).toBe(366 * DAY);
			// The first window, then the API's longest: about one request per month read.
			expect(windows).toHaveLength(1 + Math.ceil((366 * DAY - firstWindowOf(kind)) / (31 * DAY)));
			// Only the list was asked, each window whole (pages of 500 where it holds more).
			expect(platform.requests().every((request) => request.path === kind.listPath && request.query.count === '500')).toBe(true);
		});

		test('an API error reaches the editor as the node\'s error', async () => {
			platform.inject({ kind: 'status', status: 400, message: 'Something is wrong here', path: kind.listPath.replace('/acme', ''), times: 1 });
			await expect(listSearch(kind.search, accountOf(platform), parameters())).rejects.toThrow(/Something is wrong here/);
			expect(platform.requests({ path: kind.listPath })).toHaveLength(1);
		});
	});
});

/**
 * Every dropdown names every entry: an entry the account
 * lists without its name (an agent without username, a group without group_name, a status
 * without label, a pipeline or stage without name, a label or reason without name) reads
 * `<Kind> <id>` through the one helper `nameOf` (definitions/accountDefinitions.ts): never "undefined", never
 * a crash while sorting. Both modes of the fake.
 */
describe('every dropdown names every entry', () => {
	let platform: FakePlatform;
	useFakePlatform((started) => (platform = started));

	let saved: string;
	beforeAll(() => {
		const { agents, groups, leadStatuses, leadLabels, leadUnqualifiedReasons, dealPipelines, dealLabels, dealUnqualifiedReasons } = platform.store;
		saved = JSON.stringify({ agents, groups, leadStatuses, leadLabels, leadUnqualifiedReasons, dealPipelines, dealLabels, dealUnqualifiedReasons });
	});
	afterEach(() => Object.assign(platform.store, JSON.parse(saved)));

	const noUndefined = (value: unknown) => expect(JSON.stringify(value)).not.toMatch(/undefined|\[object Object\]|NaN|null/);
	const names = (options: Array<{ name: string }>) => options.map((option) => option.name);

	test('agents without username: "Agent <id>" in the agent and the call-agent dropdowns', async () => {
		const [first] = platform.store.agents;
		platform.store.agents = [
			...platform.store.agents,
			{ ...first, id: 9901, username: undefined, email: undefined, agent_id: '7001' } as never,
			{ ...first, id: 9902, username: null, group_name: { x: 1 } } as never,
		];
		const agents = await loadOptions('getAgents', accountOf(platform), {});
		noUndefined(agents);
		expect(names(agents)).toContain('Agent 9901');
		const callAgents = await loadOptions('getCallAgents', accountOf(platform), {});
		noUndefined(callAgents);
		expect(names(callAgents)).toContain('Agent 9901 (IP phone 7001)');
	});

	test('a lead status without label reads "Status <id>"; a group without name "Group <id>"', async () => {
		platform.store.leadStatuses = [...platform.store.leadStatuses, { id: 9999, status_type: 0 } as never];
		expect(names(await loadOptions('getLeadStatuses', accountOf(platform), { resource: 'lead', operation: 'getAll' }))).toContain('Status 9999');
		platform.store.groups = [...platform.store.groups, { ...platform.store.groups[0], group_id: 9998, group_name: null } as never];
		expect(names(await loadOptions('getGroups', accountOf(platform), { resource: 'ticket', operation: 'getAll' }))).toContain('Group 9998');
	});

	test('pipelines and stages without name, labels and reasons without name', async () => {
		platform.store.dealPipelines = [
			...platform.store.dealPipelines,
			{ id: 9801, stages: [{ id: 98011 }, { id: 98012, name: 'Won' }] } as never,
		];
		platform.store.dealLabels = [...platform.store.dealLabels, { id: 9701 } as never];
		platform.store.leadLabels = [...platform.store.leadLabels, { id: 9702, name: '' } as never];
		platform.store.dealUnqualifiedReasons = [...platform.store.dealUnqualifiedReasons, { id: 9703 } as never];
		platform.store.leadUnqualifiedReasons = [...platform.store.leadUnqualifiedReasons, { id: 9704, name: null } as never];
		const pipelines = await loadOptions('getDealPipelines', accountOf(platform), { resource: 'deal', operation: 'create' });
		noUndefined(pipelines);
		expect(pipelines.find((option) => option.value === 9801)).toMatchObject({ name: 'Pipeline 9801', description: 'Stages: Stage 98011 → Won' });
		const stages = await loadOptions('getDealStages', accountOf(platform), { resource: 'deal', operation: 'getAll' });
		noUndefined(stages);
		expect(names(stages)).toEqual(expect.arrayContaining(['Pipeline 9801 › Stage 98011', 'Pipeline 9801 › Won']));
		const only = await loadOptions('getDealStages', accountOf(platform), { resource: 'deal', operation: 'create', pipelineId: 9801 });
		expect(names(only)).toEqual(['Stage 98011', 'Won']);
		for (const [method, expected] of [
			['getDealLabels', 'Label 9701'],
			['getLeadLabels', 'Label 9702'],
			['getDealUnqualifiedReasons', 'Reason 9703'],
			['getLeadUnqualifiedReasons', 'Reason 9704'],
		] as const) {
			const options = await loadOptions(method, accountOf(platform), { resource: method.includes('Deal') ? 'deal' : 'lead', operation: 'getAll' });
			noUndefined(options);
			expect(names(options)).toContain(expected);
		}
	});
});
