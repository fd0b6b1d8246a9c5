/**
 * n8n in queue mode: one main (editor, schedules, trigger polls) and workers (executions from
 * the Redis queue), all on one Postgres, with one encryption key. Each process has its own
 * user folder with the packed package installed (a worker without it fails the job with
 * "Unrecognized node type").
 *
 *   const cluster = createQueueCluster({ install, work, pg, redis });
 *   await cluster.prepareMain({ tarball, credential, workflowFiles });
 *   const main = await cluster.startMain();
 *   const w1 = await cluster.startWorker('w1', { env: { CREDENTIALS_OVERWRITE_DATA: ... } });
 *   w1.executions()   // ids of the executions this worker started (from its log)
 *
 * `queue: false` makes the same main run its executions itself (no Redis, no workers); `env`
 * is added to every process's environment (e.g. the durable scheduler's switches).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { createInstance, freePort } from '../../lib/n8n.mjs';
import { installIntoN8n } from '../../lib/pack.mjs';

export function createQueueCluster({ install, work, pg, redis, queue = true, env = {}, log = () => {} }) {
	const shared = {
		N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(pg.port),
		DB_POSTGRESDB_DATABASE: pg.database,
		DB_POSTGRESDB_USER: pg.user,
		DB_POSTGRESDB_PASSWORD: '',
		// `queue: false`: one main that runs its executions itself, on the same Postgres.
		...(queue
			? { EXECUTIONS_MODE: 'queue', QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(redis.port) }
			: { EXECUTIONS_MODE: 'regular' }),
		// Offline: the MCP registry module only logs errors about api.n8n.io.
		N8N_DISABLED_MODULES: 'mcp-registry',
		...env,
	};
	const main = createInstance(install, { userFolder: join(work, 'main'), env: shared });
	const workers = new Map();

	return {
		shared,
		main,

		/** Package, credential and workflows into the main's folder and the shared database. */
		async prepareMain({ tarball, credential, workflowFiles }) {
			await installIntoN8n(tarball, main.userFolder);
			await main.importCredential(credential);
			await main.importWorkflows(workflowFiles);
		},

		startMain: () => main.start(),

		/** `n8n worker`; resolves once its health check says ready. */
		async startWorker(name, { tarball, env = {}, concurrency = 10 } = {}) {
			const folder = join(work, name);
			mkdirSync(join(folder, '.n8n'), { recursive: true });
			if (!workers.has(name)) await installIntoN8n(tarball, folder);
			const healthPort = await freePort();
			const instance = createInstance(install, {
				userFolder: folder,
				env: {
					...shared,
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(healthPort),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
					// No Code node in these workflows: no JavaScript task-runner child per worker.
					N8N_RUNNERS_MODE: 'external',
					N8N_RUNNERS_AUTH_TOKEN: randomBytes(12).toString('hex'),
					...env,
				},
			});
			await instance.cli(['--version']); // assigns the instance's ports
			const child = spawn(install.node, [install.bin, 'worker', `--concurrency=${concurrency}`], {
				env: instance.env(),
				cwd: folder,
				stdio: ['ignore', 'pipe', 'pipe'],
			});
			const logFile = join(folder, `worker-${Date.now()}.log`);
			writeFileSync(logFile, '');
			let output = '';
			const collect = (d) => {
				output += d;
				appendFileSync(logFile, d);
			};
			child.stdout.on('data', collect);
			child.stderr.on('data', collect);
			const started = Date.now();
			for (;;) {
				if (child.exitCode !== null) throw new Error(`worker ${name} exited ${child.exitCode}\n${output.slice(-4000)}`);
				if (Date.now() - started > 120_000) {
					child.kill('SIGKILL');
					throw new Error(`worker ${name} not ready after 120 s\n${output.slice(-4000)}`);
				}
				try {
					if ((await fetch(`http://127.0.0.1:${healthPort}/healthz/readiness`)).ok) break;
				} catch {
					// not listening yet
				}
				await new Promise((r) => setTimeout(r, 250));
			}
			log(`worker ${name} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
			const worker = {
				name,
				child,
				logFile,
				output: () => output,
				/** Execution ids this worker started, from its log ("Worker started execution N"). */
				executions() {
					return [...output.matchAll(/Worker started execution (\d+)/g)].map((m) => m[1]);
				},
				stop: () =>
					new Promise((done) => {
						if (child.exitCode !== null) return done();
						// A worker with jobs in flight may take up to 30 s.
						const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
						child.once('exit', () => {
							clearTimeout(timer);
							done();
						});
						child.kill('SIGTERM');
					}),
			};
			workers.set(name, worker);
			return worker;
		},

		/** Every process still running, for the way out. */
		running: () => [...workers.values()].filter((w) => w.child.exitCode === null),
	};
}
