#!/usr/bin/env node
/**
 * The README's screenshot of the AI example (docs/screenshots/ai-support-agent.png): a real
 * n8n 2.40.7 with the example published against the fake platform and the fake model (as the
 * e2e check starts it, scripts/e2e/lib/ai-example.mjs), one chat message sent to its Chat
 * Trigger ("Open a ticket …": the agent calls Create ticket), then Chromium (playwright-core, as
 * scripts/e2e/editor.mjs) opens that execution in the editor and captures the canvas with the
 * run and the chat in the logs panel.
 *
 *   node scripts/screenshot-ai.mjs [--out=<png>] [--keep]   (CC_SKIP_BUILD=1: pack the existing dist/)
 *
 * --keep leaves n8n running (prints its URL) until Ctrl+C.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

import { CHROMIUM } from './e2e/editor.mjs';
import { startAiExample } from './e2e/lib/ai-example.mjs';
import { AI_EXAMPLE, sendChatMessage } from './lib/ai-example.mjs';
import { REPO, startFakePlatform } from './lib/fake-platform.mjs';
import { installN8n, TARGETS } from './lib/install-n8n.mjs';
import { buildAndPack } from './lib/pack.mjs';
import { executionsOf, OWNER } from './lib/rest.mjs';

const args = process.argv.slice(2);
const out = args.find((a) => a.startsWith('--out='))?.slice(6) ?? join(REPO, 'docs', 'screenshots', 'ai-support-agent.png');
const keep = args.includes('--keep');
const MESSAGE = 'Open a ticket for 0987654321: the invoice is wrong';

async function main() {
	const work = mkdtempSync(join(tmpdir(), 'cc-shot-ai-'));
	const install = await installN8n(TARGETS.v2);
	const { tarball } = await buildAndPack(join(work, 'pack'), { build: process.env.CC_SKIP_BUILD !== '1' });
	const fake = await startFakePlatform({ token: `shot-${randomBytes(8).toString('hex')}` });
	let started;
	let context;
	try {
		started = await startAiExample({ install, tarball, fake, work });
		const { server, client, n8n } = started;
		const { status, body } = await sendChatMessage(server.url, MESSAGE);
		assert.equal(status, 200, JSON.stringify(body).slice(0, 300));
		process.stdout.write(`chat: ${MESSAGE}\nagent: ${body.output.slice(0, 200)}…\n`);
		const [execution] = await executionsOf(client, n8n.install, AI_EXAMPLE.id);
		assert.equal(execution.status, 'success');

		const { chromium } = await import('playwright-core');
		const profile = mkdtempSync(join(work, 'chromium-'));
		context = await chromium.launchPersistentContext(profile, {
			executablePath: CHROMIUM,
			headless: true,
			args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
			viewport: { width: 1600, height: 1000 },
		});
		const page = context.pages()[0] ?? (await context.newPage());
		page.setDefaultTimeout(30_000);
		await page.goto(`${server.url}/signin`);
		await page.fill('input[name=emailOrLdapLoginId]', OWNER.email);
		await page.fill('input[name=password]', OWNER.password);
		await page.keyboard.press('Enter');
		await page.waitForURL((url) => !url.pathname.includes('signin'));
		await page.goto(`${server.url}/workflow/${AI_EXAMPLE.id}/executions/${execution.id}`);
		const toolNode = `[data-test-id="canvas-node"][data-node-name="${AI_EXAMPLE.tools.create}"]`;
		try {
			await page.locator(toolNode).first().waitFor();
		} catch (error) {
			await page.screenshot({ path: join(tmpdir(), 'screenshot-ai-failed.png') });
			throw error;
		}
		// The logs panel at the bottom holds the chat: open it so the answer is in the picture.
		await page.getByText('Chat', { exact: true }).last().click();
		await page.getByText('for the customer.', { exact: false }).first().waitFor();
		// The panel took canvas room: fit the canvas again.
		await page.locator('[data-test-id="zoom-to-fit"]').first().click().catch(() => {});
		await page.waitForTimeout(1500);
		mkdirSync(dirname(out), { recursive: true });
		await page.screenshot({ path: out });
		process.stdout.write(`screenshot: ${out} (${Math.round(statSync(out).size / 1024)} KB)\n`);
		if (keep) {
			process.stdout.write(`n8n: ${server.url} (${OWNER.email} / ${OWNER.password}); Ctrl+C stops\n`);
			await new Promise((resolve) => process.once('SIGINT', resolve));
		}
	} finally {
		await context?.close();
		await started?.stop();
		await fake.stop();
		rmSync(work, { recursive: true, force: true });
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exitCode = 1;
});
