#!/usr/bin/env node
/**
 * End-to-end: a real n8n (2.40.7 on Node 24, and 1.123.x on the system Node 20) loads our packed
 * package and runs every workflow in examples/ against the fake platform; the outputs, the
 * requests the fake recorded and its store are asserted (examples.checks.mjs). The polling
 * triggers run in `n8n start`; the editor's REST calls (dropdowns, credential test) are checked
 * there too, and on 2.x the browser test (editor.mjs) runs against the same server.
 *
 *   node scripts/e2e/run.mjs [v2] [v1] [--no-triggers] [--no-editor] [--no-start] [--only=<workflow id>[,<id>…]]
 *                            [--no-ai] [--only-ai]
 *
 * On 2.x the node also runs as an AI tool (lib/ai.mjs): an AI Agent with a scripted fake model
 * and an MCP client call its tools in their own `n8n start`; --only-ai runs just that.
 *
 * Then `npm start` is tested (lib/start-check.mjs). Env: CC_SKIP_BUILD=1 packs the existing
 * dist/; CC_PACK_REPO=<dir> packs another checkout; CC_N8N_CACHE=<dir> moves the n8n cache.
 *
 * Prints per-stage timings; exits non-zero on any failure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

import { CHAT_CHECKS, RUN_CHECKS, TRIGGER_CHECKS } from './examples.checks.mjs';
import { checkAgentDropdown, checkCredentialTest, checkCustomFieldDropdowns, checkOutputSchemas } from './lib/editor-checks.mjs';
import { startFakePlatform } from '../lib/fake-platform.mjs';
import { installN8n, TARGETS } from '../lib/install-n8n.mjs';
import { createInstance } from '../lib/n8n.mjs';
import { buildAndPack } from '../lib/pack.mjs';
import { fakeCredentialData, prepareInstance } from '../lib/setup.mjs';
import { createReport } from '../lib/timings.mjs';
import { ownerClient } from '../lib/rest.mjs';
import { runStartCheck } from './lib/start-check.mjs';
import { runTriggerChecks } from './lib/triggers.mjs';
import { runAiChecks } from './lib/ai.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
/** --only=<id>[,<id>…]: just these examples' checks (no AI tool checks, no `npm start` check). */
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const targetNames = args.filter((a) => !a.startsWith('--'));
const targets = (targetNames.length ? targetNames : flag('only-ai') ? ['v2'] : ['v2', 'v1']).map((name) => {
	if (!TARGETS[name]) throw new Error(`unknown target ${name}; known: ${Object.keys(TARGETS).join(', ')}`);
	return name;
});
const withEditor = !flag('no-editor') && process.env.CC_E2E_EDITOR !== '0';
const onlyAi = flag('only-ai');
/** The AI checks need the langchain nodes of n8n 2.x (the Agent v3, the MCP Server Trigger v2). */
const withAi = (name) => name === 'v2' && !flag('no-ai') && !only;

const report = createReport();
const work = mkdtempSync(join(tmpdir(), 'cc-e2e-'));

/** Installs run in parallel (a cold install is mostly download and unpack). */
const installs = {};

/** The chat examples (an AI Agent behind a Chat Trigger): n8n 2.x only, in their own `n8n start`. */
async function runChatChecks(name, context) {
	if (name !== 'v2' || flag('no-ai')) return;
	for (const [id, spec] of Object.entries(CHAT_CHECKS)) {
		if (!only || only.includes(id)) await spec.run(context);
	}
}

