/**
 * The account's hourly quota made visible (docs/rate-budget.md "With the platform's
 * headers"). The fake sends X-RateLimit-Limit 54,000 and X-RateLimit-Remaining as the platform's
 * count: the hour's limit less the requests it accepted, counted after each one. Expected values
 * are written from that rule and the platform's own request log, never from the node's code.
 */
import type { FakePlatform } from '../../../tools/fake-platform';
import { accountOf, jsonOf, runNode, testCredentials } from '../../../tools/engine-harness/harness';
import { useTestClock } from '../helpers/clock';
import { useFakePlatform } from '../helpers/fake-platform-per-file';

let platform: FakePlatform;
const clock = useTestClock();
useFakePlatform((started) => (platform = started), { now: () => new Date(Date.now()) });

const HOURLY = 54_000;
const accepted = () => platform.requests().filter((request) => request.status !== 429).length;
const getQuota = { resource: 'account', operation: 'getQuota' };

beforeEach(() => platform.setRateLimit({ perHour: HOURLY, headers: 'hour' }));

describe('Account → Get Quota', () => {
	test('one request; the quota its answer told, as one item paired with its input', async () => {
		platform.spendQuota(1_000);
		const run = await runNode({ parameters: getQuota, account: accountOf(platform) });
		expect(run.error).toBeUndefined();
		expect(platform.requests().map((request) => `${request.method} ${request.path}`)).toEqual(['GET /acme/api/v1/groups']);
		const remaining = HOURLY - 1_000 - accepted();
		expect(jsonOf(run)).toEqual([
			{ known: true, remaining, limit: HOURLY, used: HOURLY - remaining, low: false, readAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
		]);
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
	});

	test('below 10 % of the limit: low', async () => {
		platform.spendQuota(HOURLY - 5_000);
		const run = await runNode({ parameters: getQuota, account: accountOf(platform) });
		expect(jsonOf(run)[0]).toMatchObject({ known: true, remaining: 5_000 - accepted(), low: true });
	});

	test('no rate headers: the quota is not known, and the item says so', async () => {
		platform.setRateLimit({ headers: 'none' });
		const run = await runNode({ parameters: getQuota, account: accountOf(platform) });
		expect(jsonOf(run)).toEqual([{ known: false, note: expect.stringContaining('no hourly rate headers') }]);
	});

	// an older reading (another workflow's answer) is not this request's.
	test('its own answer without headers: not known, even when an earlier answer had them', async () => {
		platform.spendQuota(50_000);
		const first = await runNode({ parameters: getQuota, account: accountOf(platform) });
		expect(jsonOf(first)[0]).toMatchObject({ known: true, low: true });
		platform.setRateLimit({ headers: 'none' });
		const second = await runNode({ parameters: getQuota, account: accountOf(platform) });
		expect(jsonOf(second)).toEqual([{ known: false, note: expect.stringContaining('no hourly rate headers') }]);
	});
});

describe('the credential test', () => {
	test('its success message says how much of the hour is left', async () => {
		platform.spendQuota(40_000);
		const result = await testCredentials(accountOf(platform));
		const left = (HOURLY - 40_000 - accepted()).toLocaleString('en-US');
		expect(result).toEqual({ status: 'OK', message: `Connection successful! ${left} of 54,000 requests are left in the account's hour.` });
	});

	test('low: it says so', async () => {
		platform.spendQuota(HOURLY - 300);
		const result = await testCredentials(accountOf(platform));
		expect(result.message).toBe(`Connection successful! ${300 - accepted()} of 54,000 requests are left in the account's hour. That is low: every tool on the account shares them.`);
	});

	test('no rate headers: the message of before', async () => {
		platform.setRateLimit({ headers: 'none' });
		expect(await testCredentials(accountOf(platform))).toEqual({ status: 'OK', message: 'Connection successful!' });
	});
});

describe('under a low quota, definitions already read are not read again', () => {
	const ticketGet = () => ({ resource: 'ticket', operation: 'get', ticketId: String(platform.store.tickets[0].ticket_id) });
	const definitionReads = () => platform.requests({ path: '/acme/api/v1/tickets/custom_fields' }).length;

	test.each([
		['plenty left: read again once two minutes passed', 0, 2],
		['below 10 %: kept, whatever their age', HOURLY - 3_000, 1],
	])('%s', async (_name, spent, reads) => {
		platform.spendQuota(spent);
		expect((await runNode({ parameters: ticketGet(), account: accountOf(platform) })).error).toBeUndefined();
		clock.advance(121_000);
		expect((await runNode({ parameters: ticketGet(), account: accountOf(platform) })).error).toBeUndefined();
		expect(definitionReads()).toBe(reads);
	});
});

test('a low reading ten minutes old no longer keeps definitions: the hour has moved on', async () => {
	const ticketGet = { resource: 'ticket', operation: 'get', ticketId: String(platform.store.tickets[0].ticket_id) };
	platform.spendQuota(HOURLY - 3_000);
	expect((await runNode({ parameters: ticketGet, account: accountOf(platform) })).error).toBeUndefined();
	platform.setRateLimit({ headers: 'none' });
	clock.advance(11 * 60_000);
	expect((await runNode({ parameters: ticketGet, account: accountOf(platform) })).error).toBeUndefined();
	expect(platform.requests({ path: '/acme/api/v1/tickets/custom_fields' })).toHaveLength(2);
});
