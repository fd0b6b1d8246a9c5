// @modes: spec strict
/**
 * Simplify on every event of the Customer Care Trigger, run by n8n-core against the fake
 * platform: on (the default), every time ISO 8601 with the account's offset and labels beside
 * the codes, as the matching Get Many gives them; off, the API's records exactly as listed.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RecordKind } from '../../nodes/CustomerCare/api/records';
import { LIST_EVENTS } from '../../nodes/CustomerCareTrigger/events';
import { FakePlatform } from '../../tools/fake-platform';
import { clockedNow, useTestClock } from './helpers/clock';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, TriggerRun } from '../../tools/engine-harness/harness';
import { ACCOUNT_ZONE, expectReadable } from './helpers/readable';
import { recordsOf } from './helpers/answer-lists';

let platform: FakePlatform;

const clock = useTestClock();
useFakePlatform((started) => (platform = started), { now: clockedNow });

const second = (ms: number) => Math.floor(ms / 1000) * 1000;

interface EventCase {
	event: string;
	kind: RecordKind;
	/** Makes one change the event reports, at `at`; returns the changed record's id. */
	change: (at: number) => number;
	listPath: string;
	root: string;
}

const openDeal = () => platform.store.deals.find((deal) => deal.closed_at === null && deal.pipeline_stage_id !== null)!;
const leadWithStatus = () => platform.store.leads.find((lead) => lead.lead_status_id !== null)!;

const EVENTS: EventCase[] = [
	{
		event: 'ticketCreated',
		kind: 'ticketListItem',
		change: (at) => platform.store.createTicket({ ticket_subject: 'new', phone: '0900000101', assignee_id: 1002 }, at).ticket_id,
		listPath: '/acme/api/v2/tickets',
		root: 'tickets',
	},
	{
		event: 'ticketUpdated',
		kind: 'ticketListItem',
		change: (at) => platform.store.updateTicket(platform.store.tickets.find((ticket) => ticket.assignee_id !== null)!.ticket_id, { ticket_subject: 'changed' }, at).ticket_id,
		listPath: '/acme/api/v2/tickets',
		root: 'tickets',
	},
	{
		event: 'leadCreated',
		kind: 'lead',
		change: (at) => platform.store.createLead({ subject: 'new lead', phone: '0900000102' }, at).id,
		listPath: '/acme/api/v1/leads',
		root: 'leads',
	},
	{
		event: 'leadUpdated',
		kind: 'lead',
		change: (at) => platform.store.updateLead(leadWithStatus().id, { subject: 'changed lead' }, at).id,
		listPath: '/acme/api/v1/leads',
		root: 'leads',
	},
	{
		event: 'dealCreated',
		kind: 'deal',
		change: (at) => platform.store.createDeal({ subject: 'new deal', phone: '0900000103' }, at).id,
		listPath: '/acme/api/v1/deals',
		root: 'deals',
	},
	{
		event: 'dealUpdated',
		kind: 'deal',
		change: (at) => platform.store.updateDeal(openDeal().id, { subject: 'changed deal' }, at).id,
		listPath: '/acme/api/v1/deals',
		root: 'deals',
	},
	{
		event: 'dealClosed',
		kind: 'deal',
		change: (at) => platform.store.updateDeal(openDeal().id, { closed_type: 1 }, at).id,
		listPath: '/acme/api/v1/deals',
		root: 'deals',
	},
	{
		event: 'contactCreated',
		kind: 'contact',
		change: (at) => platform.store.createContact({ username: 'New contact', email: `new-${at}@example.com` }, at).id,
		listPath: '/acme/api/v1/contacts',
		root: 'contacts',
	},
	{
		event: 'contactUpdated',
		kind: 'contact',
		change: (at) => platform.store.updateContact(platform.store.customers[0].id, { username: 'Changed contact' }, (kept) => kept, at).id,
		listPath: '/acme/api/v1/contacts',
		root: 'contacts',
	},
	{
		event: 'callEnded',
		kind: 'call',
		change: (at) => platform.store.createCall({ call_type: 1, end_status: 'system' }, at).id,
		listPath: '/acme/api/v1/calls',
		root: 'calls',
	},
	{
		event: 'missedCall',
		kind: 'call',
		change: (at) => platform.store.createCall({ call_status: 'miss', missed_reason: 'missed_customer', end_status: 'cus' }, at).id,
		listPath: '/acme/api/v1/calls',
		root: 'calls',
	},
];

