import type { FakePlatform } from '../../../tools/fake-platform';
import {
	AgentsResponse,
	CustomFieldsResponse,
	GroupsResponse,
	LabelsResponse,
	LeadStatusesResponse,
	PipelinesResponse,
	ReasonsResponse,
	ServicesResponse,
} from '../../../tools/fake-platform/schemas';
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

/** The spec's definitions: pinned to `spec`, whose shapes these are. */
describe('custom-field definitions, spec platform', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	beforeAll(async () => {
		platform = await startPlatform({ platform: 'spec' });
		api = client(platform);
	});
	afterAll(() => platform.close());

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
		expect(custom_fields.filter((f) => ['TEXT', 'NUMBER', 'DATE', 'URL', 'TEXTAREA', 'NUMERIC'].includes(f.type!)).every((f) => f.values === undefined)).toBe(true);
	});

	it('contact and organization fields have no URL, TEXTAREA or STAGE', async () => {
		for (const path of ['/api/v1/contacts/custom_fields', '/api/v1/organizations/custom_fields']) {
			const { custom_fields } = CustomFieldsResponse.parse((await api.get(path)).body);
			expect(custom_fields.length).toBeGreaterThan(0);
			expect(custom_fields.some((f) => ['URL', 'TEXTAREA', 'STAGE'].includes(f.type!))).toBe(false);
		}
	});

});

/** As the real platform writes them (../shared/real-platform.md §2.3, R1 `98af89a:samples/...`). */
describe('custom-field definitions, real platform', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	beforeAll(async () => {
		platform = await startPlatform({ platform: 'real' });
		api = client(platform);
	});
	afterAll(() => platform.close());

	it('ticket fields: sentence-case type names, a Date without code or values, choices as {id, lable} where they have no code or parent', async () => {
		const r = await api.get('/api/v1/tickets/custom_fields');
		const { custom_fields } = CustomFieldsResponse.parse(r.body);
		const types = new Set(custom_fields.map((f) => f.type));
		for (const type of ['Single drop-down list', 'Date', 'Numeric', 'Text Area']) expect(types).toContain(type);
		// Sentence case: no name but an acronym is written in capitals.
		expect([...types].filter((type) => type === type?.toUpperCase())).toEqual(['URL']);
		const raw = r.body.custom_fields as Array<Record<string, unknown>>;
		expect(raw.some((f) => f.type === 'Date' && !('code' in f) && !('values' in f))).toBe(true);
		const values = raw.flatMap((f) => (f.values ?? []) as Array<Record<string, unknown>>);
		expect(values.some((v) => Object.keys(v).sort().join() === 'id,lable')).toBe(true);
	});

	it('contact fields: some without any type or values (free text), Numeric and Text Area', async () => {
		const raw = (await api.get('/api/v1/contacts/custom_fields')).body.custom_fields as Array<Record<string, unknown>>;
		CustomFieldsResponse.parse({ code: 'ok', custom_fields: raw });
		expect(raw.filter((f) => !('type' in f) && !('values' in f)).length).toBeGreaterThanOrEqual(4);
		expect(raw.map((f) => f.type)).toEqual(expect.arrayContaining(['Numeric', 'Text Area']));
	});

	it('ticket records list every field, unset ones null, a single choice as text holding the choice id', async () => {
		const list = (await api.get('/api/v1/tickets', { updated_since: '2025-05-01T00:00:00Z', updated_to: '2025-05-31T00:00:00Z', count: 50 })).body.tickets as Array<{ ticket_id: number; custom_fields: Array<{ id: number; type: string; value: unknown }> }>;
		const ids = platform.store.ticketFields.map((f) => f.custom_field_id);
		expect(list.length).toBeGreaterThan(0);
		for (const ticket of list) expect(ticket.custom_fields.map((f) => f.id)).toEqual(ids);
		const all = list.flatMap((ticket) => ticket.custom_fields);
		expect(all.some((f) => f.value === null)).toBe(true);
		const singles = all.filter((f) => f.type === 'Single drop-down list' && f.value !== null);
		expect(singles.length).toBeGreaterThan(0);
		expect(singles.every((f) => typeof f.value === 'string' && /^\d+$/.test(f.value))).toBe(true);
		const detail = (await api.get(`/api/v1/tickets/${list[0].ticket_id}`)).body.ticket;
		expect(detail.custom_filed.map((f: { id: number }) => f.id)).toEqual(ids);
	});
});
