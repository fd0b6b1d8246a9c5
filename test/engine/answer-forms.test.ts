/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Issue 23, point 2 and 4: what a server that reads the spec the other way may answer, served by
 * the fake platform's answer forms (tools/fake-platform/answerForms.ts, the control route
 * POST /__control/answer-forms and the `answerForms` option):
 * - the lead, deal and reference lists under another root (the spec names none);
 * - `closed_type` and `converted_type` as the words of the field list, not the states table's numbers;
 * - call times written in another zone than the account's.
 * Expected values are written from docs/api.md and the spec, never from the node's tables.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import { FakePlatform } from '../../tools/fake-platform';
import { clockedNow, useTestClock } from './helpers/clock';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, jsonOf, loadOptions, runNode, TriggerRun } from '../../tools/engine-harness/harness';

let platform: FakePlatform;

const clock = useTestClock();
// Each test switches on the forms it is about, from the documented ones (also under
// CC_FAKE_STRICT=1, which otherwise starts with every form on; its refusals stay on).
useFakePlatform((started) => (platform = started), { now: clockedNow, answerForms: { all: false } });

const second = (ms: number) => Math.floor(ms / 1000) * 1000;
/** The fake's account zone is +07:00 (its default). */
const account = () => accountOf(platform, { timeZone: 'Asia/Ho_Chi_Minh' });

afterEach(() => platform.setAnswerForms({ all: false }));

describe('control route', () => {
	test('POST /__control/answer-forms switches the forms; { all: true } turns every one on, { all: false } restores the documented', async () => {
		const post = async (body: unknown) =>
			(await (await fetch(`${platform.baseUrl}/__control/answer-forms`, { method: 'POST', body: JSON.stringify(body) })).json()) as {
				answerForms: unknown;
			};
		expect((await post({ closedType: 'word' })).answerForms).toEqual({ closedType: 'word', convertType: 'number', roots: 'documented', callOffset: null });
		expect((await post({ all: true })).answerForms).toEqual({ closedType: 'word', convertType: 'word', roots: 'alternate', callOffset: 0 });
		expect((await post({ all: false, callZone: '-03:00' })).answerForms).toEqual({
			closedType: 'number',
			convertType: 'number',
			roots: 'documented',
			callOffset: -180,
		});
		const refused = await fetch(`${platform.baseUrl}/__control/answer-forms`, { method: 'POST', body: JSON.stringify({ roots: 'other' }) });
		expect(refused.status).toBe(400);
	});
});

describe('answer roots: the documented one, else the one array of the answer', () => {
	beforeEach(() => platform.setAnswerForms({ roots: 'alternate' }));

	test('Lead → Get Many reads the leads under "data"', async () => {
		const run = await runNode({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, simplify: false }, account: account() });
		expect(run.error).toBeUndefined();
		const answers = platform.requests({ path: '/acme/api/v1/leads' });
		// The platform answered under "data", not "leads".
		expect(answers[0].response).toHaveProperty('data');
		expect(answers[0].response).not.toHaveProperty('leads');
		expect(jsonOf(run).map((lead) => lead.id).sort((a, b) => Number(a) - Number(b))).toEqual(
			platform.store.leads.map((lead) => lead.id).sort((a, b) => a - b),
		);
	});

	test('Deal → Get Pipelines and the lead status dropdown read their lists under "data"', async () => {
		const run = await runNode({ parameters: { resource: 'deal', operation: 'getPipelines' }, account: account() });
		expect(run.error).toBeUndefined();
		expect(jsonOf(run).map((pipeline) => pipeline.id)).toEqual(platform.store.dealPipelines.map((pipeline) => pipeline.id));

		const statuses = await loadOptions('getLeadStatuses', account(), { resource: 'lead', operation: 'getAll' });
		expect(statuses.map((option) => option.value)).toEqual(platform.store.leadStatuses.map((status) => status.id));
	});

	test('the Lead Created trigger fires on leads listed under "data"', async () => {
		const run = new TriggerRun({ event: 'leadCreated', options: { simplify: false } }, account());
		expect(await run.poll()).toBeNull();
		const at = second(Date.now()) + 1000;
		const lead = platform.store.createLead({ subject: 'under data' }, at);
		clock.set(at + 1000);
		expect((await run.poll())?.map((item) => item.id)).toEqual([lead.id]);
		expect(await run.poll()).toBeNull();
	});
});