test('every list event of the trigger is covered here', () => {
	expect(EVENTS.map((entry) => entry.event).sort()).toEqual(LIST_EVENTS.map((event) => event.value).sort());
});

describe.each(EVENTS)('$event', ({ event, kind, change, listPath, root }) => {
	async function emitted(options: INodeParameters) {
		const run = new TriggerRun({ event, options }, accountOf(platform, { timeZone: ACCOUNT_ZONE }));
		expect(await run.poll()).toBeNull();
		const at = second(Date.now()) + 1000;
		const id = change(at);
		clock.set(at + 1000);
		platform.clearLog();
		const items = (await run.poll())!;
		const listed = platform
			.requests({ path: listPath })
			.flatMap((request) => recordsOf(request.response, root));
		const idField = root === 'tickets' ? 'ticket_id' : 'id';
		const emittedItem = items.find((item) => item[idField] === id);
		const raw = listed.find((record) => record[idField] === id);
		expect(emittedItem).toBeDefined();
		expect(raw).toBeDefined();
		return { item: emittedItem!, raw: raw! };
	}

	test('Simplify on (the default): offset times in the account zone, labels beside the codes', async () => {
		const { item, raw } = await emitted({});
		const checked = expectReadable(platform, kind, item, raw);
		expect(checked.times).toBeGreaterThan(0);
		// Contacts have no coded values (docs/api.md#contacts).
		if (kind !== 'ticketListItem' && kind !== 'contact' && event !== 'leadCreated' && event !== 'dealCreated') expect(checked.labels).toBeGreaterThan(0);
	});

	test("Simplify off: the API's record as listed", async () => {
		const { item, raw } = await emitted({ simplify: false });
		expect(item).toEqual(raw);
	});
});

describe('monitorStatusChanged', () => {
	async function wentDown(options: INodeParameters) {
		const monitor = platform.store.monitors[2];
		platform.store.setMonitorStatus(monitor.id, 1);
		const run = new TriggerRun({ event: 'monitorStatusChanged', options }, accountOf(platform, { timeZone: ACCOUNT_ZONE }));
		expect(await run.poll()).toBeNull();
		platform.store.setMonitorStatus(monitor.id, 0);
		platform.clearLog();
		const items = (await run.poll())!;
		platform.store.setMonitorStatus(monitor.id, 1);
		const answer = platform.requests({ path: '/status/api/v1/heartbeat' })[0].response as IDataObject;
		const raw = (answer.monitors as IDataObject[]).find((entry) => entry.id === monitor.id)!;
		expect(items).toHaveLength(1);
		return { item: items[0], raw, answer };
	}

	test('Simplify on (the default): UP/DOWN labels, last heartbeat and generation time with the offset', async () => {
		const { item, raw, answer } = await wentDown({});
		expect(item).toMatchObject({ status: 0, status_label: 'DOWN', previous_status: 1, previous_status_label: 'UP' });
		const checked = expectReadable(platform, 'monitor', item, { ...raw, previous_status: 1, generated_at: answer.generated_at });
		expect(checked.times).toBe(2);
	});

	test('Simplify off: the monitor as the heartbeat gave it, with the status before', async () => {
		const { item, raw } = await wentDown({ simplify: false });
		expect(item).toEqual({ ...raw, previous_status: 1 });
	});
});
