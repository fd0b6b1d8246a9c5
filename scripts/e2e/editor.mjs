/**
 * The editor in a real browser: Debian's Chromium driven by playwright-core (no browser
 * download). Logs in to a running n8n, opens the example "Web-form lead → ticket with custom
 * fields", and checks in the real UI that the resource list shows, and that the agent and service
 * dropdowns fill from the fake platform; then, in a workflow built before the custom-field form
 * (made here), that its field list is still there and its custom-field and choice dropdowns fill
 * from the fake platform; then the credential modal's
 * test: success with the good token, the 401 message with a bad one; then a new Ticket → Create
 * node's custom-field form: one input per field, typed, Product a single select; last, in a
 * Ticket → Get node, that the ticket picker searches and chooses a ticket (lib/editor-picker.mjs);
 * then a Call → Get Many run from the editor shows labels beside codes and times with the
 * account's offset (lib/editor-call-output.mjs); last, Account → Get Quota shows the hour left,
 * marked low (lib/editor-quota-output.mjs).
 * Screenshots go to e2e-screenshots/.
 *
 * Standalone against a running `npm start`:
 *   node scripts/e2e/editor.mjs http://127.0.0.1:5678 http://127.0.0.1:<fake port>
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import { checkCallOutput } from './lib/editor-call-output.mjs';
import { checkQuotaOutput } from './lib/editor-quota-output.mjs';
import { checkTicketPicker } from './lib/editor-picker.mjs';
import { connectFakePlatform, REPO } from '../lib/fake-platform.mjs';
import { login, NODE_TYPE, OWNER } from '../lib/rest.mjs';
import { CREDENTIAL } from '../lib/setup.mjs';

export const CHROMIUM = process.env.CC_CHROMIUM || '/usr/bin/chromium';
// Each run's screenshots go to e2e-screenshots/ (git-ignored); UPDATE_SCREENSHOTS=1 writes the
// README's copies in docs/screenshots/ instead.
export const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1' ? join(REPO, 'docs', 'screenshots') : join(REPO, 'e2e-screenshots');
const WORKFLOW = 'ccStory1LeadTkt1';
const NODE = 'Create ticket';
/** The node of the workflow built before the form (the custom-field list), made by the test. */
const LIST_NODE = 'Ticket with the field list';

const FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** First line of each option (n8n shows the description on a second line). */
const firstLines = (texts) => texts.map((t) => t.split('\n')[0].trim());

