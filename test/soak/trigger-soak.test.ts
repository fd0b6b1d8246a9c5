/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: spec
/**
 * Soak of the polling trigger through n8n's engine (PollContext + TriggersAndPollers, static
 * data kept the way n8n keeps it: saved only after a poll that emitted) against the fake
 * platform: well over 100 polls, spaced from a fraction of a second to hours, with changes on
 * second boundaries — the previous poll's (cursor's) second, the poll's own second, bursts in
 * one second, late ones within the overlap — failed reads (one a 500 on page 3) and restarts.
 * Every change is emitted once: 0 duplicates, 0 missed. The clock jumps (TestClock), so hours
 * of polling take seconds; between jumps it runs at real speed, so the seeded schedule lands a
 * little differently on each run (the counts vary, what is asserted does not).
 * SOAK_REPORT=1 prints each soak's figures.
 */
import { mulberry32, type FakePlatform } from '../../tools/fake-platform';
import { clockedNow, useTestClock } from '../engine/helpers/clock';
import { instantOf } from '../engine/helpers/platform-clock';
import { useFakePlatform } from '../engine/helpers/fake-platform-per-file';
import { accountOf, TriggerRun } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

const clock = useTestClock();
useFakePlatform((started) => (platform = started), { now: clockedNow });

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** The poll before which 1,100 records change, and whose read fails on page 3. */
const BULK_POLL = 40;
const second = (ms: number) => Math.floor(ms / SECOND) * SECOND;

/** One event the trigger can watch, and how the soak changes its records in the platform. */
interface Watched {
	event: string;
	/** The list's path, for faults. */
	path: string;
	/** Changes a record (a fresh one unless `id` is given) stamped `at`; returns the change's key. */
	change(at: number, id?: number): string;
	/** The key of an emitted item: record id @ epoch second of its change. */
	keyOf(item: Record<string, unknown>): string;
}

/** An "updated" event: records of the list change again and again; each soak change takes a fresh one. */
function updatesOf(event: string, path: string, idField: string, ids: number[], update: (id: number, at: number) => void): Watched {
	const fresh = [...ids];
	return {
		event,
		path,
		change(at, id = fresh.pop()!) {
			update(id, at);
			return `${id}@${at / SECOND}`;
		},
		keyOf: (item) => `${String(item[idField])}@${instantOf(String(item.updated_at), { platform }) / SECOND}`,
	};
}

const subject = (at: number) => `soak change at ${at}`;
const ticketUpdates = () =>
	updatesOf('ticketUpdated', '/api/v2/tickets', 'ticket_id', platform.store.tickets.map((ticket) => ticket.ticket_id), (id, at) =>
		platform.store.updateTicket(id, { ticket_subject: subject(at) }, at),
	);
const leadUpdates = () =>
	updatesOf('leadUpdated', '/api/v1/leads', 'id', platform.store.leads.map((lead) => lead.id), (id, at) =>
		platform.store.updateLead(id, { subject: subject(at) }, at),
	);
const dealUpdates = () =>
	updatesOf('dealUpdated', '/api/v1/deals', 'id', platform.store.deals.map((deal) => deal.id), (id, at) =>
		platform.store.updateDeal(id, { subject: subject(at) }, at),
	);

/**
 * Calls end once: every change is a new call. Their times are zone-less and the spec names no
 * zone: the platform may write them in the account's (+07:00) or another (the fake's strict
 * mode: UTC). So an emitted call is keyed by the true end of that call in the platform's store,
 * whatever zone its stamp is written in.
 */
function callsEnded(): Watched {
	return {
		event: 'callEnded',
		path: '/api/v1/calls',
		change(at) {
			return `${platform.store.createCall({}, at).id}@${at / SECOND}`;
		},
		keyOf: (item) => `${String(item.id)}@${(platform.store.calls.find((call) => call.id === item.id)?.end_time ?? NaN) / SECOND}`,
	};
}

const contactUpdates = () =>
	updatesOf('contactUpdated', '/api/v1/contacts', 'id', platform.store.customers.map((contact) => contact.id), (id, at) =>
		platform.store.updateContact(id, { username: subject(at) }, (kept) => kept, at),
	);

/**
 * Contact Created: a change is a new contact, keyed by its creation second. A record emitted
 * before that changes again is an update, no new creation (its key is the one expected already);
 * every third creation also updates a contact made before the soak, which is none either.
 */
function contactsCreated(): Watched {
	const before = platform.store.customers.map((contact) => contact.id);
	let made = 0;
	const update = (id: number, at: number) => platform.store.updateContact(id, { username: subject(at) }, (kept) => kept, at);
	return {
		event: 'contactCreated',
		path: '/api/v1/contacts',
		change(at, id) {
			if (id !== undefined) return `${id}@${update(id, at).created_at / SECOND}`;
			if (++made % 3 === 0) update(before[made % before.length], at);
			return `${platform.store.createContact({ username: subject(at) }, at).id}@${at / SECOND}`;
		},
		keyOf: (item) => `${String(item.id)}@${instantOf(String(item.created_at), { platform }) / SECOND}`,
	};
}

