/**
 * Simplify on a list of many pages: each page is presented as it arrives, while the
 * next pages are read, and the custom-field definitions its labels need are read as soon as a
 * page holds custom fields. The definitions are made to arrive late here (after every page), so
 * pages wait for them: the output must be the same items, in the API's order, each with its
 * labels and times as Simplify shows them. Expected values come from the platform's own
 * answers and docs/api.md (custom fields keyed by `custom_field_lable`, choice ids replaced by
 * their `lable`; times and codes via ./readable.ts), never from the node's tables.
 * Registered by simplify.test.ts (one n8n load for the folder's runner), with a fake of its own.
 */
import type { IDataObject } from 'n8n-workflow';
import { type FakePlatform } from '../../../tools/fake-platform';
import { accountOf, jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { realRetryBackoffs } from '../helpers/quick-retries';
import { labelled, ticketPagesInOrder, TICKET_LIST, type Definition } from '../helpers/ticket-pages';
import { ACCOUNT_ZONE, expectReadable } from '../helpers/readable';

describe('Simplify on a list of many pages, the definitions arriving after the pages', () => {
	let platform: FakePlatform;

	// 4,000 tickets over 60 days: a 60-day range is two 31-day windows of about four pages each.
	useFakePlatform((started) => (platform = started), { size: { tickets: 4000, days: 60 } });
	// The order of answers is the test: the back-offs in full, as in production (helpers/quick-retries.ts).
	realRetryBackoffs();

	const DAY = 86_400_000;
	const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
	const DEFINITIONS = '/acme/api/v1/tickets/custom_fields';

	const pagesInOrder = () => ticketPagesInOrder(platform);

	function expectPresented(output: IDataObject[], raw: IDataObject[]) {
		const definitions = platform.store.ticketFields as Definition[];
		expect(output.map((ticket) => ticket.ticket_id)).toEqual(raw.map((ticket) => ticket.ticket_id));
		let withChoices = 0;
		output.forEach((ticket, index) => {
			expectReadable(platform, 'ticketListItem', ticket, raw[index]);
			expect(ticket.custom_fields).toEqual(labelled(raw[index].custom_fields, definitions));
			const values = Object.values(ticket.custom_fields as IDataObject);
			if (values.some((value) => Array.isArray(value) && value.length > 0)) withChoices++;
		});
		// The check above saw choices turned into labels, not only plain values.
		expect(withChoices).toBeGreaterThan(0);
	}

	describe('Ticket → Get Many, Simplify on, definitions arriving after the pages', () => {
		const to = () => Math.floor(platform.store.seededAt / 1000) * 1000;
		const parameters = (extra: IDataObject) => ({
			resource: 'ticket',
			operation: 'getAll',
			dateField: 'created',
			since: iso(to() - 60 * DAY),
			to: iso(to()),
			...extra,
		});

		test('Return All: every page presented as the API gave it, in its order, once the definitions came', async () => {
			platform.inject({ kind: 'latency', ms: 200, path: TICKET_LIST, target: 'any' });
			// Long enough that every page is answered first, also on a busy machine (about 2 s of pages).
			platform.inject({ kind: 'latency', ms: 6000, path: DEFINITIONS, target: 'any' });
			const run = await runNode({ parameters: parameters({ returnAll: true }), account: accountOf(platform, { timeZone: ACCOUNT_ZONE }) });
			expect(run.error).toBeUndefined();

			const pages = pagesInOrder();
			expect(pages.length).toBeGreaterThanOrEqual(6);
			const raw = pages.flatMap((page) => (page.response as { tickets: IDataObject[] }).tickets);
			expect(raw.length).toBeGreaterThan(3000);
			expect(run.items).toHaveLength(raw.length);
			expect(run.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);

			// One read of the definitions, sent while the pages were still being read (not after the
			// last of them), and answered after every page: the pages waited for it.
			const definitions = platform.requests({ path: DEFINITIONS });
			expect(definitions).toHaveLength(1);
			const lastAnswer = Math.max(...pages.map((page) => page.answeredAt));
			expect(definitions[0].at).toBeLessThan(lastAnswer);
			expect(definitions[0].answeredAt).toBeGreaterThan(lastAnswer);

			expectPresented(jsonOf(run), raw);
		});

		test('Limit: pages read one after another, each presented, the first records in the API order', async () => {
			// Long enough that every page is answered first, also on a busy machine (about 2 s of pages).
			platform.inject({ kind: 'latency', ms: 6000, path: DEFINITIONS, target: 'any' });
			const run = await runNode({ parameters: parameters({ returnAll: false, limit: 1200 }), account: accountOf(platform, { timeZone: ACCOUNT_ZONE }) });
			expect(run.error).toBeUndefined();

			const pages = pagesInOrder();
			expect(pages.length).toBeGreaterThanOrEqual(3);
			const raw = pages.flatMap((page) => (page.response as { tickets: IDataObject[] }).tickets).slice(0, 1200);
			expect(run.items).toHaveLength(1200);
			expect(platform.requests({ path: DEFINITIONS })).toHaveLength(1);
			expectPresented(jsonOf(run), raw);
		});
	});
});