async function runTarget(name, tarball) {
	const target = TARGETS[name];
	const label = `n8n ${target.version}`;
	process.stdout.write(`\n== ${target.name}\n`);
	const install = await installs[name];
	// A random token per run: it only exists in this process, the fake and n8n's encrypted store.
	const fake = await report.time(label, 'start fake platform', () =>
		startFakePlatform({ token: `e2e-${randomBytes(12).toString('hex')}` }),
	);
	let server;
	try {
		if (onlyAi) {
			if (withAi(name)) await runAiChecks({ install, tarball, fake, report, target: label, work });
			await runChatChecks(name, { install, tarball, fake, report, target: label, work });
			return;
		}
		const n8n = createInstance(install, { userFolder: mkdtempSync(join(work, `${name}-`)) });
		const files = await prepareInstance(n8n, {
			tarball,
			credentialData: fakeCredentialData(fake),
			time: (stage, fn) => report.time(label, stage, fn),
		});

		const known = new Set([...Object.keys(RUN_CHECKS), ...Object.keys(TRIGGER_CHECKS), ...Object.keys(CHAT_CHECKS)]);
		for (const file of files) {
			const { id } = JSON.parse(readFileSync(file, 'utf8'));
			if (!known.has(id)) report.fail(label, `example ${file.split('/').pop()}`, new Error(`workflow ${id} has no check in examples.checks.mjs`));
		}

		for (const [id, spec] of Object.entries(RUN_CHECKS)) {
			if (only && !only.includes(id)) continue;
			await report.test(label, `execute ${id}`, async () => {
				const state = {};
				if (spec.prepare) await spec.prepare({ fake, state });
				await fake.clearLog();
				const run = await report.time(label, `n8n execute ${id}`, () => n8n.execute(id));
				if (!run.ok) {
					throw new Error(
						`n8n execute exited ${run.code}; error: ${run.error?.message ?? 'no run found in the output'}\n${run.stdout.slice(-2500)}\n${run.stderr.slice(-1500)}`,
					);
				}
				const requests = await fake.requests();
				if (JSON.stringify(run.runData).includes(fake.token)) throw new Error('the API token appears in the run output');
				return await spec.check({ run, fake, requests, state });
			});
		}

		const triggerChecks = Object.fromEntries(Object.entries(TRIGGER_CHECKS).filter(([id]) => !only || only.includes(id)));
		if (!flag('no-triggers') && Object.keys(triggerChecks).length) {
			await fake.clearLog();
			({ server } = await runTriggerChecks({ n8n, fake, checks: triggerChecks, report, target: label }).then(
				(r) => r,
				(error) => {
					report.fail(label, 'triggers', error);
					return {};
				},
			));
			if (server) {
				const client = await ownerClient(server.url);
				await report.test(label, 'editor REST: agent dropdown', () => checkAgentDropdown(client, fake));
				await report.test(label, 'editor REST: custom-field dropdowns', () => checkCustomFieldDropdowns(client, fake));
				await report.test(label, 'editor REST: credential test', () => checkCredentialTest(client, fake, { major: Number(target.version.split('.')[0]) }));
				await report.test(label, 'editor: output schemas served (schema preview)', () => checkOutputSchemas(server.url));
				if (withEditor && name === 'v2') {
					const { runEditorTest } = await import('./editor.mjs');
					await runEditorTest({ server, client, fake, report, target: label });
				}
			}
		}
		// The AI checks and the chat examples run in their own n8n (2.x): stop this one first.
		if (server) {
			await server.stop();
			server = undefined;
		}
		if (withAi(name)) await runAiChecks({ install, tarball, fake, report, target: label, work });
		await runChatChecks(name, { install, tarball, fake, report, target: label, work });
	} finally {
		if (server) await server.stop();
		await fake.stop();
	}
}

async function main() {
	process.stdout.write(`e2e work folder: ${work}\n`);
	for (const name of targets) {
		const target = TARGETS[name];
		installs[name] = report.time(`n8n ${target.version}`, 'install n8n (cache)', async () => {
			const info = await installN8n(target);
			return Object.assign(info, { note: info.cold ? 'cold' : 'warm (cached)' });
		});
		installs[name].catch(() => {});
	}
	const { tarball } = await report.time('package', 'build + npm pack', async () => {
		const packed = await buildAndPack(join(work, 'pack'), { build: process.env.CC_SKIP_BUILD !== '1' });
		return Object.assign(packed, { note: `${packed.files.length} files` });
	});
	for (const name of targets) {
		try {
			await runTarget(name, tarball);
		} catch (error) {
			report.fail(TARGETS[name].name, 'setup', error);
		}
	}
	if (!flag('no-start') && !only && !onlyAi) await runStartCheck({ report });
}

main()
	.catch((error) => report.fail('e2e', 'run', error))
	.finally(() => {
		report.print();
		process.exitCode = report.failed > 0 || report.passed === 0 ? 1 : 0;
		// Keep the n8n folders (databases, n8n-start.log) of a failed run for a look.
		if (process.exitCode === 0) rmSync(work, { recursive: true, force: true });
		else process.stdout.write(`n8n folders and logs kept in ${work}\n`);
	});
