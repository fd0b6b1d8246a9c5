// @modes: spec strict backoff
/**
 * Contact Created and Contact Updated, run by n8n-core's PollContext against the fake platform.
 * The contact list filters on updated_at only (docs/api.md#contacts), so Contact Created reads the
 * updated window and counts a contact whose created_at falls in it (README, docs/guarantees.md):
 * - an update of a contact created before the window is no Contact Created;
 * - a contact created then updated before one poll reads it is one Created and one Updated;
 * - every change once per event, across polls, overlapping reads, pages that shift while read,
 *   and a failure at any request of a poll.
 * Expected ids come from the store the test changed, never from the node.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FakePlatform } from '../../tools/fake-platform';
import { clockedNow, useTestClock } from './helpers/clock';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, TriggerRun } from '../../tools/engine-harness/harness';

let platform: FakePlatform;
const clock = useTestClock();
useFakePlatform((started) => (platform = started), { now: clockedNow });

const LIST = '/acme/api/v1/contacts';
const second = (ms: number) => Math.floor(ms / 1000) * 1000;
const keep = <T>(kept: T) => kept;

function trigger(event: 'contactCreated' | 'contactUpdated') {
	return new TriggerRun({ event, options: { simplify: false } }, accountOf(platform));
}

/** Both events, activated now (their first poll sets the cursor and reads nothing). */
async function activatedPair() {
	// Past the second the fake was seeded in (its first contact is stamped with it).
	clock.advance(2000);
	const created = trigger('contactCreated');
	const updated = trigger('contactUpdated');
	expect(await created.poll()).toBeNull();
	expect(await updated.poll()).toBeNull();
	return { created, updated };
}

const idsOf = (items: IDataObject[] | null) => (items ?? []).map((item) => Number(item.id));

let made = 0;
/** A new contact in the store, created (and so updated) at `at`. */
const newContact = (at: number) => platform.store.createContact({ username: `Contact ${++made}`, email: `c${made}@example.com` }, at).id;
const updateContact = (id: number, at: number) => platform.store.updateContact(id, { username: `changed at ${at}` }, keep, at).id;
/** A contact the store held before the test's triggers were activated. */
const oldContactIds = (count: number, offset = 0) => platform.store.customers.slice(offset, offset + count).map((c) => c.id);

/** Polls both events `polls` times, a minute apart; every id each emitted, in order. */
async function pollBoth(pair: { created: TriggerRun; updated: TriggerRun }, polls: number) {
	const emitted = { created: [] as number[], updated: [] as number[] };
	for (let poll = 0; poll < polls; poll++) {
		emitted.created.push(...idsOf(await pair.created.poll()));
		emitted.updated.push(...idsOf(await pair.updated.poll()));
		clock.advance(60_000);
	}
	return emitted;
}