interface SoakFigures {
	polls: number;
	/** Polls whose read failed on an injected fault (four 500s in a row, or an error body). */
	failedPolls: number;
	/** Any other poll error (the API refusing a window, say). */
	otherErrors: string[];
	restarts: number;
	changes: number;
	emitted: number;
	duplicates: number;
	missed: number;
	unexpected: number;
	/** The most changes the static data remembered after any poll. */
	mostRemembered: number;
	/** The largest static data n8n saved, as JSON. */
	mostStaticDataBytes: number;
}

interface SoakPlan {
	/** The Overlap option; undefined: the default (120 s). */
	overlapSeconds?: number;
	/** Fixes the schedule. */
	seed: number;
	polls: number;
	/** Whether 1,100 records change at once before poll BULK_POLL, whose read then fails on page 3. */
	bulk: boolean;
}

async function soak(watched: Watched, { overlapSeconds, seed, polls, bulk }: SoakPlan): Promise<SoakFigures> {
	const random = mulberry32(seed);
	const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
	const chance = (p: number) => random() < p;
	const between = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));
	const overlapMs = (overlapSeconds ?? 120) * SECOND;

	const options = { simplify: false, ...(overlapSeconds === undefined ? {} : { overlapSeconds }) };
	const run = new TriggerRun({ event: watched.event, options }, accountOf(platform, { timeZone: 'Asia/Ho_Chi_Minh' }));
	const expected = new Set<string>();
	const emittedKeys: string[] = [];
	const emitted = new Set<string>();
	/** Record id → the second of its latest change. */
	const latest = new Map<number, number>();
	/** Records whose latest change was emitted, and the second it is stamped with. */
	const emittedLatest = () => [...latest].filter(([id, at]) => emitted.has(`${id}@${at / SECOND}`));
	const figures = { polls: 0, failedPolls: 0, otherErrors: [] as string[], restarts: 0, mostRemembered: 0, mostStaticDataBytes: 0 };
	const measure = () => {
		const seen = (run.state as { seen?: Record<string, string[]> }).seen ?? {};
		const remembered = Object.values(seen).reduce((count, ids) => count + ids.length, 0);
		figures.mostRemembered = Math.max(figures.mostRemembered, remembered);
		figures.mostStaticDataBytes = Math.max(figures.mostStaticDataBytes, JSON.stringify(run.persisted).length);
	};

	const change = (at: number, id?: number) => {
		const key = watched.change(at, id);
		expected.add(key);
		latest.set(Number(key.slice(0, key.indexOf('@'))), at);
	};

	// A change stamped in the activation second, made just before activation: it is emitted.
	let now = second(clock.now()) + 10 * MINUTE + 300;
	clock.set(now);
	change(second(now));
	clock.set(now + 5);
	expect(await run.poll()).toBeNull();
	now = clock.now();

	for (let poll = 1; poll <= polls; poll++) {
		const previous = now;
		const gap =
			poll === 80
				? 3 * HOUR
				: bulk && poll === BULK_POLL
					? 5 * SECOND
					: pick([150, 400, 700, 999, 1000, 1001, 1500, 2300, 5000, 15 * SECOND, MINUTE + 700, 125 * SECOND]);
		now = previous + gap;
		const moments: Array<{ shownAt: number; at: number; id?: number }> = [];

		// In the cursor's second, after the previous poll: new records, and a record that poll
		// emitted changing again within that same second (the same change, as far as anyone can tell).
		const cursorSecondEnd = Math.min(now, second(previous) + 999);
		if (cursorSecondEnd > previous && chance(0.5)) {
			const shownAt = between(previous + 1, cursorSecondEnd);
			for (let n = between(1, 2); n > 0; n--) moments.push({ shownAt, at: second(previous) });
			const again = emittedLatest().find(([, at]) => at === second(previous));
			if (again) moments.push({ shownAt, at: second(previous), id: again[0] });
		}
		// Bursts: several records in one whole second between the polls.
		for (let burst = between(0, 3); burst > 0 && second(now) > second(previous); burst--) {
			const at = between(second(previous) / SECOND + 1, second(now) / SECOND) * SECOND;
			const shownAt = between(at, Math.min(now, at + 999));
			for (let n = between(1, 4); n > 0; n--) moments.push({ shownAt, at });
		}
		// In the poll's own second, before it reads.
		if (second(now) > previous && chance(0.5)) {
			const shownAt = between(Math.max(previous + 1, second(now)), now);
			for (let n = between(1, 3); n > 0; n--) moments.push({ shownAt, at: second(now) });
		}
		// Late: stamped up to the overlap before it shows up.
		if (overlapMs > 0 && chance(0.3)) {
			const shownAt = between(previous + 1, now);
			const at = second(shownAt) - between(1, overlapMs / SECOND) * SECOND;
			if (at >= second(run.state.floor as number)) moments.push({ shownAt, at });
		}
		// A record emitted earlier changes again, in a later second.
		const emittedBefore = emittedLatest();
		if (emittedBefore.length > 0 && chance(0.2)) {
			const [id, at] = pick(emittedBefore);
			const shownAt = between(previous + 1, now);
			if (second(shownAt) > at) moments.push({ shownAt, at: second(shownAt), id });
		}
		// Many records at once: more than two pages of 500, with the read failing on page 3.
		if (bulk && poll === BULK_POLL) {
			for (let n = 0; n < 1100; n++) {
				const at = second(now) - (n % 3) * SECOND;
				moments.push({ shownAt: Math.min(now, at + (n % 1000)), at });
			}
			// A lone 500 is retried within the read (1 s, 2 s, 4 s): four in a row fail the poll.
			platform.inject({ kind: 'status', status: 500, path: watched.path, skip: 2, times: 4 });
		} else if (poll % 17 === 5 || chance(0.05)) {
			// An error the transport does not retry fails the poll at once.
			platform.inject({ kind: 'nok', message: 'Server busy', path: watched.path, times: 1 });
		}

		for (const moment of moments.sort((a, b) => a.shownAt - b.shownAt)) {
			clock.set(moment.shownAt);
			change(moment.at, moment.id);
		}
		if (poll % 13 === 9 || chance(0.07)) {
			run.restart();
			figures.restarts++;
		}
		clock.set(now);
		figures.polls++;
		try {
			const items = (await run.poll()) ?? [];
			for (const item of items) {
				emittedKeys.push(watched.keyOf(item));
				emitted.add(watched.keyOf(item));
			}
		} catch (error) {
			if (/500|Server busy/.test(String(error))) figures.failedPolls++;
			else figures.otherErrors.push(String(error));
		}
		measure();
		platform.clearFaults();
		now = clock.now();
	}

	// One last poll after the overlap has passed: everything owed is emitted by then.
	clock.set(now + overlapMs + 2 * SECOND);
	figures.polls++;
	for (const item of (await run.poll()) ?? []) emittedKeys.push(watched.keyOf(item));

	const distinct = new Set(emittedKeys);
	return {
		...figures,
		changes: expected.size,
		emitted: emittedKeys.length,
		duplicates: emittedKeys.length - distinct.size,
		missed: [...expected].filter((key) => !distinct.has(key)).length,
		unexpected: [...distinct].filter((key) => !expected.has(key)).length,
	};
}

