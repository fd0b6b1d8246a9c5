/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: spec strict
/**
 * Red team, issue 21 point 2: "nothing skipped ... records that reach the API late (within the
 * overlap) ... lead/deal lists sorted by id not by stamp".
 *
 * readAllPages judges a chunk's read stable when every page reports the numFound of page 1.
 * A list sorted by id shifts under the reader when one record leaves the window (updated again,
 * its new stamp is past the window) while another enters it (a change that reaches the API
 * late, within the overlap): numFound is the same, but every record between the two moves one
 * place, so the first record of page 2 is now the last of page 1, which was already read. The
 * read is taken as whole, the cursor moves past it, its second is settled: it is never emitted.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FakePlatform } from '../../tools/fake-platform';
import { clockedNow, useTestClock } from './helpers/clock';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, TriggerRun } from '../../tools/engine-harness/harness';

let platform: FakePlatform;
const clock = useTestClock();
useFakePlatform((started) => (platform = started), { now: clockedNow });

const STATE_KEY = 'node:Customer Care Trigger';
const LIST = '/acme/api/v1/leads';
const second = (ms: number) => Math.floor(ms / 1000) * 1000;

/** Runs `mutate` once, just before the platform answers the first request for page 2 of the lead list. */
function beforePage2(mutate: () => void) {
	const core = (platform as unknown as { core: { handle: (...args: any[]) => Promise<void> } }).core;
	const original = core.handle.bind(core);
	let done = false;
	core.handle = async (req: { url?: string }, res: unknown, server: unknown) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		if (!done && url.pathname === LIST && url.searchParams.get('page') === '2') {
			done = true;
			mutate();
		}
		return await original(req, res, server);
	};
	return () => (core.handle = original);
}

/** Emissions of the lead first on page 2, over four polls, with or without the shift during the first read. */
async function boundaryEmissions(shift: boolean) {
	const now = second(Date.now());
	// Steady state: the last poll ended a minute ago; the next one reads [now − 180 s, now].
	const since = now - 180_000;
	// 600 leads changed in the settled part of the window (older than now − overlap − 1 s).
	const leads = [...platform.store.leads].sort((a, b) => a.id - b.id);
	for (const lead of leads) if (lead.updated_at >= since) platform.store.updateLead(lead.id, {}, since - 3_600_000);
	const changed = leads.slice(0, 600);
	changed.forEach((lead, index) => platform.store.updateLead(lead.id, {}, since + Math.floor(index / 12) * 1000));
	const inWindow = [...platform.store.leads].filter((l) => l.updated_at >= since && l.updated_at <= now).sort((a, b) => a.id - b.id);
	expect(inWindow).toHaveLength(600);
	const first = inWindow[0];
	const atBoundary = inWindow[500]; // first record of page 2
	const late = leads[leads.length - 1]; // highest id: lands on the last page

	const restore = beforePage2(() => {
		if (!shift) return;
		// The first lead changes again (its new stamp is after the window) ...
		platform.store.updateLead(first.id, {}, now + 5_000);
		// ... and a change stamped 10 s ago reaches the API now (within the 120 s overlap).
		platform.store.updateLead(late.id, {}, now - 10_000);
	});
	const run = new TriggerRun({ event: 'leadUpdated', options: { simplify: false } }, accountOf(platform));
	run.persisted = { [STATE_KEY]: { cursor: now - 60_000, floor: now - 86_400_000, remembersFrom: since, seen: {} } };
	run.restart();
	run.pollBudgetMs = 30_000;

	const emitted: Array<{ id: number; at: string }> = [];
	try {
		for (let poll = 0; poll < 4; poll++) {
			emitted.push(...((await run.poll()) ?? []).map((item: IDataObject) => ({ id: Number(item.id), at: String(item.updated_at) })));
			clock.advance(60_000);
		}
	} finally {
		restore();
	}
	const pages = platform.requests({ path: LIST }).filter((r) => Number(r.query.page) === 1 || Number(r.query.page) === 2);
	expect(pages.length).toBeGreaterThanOrEqual(2);
	return emitted.filter((change) => change.id === atBoundary.id);
}

test('control: without the shift, the lead first on page 2 is emitted once', async () => {
	expect(await boundaryEmissions(false)).toHaveLength(1);
});

// KNOWN LIMIT (docs/guarantees.md#what-is-guaranteed): a read is judged stable by numFound on every page.
test.failing('KNOWN LIMIT: a lead list that shifts by one between page 1 and page 2 (numFound unchanged) loses a change for good', async () => {
	// The lead at the page boundary was not touched during the read: its change must be emitted once.
	expect(await boundaryEmissions(true)).toHaveLength(1);
});
