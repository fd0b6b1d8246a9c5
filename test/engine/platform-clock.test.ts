/**
 * One clock on a real account (issue 30, docs/api.md#times): against the fake playing the real
 * platform (one UTC+7 wall clock, `Z` as decoration) and the spec (`Z` is UTC), with the
 * credential's Account Time Zone left empty and n8n's default workflow zone (America/New_York):
 * - Get Many over a window returns exactly the tickets made in it;
 * - a ticket's time is the same instant from Get, Get Many and the trigger;
 * - the lost-create lookup searches the window of the send and finds the ticket.
 * Expected outputs are written from docs/api.md: ISO 8601 with the +07:00 offset of Asia/Ho_Chi_Minh.
 */
import { FakePlatform, type FakePlatformKind } from '../../tools/fake-platform';
import { accountOf, jsonOf, runNode, TriggerRun } from '../../tools/engine-harness/harness';
import { clockedNow, useTestClock } from './helpers/clock';
import { useFakePlatform } from './helpers/fake-platform-per-file';

const SECOND = 1000;
const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** The Simplify output of an instant: the wall clock of UTC+7 with its offset. */
function shownAt(ms: number): string {
	const d = new Date(Math.floor(ms / SECOND) * SECOND + 7 * HOUR);
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+07:00`;
}

describe.each(['real', 'spec'] as FakePlatformKind[])('the %s platform', (mode) => {
	let platform: FakePlatform;
	const clock = useTestClock();
	useFakePlatform((started) => (platform = started), { now: clockedNow, platform: mode });
	// Account Time Zone empty; the Platform Clock of the platform played.
	const account = () => accountOf(platform, { timeZone: '', timeConvention: mode === 'real' ? 'wallClock' : 'iso' });

	test('Get Many of a window, Get and the trigger: the same tickets, each at the same instant', async () => {
		const trigger = new TriggerRun({ event: 'ticketCreated' }, account());
		expect(await trigger.poll()).toBeNull();
		// Four tickets a second apart, from now on: inside the platform's 7-hour offset.
		const start = Math.floor(Date.now() / SECOND) * SECOND + 2 * SECOND;
		const made = [0, 1, 2, 3].map((index) =>
			platform.store.createTicket({ ticket_subject: `clock ${index}`, phone: `090000100${index}` }, start + index * SECOND),
		);
		clock.set(start + 5 * SECOND);

		// The window holds the middle two, its edges included.
		const many = await runNode({
			parameters: {
				resource: 'ticket',
				operation: 'getAll',
				returnAll: true,
				dateField: 'created',
				since: new Date(start + SECOND).toISOString(),
				to: new Date(start + 2 * SECOND).toISOString(),
			},
			account: account(),
		});
		expect(many.error).toBeUndefined();
		const listed = jsonOf(many);
		expect(listed.map((ticket) => ticket.ticket_id).sort()).toEqual([made[1].ticket_id, made[2].ticket_id].sort());
		for (const ticket of listed) {
			const index = made.findIndex((one) => one.ticket_id === ticket.ticket_id);
			expect(ticket.created_at).toBe(shownAt(start + index * SECOND));
		}

		const one = await runNode({
			parameters: { resource: 'ticket', operation: 'get', ticketId: String(made[1].ticket_id) },
			account: account(),
		});
		expect(one.error).toBeUndefined();
		expect(jsonOf(one)[0].created_at).toBe(shownAt(start + SECOND));

		const emitted = (await trigger.poll()) ?? [];
		expect(emitted.map((ticket) => ticket.ticket_id)).toEqual(made.map((ticket) => ticket.ticket_id));
		expect(emitted.map((ticket) => ticket.created_at)).toEqual(made.map((_, index) => shownAt(start + index * SECOND)));
	});

	test('a create whose answer was lost is found in the window of its send', async () => {
		platform.inject({ kind: 'lostAnswer', method: 'POST', path: '/api/v1/tickets', times: 1 });
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', phone: '0900002001', subject: 'Lost on the way', comment: 'x' },
			account: account(),
		});
		expect(run.error).toBeUndefined();
		expect(jsonOf(run)[0]).toMatchObject({ ticket_subject: 'Lost on the way', foundAfterLostAnswer: true });
		expect(platform.requests({ method: 'POST', path: '/api/v1/tickets' })).toHaveLength(1);
	});
});
