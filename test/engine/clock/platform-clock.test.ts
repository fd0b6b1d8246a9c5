// @modes: strict
/**
 * One model of the platform's clock, through n8n's engine against the fake in each platform mode:
 * times read and sent the same way by Get, Get Many and the trigger, and the date windows.
 */
import { FakePlatform, type FakePlatformKind } from '../../../tools/fake-platform';
import { accountOf, jsonOf, runNode, TriggerRun } from '../../../tools/engine-harness/harness';
import { clockedNow, useTestClock } from '../helpers/clock';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { DateTime } from 'luxon';
import { PollContext } from 'n8n-core';
import { instantOf, simplifyTime } from '../helpers/platform-clock';
import { RewriteProxy } from '../helpers/clock-rewrite-proxy';

/**
 * One clock on a real account (docs/api.md#times): against the fake playing the real
 * platform (one UTC+7 wall clock, `Z` as decoration) and the spec (`Z` is UTC), with the
 * credential's Account Time Zone left empty and n8n's default workflow zone (America/New_York):
 * - Get Many over a window returns exactly the tickets made in it;
 * - a ticket's time is the same instant from Get, Get Many and the trigger;
 * - the lost-create lookup searches the window of the send and finds the ticket.
 * Expected outputs are written from docs/api.md: ISO 8601 with the +07:00 offset of Asia/Ho_Chi_Minh.
 */
describe('one clock on a real account', () => {
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
});

/**
 * One model of the platform's clock, engine tests: the real node
 * run by n8n-core against the fake, in the platform mode and Platform Clock of each mode.
 *
 * Oracles from docs/api.md "Times" and test/engine/helpers/platform-clock.ts (the test-side oracle),
 * never from the node's clock.ts:
 * - user input: a `Z` is UTC, an offset is honoured; windows are inclusive at both ends;
 *   records are stamped in whole seconds, so a From of s + 0.5 s does not hold a record of s;
 * - Simplify shows every time as ISO 8601 with +07:00 (Asia/Ho_Chi_Minh), whatever form the
 *   API wrote it in, and the trigger emits every record the platform listed, once.
 */
