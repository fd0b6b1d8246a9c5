/**
 * The node as an AI tool in a real n8n (issue 22), in its own `n8n start`:
 *
 * 1. AI Agent: a chat message reaches an AI Agent whose OpenAI Chat Model is tools/fake-model;
 *    the model's script calls Get tickets, Create ticket (a custom-field choice by its label),
 *    Update ticket (the ID as a string), a Send SMS that is too long, then a good Send SMS, and
 *    answers. Checked: what reached the fake platform, that the bad call reached nothing and
 *    came back to the model as a readable tool result, the final answer, and the tool schemas
 *    n8n sent to the model.
 * 2. MCP: the official MCP SDK client lists the tools of an MCP Server Trigger and calls
 *    Get tickets and Create ticket.
 *
 * Writes what one call of each kind looked like (schema, arguments, request, result) to
 * `cc-e2e-ai-tool-calls.md` in the system temp folder (a passing run removes the work folder) and prints it.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startFakeModel } from '../../lib/fake-model.mjs';
import { createInstance } from '../../lib/n8n.mjs';
import { installIntoN8n } from '../../lib/pack.mjs';
import { executionsOf, ownerClient } from '../../lib/rest.mjs';
import { CREDENTIAL, fakeCredentialData } from '../../lib/setup.mjs';
import { waitFor } from '../../lib/wait.mjs';
import {
	AGENT_WEBHOOK_PATH,
	AGENT_WORKFLOW_ID,
	CARE_STAGE_FIELD_ID,
	MCP_PATH,
	MCP_WORKFLOW_ID,
	OPENAI_CREDENTIAL,
	SMS_SERVICE_ID,
	agentWorkflow,
	mcpWorkflow,
} from '../ai-workflows.mjs';

const REQUESTER = 50360;
const PHONE = '0901234567';
const LONG_SMS = `Dear customer, ${'we are on it. '.repeat(80)}`.slice(0, 1001);
const GOOD_SMS = 'Hello! Your ticket is open and an agent will call you today.';
const FINAL_ANSWER = 'All done: tickets listed, a ticket opened and updated, and the customer texted.';
/** The tool names n8n gives the four tool nodes (nodeNameToToolName: non-letters → "_"). */
const TOOL_NAMES = ['Get_tickets', 'Create_ticket', 'Update_ticket', 'Send_SMS'];

function agentScript(existingTicketId) {
	return {
		conversations: [
			{
				match: `customer ${REQUESTER}`,
				steps: [
					{ call: 'Get_tickets', args: { requester_id: REQUESTER } },
					{
						call: 'Create_ticket',
						args: { subject: 'Refund for order 77', phone: PHONE, comment: 'The customer asks for a refund of order 77.', care_stage: 'In progress' },
					},
					// An ID given as a string, as models often do.
					{ call: 'Update_ticket', args: { ticket_id: String(existingTicketId), comment: 'Waiting for the refund approval.', status: 'pending' } },
					// The bad argument: over the API's 1000 characters.
					{ call: 'Send_SMS', args: { phone: PHONE, content: LONG_SMS } },
					{ call: 'Send_SMS', args: { phone: PHONE, content: GOOD_SMS } },
					{ answer: FINAL_ANSWER },
				],
			},
		],
	};
}

const trim = (text, max = 700) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);
const json = (value, max) => trim(JSON.stringify(value, null, 2), max);

/** The tool message answering a tool call, from the model request that followed it. */
function toolResultOf(chats, callId) {
	for (const chat of chats) {
		const message = chat.body.messages.find((m) => m.role === 'tool' && m.tool_call_id === callId);
		if (message) return typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
	}
	return undefined;
}

/** A field definition anywhere in the platform's answer. */
function findField(value, id) {
	if (!value || typeof value !== 'object') return undefined;
	if (value.custom_field_id === id) return value;
	for (const child of Object.values(value)) {
		const found = findField(child, id);
		if (found) return found;
	}
	return undefined;
}

function schemaOf(chat, name) {
	return chat.body.tools?.find((t) => t.function?.name === name)?.function;
}

