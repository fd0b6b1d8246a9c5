// @modes: strict
/**
 * The trigger's ID filters take what an expression gives: one number (`602` or `={{ 602 }}`)
 * filters like a list of one, on the query the API filters by and on the records it emits.
 * Before the trigger's split a single number was dropped, and every lead or deal was emitted
 * (found by the red team). Expected values from docs/api.md#leads (`status_ids`) and #deals (`closed_type`).
 */
import type { IDataObject } from 'n8n-workflow';

import { type FakePlatform } from '../../tools/fake-platform';
import { accountOf, TriggerRun } from '../../tools/engine-harness/harness';
import { clockedNow, useTestClock } from './helpers/clock';
import { useFakePlatform } from './helpers/fake-platform-per-file';

let platform: FakePlatform;
const T0 = Date.parse('2027-01-04T03:00:00Z');
const clock = useTestClock();
beforeAll(() => clock.set(T0));
useFakePlatform((started) => (platform = started), { now: clockedNow });

let hour = 0;
/** Activates the trigger, makes the changes, and polls once: the items and the queries sent. */
async function pollAfter(parameters: IDataObject, change: (at: number) => void) {
	clock.set(T0 + ++hour * 3_600_000);
	const run = new TriggerRun({ ...parameters, options: { simplify: false } } as never, accountOf(platform), `wf-${hour}`);
	await run.poll();
	const at = T0 + ++hour * 3_600_000;
	change(at);
	clock.set(at + 5000);
	platform.clearLog();
	const items = (await run.poll()) ?? [];
	return { items, queries: platform.requests().map((request) => request.query as IDataObject) };
}

describe('one number as an ID filter', () => {
	test.each([['a number', (id: number) => id], ['an expression', (id: number) => `={{ ${id} }}`]])(
		'Lead Updated, Lead Statuses as %s: asks for that status only, emits only its leads',
		async (_, given) => {
			const store = platform.store;
			const status = store.leadStatuses[1].id;
			const { items, queries } = await pollAfter({ event: 'leadUpdated', filters: { lead_status_ids: given(status) } }, (at) =>
				store.leads.slice(0, 40).forEach((lead) => store.updateLead(lead.id, { subject: `changed ${at}` }, at)),
			);
			expect(queries.length).toBeGreaterThan(0);
			expect(queries.every((query) => String(query.status_ids) === String(status))).toBe(true);
			const changed = store.leads.slice(0, 40).filter((lead) => String(lead.lead_status_id) === String(status));
			expect(items.map((item) => item.id).sort()).toEqual(changed.map((lead) => lead.id).sort());
		},
	);
});
