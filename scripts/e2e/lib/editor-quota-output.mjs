/**
 * Account → Get Quota in the real editor (Chromium): another tool has spent most of the account's
 * hour (the fake's spend-quota control), a workflow of its own (Manual Trigger → Customer Care,
 * Account → Get Quota) is run with the node's "Execute step" button, and the output panel shows
 * the quota the platform's X-RateLimit-Remaining told, marked low: what a workflow branches on.
 */
import assert from 'node:assert/strict';

import { NODE_TYPE, ownerClient } from '../../lib/rest.mjs';
import { openNode } from './editor-call-output.mjs';
import { CREDENTIAL } from '../../lib/setup.mjs';

const NODE = 'Quota left';
const HOURLY = 54_000;
/** Another tool's requests this hour: leaves under 10 % of the hour. */
const SPENT_ELSEWHERE = 50_000;

async function quotaWorkflow(server) {
	const client = await ownerClient(server.url);
	const workflow = await client.post('/workflows', {
		name: 'Quota (editor test)',
		active: false,
		settings: {},
		nodes: [
			{ id: 'quota-trigger', name: 'When clicking Execute', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'quota-node',
				name: NODE,
				type: NODE_TYPE,
				typeVersion: 1,
				position: [240, 0],
				parameters: { resource: 'account', operation: 'getQuota' },
				credentials: { customerCareApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } },
			},
		],
		connections: { 'When clicking Execute': { main: [[{ node: NODE, type: 'main', index: 0 }]] } },
	});
	return workflow.id;
}

export async function checkQuotaOutput({ page, server, fake, shot }) {
	await fake.control('POST', '/__control/spend-quota', { n: SPENT_ELSEWHERE });
	const ndv = await openNode(page, server, await quotaWorkflow(server), NODE);
	await ndv.locator('[data-test-id="node-execute-button"]').first().click();
	const output = page.locator('[data-test-id="output-panel"]');
	await output.getByText('1 item').first().waitFor({ timeout: 120_000 });
	await output.getByRole('radio', { name: 'JSON' }).click();
	const data = output.locator('[data-test-id="ndv-data-container"]');
	await data.getByText('remaining').first().waitFor();
	const text = (await data.textContent()).replace(/\s+/g, ' ');
	// The platform's count after the request: the hour less the other tool's requests, this one and
	// whatever the e2e run sent this hour before (its log is cleared between checks: far fewer than 1,000).
	const remaining = Number(/"remaining": (\d+)/.exec(text)?.[1]);
	assert.ok(remaining <= HOURLY - SPENT_ELSEWHERE - 1 && remaining > HOURLY - SPENT_ELSEWHERE - 1000, `remaining ${remaining}:\n${text}`);
	assert.ok(text.includes('"known": true') && text.includes('"low": true') && text.includes(`"limit": ${HOURLY}`), text);
	await page.locator('.el-notification .el-notification__closeBtn').first().click({ timeout: 5_000 }).catch(() => {});
	await page.locator('.el-notification').first().waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => {});
	await shot('quota-output.png');
	await fake.control('DELETE', '/__control/rate-limit');
	return `remaining ${remaining} of ${HOURLY}, low`;
}