/** Every tool lists its parameters with a type and a non-empty description, all required. */
function assertToolSchemas(chat) {
	const names = (chat.body.tools ?? []).map((t) => t.function?.name).sort();
	assert.deepEqual(names, [...TOOL_NAMES].sort(), 'the tools n8n sent to the model');
	const expectedParameters = {
		Get_tickets: ['requester_id'],
		Create_ticket: ['care_stage', 'comment', 'phone', 'subject'],
		Update_ticket: ['comment', 'status', 'ticket_id'],
		Send_SMS: ['content', 'phone'],
	};
	for (const name of TOOL_NAMES) {
		const fn = schemaOf(chat, name);
		assert.ok(typeof fn.description === 'string' && fn.description.trim().length > 10, `${name}: a tool description (got ${JSON.stringify(fn.description)})`);
		assert.equal(fn.parameters?.type, 'object', `${name}: parameters are an object schema`);
		const properties = fn.parameters.properties ?? {};
		assert.deepEqual(Object.keys(properties).sort(), expectedParameters[name], `${name}: its parameters`);
		for (const [key, property] of Object.entries(properties)) {
			assert.ok(typeof property.type === 'string', `${name}.${key}: a type`);
			assert.ok(typeof property.description === 'string' && property.description.trim().length > 0, `${name}.${key}: a non-empty description`);
		}
		assert.deepEqual([...(fn.parameters.required ?? [])].sort(), expectedParameters[name], `${name}: required parameters`);
	}
	assert.equal(schemaOf(chat, 'Get_tickets').parameters.properties.requester_id.type, 'number');
	assert.equal(schemaOf(chat, 'Update_ticket').parameters.properties.ticket_id.type, 'string');
}

