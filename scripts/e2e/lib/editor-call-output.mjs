/**
 * A Call → Get Many output in the real editor (Chromium): a workflow of its own (Manual Trigger
 * → Customer Care, Call → Get Many of the last two days, Limit 5, Simplify on as a new node has
 * it), opened in the editor and run with the node's "Execute step" button; the output panel's
 * JSON view then shows, for the calls the platform answered to the request n8n sent, each code
 * with its label beside it and the times with the account zone's offset.
 */
import assert from 'node:assert/strict';

import { NODE_TYPE, ownerClient } from '../../lib/rest.mjs';
import { CREDENTIAL, fakeCredentialData } from '../../lib/setup.mjs';

const NODE = 'Recent calls';
const LIMIT = 5;

// The labels by api-spec section 4 (call list), written here rather than read from the node.
const CALL_TYPE_LABELS = { 0: 'Incoming', 1: 'Outgoing', 3: 'Passed IVR' };
const CALL_STATUS_LABELS = { miss: 'Missed', metAgent: 'Met agent', meetAgent: 'Met agent' };
const END_STATUS_LABELS = { cus: 'Customer hung up', system: 'Agent ended' };

/** The account zone's offset at an instant, as `+07:00`. */
function offsetAt(timeZone, instant) {
	const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
		.formatToParts(instant)
		.find((part) => part.type === 'timeZoneName').value;
	return name === 'GMT' ? '+00:00' : name.replace('GMT', '');
}

/** A zone-less API time (`2026-11-23 13:36:35`, the account's wall clock) as Simplify writes it. */
function withOffset(wallClock, timeZone) {
	const local = wallClock.replace(' ', 'T');
	// The wall clock read as UTC is within a day of the instant: close enough to pick the offset
	// for zones without a daylight-saving change that day (the fake's account zone has none).
	return `${local}${offsetAt(timeZone, new Date(`${local}Z`))}`;
}

async function callsWorkflow(server) {
	const client = await ownerClient(server.url);
	const since = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
	const workflow = await client.post('/workflows', {
		name: 'Call output (editor test)',
		active: false,
		settings: {},
		nodes: [
			{
				id: 'call-output-trigger',
				name: 'When clicking Execute',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'call-output-node',
				name: NODE,
				type: NODE_TYPE,
				typeVersion: 1,
				position: [240, 0],
				parameters: { resource: 'call', operation: 'getAll', dateField: 'start_time', since, limit: LIMIT },
				credentials: { customerCareApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } },
			},
		],
		connections: { 'When clicking Execute': { main: [[{ node: NODE, type: 'main', index: 0 }]] } },
	});
	return workflow.id;
}

/** Opens a workflow in the editor and its node's panel (NDV); returns the panel. */
export async function openNode(page, server, workflowId, nodeName) {
	await page.goto(`${server.url}/workflow/${workflowId}`);
	const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
	await node.waitFor();
	await node.dblclick();
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	return ndv;
}

export async function checkCallOutput({ page, server, fake, shot }) {
	const { timeZone } = fakeCredentialData(fake);
	page.on('dialog', (dialog) => dialog.accept().catch(() => {}));
	const ndv = await openNode(page, server, await callsWorkflow(server), NODE);
	const firstSeq = Math.max(0, ...(await fake.requests()).map((r) => r.seq));

	await ndv.locator('[data-test-id="node-execute-button"]').first().click();
	const output = page.locator('[data-test-id="output-panel"]');
	// A busy machine: the trigger and the list request may take a while.
	await output.getByText(`${LIMIT} items`).first().waitFor({ timeout: 120_000 });
	await output.getByRole('radio', { name: 'JSON' }).click();
	const data = output.locator('[data-test-id="ndv-data-container"]');
	await data.getByText('call_type_label').first().waitFor();

	// What the platform answered to the request n8n sent, asked again: the output's calls.
	// Only this node's request: in the e2e run the active Call Ended trigger polls the same list
	// by end time, with a start-time window around it (api/endpoints.ts coveringPair), so its
	// polls are told apart by their end-time range, which this node never sends.
	const sent = (await fake.requests()).filter(
		(r) =>
			r.seq > firstSeq &&
			r.path === `/${fake.domain}/api/v1/calls` &&
			r.query.start_time_since !== undefined &&
			r.query.end_time_since === undefined,
	);
	assert.equal(sent.length, 1, `one list request for ${LIMIT} calls, sent ${sent.length}`);
	const { body } = await fake.api('GET', '/api/v1/calls', { query: sent[0].query });
	const calls = body.calls.slice(0, LIMIT);
	assert.equal(calls.length, LIMIT, `the fake platform has ${LIMIT} calls in the range`);

	const expectedOf = (call) => ({
		call_id: call.call_id,
		call_type: call.call_type,
		call_type_label: CALL_TYPE_LABELS[call.call_type],
		start_time: withOffset(call.start_time, timeZone),
		end_time: withOffset(call.end_time, timeZone),
		call_status: call.call_status,
		call_status_label: CALL_STATUS_LABELS[call.call_status],
		end_status_label: END_STATUS_LABELS[call.end_status] ?? null,
	});
	// The JSON view draws only the lines in sight, each in pieces: it is read as one line, spaces
	// collapsed, and scrolled until every call was seen whole (its call_id to its last field).
	const checked = new Set();
	const checkInSight = async () => {
		const text = (await data.textContent()).replace(/\s+/g, ' ');
		for (const call of calls) {
			const at = text.indexOf(`"call_id": "${call.call_id}"`);
			const end = at === -1 ? -1 : text.indexOf('"call_survey_result": ', at);
			if (end === -1 || checked.has(call)) continue;
			const item = text.slice(at, end);
			for (const [field, value] of Object.entries(expectedOf(call))) {
				assert.ok(item.includes(`"${field}": ${JSON.stringify(value)}`), `call ${call.call_id} shows "${field}": ${JSON.stringify(value)}:\n${item}`);
			}
			// Simplify puts the label right after its code.
			assert.ok(item.includes(`"call_type": ${call.call_type}, "call_type_label": `), `call_type_label follows call_type in ${call.call_id}`);
			checked.add(call);
		}
		return text;
	};
	const top = await checkInSight();
	assert.equal(/"call_id": "([^"]+)"/.exec(top)?.[1], calls[0].call_id, 'the newest call comes first');
	assert.ok(checked.has(calls[0]), `the newest call ${calls[0].call_id} is in sight whole:\n${top.slice(0, 1500)}`);
	const first = expectedOf(calls[0]);
	assert.match(first.start_time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
	// The "executed" toast would cover the output in the screenshot.
	await page.locator('.el-notification .el-notification__closeBtn').first().click({ timeout: 5_000 }).catch(() => {});
	await page.locator('.el-notification').first().waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => {});
	await shot('call-output.png');

	await data.hover();
	for (let scrolls = 0; checked.size < calls.length && scrolls < 40; scrolls++) {
		await page.mouse.wheel(0, 300);
		await page.waitForTimeout(200);
		await checkInSight();
	}
	assert.equal(checked.size, calls.length, `calls seen whole: ${[...checked].map((c) => c.call_id)} of ${calls.map((c) => c.call_id)}`);
	return `${LIMIT} items, each checked; first ${first.call_id}: call_type ${first.call_type} → "${first.call_type_label}", ${first.call_status} → "${first.call_status_label}", start_time ${first.start_time}`;
}