describe('Contact Created and Contact Updated', () => {
	test('contacts created and updated across polls: each creation once as Created, each update once as Updated', async () => {
		const pair = await activatedPair();
		let at = second(Date.now()) + 1000;
		const first = [newContact(at), newContact(at + 1000)];
		clock.set(at + 2000);
		expect(idsOf(await pair.created.poll())).toEqual(first);
		expect(idsOf(await pair.updated.poll())).toEqual(first);

		// Next poll, within the 120 s overlap: the first contacts are updated, two more are created.
		at = second(Date.now()) + 1000;
		updateContact(first[0], at);
		const second2 = [newContact(at + 1000), newContact(at + 1000)];
		clock.set(at + 2000);
		expect(idsOf(await pair.created.poll())).toEqual(second2);
		expect(idsOf(await pair.updated.poll())).toEqual([first[0], ...second2]);

		// Minutes later, past the overlap: the first contacts are updated again.
		clock.advance(5 * 60_000);
		at = second(Date.now()) + 1000;
		first.forEach((id) => updateContact(id, at));
		clock.set(at + 1000);
		expect(await pair.created.poll()).toBeNull();
		expect(idsOf(await pair.updated.poll())).toEqual(first);

		const quiet = await pollBoth(pair, 4);
		expect(quiet).toEqual({ created: [], updated: [] });
	});

	test('an update of a contact created before the window is no Contact Created, but one Contact Updated', async () => {
		const pair = await activatedPair();
		const old = oldContactIds(3, 10);
		const at = second(Date.now()) + 1000;
		old.forEach((id) => updateContact(id, at));
		clock.set(at + 1000);
		expect(await pair.created.poll()).toBeNull();
		expect(idsOf(await pair.updated.poll())).toEqual(old);
		expect(await pollBoth(pair, 3)).toEqual({ created: [], updated: [] });
	});

	test('a contact created then updated before one poll reads it: one Created (stamped with its creation), one Updated', async () => {
		const pair = await activatedPair();
		const at = second(Date.now()) + 1000;
		const id = newContact(at);
		updateContact(id, at + 30_000);
		updateContact(id, at + 45_000);
		clock.set(at + 46_000);
		const created = (await pair.created.poll())!;
		expect(idsOf(created)).toEqual([id]);
		const updated = (await pair.updated.poll())!;
		expect(idsOf(updated)).toEqual([id]);
		// Both are the list's record as it is now: created_at the creation, updated_at the last update.
		expect(created[0]).toEqual(updated[0]);
		expect(Date.parse(String(created[0].updated_at)) - Date.parse(String(created[0].created_at))).toBe(45_000);
		expect(await pollBoth(pair, 3)).toEqual({ created: [], updated: [] });
	});

	test('Simplify on (the default): no custom-field definitions read, times with the offset', async () => {
		const run = new TriggerRun({ event: 'contactCreated' }, accountOf(platform));
		expect(await run.poll()).toBeNull();
		const at = second(Date.now()) + 1000;
		const id = newContact(at);
		clock.set(at + 1000);
		platform.clearLog();
		const items = (await run.poll())!;
		expect(idsOf(items)).toEqual([id]);
		expect(String(items[0].created_at)).toMatch(/[+-]\d{2}:\d{2}$/);
		// Contact list items have no custom fields (docs/api.md#contacts): the list is the only request.
		expect(platform.requests().map((request) => request.path)).toEqual([LIST]);
	});

	test('Fetch Test Event: Created shows the creations (old contacts updated are none), Updated every update', async () => {
		clock.advance(30 * 86_400_000); // nothing changed since
		const now = second(Date.now());
		const fresh = newContact(now - 600_000);
		const old = oldContactIds(2, 30);
		old.forEach((id, n) => updateContact(id, now - 300_000 + n * 1000));
		// Fewer than 3 creations in the hour, so the sample looks back a day, then a week: still only the one.
		expect(idsOf(await trigger('contactCreated').poll('manual'))).toEqual([fresh]);
		expect(idsOf(await trigger('contactUpdated').poll('manual'))).toEqual([fresh, ...old]);
	});
});

