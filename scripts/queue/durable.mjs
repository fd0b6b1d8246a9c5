#!/usr/bin/env node
/**
 * `npm run test:durable` (issue 21): the Ticket Updated trigger on n8n 2.40.7's durable scheduler
 * with durable cursors (docs/scheduler.md), on Postgres, in two runs side by side (each its own
 * Postgres, fake platform and n8n; both mostly wait for the next minute's poll):
 *
 *   queue    the main polls, two workers run the executions (EXECUTIONS_MODE=queue, Redis);
 *   regular  one main does both.
 *
 * Each run, against the fake platform (15/s enforced):
 *  1. The trigger is published and polls every minute. Its cursor in `poller_state` is moved 40
 *     days back, as after a 40-day outage, and 4,000 tickets are changed over those 40 days.
 *     The poll time limit is 2 s (N8N_SCHEDULER_POLL_TIMEOUT), so n8n grants the node 1 s
 *     (getPollBudgetMs) and the catch-up has to take several polls.
 *  2. A burst of 300 changes lands in the seconds before a poll and in its own second.
 *  3. The main is killed (SIGKILL) while a poll is reading, 100 tickets change while it is
 *     down, and it is started again; n8n reclaims the killed poll once its lease expires.
 *  4. Every change is emitted exactly once: the ids of all trigger executions' items against
 *     the tickets the platform holds as changed since the cursor was moved back.
 * It prints, per run: changes made, changes emitted, duplicates, missed, polls, restarts.
 *
 *   node scripts/queue/durable.mjs [--only=queue,regular]
 * Env: CC_SKIP_BUILD=1 packs the existing dist/.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

import { createQueueCluster } from './lib/cluster.mjs';
import { missingServices, runServicesScript, startPostgres, startRedis } from './lib/services.mjs';
import { activate, DAY, emittedByExecution, exactlyOnce, triggerWorkflow } from './lib/executions.mjs';
import { queryTime } from '../lib/platform-clock.mjs';
import { startFakePlatform } from '../lib/fake-platform.mjs';
import { installN8n, TARGETS } from '../lib/install-n8n.mjs';
import { buildAndPack } from '../lib/pack.mjs';
import { createReport } from '../lib/timings.mjs';
import { ownerClient } from '../lib/rest.mjs';
import { sleep, waitFor } from '../lib/wait.mjs';
import { CREDENTIAL, fakeCredentialData } from '../lib/setup.mjs';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const LABEL = 'durable scheduler';
const WORKFLOW_ID = 'ccDurableTrig001';
const OUTAGE_DAYS = 40;
const BACKLOG_CHANGES = 4000;
const BURST_CHANGES = 300;
const CHANGES_WHILE_DOWN = 100;
/** Backlog tickets created per round trip to the fake's control API. */
const CREATE_AT_ONCE = 16;
/** The poll time limit: n8n grants the node half of it (docs/scheduler.md §1). */
const POLL_TIMEOUT_S = 2;

/** The durable chain with durable cursors (docs/scheduler.md, "How to turn it on in a test"). */
const DURABLE_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TIMEOUT: String(POLL_TIMEOUT_S),
	// A killed poll is reclaimed once its lease expires and the reaper runs: seconds, not minutes.
	N8N_SCHEDULER_LEASE_DURATION: '15',
	N8N_SCHEDULER_REAPER_INTERVAL: '5',
	N8N_SCHEDULER_EXECUTOR_INTERVAL: '1',
};
/** What n8n logs when the durable chain or its cursors did not take effect. */
const NOT_DURABLE = /durable poll cursors stay disabled|keep using the legacy in-memory engine/;

const report = createReport();
const work = mkdtempSync(join(tmpdir(), 'cc-durable-'));
const say = (line) => process.stdout.write(`${line}\n`);

function check(condition, message) {
	if (!condition) throw new Error(message);
}

/** Sleeps until `ms` before the next minute (n8n's "Every Minute" polls at second 0). */
async function untilNextMinute(ms) {
	for (;;) {
		const now = Date.now();
		const wait = 60_000 - (now % 60_000) - ms;
		if (wait >= 0) return await sleep(wait);
		await sleep(ms + 50);
	}
}

/** The trigger's list requests (Ticket Updated reads tickets by updated_*), oldest first. */
async function triggerReads(fake) {
	return (await fake.requests({ path: new RegExp(`^/${fake.domain}/api/v2/tickets$`) })).filter(
		(r) => r.query?.updated_since !== undefined,
	);
}

/** Polls as the platform saw them: runs of the trigger's requests with less than 5 s between two. */
function pollsIn(reads) {
	let polls = 0;
	let last = -Infinity;
	for (const { at } of reads) {
		if (at - last > 5000) polls++;
		last = at;
	}
	return polls;
}

