#!/usr/bin/env node
/**
 * `npm start`: the whole product on this machine, no account needed.
 *
 * Builds and packs this package, starts the fake Customer-Care Platform (the embedded default
 * backend), starts a real n8n 2.40.7 (Node 24; installed into the cache on first use) on
 * 127.0.0.1 with the package loaded, a credential pointing at the fake platform and the
 * examples imported, creates the owner account, and prints the editor URL, the login and the
 * `npm run demo -- …` commands that make changes happen in the fake platform (scripts/demo.mjs
 * finds it through DEMO_STATE_FILE, written here and removed on stop). Ctrl+C stops everything.
 *
 * With the fake platform, the fake model (tools/fake-model, script in lib/ai-example.mjs) also
 * starts: the AI example's OpenAI credential points at it and the example is published, so its
 * chat answers at once. With a real account neither happens: the example stays imported, and
 * its chat model needs your own OpenAI credential (README "Use with AI agents").
 *
 * A real account instead of the fake (environment or flags):
 *   CC_BASE_URL / --base-url=     the platform API base URL
 *   CC_DOMAIN   / --domain=       the account domain
 *   CC_TOKEN    / --token=        the API token
 *   CC_STATUS_URL / --status-url= the status monitor (optional)
 *   CC_BACKUP_URL / --backup-url= the backup base URL (optional)
 *   CC_TIME_ZONE / --time-zone=   the account time zone (optional; empty: Asia/Ho_Chi_Minh)
 *   CC_TIME_CONVENTION / --time-convention=   wallClock (default: the real platform) or iso (Z is UTC)
 * Other options: N8N_PORT / --port= (default 5678, or a free port when taken),
 * CC_N8N_TARGET / --target= (v2 = n8n 2.40.7 on Node 24, default; v1 = n8n 1.123.x on Node 20),
 * CC_SKIP_BUILD=1 (pack the existing dist/; without it the build is skipped anyway when dist/ is
 * newer than its sources, lib/pack.mjs distIsCurrent), CC_BUILD=1 (build even then).
 *
 * A warm start does the independent steps side by side: the build and pack, and the fake
 * platform and model with the imports (two credentials in one n8n CLI call, the examples in
 * another); then the package goes into .n8n/nodes and n8n starts; with n8n 2.x the AI example is
 * published over REST once n8n runs (a CLI call would boot n8n once more). Each step says how
 * long it took, and every 15 s while it runs (lib/progress.mjs), like the cold install.
 *
 * Queue mode (CC_N8N_MODE=queue / --mode=queue, n8n 2.40.7 only): also starts Postgres and Redis
 * (Debian's postgresql and redis-server; it says how to install them when they are missing) on
 * 127.0.0.1 in a temporary folder, then a main and two workers sharing them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

import { DEMO_STATE_FILE, demoHelp } from './demo.mjs';
import { AI_EXAMPLE, chatUrl, modelCredential, SCRIPT_FACTS, SUGGESTED_QUESTIONS, SUPPORT_AGENT_SCRIPT, waitForChat } from './lib/ai-example.mjs';
import { startFakeModel } from './lib/fake-model.mjs';
import { startFakePlatform } from './lib/fake-platform.mjs';
import { installN8n, TARGETS } from './lib/install-n8n.mjs';
import { createInstance, freePort } from './lib/n8n.mjs';
import { buildAndPack, distIsCurrent, installIntoN8n } from './lib/pack.mjs';
import { withProgress } from './lib/progress.mjs';
import { OWNER, ownerClient } from './lib/rest.mjs';
import { CREDENTIAL, exampleFiles, fakeCredentialData, importExamples } from './lib/setup.mjs';
import { createQueueCluster } from './queue/lib/cluster.mjs';
import { missingServices, startPostgres, startRedis, stopAllServicesSync } from './queue/lib/services.mjs';

function option(flag, env) {
	const arg = process.argv.slice(2).find((a) => a.startsWith(`--${flag}=`));
	const value = arg ? arg.slice(flag.length + 3) : process.env[env];
	return value === undefined || value === '' ? undefined : value;
}

function say(line = '') {
	process.stdout.write(`${line}\n`);
}

async function portOrFree(wanted) {
	const { createServer } = await import('node:net');
	const free = await new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		server.listen(wanted, '127.0.0.1', () => server.close(() => resolve(true)));
	});
	return free ? wanted : await freePort();
}

/**
 * Publishes a workflow over n8n 2.x's REST API (what the editor's Publish button calls), so a
 * running n8n registers its webhooks at once; the CLI's publish:workflow would boot n8n once more.
 */
