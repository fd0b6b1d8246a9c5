/**
 * The paging decision of a whole list read (nodes/CustomerCare/transport/lists/pagePlan.ts, carried out by pages.ts), free of
 * I/O: which `numFound` a read plans by, and what it does after page 1. The bounds are written
 * here from docs/api.md#pagination (pages of 500, 1,000 pages at most in one read), not taken
 * from the code: whatever an answer says, no read makes more page requests at once than the cap
 * or than its caller takes, and a count that cannot be trusted plans nothing.
 * Property runs are seeded: see ../../helpers/property.ts to replay a failure.
 */
import fc from 'fast-check';

import {
	pageKey,
	planAfterFirstPage,
	trustedCount,
} from '../../../../nodes/CustomerCare/transport/lists/pagePlan';
import { propertyRuns } from '../../helpers/property';

/** docs/api.md#pagination: records per page, and pages one read takes at most. */
const PAGE = 500;
const CAP = 1000;

/** Any value an answer could carry as numFound. */
const anyCount = fc.oneof(
	fc.integer({ min: -10, max: CAP * PAGE + 10 }),
	fc.double(),
	fc.constantFrom(undefined, null, 1e12, 2e9, Number.MAX_SAFE_INTEGER, Infinity, NaN, -0, '', '1,234', '1 234', '12e3', '0x10', ' 700', '700.0'),
	fc.integer({ min: 0, max: CAP * PAGE }).map(String),
	fc.string(),
	fc.constant({}),
);
const firstPageRecords = fc.integer({ min: 0, max: PAGE });
const allowed = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constant(Infinity));

describe('trustedCount', () => {
	test('whatever numFound is, a count planned by is a whole number no smaller than page 1 and within the cap', () => {
		fc.assert(
			fc.property(anyCount, firstPageRecords, (numFound, first) => {
				const count = trustedCount(numFound, first);
				if (count === undefined) return;
				expect(Number.isInteger(count)).toBe(true);
				expect(count).toBeGreaterThanOrEqual(first);
				expect(Math.ceil(count / PAGE)).toBeLessThanOrEqual(CAP);
			}),
			propertyRuns(2000),
		);
	});

	test('a whole number within the cap, as a number or as its digits, is trusted as itself', () => {
		fc.assert(
			fc.property(fc.integer({ min: PAGE, max: CAP * PAGE }), fc.boolean(), (count, asText) => {
				expect(trustedCount(asText ? String(count) : count, PAGE)).toBe(count);
			}),
			propertyRuns(500),
		);
	});

	test.each([
		['missing', undefined],
		['null', null],
		['text with a separator', '1,234'],
		['absurd', 1e12],
		['past the cap by one record', CAP * PAGE + 1],
		['a fraction', 1200.5],
		['negative', -1],
		['fewer than page 1 holds', 499],
	])('%s: not trusted', (_label, numFound) => {
		expect(trustedCount(numFound, PAGE)).toBeUndefined();
	});
});

describe('planAfterFirstPage', () => {
	test('pages go together only from a trusted count, never more than the cap or than the caller takes', () => {
		fc.assert(
			fc.property(anyCount, firstPageRecords, allowed, (numFound, first, more) => {
				const count = trustedCount(numFound, first);
				const plan = planAfterFirstPage(first, count, more);
				if (plan.read === 'together') {
					expect(count).toBeDefined();
					expect(plan.pages).toBe(Math.ceil(count! / PAGE));
					expect(plan.pages).toBeGreaterThan(1);
					expect(plan.pages).toBeLessThanOrEqual(Math.min(CAP, 1 + more));
				}
				if (plan.read === 'oneByOne') {
					// No count to trust, or one that says a full page 1 is the whole list (nothing proves it).
					expect(count === undefined || count <= PAGE).toBe(true);
					expect(plan.upTo).toBe(Math.min(CAP, 1 + more));
				}
				if (plan.read === 'notNow') expect(Math.ceil(count! / PAGE)).toBeGreaterThan(1 + more);
			}),
			propertyRuns(2000),
		);
	});

	test('the read ends after page 1 only when page 1 was short: a count never ends a full page 1\'s read', () => {
		fc.assert(
			fc.property(anyCount, firstPageRecords, allowed, (numFound, first, more) => {
				const count = trustedCount(numFound, first);
				const plan = planAfterFirstPage(first, count, more);
				expect(plan.read === 'done').toBe(first < PAGE);
			}),
			propertyRuns(2000),
		);
	});

	test('a full page 1 without a count to trust, or with a count of one page, is read on page by page (the 500 records are never the whole list)', () => {
		for (const numFound of [undefined, '1,234', 1e12, 500, '500']) {
			expect(planAfterFirstPage(PAGE, trustedCount(numFound, PAGE), Infinity)).toEqual({ read: 'oneByOne', upTo: CAP });
		}
	});
});

describe('pageKey', () => {
	test('two pages have one key exactly when they list the same ids in the same order', () => {
		const ids = fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 6 });
		fc.assert(
			fc.property(ids, ids, (a, b) => {
				const key = (list: number[]) => pageKey(list.map((id) => ({ id, subject: `lead ${id}` })), 'id');
				expect(key(a) === key(b)).toBe(JSON.stringify(a) === JSON.stringify(b));
			}),
			propertyRuns(1000),
		);
	});

	test('an empty page, or records without their id, have no key (nothing to compare)', () => {
		expect(pageKey([], 'id')).toBeUndefined();
		expect(pageKey([{ id: 1 }, { subject: 'no id' }], 'id')).toBeUndefined();
		expect(pageKey([{ id: 1 }], undefined)).toBeUndefined();
	});
});
