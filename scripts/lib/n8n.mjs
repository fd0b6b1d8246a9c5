/**
 * One n8n instance (an installed n8n, a user folder, its ports): its CLI commands, `n8n start`,
 * and reading a workflow run's output. The same code serves n8n 2.x and 1.x; their one
 * difference (how a workflow is made active) is in `publish()`.
 *
 *   const n8n = createInstance(install, { userFolder });
 *   await n8n.importCredential({ id, name, type, data });   // importCredentials([...]): several, one CLI call
 *   await n8n.importWorkflows(files);
 *   const run = await n8n.execute('ccStory1LeadTkt1');   // { ok, runData, error, output(node) }
 *   const server = await n8n.start();                    // { url, stop() }
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, writeFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Ports this process handed out; a port is free until its owner binds it, so never twice. */
const handedOut = new Set();

/**
 * A free TCP port on 127.0.0.1 that this process has not handed out before. The OS may offer
 * a port again once its probe closed: a worker's health port and its task broker's port
 * once came out equal, and the worker exited "Port … is already in use".
 */
export async function freePort() {
	for (;;) {
		const port = await new Promise((resolve, reject) => {
			const server = createServer();
			server.once('error', reject);
			server.listen(0, '127.0.0.1', () => {
				const { port } = server.address();
				server.close(() => resolve(port));
			});
		});
		if (!handedOut.has(port)) {
			handedOut.add(port);
			return port;
		}
	}
}

function spawnCollect(cmd, args, { env, cwd, timeoutMs = 180_000 }) {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error(`${args.join(' ')} timed out after ${timeoutMs} ms\n${stdout.slice(-3000)}\n${stderr.slice(-3000)}`));
		}, timeoutMs);
		child.stdout.on('data', (d) => (stdout += d));
		child.stderr.on('data', (d) => (stderr += d));
		child.on('error', reject);
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({ code, stdout, stderr });
		});
	});
}

/** Every JSON object printed one per line (n8n's logger with N8N_LOG_FORMAT=json). */
export function jsonEntries(text) {
	const entries = [];
	for (const line of text.split('\n')) {
		if (!line.startsWith('{')) continue;
		try {
			entries.push(JSON.parse(line));
		} catch {
			// not JSON after all
		}
	}
	return entries;
}

/** The run (IRun-like object with data.resultData) inside n8n's output, wherever it is. */
export function findRun(value, depth = 0) {
	// 2.x: the run is the `message` string of a JSON log entry.
	if (typeof value === 'string' && value.trimStart().startsWith('{') && value.includes('resultData')) {
		try {
			return findRun(JSON.parse(value), depth + 1);
		} catch {
			return undefined;
		}
	}
	if (!value || typeof value !== 'object' || depth > 4) return undefined;
	if (value.data?.resultData) return value;
	if (value.resultData) return { data: value };
	for (const key of Object.keys(value)) {
		const found = findRun(value[key], depth + 1);
		if (found) return found;
	}
	return undefined;
}