describe('the platform\'s clock in windows, filters and the trigger', () => {
	const SECOND = 1000;
	const ZONE = 'Asia/Ho_Chi_Minh';

	describe.each(['real', 'spec'] as FakePlatformKind[])('the %s platform', (mode) => {
		let platform: FakePlatform;
		let proxy: RewriteProxy;
		const clock = useTestClock();
		useFakePlatform((started) => (platform = started), { now: clockedNow, platform: mode, backup: false });
		beforeAll(async () => (proxy = await RewriteProxy.start(platform.baseUrl)));
		afterAll(async () => await proxy.close());
		beforeEach(() => (proxy.rewrite = (_path, body) => body));
		const convention = mode === 'real' ? 'wallClock' : 'iso';
		const account = () => accountOf(platform, { timeZone: '', timeConvention: convention });
		const proxied = () => accountOf({ ...platform, baseUrl: proxy.baseUrl }, { timeZone: '', timeConvention: convention });

		/** Three tickets at s, s + 1 s, s + 2 s, after every ticket made so far. */
		function threeTickets(tag: string) {
			const s = Math.floor(Date.now() / SECOND) * SECOND + 10 * SECOND;
			const made = [0, 1, 2].map((index) =>
				platform.store.createTicket({ ticket_subject: `${tag} ${index}`, phone: `09000031${index}0` }, s + index * SECOND),
			);
			clock.set(s + 5 * SECOND);
			return { s, ids: made.map((ticket) => ticket.ticket_id) };
		}

		describe('Get Many: a From with milliseconds does not reach back to the second it falls in', () => {
			const forms: Array<[string, (ms: number) => unknown]> = [
				['ISO with Z and fraction', (ms) => new Date(ms).toISOString()],
				['ISO with +07:00 and fraction', (ms) => DateTime.fromMillis(ms, { zone: ZONE }).toISO()],
				['ISO with -05:00 and fraction (workflow zone New York)', (ms) => DateTime.fromMillis(ms, { zone: 'America/New_York' }).toISO()],
				['epoch ms (expression)', (ms) => `={{ ${ms} }}`],
				['JS Date (expression)', (ms) => `={{ new Date(${ms}) }}`],
				['Luxon DateTime (expression, like $now)', (ms) => `={{ DateTime.fromMillis(${ms}) }}`],
			];
			test.each(forms)('%s', async (_name, form) => {
				const { s, ids } = threeTickets('ms-from');
				const run = await runNode({
					parameters: {
						resource: 'ticket',
						operation: 'getAll',
						returnAll: true,
						dateField: 'created',
						since: form(s + 500) as string,
						to: new Date(s + 2 * SECOND).toISOString(),
					},
					account: account(),
				});
				expect(run.error).toBeUndefined();
				const got = jsonOf(run).map((ticket) => ticket.ticket_id);
				// Asked: [s + 0.5 s, s + 2 s]. The ticket of s is before the asked From.
				expect(got.sort()).toEqual([ids[1], ids[2]].sort());
			});

			test('a To with milliseconds holds its own second (control)', async () => {
				const { s, ids } = threeTickets('ms-to');
				const run = await runNode({
					parameters: {
						resource: 'ticket',
						operation: 'getAll',
						returnAll: true,
						dateField: 'created',
						since: new Date(s).toISOString(),
						to: new Date(s + SECOND + 500).toISOString(),
					},
					account: account(),
				});
				expect(run.error).toBeUndefined();
				expect(jsonOf(run).map((ticket) => ticket.ticket_id).sort()).toEqual([ids[0], ids[1]].sort());
			});
		});

		describe('stamps in mixed forms in one list answer: Get Many and the trigger show each at its instant, the trigger emits each once', () => {
			/** How a list item's stamp is rewritten, from its instant (the same instant, another form). */
			const FORMS: Record<string, (ms: number) => string> = {
				'as written': () => '',
				'offset +07:00': (ms) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ"),
				'lowercase z': (ms) =>
					`${DateTime.fromMillis(ms, { zone: mode === 'real' ? ZONE : 'UTC' }).toFormat("yyyy-MM-dd'T'HH:mm:ss")}z`,
				'fraction before Z': (ms) =>
					`${DateTime.fromMillis(ms, { zone: mode === 'real' ? ZONE : 'UTC' }).toFormat("yyyy-MM-dd'T'HH:mm:ss")}.000Z`,
				'zone-less': (ms) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm:ss'),
				'space and +07:00 (RFC 3339)': (ms) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm:ssZZ'),
			};
			const names = Object.keys(FORMS);

			function rewriteStamps() {
				proxy.rewrite = (path, body) => {
					if (!/\/tickets$/.test(path) || !Array.isArray(body?.tickets)) return body;
					for (const item of body.tickets) {
						const form = names.find((name) => item.ticket_subject === `mixed ${name}`);
						if (!form || form === 'as written') continue;
						for (const key of ['created_at', 'updated_at']) {
							if (typeof item[key] === 'string') item[key] = FORMS[form](instantOf(item[key], { platform: mode }));
						}
					}
					return body;
				};
			}

			test('Ticket Created trigger and Get Many', async () => {
				const trigger = new TriggerRun({ event: 'ticketCreated' }, proxied());
				expect(await trigger.poll()).toBeNull();
				const s = Math.floor(Date.now() / SECOND) * SECOND + 3 * SECOND;
				const made = names.map((name, index) =>
					platform.store.createTicket({ ticket_subject: `mixed ${name}`, phone: `09000032${index}0` }, s + index * SECOND),
				);
				clock.set(s + (names.length + 2) * SECOND);
				rewriteStamps();
				const expected = Object.fromEntries(names.map((name, index) => [name, simplifyTime(s + index * SECOND)]));

				const many = await runNode({
					parameters: {
						resource: 'ticket',
						operation: 'getAll',
						returnAll: true,
						dateField: 'created',
						since: new Date(s).toISOString(),
						to: new Date(s + (names.length - 1) * SECOND).toISOString(),
					},
					account: proxied(),
				});
				expect(many.error).toBeUndefined();
				const listed = Object.fromEntries(jsonOf(many).map((ticket) => [String(ticket.ticket_subject).slice(6), ticket.created_at]));
				const emitted = (await trigger.poll()) ?? [];
				const fromTrigger = Object.fromEntries(emitted.map((ticket) => [String(ticket.ticket_subject).slice(6), ticket.created_at]));
				expect({ getMany: listed, trigger: fromTrigger }).toEqual({ getMany: expected, trigger: expected });
				expect(emitted.map((ticket) => ticket.ticket_id)).toEqual(made.map((ticket) => ticket.ticket_id));
			});
		});
	});

	/* ---------- the zone warning ---------- */


	/** Captures what the trigger says in n8n's log (PollContext's logger). */
	function captureWarnings(): { warnings: string[]; restore: () => void } {
		let proto: object = PollContext.prototype;
		while (!Object.getOwnPropertyDescriptor(proto, 'logger')) proto = Object.getPrototypeOf(proto);
		const warnings: string[] = [];
		const quiet = () => {};
		const spy = jest
			.spyOn(proto as { logger: unknown }, 'logger', 'get')
			.mockReturnValue({ warn: (message: string) => warnings.push(message), info: quiet, debug: quiet, error: quiet, verbose: quiet } as never);
		return { warnings, restore: () => spy.mockRestore() };
	}

	describe('the zone warning on the real platform (Call Ended)', () => {
		let platform: FakePlatform;
		const clock = useTestClock();
		// The call times in the platform's zone, as the real platform writes them; strict mode's
		// alternate forms would write them in UTC, a platform whose zone-less times are not UTC+7.
		useFakePlatform((started) => (platform = started), { now: clockedNow, platform: 'real', backup: false, answerForms: { all: false } });

		async function callsAfterActivation(convention: 'wallClock' | 'iso') {
			const log = captureWarnings();
			try {
				const trigger = new TriggerRun({ event: 'callEnded' }, accountOf(platform, { timeZone: '', timeConvention: convention }));
				expect(await trigger.poll()).toBeNull();
				const s = Math.floor(Date.now() / SECOND) * SECOND + 2 * SECOND;
				// Calls now, and calls 7 h back: what a platform that reads the window's Z as its
				// UTC+7 wall clock lists for a window sent in UTC.
				for (let index = 0; index < 4; index++) platform.store.createCall({}, s + index * SECOND);
				for (let index = 0; index < 4; index++) platform.store.createCall({}, s - 7 * 3_600_000 + index * SECOND);
				clock.set(s + 6 * SECOND);
				const emitted = (await trigger.poll()) ?? [];
				return { emitted, warnings: log.warnings };
			} finally {
				log.restore();
			}
		}

		test('the right setting (wallClock, zone empty): the calls are emitted, no warning', async () => {
			const { emitted, warnings } = await callsAfterActivation('wallClock');
			expect(emitted).toHaveLength(4);
			expect(warnings.filter((w) => /stamped outside/.test(w))).toEqual([]);
		});

		test('the wrong Platform Clock (iso on the real platform): a warning that says to switch Platform Clock', async () => {
			const { warnings } = await callsAfterActivation('iso');
			const warning = warnings.find((w) => /stamped outside/.test(w));
			expect(warning).toBeDefined();
			expect(warning).toMatch(/Platform Clock/);
		});

		// The stamps are off by exactly the zone's own offset (7 h) with Account Time Zone at the
		// platform's zone: only Platform Clock is wrong. Changing Account Time Zone (to UTC) would
		// silence the warning and shift every time by 7 h, the very trap a wrong Platform Clock sets.
		test('the wrong Platform Clock: the warning tells to switch Platform Clock, not to change Account Time Zone', async () => {
			const { warnings } = await callsAfterActivation('iso');
			const warning = warnings.find((w) => /stamped outside/.test(w)) ?? '';
			expect(warning).toMatch(/Local Time, Even With "Z"/);
			expect(warning).not.toMatch(/Set Account Time Zone/);
		});
	});

	/* ---------- window edges at the midnights of the account zone and of UTC, and across 31-day windows ---------- */

	describe.each(['real', 'spec'] as FakePlatformKind[])('Get Many windows at midnights and 31-day splits, the %s platform', (mode) => {
		let platform: FakePlatform;
		useTestClock();
		useFakePlatform((started) => (platform = started), { now: clockedNow, platform: mode, backup: false, size: { tickets: 50, leads: 5, deals: 5, calls: 5, days: 100 } });
		const account = () => accountOf(platform, { timeZone: '', timeConvention: mode === 'real' ? 'wallClock' : 'iso' });

		/** Tickets at each edge second of the window and one second outside it; the oracle: the store's tickets created in [since, to]. */
		async function edges(since: number, to: number, sinceText: unknown, toText: unknown) {
			for (const at of [since - SECOND, since, since + SECOND, to - SECOND, to, to + SECOND]) {
				platform.store.createTicket({ ticket_subject: `edge ${at}`, phone: '0900003300' }, at);
			}
			const run = await runNode({
				parameters: { resource: 'ticket', operation: 'getAll', returnAll: true, dateField: 'created', since: sinceText as string, to: toText as string },
				account: account(),
			});
			expect(run.error).toBeUndefined();
			const got = jsonOf(run).map((ticket) => Number(ticket.ticket_id));
			const expected = platform.store.tickets.filter((t) => t.created_at >= since && t.created_at <= to).map((t) => t.ticket_id);
			expect(got.sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
			expect(new Set(got).size).toBe(got.length);
		}

		const day = (text: string, zone: string) => DateTime.fromISO(text, { zone }).toMillis();

		test('a day of the account zone, zone-less input (00:00:00 to 23:59:59)', async () => {
			const since = day('2026-09-10T00:00:00', ZONE);
			await edges(since, since + 86_399 * SECOND, '2026-09-10 00:00:00', '2026-09-10 23:59:59');
		});

		test('a UTC day, Z input', async () => {
			const since = Date.UTC(2026, 8, 11);
			await edges(since, since + 86_399 * SECOND, '2026-09-11T00:00:00Z', '2026-09-11T23:59:59Z');
		});

		test('New York DST start day (2026-03-08), offsets of the workflow zone in the input', async () => {
			const since = day('2026-03-08T00:00:00', 'America/New_York');
			const to = day('2026-03-08T23:59:59', 'America/New_York');
			await edges(since, to, DateTime.fromMillis(since, { zone: 'America/New_York' }).toISO(), DateTime.fromMillis(to, { zone: 'America/New_York' }).toISO());
		});

		test('New York DST end (2026-11-01), Luxon DateTimes in the workflow zone across the repeated hour', async () => {
			const since = day('2026-11-01T01:30:00', 'America/New_York'); // first 01:30 (EDT)
			const to = since + 3600 * SECOND; // second 01:30 (EST)
			await edges(
				since,
				to,
				`={{ DateTime.fromMillis(${since}, { zone: 'America/New_York' }) }}`,
				`={{ DateTime.fromMillis(${to}, { zone: 'America/New_York' }) }}`,
			);
		});

		test('75 days: three windows, edges at each split', async () => {
			const since = day('2026-05-01T00:00:00', ZONE);
			const to = since + 75 * 86_400 * SECOND;
			const split1 = since + 31 * 86_400 * SECOND - SECOND;
			for (const at of [split1 - SECOND, split1, split1 + SECOND, split1 + 31 * 86_400 * SECOND]) {
				platform.store.createTicket({ ticket_subject: `split ${at}`, phone: '0900003301' }, at);
			}
			await edges(since, to, new Date(since).toISOString(), new Date(to).toISOString());
		});
	});
});
