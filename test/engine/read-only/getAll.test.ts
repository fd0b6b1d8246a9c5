// @modes: strict
/**
 * Agent, Group, Service, Custom Field and Monitor through n8n's engine against the fake
 * platform: what the node sent (path with domain, Bearer header, query) and what it returned.
 */
import { type FakePlatform } from '../../../tools/fake-platform';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { accountOf, jsonOf, loadOptions, runNode } from '../../../tools/engine-harness/harness';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

/** The one API request the node made, and the body the platform answered. */
function onlyRequest() {
	const requests = platform.requests();
	expect(requests).toHaveLength(1);
	return requests[0];
}

describe('Agent', () => {
	test('Get Many returns every agent the API listed', async () => {
		const run = await runNode({
			parameters: { resource: 'agent', operation: 'getAll', returnAll: true, simplify: false },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/acme/api/v1/agents');
		expect(request.headers.authorization).toBe(`Bearer ${platform.token}`);
		expect(request.headers['content-type']).toBe('application/json');
		const answered = (request.response as { agents: Array<{ id: number }> }).agents;
		expect(answered.length).toBeGreaterThan(5);
		expect(jsonOf(run)).toEqual(answered);
	});

	test('Limit keeps the first agents only', async () => {
		const run = await runNode({
			parameters: { resource: 'agent', operation: 'getAll', returnAll: false, limit: 3, simplify: false },
			account: accountOf(platform),
		});
		const answered = (onlyRequest().response as { agents: unknown[] }).agents;
		expect(jsonOf(run)).toEqual(answered.slice(0, 3));
	});
});

describe('Group', () => {
	test('Get Many returns the groups', async () => {
		const run = await runNode({
			parameters: { resource: 'group', operation: 'getAll', returnAll: true, simplify: false },
			account: accountOf(platform),
		});
		const request = onlyRequest();
		expect(request.path).toBe('/acme/api/v1/groups');
		expect(request.response).toMatchObject({ code: 'OK' });
		expect(jsonOf(run)).toEqual((request.response as { groups: unknown[] }).groups);
		expect(jsonOf(run).map((group) => group.group_name)).toEqual(platform.store.groups.map((group) => group.group_name));
	});
});

describe('Service', () => {
	test('Get Many sends the type filter in the query', async () => {
		const run = await runNode({
			parameters: { resource: 'service', operation: 'getAll', returnAll: true, filters: { type: 1 } },
			account: accountOf(platform),
		});
		const request = onlyRequest();
		expect(request.path).toBe('/acme/api/v1/services');
		expect(request.query).toEqual({ type: '1' });
		const services = jsonOf(run);
		expect(services.length).toBeGreaterThan(0);
		// The real platform's services carry no type id: the ones of type 1 are known by ID.
		const incoming = platform.store.services.filter((service) => service.type === 1).map((service) => service.service_id);
		expect(services.map((service) => service.service_id).sort()).toEqual(incoming.sort());
	});

	test('Get Many by service ID', async () => {
		const sms = platform.store.services.find((service) => service.service_type === 'SMS')!;
		const run = await runNode({
			parameters: { resource: 'service', operation: 'getAll', returnAll: true, filters: { service_id: sms.service_id } },
			account: accountOf(platform),
		});
		expect(onlyRequest().query).toEqual({ service_id: String(sms.service_id) });
		expect(jsonOf(run).map((service) => service.service_id)).toEqual([sms.service_id]);
	});
});

describe('Custom Field', () => {
	test.each(['tickets', 'contacts', 'organizations'])('Get Many lists the %s definitions', async (object) => {
		const run = await runNode({
			parameters: { resource: 'customField', operation: 'getAll', object, returnAll: true },
			account: accountOf(platform),
		});
		const request = onlyRequest();
		expect(request.path).toBe(`/acme/api/v1/${object}/custom_fields`);
		const definitions = jsonOf(run);
		expect(definitions).toEqual((request.response as { custom_fields: unknown[] }).custom_fields);
		expect(definitions[0]).toHaveProperty('custom_field_lable');
	});
});

describe('Monitor', () => {
	test('Get Many reads the heartbeat without the token and without pretty', async () => {
		const run = await runNode({
			parameters: { resource: 'monitor', operation: 'getAll', returnAll: true },
			account: accountOf(platform),
		});
		expect(run.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.path).toBe('/status/api/v1/heartbeat');
		expect(request.headers.authorization).toBeUndefined();
		expect(request.query).toEqual({});
		const answer = request.response as { generated_at: string; monitors: Array<{ id: number; status: number }> };
		// Simplify (the default) adds the generation time and the UP/DOWN label, and writes the times with the account's offset.
		expect(jsonOf(run).map(({ id, status, status_label }) => ({ id, status, status_label }))).toEqual(
			answer.monitors.map(({ id, status }) => ({ id, status, status_label: status === 1 ? 'UP' : 'DOWN' })),
		);
		expect(jsonOf(run).every((monitor) => Date.parse(monitor.generated_at as string) === Date.parse(answer.generated_at))).toBe(true);
	});

	test('the Status filter keeps DOWN monitors only', async () => {
		const down = platform.store.monitors[0];
		platform.store.setMonitorStatus(down.id, 0);
		const run = await runNode({
			parameters: { resource: 'monitor', operation: 'getAll', returnAll: true, status: 'DOWN' },
			account: accountOf(platform),
		});
		expect(jsonOf(run).map((monitor) => monitor.id)).toContain(down.id);
		expect(jsonOf(run).every((monitor) => monitor.status === 0)).toBe(true);
		platform.store.setMonitorStatus(down.id, 1);
	});

	test('without a Status URL the error says what to set, and nothing is sent', async () => {
		const run = await runNode({
			parameters: { resource: 'monitor', operation: 'getAll', returnAll: true },
			account: accountOf(platform, { statusUrl: '' }),
		});
		expect(run.error?.message).toContain('"Status URL" must be set');
		expect(platform.requests()).toHaveLength(0);
	});
});

describe('load-options', () => {
	test('agents, groups and services fill the dropdowns', async () => {
		const account = accountOf(platform);
		const agents = await loadOptions('getAgents', account, {});
		const groups = await loadOptions('getGroups', account, {});
		const services = await loadOptions('getServices', account, {});
		expect(agents.map((option) => option.value).sort()).toEqual(platform.store.agents.map((agent) => agent.id).sort());
		expect(groups.map((option) => option.value).sort()).toEqual(platform.store.groups.map((group) => group.group_id).sort());
		expect(services.map((option) => option.value).sort()).toEqual(
			platform.store.services.map((service) => service.service_id).sort(),
		);
		const first = platform.store.agents[0];
		expect(agents.find((option) => option.value === first.id)?.name).toContain(first.username);
	});
});