async function durableRun(mode, { install, tarball }) {
	// Both modes run at once: their lines are told apart by the mode.
	const say = (line) => process.stdout.write(`[${mode}] ${line}\n`);
	const dir = join(work, mode);
	mkdirSync(dir, { recursive: true });
	chmodSync(work, 0o755); // run as root, Postgres runs as its own user and must reach `dir`
	const pg = await startPostgres(dir);
	const redis = mode === 'queue' ? await startRedis(dir) : undefined;
	const fake = await startFakePlatform({ token: `durable-${randomBytes(12).toString('hex')}` });
	await fake.control('POST', '/__control/rate-limit', { perSecond: 15, perHour: 54_000, lockoutAfter: 20, reset: true });
	const cluster = createQueueCluster({ install, work: dir, pg, redis, queue: mode === 'queue', env: DURABLE_ENV, log: say });
	let server;
	try {
		const file = join(dir, 'trigger.json');
		writeFileSync(file, JSON.stringify(triggerWorkflow(WORKFLOW_ID, `Durable scheduler test (${mode})`)));
		await cluster.prepareMain({ tarball, credential: { ...CREDENTIAL, data: fakeCredentialData(fake) }, workflowFiles: [file] });
		server = await cluster.startMain();
		const workers = mode === 'queue' ? await Promise.all(['worker1', 'worker2'].map((name) => cluster.startWorker(name, { tarball }))) : [];
		const client = await ownerClient(server.url);
		check(!NOT_DURABLE.test(server.output()), `the durable chain is off: ${NOT_DURABLE.exec(server.output())?.[0]}`);

		// 1. Published; the first scheduled poll makes the node's row in poller_state.
		await activate(client, WORKFLOW_ID);
		const cursorRow = () => pg.psql(`SELECT cursor FROM poller_state WHERE "workflowId" = '${WORKFLOW_ID}'`).trim();
		// The publication service registers the poll job in the background.
		await waitFor('the poll job in scheduled_job (the durable scheduler has the trigger)', () => Number(pg.psql(`SELECT count(*) FROM scheduled_job`).trim()) > 0, { timeoutMs: 90_000, everyMs: 1000 });
		await waitFor('the trigger\'s row in poller_state, with a cursor', () => /"cursor":\s*\d/.test(cursorRow()), { timeoutMs: 150_000, everyMs: 2000 });

		// The 40-day outage, between two polls: the tickets the platform already holds as changed
		// since then, the cursor moved back, and 4,000 more changes spread over those 40 days.
		await untilNextMinute(-15_000);
		const from = Math.floor((Date.now() - OUTAGE_DAYS * DAY) / 1000) * 1000;
		const idsChanged = async (since, to) => {
			const ids = [];
			for (let start = since, end; start < to; start = end + 1000) {
				end = Math.min(start + 31 * DAY - 2000, to);
				for (let page = 1; ; page++) {
					const { status, body } = await fake.api('GET', '/api/v2/tickets', { query: { updated_since: queryTime(start), updated_to: queryTime(end), count: 500, page } });
					check(status === 200, `reading the tickets changed: ${status} ${JSON.stringify(body).slice(0, 200)}`);
					ids.push(...body.tickets.map((t) => String(t.ticket_id)));
					if (body.tickets.length < 500) break;
					await sleep(100);
				}
			}
			return ids;
		};
		const expected = new Set(await idsChanged(from + 1000, Date.now()));
		// Tickets last changed before the outage: the burst and the changes while down use these.
		const old = await idsChanged(from - 120 * DAY, from - 5 * DAY);
		check(old.length >= BURST_CHANGES + CHANGES_WHILE_DOWN, `only ${old.length} tickets last changed 5–120 days before the outage`);
		const state = JSON.parse(cursorRow());
		const rewound = { ...state, cursor: from, floor: from, remembersFrom: from, seen: {} };
		pg.psql(`UPDATE poller_state SET cursor = '${JSON.stringify(rewound)}' WHERE "workflowId" = '${WORKFLOW_ID}'`);
		await fake.clearLog(); // from here on, the log holds the polls only
		const step = Math.floor(((OUTAGE_DAYS - 1) * DAY) / BACKLOG_CHANGES);
		// A few at a time: 4,000 one after the other took most of the minute before the burst.
		for (let first = 0; first < BACKLOG_CHANGES; first += CREATE_AT_ONCE) {
			const batch = Array.from({ length: Math.min(CREATE_AT_ONCE, BACKLOG_CHANGES - first) }, (_, k) => first + k);
			const tickets = await Promise.all(
				batch.map(async (i) => (await fake.control('POST', '/__control/tickets', { ticket_subject: `outage ${i}`, at: from + 60_000 + i * step })).ticket),
			);
			for (const ticket of tickets) expected.add(String(ticket.ticket_id));
		}
		const change = async (ids) => {
			for (const id of ids) {
				await fake.control('PATCH', `/__control/tickets/${id}`, {});
				expected.add(id);
			}
		};

		// 2. A burst in the seconds before a poll and in its own second.
		await untilNextMinute(1500);
		await change(old.slice(0, BURST_CHANGES));

		// 3. The next poll: the main is killed while the poll reads, changes land, it starts again.
		await untilNextMinute(2000);
		// The log is emptied so that looking for the poll's first request stays cheap.
		const readsBefore = await triggerReads(fake);
		await fake.clearLog();
		await waitFor('a poll reading', async () => (await fake.requests()).length > 0, { timeoutMs: 70_000, everyMs: 20 });
		server.child.kill('SIGKILL');
		await new Promise((done) => (server.child.exitCode !== null ? done() : server.child.once('exit', done)));
		const killedAt = new Date().toISOString();
		await change(old.slice(BURST_CHANGES, BURST_CHANGES + CHANGES_WHILE_DOWN));
		server = await cluster.startMain();
		const restarts = 1;
		const restartedClient = await ownerClient(server.url);

		// 4. Every change once.
		const result = await waitFor(
			`all ${expected.size} changes emitted`,
			async () => {
				const found = await emittedByExecution(restartedClient, install, WORKFLOW_ID);
				const ids = new Set(found.executions.flatMap((e) => e.ids));
				return found.pending === 0 && [...expected].every((id) => ids.has(id)) ? found : undefined;
			},
			{ timeoutMs: 8 * 60_000, everyMs: 10_000 },
		).catch(async (error) => ({ ...(await emittedByExecution(restartedClient, install, WORKFLOW_ID)), timedOut: error.message }));
		// One more poll after the last change came out: a repeat would show there.
		if (!result.timedOut) {
			await untilNextMinute(-10_000);
			Object.assign(result, await emittedByExecution(restartedClient, install, WORKFLOW_ID));
		}
		const emitted = result.executions.flatMap((e) => e.ids);
		const { duplicates, missing, unexpected } = exactlyOnce(emitted, expected);
		const reads = [...readsBefore, ...(await triggerReads(fake))];
		const backlogIds = new Set(
			result.executions.filter((e) => e.ids.some((id) => !old.includes(id))).map((e) => e.id),
		);
		const figures = {
			mode,
			changes: expected.size,
			emitted: emitted.length,
			duplicates: duplicates.length,
			missed: missing.length,
			unexpected: unexpected.length,
			polls: pollsIn(reads),
			executions: result.executions.length,
			catchUpExecutions: backlogIds.size,
			restarts,
			killedAt,
			// The scheduler's own record of the poll occurrences: a reclaimed one has a higher lease epoch.
			scheduledTasks: pg
				.psql(`SELECT status || ' ' || count(*) || ' (lease epoch up to ' || max("leaseEpoch") || ')' FROM scheduled_task GROUP BY status`)
				.trim()
				.split('\n')
				.join(', '),
			ranOnWorkers: workers.map((w) => `${w.name} ${w.executions().length}`).join(', ') || 'main',
		};
		say(`  ${mode}: ${JSON.stringify(figures)}`);
		check(!result.timedOut || missing.length === 0, result.timedOut ?? '');
		check(duplicates.length === 0, `emitted more than once: ${duplicates.slice(0, 10).join(', ')}`);
		check(missing.length === 0, `never emitted: ${missing.length} (e.g. ${missing.slice(0, 5).join(', ')})`);
		check(unexpected.length === 0, `emitted but not changed: ${unexpected.slice(0, 5).join(', ')}`);
		check(figures.catchUpExecutions >= 2, `the ${OUTAGE_DAYS}-day catch-up took ${figures.catchUpExecutions} poll(s); the ${POLL_TIMEOUT_S} s limit should need several`);
		if (mode === 'queue') {
			const onWorkers = workers.reduce((sum, w) => sum + w.executions().length, 0);
			check(onWorkers === figures.executions, `${onWorkers} of ${figures.executions} trigger executions ran on the workers`);
		}
		return figures;
	} finally {
		if (server) await server.stop();
		await Promise.all(cluster.running().map((w) => w.stop()));
		await fake.stop();
		pg.stop();
		redis?.stop();
	}
}

