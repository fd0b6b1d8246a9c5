/**
 * Exercises the polling-trigger examples in a running n8n: `n8n start` with the workflows
 * active, wait for each trigger's first poll (it only sets the cursor), make an event in the
 * fake platform, wait for the next poll (n8n polls every minute), then read the executions.
 */
import { ownerClient, executionsOf } from '../../lib/rest.mjs';
import { sleep, waitFor } from '../../lib/wait.mjs';

/** Returns the running server (already logged in) so callers may reuse it; stops it on failure. */
export async function runTriggerChecks({ n8n, fake, checks, report, target }) {
	const ids = Object.keys(checks);
	await report.time(target, 'publish trigger workflows', () => n8n.publish(ids));
	const server = await report.time(target, 'n8n start (ready)', () => n8n.start());
	try {
		const client = await report.time(target, 'owner setup (REST)', () => ownerClient(server.url));
		const state = {};
		// Activation runs each trigger's first poll: a list trigger only sets its cursor there (no
		// request), the monitor trigger reads the heartbeat. n8n 2.x does not log activations, so
		// the first request any trigger makes (plus a grace period) marks "activated".
		await report.time(target, 'triggers activated', async () => {
			await waitFor('a first trigger poll', async () => (await fake.requests()).some((r) => ids.some((id) => checks[id].polled(r, fake))), {
				timeoutMs: 90_000,
				everyMs: 250,
			});
			await sleep(3000);
		});
		for (const id of ids) await checks[id].change({ fake, state });
		// n8n polls every minute: wait until every trigger workflow has run (or time is up).
		const executions = {};
		await report.time(target, 'trigger executions (next minute polls)', () =>
			waitFor(
				'an execution of every trigger workflow',
				async () => {
					for (const id of ids) {
						if (executions[id]) continue;
						const list = await executionsOf(client, n8n.install, id);
						const finished = list.filter((e) => !['running', 'new', 'waiting'].includes(e.status));
						if (finished.length > 0 && finished.length === list.length) executions[id] = list;
					}
					return ids.every((id) => executions[id]);
				},
				{ timeoutMs: 150_000, everyMs: 3000 },
			).catch((error) => ({ note: error.message })),
		);
		for (const id of ids) {
			await report.test(target, `trigger ${id}`, async () => {
				if (!executions[id]) throw new Error(`${id} did not run within 150 s of the change`);
				return await checks[id].check({ executions: executions[id], state, fake });
			});
		}
		return { server, client };
	} catch (error) {
		await server.stop();
		throw error;
	}
}