function report(name: string, figures: SoakFigures) {
	if (process.env.SOAK_REPORT) process.stderr.write(`soak ${name}: ${JSON.stringify(figures)}\n`);
}

function expectExactlyOnce(figures: SoakFigures) {
	expect(figures.otherErrors).toEqual([]);
	expect(figures.failedPolls).toBeGreaterThanOrEqual(1);
	expect(figures.restarts).toBeGreaterThanOrEqual(1);
	expect({ duplicates: figures.duplicates, missed: figures.missed, unexpected: figures.unexpected }).toEqual({
		duplicates: 0,
		missed: 0,
		unexpected: 0,
	});
	expect(figures.emitted).toBe(figures.changes);
}

describe.each([
	['default options (Overlap 120 s)', undefined, 1],
	['Overlap 0', 0, 2],
	['Overlap 2 s', 2, 3],
])('Ticket Updated soak, %s', (name, overlapSeconds, seed) => {
	test('121 polls: every change emitted once (0 duplicates, 0 missed)', async () => {
		const figures = await soak(ticketUpdates(), { overlapSeconds, seed, polls: 120, bulk: true });
		report(`Ticket Updated, ${name}`, figures);
		expect(figures.polls).toBe(121);
		expect(figures.changes).toBeGreaterThan(1400);
		expectExactlyOnce(figures);
		// The read of more than 1,000 changes failed after its first page (on page 2 or 3: later
		// pages are read side by side), every retry of that page too, and the next poll recovered.
		const failedPages = platform.requests({ path: '/tickets' }).filter((request) => request.status === 500);
		expect(failedPages).toHaveLength(4);
		expect(failedPages.map((request) => request.query.page)).not.toContain('1');
	});
});

describe.each([
	['Lead Updated', leadUpdates, 2, 4],
	['Deal Updated', dealUpdates, undefined, 5],
	['Call Ended', callsEnded, 0, 6],
	['Contact Created', contactsCreated, undefined, 7],
	['Contact Updated', contactUpdates, 2, 8],
])('%s soak', (name, watched, overlapSeconds, seed) => {
	test(`41 polls with Overlap ${overlapSeconds ?? 'default'}: every change emitted once`, async () => {
		const figures = await soak(watched(), { overlapSeconds, seed, polls: 40, bulk: false });
		report(`${name}, Overlap ${overlapSeconds ?? 'default'}`, figures);
		expect(figures.changes).toBeGreaterThan(100);
		expectExactlyOnce(figures);
	});
});
