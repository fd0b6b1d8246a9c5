import type { FakePlatform } from '../../tools/fake-platform';
import {
	AgentsResponse,
	CustomFieldsResponse,
	GroupsResponse,
	LabelsResponse,
	LeadStatusesResponse,
	PipelinesResponse,
	ReasonsResponse,
	ServicesResponse,
} from '../../tools/fake-platform/schemas';
import { client, expectError, startPlatform } from './helpers';

describe('reference lists', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	beforeAll(async () => {
		// Asserts the spec's answer shapes (schemas.ts); the real ones: real-records.test.ts.
		platform = await startPlatform({ platform: 'spec' });
		api = client(platform);
	});
	afterAll(() => platform.close());

	it('agents: code ok, every role, per-channel statuses, group names', async () => {
		const r = await api.get('/api/v1/agents');
		expect(r.status).toBe(200);
		const { code, agents } = AgentsResponse.parse(r.body);
		expect(code).toBe('ok');
		expect(agents.length).toBe(12);
		expect(new Set(agents.map((a) => a.role_id))).toEqual(new Set([1, 2, 4, 5, 6, 7, 8, 9]));
		// Rule 2: all channels LOGOUT; rule 4: different states per channel; NO ANSWER on voice only.
		expect(agents.some((a) => a.ticket_status === 'LOGOUT' && a.call_status === 'LOGOUT' && a.chat_status === 'LOGOUT')).toBe(true);
		expect(agents.some((a) => a.call_status === 'AVAILABLE' && a.ticket_status === 'LOGOUT' && a.chat_status === 'NOT AVAILABLE')).toBe(true);
		expect(agents.some((a) => a.call_status === 'NO ANSWER')).toBe(true);
		expect(agents.some((a) => typeof a.agent_id === 'number')).toBe(true);
		expect(agents.every((a) => a.group_name !== null)).toBe(true);
		expect(agents[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
	});

	it('groups: code OK (upper case), four groups', async () => {
		const r = await api.get('/api/v1/groups');
		const { code, groups } = GroupsResponse.parse(r.body);
		expect(code).toBe('OK');
		expect(groups.map((g) => g.group_name)).toEqual(['Sales', 'Support', 'Billing', 'Technical']);
	});

	it('services: detail objects per type, an SMS service, type and service_id filters', async () => {
		const { services } = ServicesResponse.parse((await api.get('/api/v1/services')).body);
		const types = new Set(services.map((s) => s.type));
		for (const t of [1, 2, 3, 12, 14]) expect(types.has(t)).toBe(true);
		expect(services.find((s) => s.type === 14)).toMatchObject({ service_type: 'SMS', service_id: 211 });
		const voice = ServicesResponse.parse((await api.get('/api/v1/services', { type: 1 })).body).services;
		expect(voice.length).toBeGreaterThan(0);
		expect(voice.every((s) => s.type === 1)).toBe(true);
		expect(voice[0].detail).toEqual(expect.objectContaining({ line: expect.any(String), number: expect.any(String), status: expect.any(Number) }));
		const email = ServicesResponse.parse((await api.get('/api/v1/services', { service_id: 205 })).body).services;
		expect(email).toHaveLength(1);
		expect(email[0].detail).toEqual(expect.objectContaining({ in_email_address: expect.any(String), out_email_address: expect.any(String), last_update: expect.any(String) }));
		expectError(await api.get('/api/v1/services', { type: 'voice' }), 400, 'invalid value: type');
	});

	it('ticket custom fields: every type, odd spelling lable, codes null or set, parent values', async () => {
		const r = await api.get('/api/v1/tickets/custom_fields');
		const { custom_fields } = CustomFieldsResponse.parse(r.body);
		expect(new Set(custom_fields.map((f) => f.type))).toEqual(
			new Set(['TEXT', 'NUMBER', 'NUMERIC', 'DATE', 'SINGLE DROP-DOWN LIST', 'MULTIPLE DROP-DOWN LIST', 'URL', 'TEXTAREA', 'STAGE']),
		);
		expect(r.body.custom_fields[0]).toHaveProperty('custom_field_lable');
		const values = custom_fields.flatMap((f) => f.values ?? []);
		expect(values.some((v) => v.code === null)).toBe(true);
		expect(values.some((v) => v.parent_value_id === -1)).toBe(true);
		expect(values.some((v) => v.parent_value_id !== -1 && values.some((p) => p.id === v.parent_value_id))).toBe(true);
		expect(custom_fields.filter((f) => ['TEXT', 'NUMBER', 'DATE', 'URL', 'TEXTAREA', 'NUMERIC'].includes(f.type)).every((f) => f.values === undefined)).toBe(true);
	});

	it('contact and organization fields have no URL, TEXTAREA or STAGE', async () => {
		for (const path of ['/api/v1/contacts/custom_fields', '/api/v1/organizations/custom_fields']) {
			const { custom_fields } = CustomFieldsResponse.parse((await api.get(path)).body);
			expect(custom_fields.length).toBeGreaterThan(0);
			expect(custom_fields.some((f) => ['URL', 'TEXTAREA', 'STAGE'].includes(f.type))).toBe(false);
		}
	});

	it('lead statuses, unqualified reasons and labels (labels without api/v1)', async () => {
		const { statuses } = LeadStatusesResponse.parse((await api.get('/api/v1/lead/status')).body);
		expect(statuses.map((s) => s.status_type)).toEqual([1, 0, 0, 2, 3]);
		expect(ReasonsResponse.parse((await api.get('/api/v1/lead/unqualified-reason')).body).reasons.length).toBeGreaterThan(0);
		expect(LabelsResponse.parse((await api.get('/lead/labels')).body).labels.map((l) => l.name)).toContain('VIP');
	});

	it('pipelines with stages, deal reasons, deal labels, lost reasons (POST, empty body or {})', async () => {
		const { pipelines } = PipelinesResponse.parse((await api.get('/api/v1/deal/pipelines')).body);
		expect(pipelines).toHaveLength(2);
		expect(pipelines.every((p) => p.stages.length > 0)).toBe(true);
		expect(pipelines[1].stages.some((s) => s.probability === undefined)).toBe(true);
		ReasonsResponse.parse((await api.get('/api/v1/deal/unqualified-reasons')).body);
		LabelsResponse.parse((await api.get('/api/v1/deal/labels')).body);
		const withBody = await api.post('/api/v1/deal/lost-reasons', {});
		const noBody = await api.post('/api/v1/deal/lost-reasons');
		expect(withBody.status).toBe(200);
		expect(ReasonsResponse.parse(withBody.body).reasons.length).toBe(4);
		expect(noBody.body).toEqual(withBody.body);
		expectError(await api.put('/api/v1/deal/lost-reasons', {}), 400, 'Deal is not exist');
	});
});
