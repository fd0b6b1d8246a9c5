/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The fake's seed data is drawn once for a seed, day, size and platform, and a later start copies
 * it with its instants moved (tools/fake-platform/store.ts, Store.seed). A fake started from a
 * copy must hold exactly what a fresh draw at its own start instant holds. The oracle is a fresh
 * draw: the store module loaded again, with nothing drawn before.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';

import { DEFAULT_SIZE } from '../../../tools/fake-platform';
import type { Store as StoreType } from '../../../tools/fake-platform/store';
import { propertyRuns } from '../../unit/helpers/property';

type StoreClass = typeof StoreType;

const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;

/** The store module as a fresh process has it: nothing drawn yet. */
function freshStoreClass(): StoreClass {
	let loaded: StoreClass | undefined;
	jest.isolateModules(() => {
		({ Store: loaded } = require('../../../tools/fake-platform/store'));
	});
	return loaded!;
}

const storeAt = (Store: StoreClass, at: number, platform: 'real' | 'spec') =>
	new Store({ seed: 20261124, size: DEFAULT_SIZE, now: () => new Date(at), offsetMinutes: 420, platform });

/** Every collection of the store (its arrays), as plain data. */
const collectionsOf = (store: StoreType) => Object.fromEntries(Object.entries(store).filter(([, value]) => Array.isArray(value)));

describe('a fake started after another on the same seed holds what a fresh draw at its start holds', () => {
	// One module for the whole file, as in a test file that starts several fakes.
	const Store = freshStoreClass();

	test('starts anywhere within two days of the first, across UTC midnight, on both platforms', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: Date.UTC(2024, 0, 1) / DAY, max: Date.UTC(2030, 0, 1) / DAY }),
				fc.integer({ min: 0, max: DAY / SECOND - 1 }),
				fc.integer({ min: -2 * DAY / SECOND, max: 2 * DAY / SECOND }),
				fc.constantFrom('real' as const, 'spec' as const),
				(day, secondOfDay, laterBySeconds, platform) => {
					const first = day * DAY + secondOfDay * SECOND;
					const second = first + laterBySeconds * SECOND;
					storeAt(Store, first, platform);
					const copied = storeAt(Store, second, platform);
					const drawn = storeAt(freshStoreClass(), second, platform);
					const [fromCopy, fromDraw] = [collectionsOf(copied), collectionsOf(drawn)];
					// Node's comparison first: Jest's walks 10,000 records ten times slower; it runs for the diff.
					if (!isDeepStrictEqual(fromCopy, fromDraw)) expect(fromCopy).toStrictEqual(fromDraw);
				},
			),
			// About 0.4 s a case (two draws of 2,600 tickets and a copy): locally 3, CI 12.
			{ ...propertyRuns(12, 4), examples: [[Date.UTC(2026, 10, 28) / DAY, DAY / SECOND - 1, 1, 'real']] },
		);
	});

	test('the second of two fakes on one day moved by a minute: each seeded instant is a minute later', () => {
		const first = Date.UTC(2026, 10, 28, 9, 0, 0);
		const a = storeAt(Store, first, 'real');
		const b = storeAt(Store, first + 60 * SECOND, 'real');
		expect(b.tickets.map((ticket) => ticket.created_at - 60 * SECOND)).toEqual(a.tickets.map((ticket) => ticket.created_at));
		expect(b.chatMessages.map((message) => message.time - 60 * SECOND)).toEqual(a.chatMessages.map((message) => message.time));
		expect(b.tickets.map((ticket) => ticket.ticket_id)).toEqual(a.tickets.map((ticket) => ticket.ticket_id));
		// A copy, not the same records: a change to one fake is not seen by the other.
		b.tickets[0].ticket_subject = 'changed in b';
		expect(a.tickets[0].ticket_subject).not.toBe('changed in b');
	});
});

describe('a copy moves every seeded instant, however early the clock', () => {
	// The seed reaches 400 days before its start (the reference data): a fake started in 1973 or
	// early 1974 holds instants below INSTANT_FLOOR (1e11 ms, March 1973), which a copy cannot tell
	// from other numbers. Such a start is drawn, not copied.
	test('two fakes on 1 June 1973, an hour apart, hold what fresh draws there hold', () => {
		const Store = freshStoreClass();
		const size = { tickets: 30, leads: 5, deals: 4, calls: 10, days: 10 };
		const at = (S: StoreClass, hour: number) => new S({ seed: 20261124, size, now: () => new Date(Date.UTC(1973, 5, 1, hour)), offsetMinutes: 420, platform: 'real' });
		at(Store, 9);
		expect(collectionsOf(at(Store, 10))).toStrictEqual(collectionsOf(at(freshStoreClass(), 10)));
	});
});