async function main() {
	const { missing, install: installHint } = missingServices();
	if (missing.length) throw new Error(`the durable scheduler test needs ${missing.join(' and ')}: ${installHint}`);
	say(`durable scheduler test work folder: ${work}`);
	const install = await report.time(LABEL, 'install n8n 2.40.7 (cache)', () => installN8n(TARGETS.v2));
	const { tarball } = await report.time(LABEL, 'build + npm pack', () =>
		buildAndPack(join(work, 'pack'), { build: process.env.CC_SKIP_BUILD !== '1' }),
	);
	// The two modes share nothing (each its own Postgres, fake platform, n8n folders and ports) and
	// spend most of their time waiting for the next minute's poll, so they run side by side: one
	// run's minutes instead of two.
	const modes = ['queue', 'regular'].filter((mode) => !only || only.includes(mode));
	await Promise.all(modes.map((mode) =>
		report.test(LABEL, `${mode === 'queue' ? 'queue mode, main + 2 workers' : 'regular mode, one main'}: ${OUTAGE_DAYS}-day catch-up, burst, SIGKILL mid-poll`, async () => {
			const f = await durableRun(mode, { install, tarball });
			return {
				note: `${f.changes} changes → ${f.emitted} emitted, ${f.duplicates} duplicates, ${f.missed} missed; ${f.polls} polls (${f.catchUpExecutions} executions for the catch-up), ${f.restarts} restart after SIGKILL; ran on ${f.ranOnWorkers}`,
			};
		}),
	));
}

runServicesScript({ main, report, label: LABEL, work, say });
