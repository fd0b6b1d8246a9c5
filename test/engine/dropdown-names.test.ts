// @modes: strict
/**
 * Every dropdown names every entry (red team F14-F15, issue 30 point 2): an entry the account
 * lists without its name (an agent without username, a group without group_name, a status
 * without label, a pipeline or stage without name, a label or reason without name) reads
 * `<Kind> <id>` through the one helper `nameOf` (definitions/lookups.ts): never "undefined", never
 * a crash while sorting. Both modes of the fake.
 */
import type { FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, loadOptions } from '../../tools/engine-harness/harness';

let platform: FakePlatform;
useFakePlatform((started) => (platform = started));

let saved: string;
beforeAll(() => {
	const { agents, groups, leadStatuses, leadLabels, leadUnqualifiedReasons, dealPipelines, dealLabels, dealUnqualifiedReasons } = platform.store;
	saved = JSON.stringify({ agents, groups, leadStatuses, leadLabels, leadUnqualifiedReasons, dealPipelines, dealLabels, dealUnqualifiedReasons });
});
afterEach(() => Object.assign(platform.store, JSON.parse(saved)));

const noUndefined = (value: unknown) => expect(JSON.stringify(value)).not.toMatch(/undefined|\[object Object\]|NaN|null/);
const names = (options: Array<{ name: string }>) => options.map((option) => option.name);

test('agents without username: "Agent <id>" in the agent and the call-agent dropdowns', async () => {
	const [first] = platform.store.agents;
	platform.store.agents = [
		...platform.store.agents,
		{ ...first, id: 9901, username: undefined, email: undefined, agent_id: '7001' } as never,
		{ ...first, id: 9902, username: null, group_name: { x: 1 } } as never,
	];
	const agents = await loadOptions('getAgents', accountOf(platform), {});
	noUndefined(agents);
	expect(names(agents)).toContain('Agent 9901');
	const callAgents = await loadOptions('getCallAgents', accountOf(platform), {});
	noUndefined(callAgents);
	expect(names(callAgents)).toContain('Agent 9901 (IP phone 7001)');
});

test('a lead status without label reads "Status <id>"; a group without name "Group <id>"', async () => {
	platform.store.leadStatuses = [...platform.store.leadStatuses, { id: 9999, status_type: 0 } as never];
	expect(names(await loadOptions('getLeadStatuses', accountOf(platform), { resource: 'lead', operation: 'getAll' }))).toContain('Status 9999');
	platform.store.groups = [...platform.store.groups, { ...platform.store.groups[0], group_id: 9998, group_name: null } as never];
	expect(names(await loadOptions('getGroups', accountOf(platform), { resource: 'ticket', operation: 'getAll' }))).toContain('Group 9998');
});

test('pipelines and stages without name, labels and reasons without name', async () => {
	platform.store.dealPipelines = [
		...platform.store.dealPipelines,
		{ id: 9801, stages: [{ id: 98011 }, { id: 98012, name: 'Won' }] } as never,
	];
	platform.store.dealLabels = [...platform.store.dealLabels, { id: 9701 } as never];
	platform.store.leadLabels = [...platform.store.leadLabels, { id: 9702, name: '' } as never];
	platform.store.dealUnqualifiedReasons = [...platform.store.dealUnqualifiedReasons, { id: 9703 } as never];
	platform.store.leadUnqualifiedReasons = [...platform.store.leadUnqualifiedReasons, { id: 9704, name: null } as never];
	const pipelines = await loadOptions('getDealPipelines', accountOf(platform), { resource: 'deal', operation: 'create' });
	noUndefined(pipelines);
	expect(pipelines.find((option) => option.value === 9801)).toMatchObject({ name: 'Pipeline 9801', description: 'Stages: Stage 98011 → Won' });
	const stages = await loadOptions('getDealStages', accountOf(platform), { resource: 'deal', operation: 'getAll' });
	noUndefined(stages);
	expect(names(stages)).toEqual(expect.arrayContaining(['Pipeline 9801 › Stage 98011', 'Pipeline 9801 › Won']));
	const only = await loadOptions('getDealStages', accountOf(platform), { resource: 'deal', operation: 'create', pipelineId: 9801 });
	expect(names(only)).toEqual(['Stage 98011', 'Won']);
	for (const [method, expected] of [
		['getDealLabels', 'Label 9701'],
		['getLeadLabels', 'Label 9702'],
		['getDealUnqualifiedReasons', 'Reason 9703'],
		['getLeadUnqualifiedReasons', 'Reason 9704'],
	] as const) {
		const options = await loadOptions(method, accountOf(platform), { resource: method.includes('Deal') ? 'deal' : 'lead', operation: 'getAll' });
		noUndefined(options);
		expect(names(options)).toContain(expected);
	}
});
