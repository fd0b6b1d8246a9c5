// @modes: spec
import type { FakePlatform } from '../../../tools/fake-platform';
import { LeadListResponse, LeadResponse } from '../../../tools/fake-platform/schemas';
import { DAY, NOW, client, expectError, isoZ, stampMs, startPlatform } from './helpers';

const now = NOW.getTime();

describe('leads (4.8)', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	const create = (lead: Record<string, unknown>) => api.post('/api/v1/lead', { lead });
	const update = (id: number, lead: Record<string, unknown>) =>
		api.put(`/api/v1/lead/${id}`, { lead: { comment: { body: 'call back', author_id: 1002 }, ...lead } });
	beforeAll(async () => {
		platform = await startPlatform();
		api = client(platform);
	});
	afterAll(() => platform.close());

	it('creates a lead with the first status by default and answers lead.id', async () => {
		const r = await create({ phone: '0988000111', username: 'Lead One', subject: 'Wants 10 laptops', assignee_id: 1003, lead_label: [801, 802], estimated_closed_date: '2025-06-30 17:00:00', custom_fields: [{ id: 305, value: 30502 }], comment: 'first note' });
		expect(r.status).toBe(200);
		const { lead } = LeadResponse.parse(r.body);
		expect(lead).toMatchObject({ subject: 'Wants 10 laptops', lead_status_id: 601, labels: [801, 802], assignee_id: 1003, group_id: 11, phone: '0988000111', estimated_closed_date: '2025-06-30 17:00:00', converted_type: null });
		expect(lead.created_at).toBe(isoZ(NOW.getTime()));
		// The type as the platform played writes it (spec: capitals; real: sentence case).
		const { type } = platform.store.ticketFields.find((field) => field.custom_field_id === 305)!;
		expect(lead.custom_fields).toEqual([{ id: 305, lable: 'Product', type, value: 30502 }]);
		expect(lead.comments.map((c) => c.body)).toEqual(['first note']);
		const again = LeadResponse.parse((await api.get(`/api/v1/lead/${lead.id}`)).body);
		expect(again.lead.id).toBe(lead.id);
	});

	it('validates lengths and references', async () => {
		const base = { phone: '0988000222' };
		expectError(await create({ ...base, subject: 's'.repeat(251) }), 400, 'invalid value: subject');
		expectError(await create({ ...base, username: 'u'.repeat(251) }), 400, 'invalid value: username');
		expectError(await create({ phone: '1'.repeat(51) }), 400, 'invalid value: phone');
		expectError(await create({ email: `${'e'.repeat(45)}@x.example` }), 400, 'invalid value: email');
		expectError(await create({ ...base, comment: 'c'.repeat(5001) }), 400, 'invalid value: comment');
		expectError(await create({ ...base, service_id: 12345678901 }), 400, 'invalid value: service_id');
		expectError(await create({ ...base, assignee_id: 4242 }), 400, 'invalid value: assignee_id');
		expectError(await create({ ...base, lead_status_id: 4242 }), 400, 'invalid value: lead_status_id');
		expectError(await create({ ...base, lead_label: [9] }), 400, 'invalid value: lead_label');
		expectError(await create({ ...base, lead_label: '801' }), 400, 'invalid value: lead_label');
		expectError(await create({ ...base, estimated_closed_date: '2025-06-30' }), 400, 'invalid value: estimated_closed_date');
		expectError(await create({ ...base, custom_fields: [{ id: 302, value: 'lots' }] }), 400, 'invalid value: custom_fields');
		expectError(await create({ subject: 'no contact' }), 400, 'Request required [phone] or [email]');
		expectError(await api.post('/api/v1/lead', { lead: 'x' }), 400, 'invalid value: lead');
		expect((await create({ ...base, subject: 's'.repeat(250), comment: 'c'.repeat(5000) })).status).toBe(200);
	});

	it('accepts unqualify_reason only with a final status', async () => {
		expectError(await create({ phone: '0988000333', unqualify_reason: 701 }), 400, 'invalid value: unqualify_reason');
		expectError(await create({ phone: '0988000333', lead_status_id: 602, unqualify_reason: 701 }), 400, 'invalid value: unqualify_reason');
		expectError(await create({ phone: '0988000333', lead_status_id: 605, unqualify_reason: 9999 }), 400, 'invalid value: unqualify_reason');
		const r = await create({ phone: '0988000333', lead_status_id: 605, unqualify_reason: 702 });
		expect(LeadResponse.parse(r.body).lead).toMatchObject({ lead_status_id: 605, converted_type: 2, unqualified_reasons: [702], converted_at: isoZ(NOW.getTime()) });
	});

	it('updates: comment object required, author must be an agent, status moves', async () => {
		const lead = platform.store.leads.find((l) => l.lead_status_id === 602)!;
		expectError(await api.put(`/api/v1/lead/${lead.id}`, { lead: { subject: 'x' } }), 400, 'invalid value: comment');
		expectError(await api.put(`/api/v1/lead/${lead.id}`, { lead: { comment: 'text' } }), 400, 'invalid value: comment');
		expectError(await update(lead.id, { comment: { body: 'b'.repeat(5001), author_id: 1001 } }), 400, 'invalid value: body');
		expectError(await update(lead.id, { comment: { body: 'x', author_id: 42 } }), 400, 'invalid value: author_id');
		expectError(await update(lead.id, { unqualify_reason: 701 }), 400, 'invalid value: unqualify_reason');
		expectError(await update(1, {}), 400, 'Lead is not exist');
		expectError(await api.get('/api/v1/lead/1'), 400, 'Lead is not exist');
		const r = await update(lead.id, { lead_status_id: 605, unqualify_reason: 703, subject: 'Lost interest' });
		expect(r.status).toBe(200);
		expect(LeadResponse.parse(r.body).lead).toMatchObject({ id: lead.id, lead_status_id: 605, last_lead_status_id: 602, converted_type: 2, unqualified_reasons: [703], subject: 'Lost interest', updated_at: isoZ(NOW.getTime()) });
	});

	it('lists with every filter, windows with Z or offsets, numFound and the 500 cap', async () => {
		const all = LeadListResponse.parse((await api.get('/api/v1/leads', { count: 5000 })).body);
		expect(all.leads).toHaveLength(500);
		expect(all.numFound).toBe(platform.store.leads.length);
		expect(all.leads[0]).not.toHaveProperty('comments');

		const st = LeadListResponse.parse((await api.get('/api/v1/leads', { status_ids: '604,605', count: 500 })).body);
		expect(st.numFound).toBe(platform.store.leads.filter((l) => l.lead_status_id === 604 || l.lead_status_id === 605).length);
		expect(st.leads.every((l) => [604, 605].includes(l.lead_status_id))).toBe(true);

		const ct = LeadListResponse.parse((await api.get('/api/v1/leads', { convert_type: 1, count: 500 })).body);
		expect(ct.numFound).toBeGreaterThan(0);
		expect(ct.leads.every((l) => l.converted_type === 1 && l.converted_at !== null)).toBe(true);

		const since = now - 10 * DAY;
		const w = LeadListResponse.parse((await api.get('/api/v1/leads', { updated_since: isoZ(since), updated_to: isoZ(now), count: 500 })).body);
		expect(w.numFound).toBe(platform.store.leads.filter((l) => l.updated_at >= since && l.updated_at <= now).length);
		const zoned = await api.get('/api/v1/leads', { updated_since: '2025-05-22T07:00:00+07:00', updated_to: '2025-06-01T07:00:00+07:00', count: 500 });
		expect(zoned.body).toEqual(w);

		const cw = LeadListResponse.parse((await api.get('/api/v1/leads', { convert_since: isoZ(now - 30 * DAY), convert_to: isoZ(now) })).body);
		expect(cw.numFound).toBe(platform.store.leads.filter((l) => l.converted_at !== null && l.converted_at >= now - 30 * DAY && l.converted_at <= now).length);
		const cr = LeadListResponse.parse((await api.get('/api/v1/leads', { created_since: isoZ(now - 5 * DAY), assignee_id: 1001, count: 500 })).body);
		expect(cr.leads.every((l) => l.assignee_id === 1001 && stampMs(l.created_at) >= now - 5 * DAY)).toBe(true);

		expectError(await api.get('/api/v1/leads', { status_ids: '601;602' }), 400, 'invalid value: status_ids');
		expectError(await api.get('/api/v1/leads', { convert_type: 3 }), 400, 'invalid value: convert_type');
		expectError(await api.get('/api/v1/leads', { created_since: '2025-05-01 00:00:00' }), 400, 'invalid value: created_since');
	});
});