describe('pages that shift while read', () => {
	/** Runs `mutate` once, just before the platform answers the first request for page 2 of the contact list. */
	function beforePage2(mutate: () => void) {
		type Handle = (req: { url?: string }, res: unknown, server: unknown) => Promise<void>;
		const core = (platform as unknown as { core: { handle: Handle } }).core;
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

	/** 600 contacts created in the window read (two pages in updated order); the first is updated again while page 2 is asked for. */
	async function shiftedRead(run: TriggerRun, createdAt: number, readAt: number) {
		const created = Array.from({ length: 600 }, (_, n) => newContact(createdAt + Math.floor(n / 100) * 1000));
		const moved = created[0];
		clock.set(readAt);
		platform.clearLog();
		const restore = beforePage2(() => updateContact(moved, Date.now() + 1000));
		const emitted: number[] = [];
		try {
			emitted.push(...idsOf(await run.poll()));
		} finally {
			restore();
		}
		// The moved contact left the window, numFound moved: the read was done again (transport/pages.ts).
		expect(platform.requests({ path: LIST }).filter((request) => request.query.page === '1').length).toBeGreaterThanOrEqual(2);
		for (let poll = 0; poll < 4; poll++) {
			clock.advance(60_000);
			emitted.push(...idsOf(await run.poll()));
		}
		return { created, moved, emitted };
	}

	test.each(['contactCreated', 'contactUpdated'] as const)(
		'%s: a contact updated past the window while page 2 is asked for; every contact once, the moved one on the next poll',
		async (event) => {
			const run = trigger(event);
			expect(await run.poll()).toBeNull();
			const at = second(Date.now()) + 1000;
			const { created, moved, emitted } = await shiftedRead(run, at, at + 10_000);
			expect([...emitted].sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));
			expect(emitted[emitted.length - 1]).toBe(moved);
		},
	);

	// KNOWN LIMIT (docs/guarantees.md#what-is-guaranteed): the list shows a contact only at its last
	// update. Created more than the overlap before the poll and updated again while the poll reads,
	// it is past the window of its creation when next listed: Contact Updated emits it, Created never.
	test.failing('KNOWN LIMIT: Contact Created misses a contact created more than the overlap before the poll and updated during its read', async () => {
		const run = trigger('contactCreated');
		const now = second(Date.now()) + 1000;
		// Steady state: the last poll read up to five minutes ago.
		run.persisted = { 'node:Customer Care Trigger': { cursor: now - 300_000, floor: now - 86_400_000, remembersFrom: now - 420_000, seen: {} } };
		run.restart();
		const { moved, emitted } = await shiftedRead(run, now - 250_000, now);
		expect(emitted.filter((id) => id === moved)).toHaveLength(1);
	});
});

describe('a failure at any request of a poll', () => {
	const PAGES = 3;
	// A persistent 500 on both servers fails the read past its retries; a missing root fails it at once.
	const FAULTS = [
		{ name: '500 that persists', fault: { kind: 'status', status: 500, message: 'Server Error', target: 'any' } },
		{ name: 'answer without its records', fault: { kind: 'missingRoot', times: 1 } },
	] as const;
	const CASES = (['contactCreated', 'contactUpdated'] as const).flatMap((event) =>
		FAULTS.flatMap(({ name, fault }) => Array.from({ length: PAGES }, (_, request) => ({ event, name, fault, request }))),
	);

	test.each(CASES)('$event, $name at request $request: the poll fails and keeps its state; every change once after it', async ({ event, fault, request }) => {
		clock.advance(10 * 60_000);
		const run = trigger(event);
		expect(await run.poll()).toBeNull();
		const at = second(Date.now()) + 1000;
		// Three pages: 1,050 new contacts, and 30 old ones updated (changes of Contact Updated only).
		const created = Array.from({ length: 1050 }, (_, n) => newContact(at + Math.floor(n / 350) * 1000));
		const old = oldContactIds(30, 100 + (made % 1000));
		old.forEach((id) => updateContact(id, at + 3000));
		const expected = event === 'contactCreated' ? created : [...created, ...old];
		clock.set(at + 5000);
		const before = JSON.stringify(run.persisted);
		platform.clearLog();
		platform.inject({ ...fault, path: '/api/v1/contacts', skip: request });
		await expect(run.poll()).rejects.toThrow();
		expect(platform.requests({ path: LIST }).length).toBeGreaterThan(request);
		expect(JSON.stringify(run.persisted)).toBe(before);
		platform.clearFaults();

		const emitted: number[] = [];
		for (let poll = 0; poll < 3; poll++) {
			emitted.push(...idsOf(await run.poll()));
			clock.advance(60_000);
		}
		expect(emitted).toHaveLength(expected.length);
		expect(new Set(emitted)).toEqual(new Set(expected));
	});
});