async function runAgentCheck({ server, client, fake, model, n8n, evidence }) {
	const existing = (await fake.control('POST', '/__control/tickets', { requester_id: REQUESTER, ticket_status: 'open', ticket_subject: 'E2E AI: order 77 missing' })).ticket;
	await model.setScript(agentScript(existing.ticket_id));
	await model.clearRequests();
	await fake.clearLog();

	// n8n answers before it has registered every published workflow's webhooks: a GET names
	// the POST webhook once it is there (and runs nothing).
	await waitFor(
		'the agent webhook to be registered',
		async () => /registered for GET requests/.test(await (await fetch(`${server.url}/webhook/${AGENT_WEBHOOK_PATH}`)).text()),
		{ timeoutMs: 60_000, everyMs: 500 },
	);
	const res = await fetch(`${server.url}/webhook/${AGENT_WEBHOOK_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ message: `Please help customer ${REQUESTER}: refund order 77 and text them at ${PHONE}.` }),
		signal: AbortSignal.timeout(240_000),
	});
	const answerText = await res.text();
	assert.equal(res.status, 200, `the agent webhook answered ${res.status}: ${answerText.slice(0, 1500)}`);
	const answer = JSON.parse(answerText);
	assert.equal(answer.output, FINAL_ANSWER, 'the agent went on to the final answer');

	const executions = await waitFor(
		'the agent execution to be saved',
		async () => {
			const list = await executionsOf(client, n8n.install, AGENT_WORKFLOW_ID);
			return list.length > 0 && list.every((e) => !['running', 'new', 'waiting'].includes(e.status)) ? list : undefined;
		},
		{ timeoutMs: 30_000, everyMs: 500 },
	);
	assert.equal(executions.length, 1);
	assert.equal(executions[0].status, 'success', `the execution ${executions[0].status}: ${executions[0].error?.message ?? ''}`);

	const chats = await model.requests();
	const calls = chats.flatMap((c) => (c.turn.kind === 'tools' ? c.turn.calls : []));
	assert.deepEqual(
		calls.map((c) => c.name),
		['Get_tickets', 'Create_ticket', 'Update_ticket', 'Send_SMS', 'Send_SMS'],
		'the model called the scripted tools (each name found among the tools n8n sent)',
	);
	assert.equal(chats.length, 6, 'one model request per step: five tool turns and the answer');
	for (const chat of chats) assertToolSchemas(chat);

	const requests = await fake.requests();
	const base = `/${fake.domain}`;
	const apiRequests = requests.filter((r) => r.path.startsWith(`${base}/api/`));

	// Get tickets: the list read for the requester the model gave.
	const lists = apiRequests.filter((r) => r.method === 'GET' && r.path === `${base}/api/v2/tickets`);
	assert.ok(lists.length >= 1, 'Get tickets read the ticket list');
	for (const r of lists) assert.equal(r.query.requester_id, String(REQUESTER));
	const listResult = toolResultOf(chats, calls[0].id);
	assert.ok(listResult?.includes('E2E AI: order 77 missing'), `the Get tickets result carries the customer's ticket: ${trim(listResult ?? 'none', 300)}`);

	// Create ticket: one POST with the model's values, the care stage given by its label.
	const creates = apiRequests.filter((r) => r.method === 'POST' && r.path === `${base}/api/v1/tickets`);
	assert.equal(creates.length, 1, 'exactly one create');
	const created = creates[0].body.ticket;
	assert.equal(created.ticket_subject, 'Refund for order 77');
	assert.equal(created.phone, PHONE);
	assert.equal(created.ticket_comment, 'The customer asks for a refund of order 77.');
	// The oracle: the platform's own definition of the field (docs/api.md: choices by ID).
	const definitions = (await fake.api('GET', '/api/v1/tickets/custom_fields')).body;
	const careStage = findField(definitions, Number(CARE_STAGE_FIELD_ID));
	const inProgress = careStage?.values?.find((v) => v.lable === 'In progress');
	assert.ok(inProgress, `the fake platform defines "Care stage" → "In progress": ${trim(JSON.stringify(definitions), 300)}`);
	const sentStage = (created.custom_fields ?? []).find((f) => String(f.id) === CARE_STAGE_FIELD_ID);
	assert.ok(sentStage, `the care stage was sent: ${JSON.stringify(created.custom_fields)}`);
	assert.equal(String(sentStage.value), String(inProgress.id), 'the label "In progress" was sent as its choice ID');
	const createResult = toolResultOf(chats, calls[1].id);
	assert.ok(createResult?.includes('Refund for order 77'), `the Create result carries the new ticket: ${trim(createResult ?? 'none', 300)}`);

	// Update ticket: the string ID reached the path.
	const updates = apiRequests.filter((r) => r.method === 'PUT');
	const updateResult = toolResultOf(chats, calls[2].id);
	assert.equal(updates.length, 1, `exactly one update; the tool result: ${trim(updateResult ?? 'none', 600)}`);
	assert.equal(updates[0].path, `${base}/api/v1/tickets/${existing.ticket_id}`);
	assert.equal(updates[0].body.ticket.ticket_status, 'pending');
	assert.deepEqual(updates[0].body.ticket.ticket_comment, { body: 'Waiting for the refund approval.', author_id: 1003, is_public: 0 });

	// Send SMS: the long one reached nothing, and the model read why; the good one was sent once.
	const sms = apiRequests.filter((r) => r.method === 'POST' && r.path === `${base}/api/v1/sms`);
	assert.equal(sms.length, 1, `exactly one SMS reached the platform (the ${LONG_SMS.length}-character one must not): ${sms.map((r) => r.body?.sms?.content?.length)}`);
	assert.equal(sms[0].body.sms.content, GOOD_SMS);
	assert.equal(sms[0].body.sms.phone, PHONE);
	assert.equal(Number(sms[0].body.sms.service_id), SMS_SERVICE_ID);
	const badResult = toolResultOf(chats, calls[3].id);
	assert.ok(badResult, 'the model received a tool result for the refused SMS');
	assert.match(badResult, /1000/, `the refusal says the limit: ${badResult}`);
	const smsResult = toolResultOf(chats, calls[4].id);

	const first = chats[0];
	const kinds = [
		['Get tickets', 'Get_tickets', calls[0], lists[0], listResult],
		['Create ticket', 'Create_ticket', calls[1], creates[0], createResult],
		['Update ticket', 'Update_ticket', calls[2], updates[0], updateResult],
		['Send SMS', 'Send_SMS', calls[4], sms[0], smsResult],
		['Send SMS, refused (1001 characters)', 'Send_SMS', calls[3], undefined, badResult],
	];
	evidence.push('## AI Agent (n8n 2.40.7, OpenAI Chat Model → tools/fake-model)\n');
	for (const [title, name, call, request, result] of kinds) {
		evidence.push(`### ${title}\n`);
		evidence.push(`Tool schema the model received:\n\`\`\`json\n${json(schemaOf(first, name), 1500)}\n\`\`\``);
		evidence.push(`Arguments:\n\`\`\`json\n${trim(call.arguments, 400)}\n\`\`\``);
		evidence.push(
			request
				? `Request that reached the platform:\n\`\`\`\n${request.method} ${request.path}${Object.keys(request.query ?? {}).length ? `?${new URLSearchParams(request.query)}` : ''}\n${request.body === undefined ? '' : json(request.body, 800)}\n\`\`\``
				: 'Request that reached the platform: none (no request to /api/v1/sms).',
		);
		evidence.push(`Tool result:\n\`\`\`\n${trim(result ?? '(none)', 900)}\n\`\`\`\n`);
	}
	evidence.push(`Final answer: ${answer.output}\n`);
	evidence.push(`Model requests: ${chats.length} (streamed: ${chats.filter((c) => c.stream).length}); every one listed the 4 tools.\n`);
	return `6 model requests, ${apiRequests.length} platform requests; bad SMS refused: ${trim(badResult, 160)}`;
}

async function runMcpCheck({ server, fake, evidence }) {
	const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
	const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
	await fake.clearLog();
	const client = new Client({ name: 'cc-e2e-mcp-client', version: '1.0.0' });
	const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/${MCP_PATH}`));
	await client.connect(transport);
	try {
		const { tools } = await client.listTools();
		assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOL_NAMES].sort());
		for (const tool of tools) {
			assert.ok(tool.description?.trim(), `${tool.name}: a description`);
			for (const [key, property] of Object.entries(tool.inputSchema.properties ?? {})) {
				assert.ok(property.description?.trim(), `${tool.name}.${key}: a description`);
			}
		}
		const list = await client.callTool({ name: 'Get_tickets', arguments: { requester_id: REQUESTER } });
		const listText = list.content.map((c) => c.text ?? '').join('\n');
		assert.ok(!list.isError, `Get_tickets failed: ${listText}`);
		assert.ok(listText.includes('E2E AI: order 77 missing'), `the MCP result carries the ticket: ${trim(listText, 300)}`);

		const create = await client.callTool({
			name: 'Create_ticket',
			arguments: { subject: 'MCP: callback request', phone: PHONE, comment: 'Created by an MCP client.', care_stage: 'Received' },
		});
		const createText = create.content.map((c) => c.text ?? '').join('\n');
		assert.ok(!create.isError, `Create_ticket failed: ${createText}`);
		assert.ok(createText.includes('MCP: callback request'), `the MCP result carries the new ticket: ${trim(createText, 300)}`);

		const requests = (await fake.requests()).filter((r) => r.path.startsWith(`/${fake.domain}/api/`));
		const lists = requests.filter((r) => r.method === 'GET' && r.path === `/${fake.domain}/api/v2/tickets`);
		assert.ok(lists.length >= 1 && lists.every((r) => r.query.requester_id === String(REQUESTER)));
		const creates = requests.filter((r) => r.method === 'POST' && r.path === `/${fake.domain}/api/v1/tickets`);
		assert.equal(creates.length, 1);
		assert.equal(creates[0].body.ticket.ticket_subject, 'MCP: callback request');
		assert.ok((creates[0].body.ticket.custom_fields ?? []).some((f) => String(f.id) === CARE_STAGE_FIELD_ID));

		evidence.push('## MCP (official SDK client, Streamable HTTP → MCP Server Trigger)\n');
		evidence.push(`tools/list (Create_ticket):\n\`\`\`json\n${json(tools.find((t) => t.name === 'Create_ticket'), 1500)}\n\`\`\``);
		evidence.push(`tools/call Create_ticket → ${creates[0].method} ${creates[0].path}\n\`\`\`json\n${json(creates[0].body, 600)}\n\`\`\``);
		evidence.push(`Result:\n\`\`\`\n${trim(createText, 600)}\n\`\`\`\n`);
		return `${tools.length} tools listed; Get_tickets and Create_ticket called`;
	} finally {
		await client.close();
	}
}