describe('closed_type and converted_type as words', () => {
	beforeEach(() => platform.setAnswerForms({ closedType: 'word', convertType: 'word' }));

	test('Deal → Get Many, Simplify on: a won deal reads closed_type 1, "Won"; a converted deal "Converted to Deal"', async () => {
		const won = platform.store.deals.find((deal) => deal.closed_type === 1)!;
		const run = await runNode({
			parameters: { resource: 'deal', operation: 'getAll', returnAll: true, filters: { closed_type: 1 } },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const listed = platform.requests({ path: '/acme/api/v1/deals' })[0].response as { deals: Array<{ id: number; closed_type: unknown }> };
		expect(listed.deals.find((deal) => deal.id === won.id)?.closed_type).toBe('won');
		const out = jsonOf(run).find((deal) => deal.id === won.id)!;
		expect(out).toMatchObject({ closed_type: 1, closed_type_label: 'Won' });

		const convertedWon = platform.store.deals.find((deal) => deal.closed_type === 1 && deal.converted_type === 1);
		expect(convertedWon).toBeDefined();
		expect(listed.deals.find((deal) => deal.id === convertedWon!.id)).toMatchObject({ converted_type: 'deal' });
		expect(jsonOf(run).find((deal) => deal.id === convertedWon!.id)).toMatchObject({ converted_type: 1, converted_type_label: 'Converted to Deal' });
	});

	test('Deal Closed, "Closed As" won or lost: the won and lost deals fire, the unqualified one does not', async () => {
		const run = new TriggerRun({ event: 'dealClosed', filters: { closed_types: [1, 2] }, options: { simplify: false } }, account());
		expect(await run.poll()).toBeNull();
		const open = platform.store.deals.filter((deal) => deal.closed_type === null).slice(0, 3);
		const at = second(Date.now()) + 1000;
		open.forEach((deal, index) => platform.store.updateDeal(deal.id, { closed_type: ([1, 2, 3] as const)[index] }, at));
		clock.set(at + 1000);
		const emitted = await run.poll();
		expect(emitted?.map((deal) => [deal.id, deal.closed_type])).toEqual([
			[open[0].id, 'won'],
			[open[1].id, 'lost'],
		]);
	});
});

describe('call times in another zone than the Account Time Zone', () => {
	test('Call Ended: each call emitted once over polls though its stamp is 7 h off the window; the log says so once', async () => {
		// The account is +07:00; the platform writes the call times in UTC: read as +07:00 they are 7 h early.
		platform.setAnswerForms({ callZone: '+00:00' });
		const warn = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => undefined);
		try {
			const run = new TriggerRun({ event: 'callEnded', options: { simplify: false } }, account());
			expect(await run.poll()).toBeNull();
			const at = second(Date.now()) + 1000;
			const calls = [0, 1, 2].map((n) => platform.store.createCall({ start_time: at - 60_000 + n * 1000, end_time: at + n * 1000 }));
			const emitted: unknown[] = [];
			for (let poll = 1; poll <= 4; poll++) {
				clock.set(at + poll * 60_000);
				emitted.push(...((await run.poll()) ?? []).map((call) => call.id));
			}
			expect(emitted).toEqual(calls.map((call) => call.id));
			const said = warn.mock.calls.filter(([message]) => String(message).includes('Account Time Zone'));
			expect(said).toHaveLength(1);
			expect(String(said[0][0])).toContain('3 of 3 calls');
			expect(String(said[0][0])).toContain('about 7 h');
		} finally {
			warn.mockRestore();
		}
	});
});
