// @modes: backoff
/**
 * Issue 19, defect 1: a read the output needs fails after the list was read. With Simplify on
 * (the default) the trigger reads the custom-field definitions, and for leads and deals the lead
 * statuses or the pipelines, after the list. That read fails here past its retries (a 500 that
 * persists). The invariants: the failing poll throws and leaves the static data exactly as it
 * was, in memory and as saved; across the failing poll and the polls after it every change is
 * emitted exactly once.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { FakePlatform } from '../../tools/fake-platform';
import { clockedNow, useTestClock } from './helpers/clock';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, TriggerRun } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

const clock = useTestClock();
useFakePlatform((started) => (platform = started), { now: clockedNow });

const second = (ms: number) => Math.floor(ms / 1000) * 1000;
/** Longer than the 2 minutes the trigger keeps definitions: the failing poll reads them again. */
const PAST_LOOKUP_CACHE_MS = 121_000;

interface Case {
	name: string;
	parameters: INodeParameters;
	/** The list the event reads and the read Simplify needs after it (where the fault goes). */
	listPath: string;
	faultPath: string;
	idField: string;
	/** Makes `count` changes the event reports, stamped `at`; returns their ids. */
	change: (count: number, at: number, round: number) => number[];
}

const distinct = <T>(records: T[], used: Set<number>, idOf: (record: T) => number, count: number) => {
	const chosen = records.filter((record) => !used.has(idOf(record))).slice(0, count);
	chosen.forEach((record) => used.add(idOf(record)));
	return chosen;
};

const usedTickets = new Set<number>();
const usedLeads = new Set<number>();
const usedDeals = new Set<number>();

const CASES: Case[] = [
	{
		name: 'Ticket Updated: the custom-field definitions fail',
		parameters: { event: 'ticketUpdated' },
		listPath: '/acme/api/v2/tickets',
		faultPath: '/api/v1/tickets/custom_fields',
		idField: 'ticket_id',
		change: (count, at, round) =>
			distinct(platform.store.tickets, usedTickets, (ticket) => ticket.ticket_id, count).map(
				(ticket) => platform.store.updateTicket(ticket.ticket_id, { ticket_subject: `round ${round}` }, at).ticket_id,
			),
	},
	{
		name: 'Ticket Updated with Status Becomes: the custom-field definitions fail',
		parameters: { event: 'ticketUpdated', filters: { ticket_statuses: ['pending'] } },
		listPath: '/acme/api/v2/tickets',
		faultPath: '/api/v1/tickets/custom_fields',
		idField: 'ticket_id',
		change: (count, at) =>
			distinct(
				platform.store.tickets.filter((ticket) => ticket.ticket_status === 'open'),
				usedTickets,
				(ticket) => ticket.ticket_id,
				count,
			).map((ticket) => platform.store.updateTicket(ticket.ticket_id, { ticket_status: 'pending' }, at).ticket_id),
	},
	{
		name: 'Lead Updated: the lead statuses fail',
		parameters: { event: 'leadUpdated' },
		listPath: '/acme/api/v1/leads',
		faultPath: '/api/v1/lead/status',
		idField: 'id',
		change: (count, at, round) =>
			distinct(platform.store.leads, usedLeads, (lead) => lead.id, count).map(
				(lead) => platform.store.updateLead(lead.id, { subject: `round ${round}` }, at).id,
			),
	},
	{
		name: 'Deal Updated: the pipelines fail',
		parameters: { event: 'dealUpdated' },
		listPath: '/acme/api/v1/deals',
		faultPath: '/api/v1/deal/pipelines',
		idField: 'id',
		change: (count, at, round) =>
			distinct(platform.store.deals, usedDeals, (deal) => deal.id, count).map(
				(deal) => platform.store.updateDeal(deal.id, { subject: `round ${round}` }, at).id,
			),
	},
];

const copy = (value: IDataObject) => JSON.parse(JSON.stringify(value)) as IDataObject;

describe.each(CASES)('$name', ({ parameters, listPath, faultPath, idField, change }) => {
	test('the failing poll leaves the static data as it was; every change is emitted exactly once', async () => {
		const run = new TriggerRun(parameters, accountOf(platform));
		expect(await run.poll()).toBeNull();

		// A poll that emits, so that there is a saved state to keep.
		let at = second(Date.now()) + 1000;
		const first = change(1, at, 1);
		clock.set(at + 1000);
		expect((await run.poll())?.map((item) => item[idField])).toEqual(first);
		const savedBefore = copy(run.persisted);
		expect(Object.keys(savedBefore)).not.toHaveLength(0);

		// Changes of the next window; the list read succeeds, the read Simplify needs after it fails.
		clock.advance(PAST_LOOKUP_CACHE_MS);
		at = second(Date.now()) + 1000;
		const lost = change(30, at, 2);
		clock.set(at + 1000);
		const inMemoryBefore = copy(run.state);
		platform.clearLog();
		platform.inject({ kind: 'status', status: 500, message: 'Server Error', path: faultPath });
		await expect(run.poll()).rejects.toThrow();
		expect(platform.requests({ path: listPath }).every((request) => request.status === 200)).toBe(true);
		expect(platform.requests({ path: listPath }).length).toBeGreaterThan(0);
		expect(platform.requests().some((request) => request.path.endsWith(faultPath) && request.status === 500)).toBe(true);
		expect(run.state).toEqual(inMemoryBefore);
		expect(run.persisted).toEqual(savedBefore);
		platform.clearFaults();

		// Later changes, then the polls after the failure: each change comes out once.
		at = second(Date.now()) + 1000;
		const later = change(5, at, 3);
		clock.set(at + 1000);
		const emitted: unknown[] = [];
		for (let poll = 0; poll < 3; poll++) {
			emitted.push(...((await run.poll()) ?? []).map((item) => item[idField]));
			clock.advance(1000);
		}
		expect([...emitted].sort()).toEqual([...lost, ...later].sort());
	});
});