export async function runEditorTest({ server, client, fake, report, target }) {
	if (!existsSync(CHROMIUM)) {
		report.fail(target, 'editor (Chromium)', new Error(`${CHROMIUM} is missing: apt-get install -y chromium`));
		return;
	}
	const { chromium } = await import('playwright-core');
	mkdirSync(SCREENSHOTS, { recursive: true });
	const profile = mkdtempSync(join(tmpdir(), 'cc-chromium-'));
	const context = await report.time(target, 'Chromium started', () =>
		chromium.launchPersistentContext(profile, {
			executablePath: CHROMIUM,
			headless: true,
			args: FLAGS,
			viewport: { width: 1440, height: 1000 },
		}),
	);
	const page = context.pages()[0] ?? (await context.newPage());
	page.setDefaultTimeout(30_000);
	const shot = (name) => page.screenshot({ path: join(SCREENSHOTS, name) });

	/**
	 * Opens a dropdown parameter, returns its option texts, optionally screenshots it, closes it.
	 * The options are read from the list the combobox controls (aria-controls), so another
	 * dropdown that is still fading out is never read by mistake.
	 */
	async function dropdown(name, { nth = 0, screenshot, minimum = 1 } = {}) {
		const input = page.locator(`[data-test-id="ndv"] [data-test-id="parameter-input-${name}"]`).nth(nth);
		await input.scrollIntoViewIfNeeded();
		const combo = input.locator('[role="combobox"]').first();
		await combo.click();
		const listId = await combo.getAttribute('aria-controls');
		const items = page.locator(`[id="${listId}"] .el-select-dropdown__item`);
		await page.waitForFunction(
			({ id, min }) => document.getElementById(id)?.querySelectorAll('.el-select-dropdown__item').length >= min,
			{ id: listId, min: minimum },
		);
		await items.first().waitFor({ state: 'visible' });
		const texts = await items.allInnerTexts();
		if (screenshot) await shot(screenshot);
		await page.keyboard.press('Escape');
		await items.first().waitFor({ state: 'hidden' }).catch(() => {});
		return texts;
	}

	/** The requests n8n sent to the fake platform since the node was opened. */
	let openedAt = 0;
	async function sentSinceOpen() {
		return (await fake.requests()).filter((r) => r.seq > openedAt);
	}

	try {
		await report.test(target, 'editor: sign in and open the example with our node', async () => {
			await page.goto(`${server.url}/signin`);
			await page.fill('input[name=emailOrLdapLoginId]', OWNER.email);
			await page.fill('input[name=password]', OWNER.password);
			await page.keyboard.press('Enter');
			await page.waitForURL((url) => !url.pathname.includes('signin'));
			await page.goto(`${server.url}/workflow/${WORKFLOW}`);
			const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${NODE}"]`);
			await node.waitFor();
			assert.equal(await node.getAttribute('data-node-type'), 'n8n-nodes-customer-care.customerCare');
			await shot('workflow-lead-to-ticket.png');
			openedAt = Math.max(0, ...(await fake.requests()).map((r) => r.seq));
			await node.dblclick();
			await page.locator('[data-test-id="ndv"]').waitFor();
			return `${WORKFLOW} → "${NODE}" open`;
		});

		await report.test(target, 'editor: the node lists its resources', async () => {
			const names = firstLines(await dropdown('resource', { screenshot: 'node-resources.png', minimum: 10 }));
			for (const resource of ['Agent', 'Call', 'Custom Field', 'Deal', 'Group', 'Lead', 'Monitor', 'Service', 'SMS', 'Ticket']) {
				assert.ok(names.includes(resource), `resource ${resource} missing from ${names}`);
			}
			return names.join(', ');
		});

		await report.test(target, 'editor: agent dropdown fills from the fake platform', async () => {
			const texts = await dropdown('assignee_id', { minimum: 2, screenshot: 'agent-dropdown.png' });
			const sent = await sentSinceOpen();
			const { body } = await fake.api('GET', '/api/v1/agents');
			const shown = firstLines(texts);
			assert.equal(shown.length, body.agents.length);
			for (const agent of body.agents) assert.ok(shown.some((t) => t.startsWith(agent.username)), `agent ${agent.username} missing`);
			assert.ok(sent.some((r) => r.path === `/${fake.domain}/api/v1/agents`), 'the dropdown did not ask the platform');
			return `${shown.length} agents`;
		});

		await report.test(target, 'editor: service dropdown fills from the fake platform', async () => {
			const texts = await dropdown('service_id', { minimum: 2 });
			const sent = await sentSinceOpen();
			const { body } = await fake.api('GET', '/api/v1/services');
			const shown = firstLines(texts);
			const known = body.services.map((s) => s.service_name);
			assert.ok(shown.length >= 2);
			for (const text of shown) assert.ok(known.some((name) => text.startsWith(name)), `"${text}" is no service of the fake`);
			assert.ok(shown.some((t) => t.startsWith('SMS Brandname')), 'the SMS service is listed');
			assert.ok(sent.some((r) => r.path === `/${fake.domain}/api/v1/services`), 'the dropdown did not ask the platform');
			return `${shown.length} services`;
		});

		// Example 01 shows the custom-field form, as a new node does; the earlier field list (kept for
		// workflows built before the form) is checked in such a workflow, made here.
		await report.test(target, 'editor: a workflow built before the form opens with its custom-field list', async () => {
			const workflow = await client.post('/workflows', {
				name: 'Custom-field list (editor check)',
				active: false,
				connections: {},
				settings: {},
				nodes: [
					{
						id: randomUUID(),
						name: LIST_NODE,
						type: NODE_TYPE,
						typeVersion: 1,
						position: [0, 0],
						parameters: {
							resource: 'ticket',
							operation: 'create',
							subject: 'A ticket',
							phone: '0987654321',
							// The first field is "Product" (SINGLE DROP-DOWN LIST), with one choice.
							customFields: { field: [{ fieldId: 305, choices: [30502] }, { fieldId: 302, value: '1500' }] },
						},
						credentials: { customerCareApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } },
					},
				],
			});
			openedAt = Math.max(0, ...(await fake.requests()).map((r) => r.seq));
			await page.goto(`${server.url}/workflow/${workflow.id}`);
			const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${LIST_NODE}"]`);
			await node.waitFor();
			await node.dblclick();
			await page.locator('[data-test-id="ndv"] [data-test-id="parameter-input-fieldId"]').first().waitFor();
			return `${workflow.id} → "${LIST_NODE}" open`;
		});

		await report.test(target, 'editor: custom-field dropdown fills from the fake platform', async () => {
			const texts = await dropdown('fieldId', { minimum: 2, screenshot: 'custom-field-mapping.png' });
			const sent = await sentSinceOpen();
			const { body } = await fake.api('GET', '/api/v1/tickets/custom_fields');
			const shown = firstLines(texts);
			assert.deepEqual(shown, body.custom_fields.map((f) => `${f.custom_field_lable} (${f.type})`));
			assert.ok(sent.some((r) => r.path === `/${fake.domain}/api/v1/tickets/custom_fields`), 'the dropdown did not ask the platform');
			return `${shown.length} fields`;
		});

		await report.test(target, "editor: a choice field's value dropdown fills from the fake platform", async () => {
			// The list's first custom field is "Product" (SINGLE DROP-DOWN LIST).
			const texts = await dropdown('choices', { minimum: 2, screenshot: 'custom-field-choices.png' });
			const { body } = await fake.api('GET', '/api/v1/tickets/custom_fields');
			const product = body.custom_fields.find((f) => f.custom_field_id === 305);
			const shown = firstLines(texts);
			assert.equal(shown.length, product.values.length);
			for (const value of product.values) assert.ok(shown.some((t) => t.endsWith(value.lable)), `choice ${value.lable} missing`);
			assert.ok(shown.includes('Phone › iPhone'), 'child values show their parent');
			return shown.join(', ');
		});

		await report.test(target, 'editor: credential test, good token then a bad one', async () => {
			await page.locator('[data-test-id="credential-edit-button"]').click();
			const modal = page.locator('[data-test-id="editCredential-modal"]');
			const success = modal.locator('[data-test-id="credentials-config-container-test-success"]');
			await success.waitFor();
			assert.match(await success.innerText(), /Connection tested successfully/);
			await shot('credential-test-ok.png');
			await modal.locator('input[type="password"]').first().fill('wrong-token');
			await modal.getByRole('button', { name: 'Retry' }).click();
			await modal.getByText(/Couldn.t connect with these settings/).waitFor();
			await modal.getByText('More details').click();
			const detail = modal.getByText(/API Token was refused/);
			await detail.first().waitFor();
			await shot('credential-test-401.png');
			return 'success, then the 401 message';
		});

		await report.test(target, 'editor: Ticket → Create shows the custom-field form, one typed input per field', async () => {
			// A node as a user adds it today: Ticket → Create and nothing else set.
			const workflow = await client.post('/workflows', {
				name: 'Custom-field form (editor check)',
				active: false,
				connections: {},
				settings: {},
				nodes: [
					{
						id: randomUUID(),
						name: 'New ticket',
						type: NODE_TYPE,
						typeVersion: 1,
						position: [0, 0],
						parameters: { resource: 'ticket', operation: 'create' },
						credentials: { customerCareApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } },
					},
				],
			});
			openedAt = Math.max(0, ...(await fake.requests()).map((r) => r.seq));
			await page.goto(`${server.url}/workflow/${workflow.id}`);
			const node = page.locator('[data-test-id="canvas-node"][data-node-name="New ticket"]');
			await node.waitFor();
			await node.dblclick();
			const form = page.locator('[data-test-id="ndv"] [data-test-id="resource-mapper-container"]');
			await form.waitFor();
			const { body } = await fake.api('GET', '/api/v1/tickets/custom_fields');
			const input = (id) => form.locator(`[data-test-id="parameter-input-${id}"]`);
			for (const field of body.custom_fields) await input(field.custom_field_id).waitFor();
			const text = await form.innerText();
			for (const field of body.custom_fields) assert.ok(text.includes(field.custom_field_lable), `no input labelled ${field.custom_field_lable}`);

			// Typed by the field's type: text, number, date picker, single and multi select.
			// Types in any case and spacing, as the spec and the real platform write them; no type is free text (docs/api.md#custom-fields).
			const typeOf = { TEXT: 'text', TEXTAREA: 'text', 'TEXT AREA': 'text', '': 'text', URL: 'text', NUMBER: 'number', NUMERIC: 'number', DATE: 'date', STAGE: 'single', 'SINGLE DROP-DOWN LIST': 'single', 'MULTIPLE DROP-DOWN LIST': 'multiple' };
			const typeKey = (type) => String(type ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
			const seen = {};
			for (const field of body.custom_fields) {
				const box = input(field.custom_field_id);
				const kind =
					(await box.locator('[data-test-id="input-number"]').count()) > 0 ? 'number'
					: (await box.locator('.el-date-editor').count()) > 0 ? 'date'
					: (await box.locator('.el-select__tags').count()) > 0 ? 'multiple'
					: (await box.locator('.el-select').count()) > 0 ? 'single'
					: (await box.locator('input[type="text"]').count()) > 0 ? 'text'
					: 'unknown';
				assert.equal(kind, typeOf[typeKey(field.type)], `${field.custom_field_lable} (${field.type}) shows a ${kind} input`);
				seen[kind] = (seen[kind] ?? 0) + 1;
			}
			// A new node shows neither the earlier field list nor the JSON box.
			assert.equal(await page.locator('[data-test-id="ndv"] [data-test-id="parameter-input-customFieldsJson"]').count(), 0);
			assert.equal(await page.locator('[data-test-id="ndv"] [data-test-id="parameter-input-fieldId"]').count(), 0);

			// The single choice "Product" is a single select of its choices, parents named.
			await input(305).scrollIntoViewIfNeeded();
			await form.evaluate((element) => element.scrollIntoView({ block: 'start' }));
			const combo = input(305).locator('[role="combobox"]').first();
			await combo.click();
			const items = page.locator(`[id="${await combo.getAttribute('aria-controls')}"] .el-select-dropdown__item`);
			await items.first().waitFor({ state: 'visible' });
			const choices = firstLines(await items.allInnerTexts());
			const product = body.custom_fields.find((f) => f.custom_field_id === 305);
			assert.equal(choices.length, product.values.length);
			assert.ok(choices.includes('Phone › iPhone'), `choices: ${choices}`);
			await shot('custom-field-form.png');
			await items.nth(choices.indexOf('Laptop')).click();
			await input(305).locator('input').first().evaluate((el) => el.blur());
			assert.equal(await input(305).locator('input').first().inputValue().catch(() => ''), 'Laptop');
			const sent = await sentSinceOpen();
			assert.ok(sent.some((r) => r.path === `/${fake.domain}/api/v1/tickets/custom_fields`), 'the form did not ask the platform');
			return `${body.custom_fields.length} inputs: ${Object.entries(seen).map(([k, n]) => `${n} ${k}`).join(', ')}; Product offers ${choices.length} choices`;
		});
		// Last: it leaves the example for a workflow of its own.
		await report.test(target, 'editor: ticket picker, search and choose a ticket', () => checkTicketPicker({ page, server, fake, shot }));
		await report.test(target, 'editor: Call → Get Many output, labels beside codes and offset times', () => checkCallOutput({ page, server, fake, shot }));
		await report.test(target, 'editor: Account → Get Quota output, the hour left and low', () => checkQuotaOutput({ page, server, fake, shot }));
	} finally {
		await context.close();
		rmSync(profile, { recursive: true, force: true });
	}
}

// Standalone: node scripts/e2e/editor.mjs <n8n url> <fake platform url>
if (import.meta.url === `file://${process.argv[1]}`) {
	const { createReport } = await import('../lib/timings.mjs');
	const [url, fakeUrl] = process.argv.slice(2);
	const fake = await connectFakePlatform(fakeUrl);
	fake.requests = async () => (await (await fetch(`${fakeUrl}/__control/log`)).json()).requests;
	const report = createReport();
	await runEditorTest({ server: { url }, client: await login(url), fake, report, target: 'editor' });
	report.print();
	process.exitCode = report.failed ? 1 : 0;
}