async function publishOverRest(client, id) {
	const { versionId } = await client.get(`/workflows/${id}`);
	await client.post(`/workflows/${id}/activate`, { versionId });
}

async function main() {
	const t0 = Date.now();
	/**
	 * A step: "… <running>" every 15 s while it runs, then "✔ <done>" and its time. `done` may be
	 * a function of the result; `running` null when the step says its own progress.
	 */
	const step = async (done, fn, running = typeof done === 'string' ? done : 'working') => {
		const started = Date.now();
		// `running` null: the step reports its own progress (the cold install).
		const result = running === null ? await fn() : await withProgress(running, fn, { announce: false });
		say(`  ✔ ${typeof done === 'function' ? done(result) : done} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
		return result;
	};
	const real = {
		baseUrl: option('base-url', 'CC_BASE_URL'),
		domain: option('domain', 'CC_DOMAIN'),
		apiToken: option('token', 'CC_TOKEN'),
		statusUrl: option('status-url', 'CC_STATUS_URL'),
		backupBaseUrl: option('backup-url', 'CC_BACKUP_URL'),
		timeZone: option('time-zone', 'CC_TIME_ZONE'),
		// 'wallClock' (the real platform, default) or 'iso' (a server that reads Z as UTC).
		timeConvention: option('time-convention', 'CC_TIME_CONVENTION'),
	};
	const useReal = Boolean(real.baseUrl || real.domain || real.apiToken);
	if (useReal && !(real.baseUrl && real.domain && real.apiToken)) {
		throw new Error('A real account needs all three: CC_BASE_URL, CC_DOMAIN and CC_TOKEN (or --base-url=, --domain=, --token=)');
	}
	const targetName = option('target', 'CC_N8N_TARGET') ?? 'v2';
	const target = TARGETS[targetName];
	if (!target) throw new Error(`unknown target ${targetName}; known: ${Object.keys(TARGETS).join(', ')}`);
	const mode = option('mode', 'CC_N8N_MODE') ?? 'regular';
	if (!['regular', 'queue'].includes(mode)) throw new Error(`unknown mode ${mode}; known: regular, queue`);
	const queue = mode === 'queue';
	if (queue) {
		if (targetName !== 'v2') throw new Error('queue mode runs n8n 2.40.7 only (CC_N8N_TARGET=v2)');
		const { missing, install } = missingServices();
		if (missing.length) {
			say(`Queue mode needs Postgres and Redis; missing here: ${missing.join(', ')}. Install them with:`);
			say(`  ${install}`);
			say('then run CC_N8N_MODE=queue npm start again (they are started and stopped by npm start, not as services).');
			process.exit(1);
		}
	}

	say(`Starting Customer Care for n8n (${target.name}${useReal ? `, account ${real.domain} at ${real.baseUrl}` : ', fake platform'})`);
	const work = mkdtempSync(join(tmpdir(), 'cc-start-'));

	let fake;
	let model;
	let server;
	// n8n while it starts: stopping then must not leave it running.
	let starting;
	let workers = [];
	let stopping = false;
	// Set before the first step: Ctrl+C during the install or the build also removes `work`.
	const stop = async (code) => {
		if (stopping) return;
		stopping = true;
		say(`\nStopping n8n${queue ? ', its workers, Postgres, Redis' : ''} and the fake platform${model ? ' and model' : ''}…`);
		await Promise.all(workers.map((worker) => worker.stop()));
		if (server) await server.stop();
		else starting?.kill('SIGTERM');
		if (fake) await fake.stop();
		if (model) await model.stop();
		stopAllServicesSync();
		rmSync(work, { recursive: true, force: true });
		if (fake) rmSync(DEMO_STATE_FILE, { force: true });
		process.exit(code);
	};
	process.on('exit', () => stopAllServicesSync());
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	try {
		// Says "installing" with progress and logs itself when n8n is not in the cache yet.
		const install = await step(
			(found) => (found.cold ? `n8n ${target.version} installed into the cache (${found.dir})` : `n8n ${target.version} found in the cache (${found.dir})`),
			() => installN8n(target),
			null,
		);
		// The build and pack run beside the fake platform, the model and the imports (they need no package).
		const build = process.env.CC_SKIP_BUILD === '1' ? false : process.env.CC_BUILD === '1' || !distIsCurrent();
		const packed = step(
			build ? 'package built and packed' : 'package packed (dist/ is newer than its sources: no build)',
			() => buildAndPack(join(work, 'pack'), { build }),
			build ? 'building and packing the package' : 'packing the package',
		);
		// Awaited below; a failure must not surface as an unhandled rejection meanwhile.
		packed.catch(() => {});

		let credentialData;
		if (useReal) {
			credentialData = {
				baseUrl: real.baseUrl,
				backupBaseUrl: real.backupBaseUrl ?? '',
				domain: real.domain,
				apiToken: real.apiToken,
				statusUrl: real.statusUrl ?? '',
				timeZone: real.timeZone ?? '',
				timeConvention: real.timeConvention ?? 'wallClock',
				maxRequestsPerSecond: 15,
			};
		} else {
			await Promise.all([
				step('fake platform started', async () => (fake = await startFakePlatform({ token: `demo-${randomBytes(8).toString('hex')}` })), 'starting the fake platform'),
				step('fake model started (AI example)', async () => (model = await startFakeModel({ script: SUPPORT_AGENT_SCRIPT })), 'starting the fake model'),
			]);
			credentialData = fakeCredentialData(fake);
		}
		// The AI example's chat answers once published; published only with the fake model behind it.
		const readyAiExample = async (instance) => {
			await instance.importCredential(modelCredential(model.baseUrl));
			await instance.publish([AI_EXAMPLE.id]);
		};

		const major = Number(install.version.split('.')[0]);
		const port = await portOrFree(Number(option('port', 'N8N_PORT') ?? 5678));
		let n8n;
		if (queue) {
			const pg = await step('Postgres started (127.0.0.1)', () => startPostgres(work));
			const redis = await step('Redis started (127.0.0.1)', () => startRedis(work));
			const cluster = createQueueCluster({ install, work, pg, redis });
			n8n = cluster.main;
			n8n.ports.port = port;
			const { tarball } = await packed;
			await step('package installed, credential and examples imported (Postgres)', () =>
				cluster.prepareMain({ tarball, credential: { ...CREDENTIAL, data: credentialData }, workflowFiles: exampleFiles() }),
			);
			if (model) await step('AI example: model credential imported, chat published', () => readyAiExample(n8n));
			server = await step('n8n main started (queue mode)', () => n8n.start({ onSpawn: (child) => (starting = child) }));
			workers = await step('two workers started', () =>
				Promise.all(['worker1', 'worker2'].map((name) => cluster.startWorker(name, { tarball }))),
			);
		} else {
			n8n = createInstance(install, {
				userFolder: join(work, 'n8n'),
				port,
				// Readable logs on the console; the JSON logger is for the e2e parser.
				env: { N8N_LOG_FORMAT: 'text', N8N_LOG_LEVEL: 'warn' },
			});
			// n8n's CLI boots n8n with the packages of .n8n/nodes: the imports first, the package after.
			await step(
				`credential${model ? 's' : ''} and ${exampleFiles().length} examples imported`,
				() => importExamples(n8n, { credentialData, modelBaseUrl: model?.baseUrl }),
				'importing the credential and the examples (n8n CLI)',
			);
			const { tarball } = await packed;
			await step('package installed into n8n', () => installIntoN8n(tarball, n8n.userFolder), 'installing the package into n8n');
			// n8n 1.x: published before the start, by the CLI; 2.x: over REST once it runs.
			if (model && major < 2) await step('AI example published', () => n8n.publish([AI_EXAMPLE.id]), 'publishing the AI example');
			server = await step('n8n started', () => n8n.start({ onSpawn: (child) => (starting = child) }), 'starting n8n');
		}
		const client = await step('owner account created', () => ownerClient(server.url), 'creating the owner account');
		if (model && !queue && major >= 2) {
			await step('AI example published', () => publishOverRest(client, AI_EXAMPLE.id), 'publishing the AI example');
		}
		if (model) await step('AI example chat live', () => waitForChat(server.url), 'waiting for the AI example\'s chat');

		say('');
		say(`n8n with Customer Care is running (ready in ${((Date.now() - t0) / 1000).toFixed(0)} s):`);
		// The workflow list first: n8n's sign-in keeps the page asked for (?redirect=) and opens it
		// after login; the editor's home may be another page (its Assistant).
		say(`  Open:      ${server.url}/home/workflows (the workflow list: the examples)`);
		say(`  Login:     ${OWNER.email} / ${OWNER.password} (n8n then opens the list; credential "Customer Care account")`);
		say(`  Editor:    ${server.url}`);
		if (fake) {
			say(`  Fake platform: ${fake.baseUrl} (domain ${fake.domain}; control API ${fake.baseUrl}/__control/info)`);
			say('  Demo data: in the fake platform\'s memory only (seeded afresh at each start, lost on Ctrl+C)');
		} else {
			say(`  Platform:  ${real.baseUrl} (domain ${real.domain})`);
		}
		if (model) {
			say(`  AI agent:  chat with "${AI_EXAMPLE.name}" at ${chatUrl(server.url)}`);
			say('             (or open the workflow and click "Open chat"). Its model is the fake model');
			say(`             ${model.baseUrl} (a script, no account; the seed's customer ${SCRIPT_FACTS.customerId} has the phone ${SCRIPT_FACTS.phone}). Ask:`);
			for (const question of SUGGESTED_QUESTIONS) say(`               ${question}`);
			say('             (the long text: the node refuses it and the agent says why; another phone: "No contact has the phone …").');
		} else {
			say(`  AI agent:  "${AI_EXAMPLE.name}" is imported; give its OpenAI Chat Model your OpenAI credential`);
		}
		say(`  n8n data:  ${n8n.userFolder} (temporary, removed on Ctrl+C; log: ${server.logFile})`);
		if (queue) {
			say('  Queue mode: the main polls triggers and serves the editor; executions run on the workers');
			for (const worker of workers) say(`    ${worker.name}: log ${worker.logFile}`);
		}
		if (fake) {
			// `npm run demo` finds the running fake platform here.
			writeFileSync(DEMO_STATE_FILE, `${JSON.stringify({ fakeUrl: fake.baseUrl, editorUrl: server.url, pid: process.pid })}\n`);
			say('');
			for (const line of demoHelp()) say(line);
			say('');
		}
		say('Press Ctrl+C to stop.');
		server.child.on('exit', (code) => {
			if (!stopping) {
				say(`n8n exited (${code}); see ${server.logFile}`);
				void stop(1);
			}
		});
	} catch (error) {
		process.stderr.write(`${error.stack ?? error}\n`);
		await stop(1);
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exit(1);
});