/**
 * Its own n8n (folder under `work`): our tarball, the Customer Care credential (fake platform),
 * an OpenAI credential (fake model), the two workflows published, then `n8n start`.
 */
export async function runAiChecks({ install, tarball, fake, report, target, work }) {
	const model = await report.time(target, 'AI: start fake model', () => startFakeModel({ script: agentScript(0) }));
	let server;
	const evidence = [];
	try {
		const n8n = createInstance(install, { userFolder: mkdtempSync(join(work, 'ai-')) });
		await report.time(target, 'AI: prepare n8n', async () => {
			await installIntoN8n(tarball, n8n.userFolder);
			await n8n.importCredential({ ...CREDENTIAL, data: fakeCredentialData(fake) });
			await n8n.importCredential({ ...OPENAI_CREDENTIAL, data: { apiKey: 'sk-fake-model', url: model.baseUrl } });
			const dir = join(work, 'ai-workflows');
			mkdirSync(dir, { recursive: true });
			const files = [
				[join(dir, 'agent.json'), agentWorkflow()],
				[join(dir, 'mcp.json'), mcpWorkflow()],
			].map(([file, workflow]) => {
				writeFileSync(file, JSON.stringify(workflow, null, 2));
				return file;
			});
			await n8n.importWorkflows(files);
			await n8n.publish([AGENT_WORKFLOW_ID, MCP_WORKFLOW_ID]);
		});
		server = await report.time(target, 'AI: n8n start (ready)', () => n8n.start());
		const client = await ownerClient(server.url);
		await report.test(target, 'AI Agent: Customer Care tools (fake model)', () => runAgentCheck({ server, client, fake, model, n8n, evidence }));
		await report.test(target, 'MCP: Customer Care tools (MCP SDK client)', () => runMcpCheck({ server, fake, evidence }));
	} finally {
		if (evidence.length) {
			// Outside the work folder, which a passing run removes.
			const file = join(tmpdir(), 'cc-e2e-ai-tool-calls.md');
			writeFileSync(file, `${evidence.join('\n')}\n`);
			process.stdout.write(`\n--- ${file}\n${evidence.join('\n')}\n---\n`);
		}
		if (server) await server.stop();
		await model.stop();
	}
}
