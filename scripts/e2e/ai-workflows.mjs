/**
 * The workflows of the AI e2e (lib/ai.mjs), built here so that the tool nodes are written once:
 *
 * - an AI Agent (Webhook → AI Agent with the OpenAI Chat Model pointed at tools/fake-model and
 *   four Customer Care tools);
 * - an MCP Server Trigger exposing the same four tools.
 *
 * The tools take their arguments with `$fromAI(key, description, type)`, as the editor writes
 * them when a parameter is left to the model (its ✨ button; the description is what the user
 * types there). n8n makes the node-as-tool type `<package>.<node>Tool` from `usableAsTool`.
 */
import { randomUUID } from 'node:crypto';

import { CREDENTIAL } from '../lib/setup.mjs';

export const TOOL_TYPE = 'n8n-nodes-customer-care.customerCareTool';
export const OPENAI_CREDENTIAL = { id: 'ccFakeModelCred1', name: 'Fake model (OpenAI-compatible)', type: 'openAiApi' };
export const AGENT_WORKFLOW_ID = 'ccAiAgentE2e0001';
export const MCP_WORKFLOW_ID = 'ccAiMcpE2e000001';
export const AGENT_WEBHOOK_PATH = 'cc-ai-agent-e2e';
export const MCP_PATH = 'cc-mcp-e2e';
/** The SMS service of the fake platform's seed (docs/api.md: service_type SMS). */
export const SMS_SERVICE_ID = 211;
/** The ticket custom field "Care stage" of the fake platform's seed (a STAGE field). */
export const CARE_STAGE_FIELD_ID = '309';

const fromAI = (key, description, type = 'string') => `={{ $fromAI('${key}', '${description}', '${type}') }}`;

/** The four tools by node name; n8n names each tool after its node ("Get tickets" → Get_tickets). */
export function toolNodes() {
	const credentials = { customerCareApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
	const tool = (name, parameters, y) => ({ id: randomUUID(), name, type: TOOL_TYPE, typeVersion: 1, position: [600, y], parameters, credentials });
	return [
		tool(
			'Get tickets',
			{
				resource: 'ticket',
				operation: 'getAll',
				dateField: 'created',
				since: '={{ $now.minus({ days: 30 }).toISO() }}',
				to: '={{ $now.toISO() }}',
				returnAll: true,
				filters: { requester_id: fromAI('requester_id', 'The customer ID (requester_id) whose tickets to list', 'number') },
			},
			200,
		),
		tool(
			'Create ticket',
			{
				resource: 'ticket',
				operation: 'create',
				subject: fromAI('subject', 'A short summary of the problem, up to 255 characters'),
				phone: fromAI('phone', 'The customer phone number'),
				comment: fromAI('comment', 'The first note of the ticket: what the customer asked'),
				additionalFields: {},
				customFieldsInput: 'form',
				// The custom-field form (a resourceMapper) keyed by field ID, as the editor saves it.
				customFieldsForm: {
					mappingMode: 'defineBelow',
					value: { [CARE_STAGE_FIELD_ID]: fromAI('care_stage', 'The care stage, by its label: Received, In progress, Waiting for customer or Done') },
					matchingColumns: [],
					schema: [
						{ id: CARE_STAGE_FIELD_ID, displayName: 'Care stage', required: false, defaultMatch: false, display: true, type: 'options', canBeUsedToMatch: false },
					],
					attemptToConvertTypes: false,
					convertFieldsToString: true,
				},
			},
			400,
		),
		tool(
			'Update ticket',
			{
				resource: 'ticket',
				operation: 'update',
				// The record picker in its "By ID" mode, the ID from the model.
				ticketId: { __rl: true, mode: 'id', value: fromAI('ticket_id', 'The ticket_id of the ticket to update') },
				commentBody: fromAI('comment', 'The comment added with the update: what changed and why'),
				// The comment's author: an agent of the account (the workflow's, not the model's choice).
				commentAuthorId: 1003,
				updateFields: { ticket_status: fromAI('status', 'The new status: new, open, pending or solved') },
			},
			600,
		),
		tool(
			'Send SMS',
			{
				resource: 'sms',
				operation: 'send',
				serviceId: SMS_SERVICE_ID,
				phone: fromAI('phone', 'The recipient phone number'),
				content: fromAI('content', 'The message text, up to 1000 characters'),
				additionalFields: {},
			},
			800,
		),
	];
}

function connectTools(tools, target) {
	return Object.fromEntries(tools.map((tool) => [tool.name, { ai_tool: [[{ node: target, type: 'ai_tool', index: 0 }]] }]));
}

export function agentWorkflow({ model = 'fake-model' } = {}) {
	const tools = toolNodes();
	const nodes = [
		{
			id: randomUUID(),
			name: 'Chat message',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: { httpMethod: 'POST', path: AGENT_WEBHOOK_PATH, responseMode: 'lastNode', options: {} },
		},
		{
			id: randomUUID(),
			name: 'Support agent',
			type: '@n8n/n8n-nodes-langchain.agent',
			typeVersion: 3,
			position: [300, 0],
			parameters: {
				promptType: 'define',
				text: '={{ $json.body.message }}',
				options: { systemMessage: 'You are a support agent of the Customer Care platform. Use the tools.', maxIterations: 12 },
			},
		},
		{
			id: randomUUID(),
			name: 'Fake model',
			type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
			typeVersion: 1.3,
			position: [300, 200],
			parameters: { model: { __rl: true, mode: 'id', value: model }, responsesApiEnabled: false, options: {} },
			credentials: { openAiApi: { id: OPENAI_CREDENTIAL.id, name: OPENAI_CREDENTIAL.name } },
		},
		...tools,
	];
	return {
		id: AGENT_WORKFLOW_ID,
		name: 'AI e2e: support agent with Customer Care tools',
		nodes,
		connections: {
			'Chat message': { main: [[{ node: 'Support agent', type: 'main', index: 0 }]] },
			'Fake model': { ai_languageModel: [[{ node: 'Support agent', type: 'ai_languageModel', index: 0 }]] },
			...connectTools(tools, 'Support agent'),
		},
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

export function mcpWorkflow() {
	const tools = toolNodes();
	return {
		id: MCP_WORKFLOW_ID,
		name: 'AI e2e: Customer Care tools over MCP',
		nodes: [
			{
				id: randomUUID(),
				name: 'Customer Care MCP',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [300, 0],
				webhookId: randomUUID(),
				parameters: { authentication: 'none', path: MCP_PATH },
			},
			...tools,
		],
		connections: connectTools(tools, 'Customer Care MCP'),
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}
