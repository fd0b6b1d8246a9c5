/**
 * The fake in its `real` mode answers records in the shapes the real platform's public clients
 * show (real-platform.md §2.3); `spec` mode keeps the spec's shapes (the other files here).
 */
import type { FakePlatform } from '../../../tools/fake-platform';
import {
	CallListResponse,
	RealCallListResponse,
	RealServicesResponse,
	RealTicketDetailResponse,
	RealTicketListResponse,
	ServicesResponse,
	TicketListResponse,
} from '../../../tools/fake-platform/schemas';
import { DAY, NOW, client, isoZ, startPlatform } from './helpers';

const now = NOW.getTime();
/** The labels R1's 310 services carry (real-platform.md §2.3). */
const REAL_LABELS = ['Gọi vào', 'Miss thoại', 'Miss chat', 'Live chat', 'Facebook', 'Inbox Facebook', 'Api', 'Zalo'];

describe('real records (platform real)', () => {
	let platform: FakePlatform;
	let api: ReturnType<typeof client>;
	beforeAll(async () => {
		platform = await startPlatform({ platform: 'real' });
		api = client(platform);
	});
	afterAll(() => platform.close());

	it('ticket list items: no service_id; unassigned ones without assignee keys; ticket_source_end_status may be absent', async () => {
		const body = RealTicketListResponse.parse((await api.get('/api/v1/tickets', { updated_since: isoZ(now - 30 * DAY), updated_to: isoZ(now), count: 500 })).body);
		const unassigned = body.tickets.filter((t) => !('assignee_id' in t));
		expect(unassigned.length).toBeGreaterThan(0);
		expect(unassigned.every((t) => !('assignee' in t))).toBe(true);
		expect(body.tickets.filter((t) => 'assignee_id' in t).every((t) => t.assignee?.id === t.assignee_id)).toBe(true);
		expect(body.tickets.some((t) => !('ticket_source_end_status' in t))).toBe(true);
		expect(() => TicketListResponse.parse(body)).toThrow();
	});

	it('ticket detail: assignee null when unassigned; comments {id, comment (HTML), commentator_id, commentator_name, comment_source, created_at, is_public}', async () => {
		const ticket = platform.store.tickets.find((t) => t.assignee_id === null && t.comments.length > 0)!;
		ticket.comments[0].body = 'Tom & Jerry <3\n"quoted" it\'s';
		const { ticket: detail } = RealTicketDetailResponse.parse((await api.get(`/api/v1/tickets/${ticket.ticket_id}`)).body);
		expect(detail.assignee).toBeNull();
		expect(detail.assignee_id).toBeNull();
		expect(detail.comments[0].comment).toBe('<p>Tom &amp; Jerry &lt;3<br>&quot;quoted&quot; it&#39;s</p>');
		expect(detail.comments[0]).not.toHaveProperty('body');
		expect(detail.comments[0]).not.toHaveProperty('author_id');
	});

	it('services: service_id, service_name and a Vietnamese service_type only; the type query still filters', async () => {
		const all = RealServicesResponse.parse((await api.get('/api/v1/services')).body);
		expect(all.services.length).toBe(platform.store.services.length);
		expect(all.services.filter((s) => REAL_LABELS.includes(s.service_type)).length).toBeGreaterThan(3);
		const incoming = RealServicesResponse.parse((await api.get('/api/v1/services', { type: 1 })).body);
		expect(incoming.services.map((s) => s.service_type)).toEqual(incoming.services.map(() => 'Gọi vào'));
		expect(incoming.services.length).toBe(platform.store.services.filter((s) => s.type === 1).length);
		expect(() => ServicesResponse.parse(all)).toThrow();
	});

	it('calls: missed ones with user_id and agent_id "" and no path keys; a transferred one lists its agents "a,b"; the agent filter matches either', async () => {
		const body = RealCallListResponse.parse((await api.get('/api/v1/calls', { start_time_since: isoZ(now - 30 * DAY), start_time_to: isoZ(now), count: 500 })).body);
		const missed = body.calls.filter((c) => c.call_status === 'miss');
		expect(missed.length).toBeGreaterThan(0);
		expect(missed.every((c) => c.user_id === '' && c.agent_id === '' && !('path' in c) && !('path_download' in c))).toBe(true);
		const several = body.calls.find((c) => typeof c.agent_id === 'string' && c.agent_id.includes(','));
		expect(several).toBeDefined();
		const [first, second] = String(several!.agent_id).split(',');
		for (const agent of [first, second]) {
			const filtered = RealCallListResponse.parse((await api.get('/api/v1/calls', { start_time_since: isoZ(now - 30 * DAY), start_time_to: isoZ(now), count: 500, agent_id: agent })).body);
			expect(filtered.calls.map((c) => c.id)).toContain(several!.id);
			expect(filtered.calls.every((c) => String(c.agent_id).split(',').includes(agent))).toBe(true);
		}
		expect(() => CallListResponse.parse(body)).toThrow();
	});
});
