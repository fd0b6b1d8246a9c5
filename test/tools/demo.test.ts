/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: spec
/**
 * `npm run demo -- <command>` (scripts/demo.mjs) against a real fake platform: each command runs as
 * a user runs it (a child process), and its change is read back through the platform's public API.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { FakePlatform } from '../../tools/fake-platform';
import { isoZ } from './fake-platform/helpers';

const DEMO = resolve(__dirname, '..', '..', 'scripts', 'demo.mjs');
const NOW = new Date('2025-06-01T00:00:00Z');
/** A query time or list stamp in the form of the platform the fake plays (real: UTC+7 wall clock with a Z). */
const Z = (utc: string) => isoZ(Date.parse(utc));

interface Ran {
	code: number;
	stdout: string;
	stderr: string;
}

function demo(args: string[], env: Record<string, string>): Promise<Ran> {
	return new Promise((done) => {
		execFile(process.execPath, [DEMO, ...args], { env: { ...process.env, CC_FAKE_URL: '', ...env } }, (error, stdout, stderr) => {
			done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
		});
	});
}

describe('npm run demo', () => {
	let platform: FakePlatform;
	let work: string;
	let stateFile: string;
	const run = (...args: string[]) => demo(args, { CC_FAKE_URL: platform.baseUrl });

	async function api(path: string, query: Record<string, string> = {}): Promise<any> {
		const url = new URL(`${platform.baseUrl}/${platform.domain}${path}`);
		for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
		const res = await fetch(url, { headers: { Authorization: `Bearer ${platform.token}` } });
		expect(res.status).toBe(200);
		return await res.json();
	}
	const idIn = (stdout: string, what: string) => Number(new RegExp(`${what} (\\d+)`).exec(stdout)?.[1]);
	const heartbeat = async () => ((await (await fetch(`${platform.statusUrl}/api/v1/heartbeat`)).json()) as { monitors: Array<{ id: number; status: number }> }).monitors;

	beforeAll(async () => {
		// A fixed clock: every change the demo makes is stamped with this second.
		platform = await FakePlatform.start({ now: () => NOW });
		work = mkdtempSync(join(tmpdir(), 'cc-demo-test-'));
		stateFile = join(work, 'demo.json');
	});
	afterAll(async () => {
		await platform.close();
		rmSync(work, { recursive: true, force: true });
	});
	beforeEach(() => platform.clearLog());

	it('ticket-solved: the newest open or pending ticket becomes solved and its updated time moves to now', async () => {
		const window = { updated_since: Z('2025-05-01T00:00:01Z'), updated_to: Z('2025-06-01T00:00:00Z'), count: '500' };
		const open = (await api('/api/v2/tickets', { ...window, filter_id: '2' })).tickets;
		const newest = open.at(-1);
		expect(newest.updated_at < Z('2025-06-01T00:00:00Z')).toBe(true);
		platform.clearLog();

		const ran = await run('ticket-solved');
		expect(ran).toMatchObject({ code: 0, stderr: '' });
		expect(idIn(ran.stdout, 'ticket')).toBe(newest.ticket_id);
		expect(ran.stdout).toContain('the example “Ticket solved → satisfaction survey”');
		// What the demo sent: one list request, as a client of the API, with the account's token.
		const sent = platform.requests({});
		expect(sent.map((r) => `${r.method} ${r.path} ${r.query.filter_id}`)).toEqual([`GET /${platform.domain}/api/v2/tickets 2`]);

		const solved = (await api('/api/v2/tickets', { ...window, filter_id: '3', updated_since: Z('2025-05-31T23:59:59Z') })).tickets;
		const mine = solved.filter((t: any) => t.ticket_id === newest.ticket_id);
		expect(mine).toEqual([expect.objectContaining({ ticket_status: 'solved', updated_at: Z('2025-06-01T00:00:00Z') })]);
		const stillOpen = (await api('/api/v2/tickets', { ...window, filter_id: '2' })).tickets.map((t: any) => t.ticket_id);
		expect(stillOpen).not.toContain(newest.ticket_id);
	});

	it('ticket-solved <id> solves that ticket', async () => {
		const ran = await run('ticket-solved', '100003');
		expect(ran.code).toBe(0);
		const { ticket } = await api('/api/v1/tickets/100003');
		expect(ticket.ticket_status).toBe('solved');
		// The detail answers the account zone (+07:00 by default): the clock's second.
		expect(ticket.updated_at).toBe('2025-06-01 07:00:00');
	});

	it('missed-call: a call with call_status miss ends now', async () => {
		const ran = await run('missed-call');
		expect(ran.code).toBe(0);
		const callId = idIn(ran.stdout, 'missed call');
		expect(ran.stdout).toContain('the examples “Missed call → find the caller → call-back ticket” and “Call ended → log it”');
		const { calls } = await api('/api/v1/calls', { end_time_since: '2025-06-01 06:59:59', end_time_to: '2025-06-01 07:00:00', call_status: 'miss' });
		expect(calls.filter((c: any) => c.id === callId)).toEqual([
			expect.objectContaining({ call_status: 'miss', customer_id: 50002, end_time: '2025-06-01 07:00:00' }),
		]);
	});

	it('monitor-down and monitor-up: the heartbeat says DOWN (0), then UP (1)', async () => {
		expect((await heartbeat())[0]).toMatchObject({ id: 1, status: 1 });
		const down = await run('monitor-down');
		expect(down.code).toBe(0);
		expect(down.stdout).toContain('monitor 1 ("API") is now DOWN');
		expect((await heartbeat()).map((m) => m.status)).toEqual([0, 1, 0]);
		expect((await run('monitor-up')).code).toBe(0);
		expect((await heartbeat()).map((m) => m.status)).toEqual([1, 1, 0]);
		expect((await run('monitor-up', '3')).code).toBe(0);
		expect((await heartbeat()).map((m) => m.status)).toEqual([1, 1, 1]);
	});

	it('lead-created and deal-won: a new lead; a new deal closed as won', async () => {
		const lead = await run('lead-created');
		expect(lead.code).toBe(0);
		const leadId = idIn(lead.stdout, 'lead');
		const leads = (await api('/api/v1/leads', { created_since: Z('2025-06-01T00:00:00Z'), created_to: Z('2025-06-01T00:00:00Z') })).leads;
		expect(leads.map((l: any) => [l.id, l.subject])).toContainEqual([leadId, 'Demo: quote for 3 laptops']);

		const deal = await run('deal-won');
		expect(deal.code).toBe(0);
		const dealId = idIn(deal.stdout, 'deal');
		const deals = (await api('/api/v1/deals', { closed_since: Z('2025-06-01T00:00:00Z'), closed_to: Z('2025-06-01T00:00:00Z') })).deals;
		expect(deals.filter((d: any) => d.id === dealId)).toEqual([expect.objectContaining({ closed_type: 1, subject: 'Demo: office laptops' })]);
	});

	it('zalo-message: customer 50350 starts a Zalo conversation now; the message list shows it', async () => {
		const ran = await run('zalo-message');
		expect(ran).toMatchObject({ code: 0, stderr: '' });
		const messageId = idIn(ran.stdout, 'Zalo message');
		expect(ran.stdout).toContain('the example “Zalo message → find the customer → ticket with the message”');
		const { chats } = await api('/api/v1/chats/messages', { start_time_since: Z('2025-05-31T23:59:59Z'), start_time_to: Z('2025-06-01T00:00:00Z'), conversation_type: '3' });
		expect(chats.filter((m: any) => m.id === messageId)).toEqual([
			expect.objectContaining({ conversation_type: 3, requester_id: 50350, sender_agent_id: null, time: '2025-06-01 07:00:00' }),
		]);
	});

	it('finds the platform through the state file npm start writes, and says so when there is none', async () => {
		writeFileSync(stateFile, JSON.stringify({ fakeUrl: platform.baseUrl }));
		const viaState = await demo(['monitor-down', '2'], { CC_DEMO_STATE: stateFile });
		expect(viaState.code).toBe(0);
		expect((await heartbeat())[1].status).toBe(0);
		await run('monitor-up', '2');

		const none = await demo(['missed-call'], { CC_DEMO_STATE: join(work, 'missing.json') });
		expect(none.code).toBe(1);
		expect(none.stderr).toContain('No running demo found');
		expect(none.stderr).toContain('npm start');

		writeFileSync(stateFile, JSON.stringify({ fakeUrl: 'http://127.0.0.1:1' }));
		const stale = await demo(['missed-call'], { CC_DEMO_STATE: stateFile });
		expect(stale.code).toBe(1);
		expect(stale.stderr).toContain('does not answer');
	});

	it('an unknown command prints the list and fails; no command prints it and succeeds', async () => {
		const bad = await run('tickets-solved');
		expect(bad.code).toBe(2);
		expect(bad.stdout).toContain('Unknown demo command "tickets-solved"');
		const help = await run();
		expect(help.code).toBe(0);
		for (const name of ['ticket-solved', 'missed-call', 'monitor-down', 'monitor-up', 'lead-created', 'deal-won', 'zalo-message']) {
			expect(help.stdout).toContain(`npm run demo -- ${name}`);
		}
		expect(platform.requests({})).toEqual([]);
	});
});
