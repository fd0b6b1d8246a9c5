/**
 * transport/request/failover.ts: after the primary fails, the backup goes first for 60 s; for the 10
 * minutes after that the primary is first again, on trial (retry.ts rule 2: one attempt, then the
 * backup); after that, or once the primary answered, it is an ordinary primary. The windows are
 * docs/guarantees.md's figures, written here; a simple model of marks and answers is the oracle.
 */
import fc from 'fast-check';

import {
	baseUrlsInOrder,
	markPrimaryDown,
	markPrimaryUp,
	primaryOnTrial,
	resetFailover,
} from '../../../../nodes/CustomerCare/transport/request/failover';
import { propertyRuns } from '../../helpers/property';

const BACKUP_FIRST_MS = 60_000;
const TRIAL_MS = 600_000;
const account = { key: 'https://primary.example|acme', baseUrl: 'https://primary.example', backupBaseUrl: 'https://backup.example' };

beforeEach(() => resetFailover());

test('without a backup, only the primary, whatever happened to it', () => {
	markPrimaryDown(account.key, 0);
	expect(baseUrlsInOrder({ ...account, backupBaseUrl: undefined }, 1)).toEqual([account.baseUrl]);
});

test('over any sequence of failures, answers and reads: backup first for 60 s after the last failure, then 10 min on trial', () => {
	const event = fc.record({ gapMs: fc.integer({ min: 0, max: 400_000 }), kind: fc.constantFrom('down', 'up', 'read') });
	fc.assert(
		fc.property(fc.array(event, { minLength: 1, maxLength: 30 }), (events) => {
			resetFailover();
			// The model: the instant of the last failure since the last answer, if any.
			let lastDown: number | undefined;
			let now = 1_000_000;
			for (const { gapMs, kind } of events) {
				now += gapMs;
				if (kind === 'down') {
					markPrimaryDown(account.key, now);
					lastDown = now;
				} else if (kind === 'up') {
					markPrimaryUp(account.key);
					lastDown = undefined;
				}
				const backupFirst = lastDown !== undefined && now < lastDown + BACKUP_FIRST_MS;
				const onTrial = lastDown !== undefined && !backupFirst && now < lastDown + BACKUP_FIRST_MS + TRIAL_MS;
				expect(baseUrlsInOrder(account, now)).toEqual(backupFirst ? [account.backupBaseUrl, account.baseUrl] : [account.baseUrl, account.backupBaseUrl]);
				expect(primaryOnTrial(account.key, now)).toBe(onTrial);
			}
		}),
		propertyRuns(200),
	);
});

test('the edges: backup first until 60 s, on trial from 60 s to 11 min, then ordinary', () => {
	markPrimaryDown(account.key, 0);
	expect([59_999, 60_000, 659_999, 660_000].map((now) => [baseUrlsInOrder(account, now)[0], primaryOnTrial(account.key, now)])).toEqual([
		[account.backupBaseUrl, false],
		[account.baseUrl, true],
		[account.baseUrl, true],
		[account.baseUrl, false],
	]);
});
