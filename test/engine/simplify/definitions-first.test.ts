// @modes: backoff
/**
 * The urgent lane through n8n's engine against the fake platform. A Ticket →
 * Get Many Return All (Simplify on, the default) reads page 1 of each 31-day window, then asks for
 * the other pages together, and for the custom-field definitions its pages wait on to be labelled.
 * Promise: the definitions take the account's next slot before the queued pages;
 * the budget is the same (busiest server second ≤ 15, docs/api.md#limits), and faults at the
 * definitions or at pages (429, 500, a timeout) end as before: every record, labelled.
 * Expected values come from the platform's own answers and docs/api.md#custom-fields.
 */
import type { IDataObject } from 'n8n-workflow';

import { busiestSecond, type FakePlatform } from '../../../tools/fake-platform';
import { accountOf, jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { labelled, ticketPagesInOrder, TICKET_LIST, type Definition } from '../helpers/ticket-pages';

let platform: FakePlatform;

// 8,000 tickets over 60 days: two 31-day windows of about eight pages of 500 each.
useFakePlatform((started) => (platform = started), { size: { tickets: 8000, days: 60 } });

const DAY = 86_400_000;
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const DEFINITIONS = '/acme/api/v1/tickets/custom_fields';

const to = () => Math.floor(platform.store.seededAt / 1000) * 1000;
const parameters = (extra: IDataObject = {}, days = 60) => ({
	resource: 'ticket',
	operation: 'getAll',
	dateField: 'created',
	since: iso(to() - days * DAY),
	to: iso(to()),
	returnAll: true,
	...extra,
});

const pagesInOrder = () => ticketPagesInOrder(platform);

/** Every ticket of the pages read, in order, labelled; at least `minimum` of them (60 days: about 8,000). */
function expectEveryRecordLabelled(run: Awaited<ReturnType<typeof runNode>>, minimum = 6000) {
	expect(run.error).toBeUndefined();
	const pages = pagesInOrder();
	// Each page answered once (a retried page is read again; keep its last answer per window and page).
	const byKey = new Map(pages.map((page) => [`${page.query.created_since}|${page.query.page}`, page]));
	const raw = [...byKey.values()].flatMap((page) => (page.response as { tickets: IDataObject[] }).tickets);
	expect(raw.length).toBeGreaterThan(minimum);
	const output = jsonOf(run);
	expect(output.map((ticket) => ticket.ticket_id)).toEqual(raw.map((ticket) => ticket.ticket_id));
	const definitions = platform.store.ticketFields as Definition[];
	// One comparison of the whole list: an expect per ticket cost more than the run it checks.
	expect(output.map((ticket) => ticket.custom_fields)).toEqual(raw.map((ticket) => labelled(ticket.custom_fields, definitions)));
	const all = platform.requests();
	expect(busiestSecond(all.map((request) => request.at))).toBeLessThanOrEqual(15);
	expect(all.every((request) => request.headers.authorization === `Bearer ${platform.token}`)).toBe(true);
}

/** How many ticket-page requests reached the platform before the (first) definitions request. */
function pagesBeforeDefinitions(): { before: number; pages: number } {
	const definitions = platform.requests({ path: DEFINITIONS })[0];
	const pages = platform.requests({ path: TICKET_LIST });
	return { before: pages.filter((page) => page.seq < definitions.seq).length, pages: pages.length };
}

describe('Ticket → Get Many, Return All, Simplify on, 150 ms round trips', () => {
	beforeEach(() => platform.inject({ kind: 'latency', ms: 150, target: 'any' }));

	test('the definitions go before the pages queued behind the first ones: at most the two page 1s and the five on the wire before them', async () => {
		const run = await runNode({ parameters: parameters(), account: accountOf(platform) });
		expectEveryRecordLabelled(run);
		expect(platform.requests({ path: DEFINITIONS })).toHaveLength(1);
		const { before, pages } = pagesBeforeDefinitions();
		expect(pages).toBeGreaterThanOrEqual(14);
		// Two page 1s, then at most five requests on the wire and one already spaced when the definitions were asked for.
		expect(before).toBeLessThanOrEqual(2 + 5 + 1);
	});

	test('a 429 at the definitions: they go again (still before the queued pages), every record labelled', async () => {
		platform.inject({ kind: 'status', status: 429, message: 'Too Many Requests', path: DEFINITIONS, times: 1 });
		const run = await runNode({ parameters: parameters(), account: accountOf(platform) });
		expectEveryRecordLabelled(run);
		const definitions = platform.requests({ path: DEFINITIONS });
		expect(definitions.map((request) => request.status)).toEqual([429, 200]);
		const pages = platform.requests({ path: TICKET_LIST });
		// The retry took the first slot after the 429 came back. Pages already on the wire when the
		// node read that answer may still arrive after it (how long the node takes to read it is up to
		// the machine's load), so count them: at most the five on the wire and one already spaced,
		// never the pages queued behind them.
		const between = pages.filter((page) => page.at > definitions[0].answeredAt && page.seq < definitions[1].seq);
		expect(between.length).toBeLessThanOrEqual(5 + 1);
		expect(pages.filter((page) => page.seq > definitions[1].seq).length).toBeGreaterThanOrEqual(5);
	});

	// A fault at the definitions alone needs no queue behind them: 20 days, one window of about six pages.
	test('a 500 at the definitions: read again, every record labelled', async () => {
		platform.inject({ kind: 'status', status: 500, message: 'Internal Server Error', path: DEFINITIONS, times: 1 });
		const run = await runNode({ parameters: parameters({}, 20), account: accountOf(platform) });
		expectEveryRecordLabelled(run, 2000);
		expect(platform.requests({ path: DEFINITIONS }).map((request) => request.status)).toEqual([500, 200]);
	});

	// The Timeout is 20 times the round trip, so only the injected delay can exceed it: on CI's busy
	// 2 cores a 1 s Timeout also expired on the second, 150 ms read (3 reads where 2 were due).
	test('the definitions time out once (Timeout 3 s, the platform 6 s late): read again, every record labelled', async () => {
		platform.inject({ kind: 'latency', ms: 6000, path: DEFINITIONS, times: 1 });
		const run = await runNode({ parameters: parameters({ requestOptions: { timeout: 3000 } }, 20), account: accountOf(platform) });
		expectEveryRecordLabelled(run, 2000);
		expect(platform.requests({ path: DEFINITIONS }).length).toBe(2);
	});

	test('429s and a 500 at pages while the definitions wait: every record labelled, one read of the definitions', async () => {
		platform.inject({ kind: 'status', status: 429, message: 'Too Many Requests', path: TICKET_LIST, skip: 2, times: 2 });
		platform.inject({ kind: 'status', status: 500, message: 'Internal Server Error', path: TICKET_LIST, skip: 6, times: 1 });
		const run = await runNode({ parameters: parameters(), account: accountOf(platform) });
		expectEveryRecordLabelled(run);
		expect(platform.requests({ path: DEFINITIONS })).toHaveLength(1);
	});
});