export function createInstance(install, { userFolder, port, brokerPort, env: extraEnv = {} } = {}) {
	const folder = userFolder ?? mkdtempSync(join(tmpdir(), `cc-n8n-${install.version}-`));
	mkdirSync(join(folder, '.n8n'), { recursive: true });
	const encryptionKey = randomBytes(24).toString('hex');
	const ports = { port, brokerPort };
	const env = () => ({
		...process.env,
		...install.env,
		N8N_USER_FOLDER: folder,
		N8N_ENCRYPTION_KEY: encryptionKey,
		N8N_PORT: String(ports.port ?? 5678),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_SECURE_COOKIE: 'false',
		// Each process its own task-runner broker port (the default 5679 collides).
		N8N_RUNNERS_BROKER_PORT: String(ports.brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_LOG_FORMAT: 'json',
		N8N_LOG_LEVEL: 'info',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		DB_SQLITE_POOL_SIZE: '2',
		...extraEnv,
	});

	async function ensurePorts() {
		if (!ports.brokerPort) ports.brokerPort = await freePort();
		if (!ports.port) ports.port = await freePort();
	}

	/** Runs `n8n <args>`; resolves with { code, stdout, stderr, ms }. */
	async function cli(args, { timeoutMs } = {}) {
		await ensurePorts();
		const started = Date.now();
		const result = await spawnCollect(install.node, [install.bin, ...args], { env: env(), cwd: folder, timeoutMs });
		return { ...result, ms: Date.now() - started };
	}

	async function cliOk(args, opts) {
		const result = await cli(args, opts);
		if (result.code !== 0) {
			throw new Error(`n8n ${args.join(' ')} exited ${result.code}\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
		}
		return result;
	}

	/** A folder for one import's files, gone when it is done: nothing is left in the temp dir. */
	async function withImportFolder(work) {
		const dir = mkdtempSync(join(tmpdir(), 'cc-n8n-import-'));
		try {
			return await work(dir);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	}

	return {
		install,
		userFolder: folder,
		ports,
		env,
		cli,
		cliOk,

		/** Imports one credential; n8n encrypts the plain `data` object itself. */
		async importCredential(credential) {
			return await this.importCredentials([credential]);
		},

		/** Imports credentials in one `n8n import:credentials` (each CLI call boots n8n: seconds). */
		async importCredentials(credentials) {
			// The only file that ever holds a token in plain text; gone once n8n has encrypted it.
			return await withImportFolder(async (dir) => {
				const file = join(dir, 'credentials.json');
				writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
				return await cliOk(['import:credentials', `--input=${file}`]);
			});
		},

		/** Imports workflow files (each one workflow object). */
		async importWorkflows(files) {
			return await withImportFolder(async (dir) => {
				for (const file of files) writeFileSync(join(dir, file.split('/').pop()), readFileSync(file));
				return await cliOk(['import:workflow', '--separate', `--input=${dir}`]);
			});
		},

		/** Marks workflows active so `n8n start` activates their triggers (2.x: publish; 1.x: active flag). */
		async publish(ids) {
			const major = Number(install.version.split('.')[0]);
			for (const id of ids) {
				if (major >= 2) await cliOk(['publish:workflow', `--id=${id}`]);
				else await cliOk(['update:workflow', `--id=${id}`, '--active=true']);
			}
		},

		/**
		 * `n8n execute --id <id> --rawOutput`: 2.x and 1.123 both print the run through the logger,
		 * so with N8N_LOG_FORMAT=json it is the `message` string of one log entry; the entry
		 * carrying data.resultData is the run.
		 */
		async execute(id) {
			const result = await cli(['execute', `--id=${id}`, '--rawOutput'], { timeoutMs: 300_000 });
			let run;
			for (const entry of jsonEntries(`${result.stdout}\n${result.stderr}`)) {
				run = findRun(entry) ?? run;
			}
			const runData = run?.data?.resultData?.runData ?? {};
			const error = run?.data?.resultData?.error;
			return {
				...result,
				run,
				runData,
				error,
				ok: result.code === 0 && !!run && !error,
				/** The JSON items a node output (first run, first output unless given). */
				output(nodeName, { runIndex = 0, outputIndex = 0 } = {}) {
					const task = runData[nodeName]?.[runIndex];
					if (!task) throw new Error(`node "${nodeName}" did not run; ran: ${Object.keys(runData).join(', ')}`);
					if (task.error) throw new Error(`node "${nodeName}" failed: ${task.error.message}`);
					return (task.data?.main?.[outputIndex] ?? []).map((item) => item.json);
				},
			};
		},

		/** `n8n start`; resolves once the editor answers. `onSpawn` gets the process at once, so a caller can stop it while it starts. */
		async start({ timeoutMs = 120_000, log, onSpawn } = {}) {
			await ensurePorts();
			const child = spawn(install.node, [install.bin, 'start'], { env: env(), cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] });
			onSpawn?.(child);
			let output = '';
			const logFile = join(folder, 'n8n-start.log');
			writeFileSync(logFile, '');
			const collect = (d) => {
				output += d;
				appendFileSync(logFile, d);
				if (log) log(d.toString());
			};
			child.stdout.on('data', collect);
			child.stderr.on('data', collect);
			const url = `http://127.0.0.1:${ports.port}`;
			const started = Date.now();
			for (;;) {
				if (child.exitCode !== null) throw new Error(`n8n start exited ${child.exitCode}\n${output.slice(-4000)}`);
				if (Date.now() - started > timeoutMs) {
					child.kill('SIGKILL');
					throw new Error(`n8n start not ready after ${timeoutMs} ms\n${output.slice(-4000)}`);
				}
				try {
					// Readiness comes before the REST routes on 1.x: wait for both.
					const ready = await fetch(`${url}/healthz/readiness`);
					const settings = ready.ok ? await fetch(`${url}/rest/settings`) : undefined;
					if (settings?.ok) break;
				} catch {
					// not listening yet
				}
				await new Promise((r) => setTimeout(r, 250));
			}
			return {
				url,
				child,
				logFile,
				readyMs: Date.now() - started,
				output: () => output,
				stop: () =>
					new Promise((done) => {
						if (child.exitCode !== null) return done();
						const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
						child.once('exit', () => {
							clearTimeout(timer);
							done();
						});
						child.kill('SIGTERM');
					}),
			};
		},
	};
}
