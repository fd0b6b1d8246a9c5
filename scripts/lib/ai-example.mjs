/**
 * The AI example (examples/20-ai-support-agent.json) on this machine: the fake model's
 * "support agent" script, the OpenAI credential that points the example's chat model at the
 * fake model, and a chat client for the example's Chat Trigger. Used by `npm start` and the e2e
 * check (scripts/e2e/lib/ai-example.mjs).
 *
 *   const model = await startFakeModel({ script: SUPPORT_AGENT_SCRIPT });
 *   await n8n.importCredential(modelCredential(model.baseUrl));
 *   await n8n.publish([AI_EXAMPLE.id]);                           // the chat URL answers once published
 *   const { status, body } = await sendChatMessage(server.url, 'What are the open tickets of customer 50350?');
 */
import { randomUUID } from 'node:crypto';

export const AI_EXAMPLE = {
	id: 'ccAiSupportAgnt1',
	name: 'Support agent (AI)',
	/** The Chat Trigger's webhookId: its chat lives at /webhook/<webhookId>/chat. */
	webhookId: '5c0e0a00-c4a7-4000-8000-5c0e0a00c4a7',
	/** The tool nodes, as n8n names them to the model: non-letters become `_`. */
	tools: {
		findByPhone: 'Find a customer by phone',
		getMany: 'Find open tickets of a customer',
		chats: "Read a customer's recent chats",
		create: 'Create ticket',
		sms: 'Send SMS',
	},
};

/** The credential the example's "OpenAI Chat Model" references (by id and name). */
export const MODEL_CREDENTIAL = { id: 'ccFakeModelCred1', name: 'Fake model (OpenAI-compatible)', type: 'openAiApi' };

/** The fake model needs no key; the OpenAI credential requires one. Base URL = the fake model. */
export function modelCredential(baseUrl) {
	return { ...MODEL_CREDENTIAL, data: { apiKey: 'fake-model-needs-no-key', url: baseUrl } };
}

/**
 * The phone, customer and texts the script uses; the e2e check asserts them at the fake platform.
 * Customer 50350 of the fake platform's seed has the phone 0987654321 (tools/fake-platform
 * README "Seed data"): every question the example suggests has an answer on a fresh start.
 */
export const SCRIPT_FACTS = {
	customerId: 50350,
	phone: '0987654321',
	/** The phone as a user writes it: Find by Phone sends it as 0987654321 (README "Contact"). */
	phoneAsWritten: '+84 987 654 321',
	subject: 'Wrong invoice amount',
	comment: 'The customer says the invoice of October is 200 USD too high.',
	sms: 'Hello from Customer Care: we have opened a ticket for your invoice and will call you back today.',
	/** One character over the node's limit: the node refuses it before sending. */
	longSms: `Your order details: ${'x'.repeat(1001)}`,
};

/** The questions the banner, the example's chat and the fake model suggest, by what they ask. */
export const QUESTIONS = {
	whoIs: `Who is the customer with phone ${SCRIPT_FACTS.phone}?`,
	openTickets: `What are the open tickets of customer ${SCRIPT_FACTS.customerId}?`,
	recentChats: `What are the recent chats of customer ${SCRIPT_FACTS.customerId}?`,
	openATicket: `Open a ticket for ${SCRIPT_FACTS.phone}: the invoice is wrong`,
	sendText: `Send a text to ${SCRIPT_FACTS.phone}`,
	sendLongText: `Send a long text to ${SCRIPT_FACTS.phone}`,
};
/** …in the order a new user meets them. */
export const SUGGESTED_QUESTIONS = Object.values(QUESTIONS);

/** A phone as a user writes it, after "phone" or "for" in the message: national, +84, spaces, dots or dashes. */
const PHONE = '(?:phone|for|to)\\s+(\\+?\\d[\\d .-]*\\d)';
/** The customer ID after "customer" in the message. */
const CUSTOMER = 'customer\\s+(\\d+)';

/**
 * What the fake model plays (tools/fake-model/README.md), with the phone or customer the user
 * wrote (captures): who has a phone → Find a customer by phone → an answer naming the contact,
 * or saying that no contact has it; a question about a customer's tickets → Find open tickets →
 * an answer naming the tickets' IDs, or saying there are none; a question about a customer's
 * chats → Read a customer's recent chats → the messages' texts, or saying there are none; a request to open a ticket →
 * Create ticket → a confirmation naming the new ticket; a text → Send SMS; a long text → Send
 * SMS refused by the node → an answer quoting the refusal.
 */
export const SUPPORT_AGENT_SCRIPT = {
	model: 'fake-model',
	conversations: [
		{
			match: 'tickets of customer',
			capture: { customer: CUSTOMER },
			steps: [
				{ call: AI_EXAMPLE.tools.getMany, args: { customer_id: '{{customer:number}}' } },
				{
					answer: 'Customer {{customer}} has these open or pending tickets (ticket IDs): {{result.*.ticket_id}}.',
					none: 'Customer {{customer}} has no open or pending ticket in the last 120 days.',
				},
			],
		},
		{
			match: 'chats of customer',
			capture: { customer: CUSTOMER },
			steps: [
				{ call: AI_EXAMPLE.tools.chats, args: { customer_id: '{{customer:number}}' } },
				{
					answer: 'In the last 7 days customer {{customer}} wrote or was answered: {{result.each}}',
					each: '{channel}, conversation {conversation_id}, {from}: {text}',
					none: 'Customer {{customer}} has no chat message in conversations of the last 7 days.',
				},
			],
		},
		{
			match: 'customer with phone',
			capture: { phone: PHONE },
			steps: [
				{ call: AI_EXAMPLE.tools.findByPhone, args: { phone: '{{phone}}' } },
				{
					answer: 'The customer with phone {{result.phone_no}} is {{result.username}} (contact ID {{result.id}}).',
					none: 'No contact has the phone {{phone}}.',
				},
			],
		},
		{
			match: 'open a ticket',
			capture: { phone: PHONE },
			steps: [
				{ call: AI_EXAMPLE.tools.create, args: { subject: SCRIPT_FACTS.subject, phone: '{{phone}}', comment: SCRIPT_FACTS.comment } },
				{ answer: 'I opened ticket #{{result.ticket_no}} (ticket ID {{result.ticket_id}}) for the customer.' },
			],
		},
		{
			match: 'long text',
			capture: { phone: PHONE },
			steps: [
				{ call: AI_EXAMPLE.tools.sms, args: { phone: '{{phone}}', content: SCRIPT_FACTS.longSms } },
				{ answer: 'I could not send that text. The tool said: {{result}}', failed: 'I could not send that text. The tool said: {{error}}' },
			],
		},
		{
			match: 'text',
			capture: { phone: PHONE },
			steps: [
				{ call: AI_EXAMPLE.tools.sms, args: { phone: '{{phone}}', content: SCRIPT_FACTS.sms } },
				{ answer: 'Sent. The text is logged on ticket #{{result.ticket_no}} (ticket ID {{result.ticket_id}}).' },
			],
		},
		{
			steps: [
				{
					answer: `I am the fake model of this demo: I only know scripted questions. Try ${SUGGESTED_QUESTIONS.map((q) => `"${q}"`).join(', ')}. You asked: {{user}}`,
				},
			],
		},
	],
};

export function chatUrl(n8nUrl) {
	return `${n8nUrl}/webhook/${AI_EXAMPLE.webhookId}/chat`;
}

/**
 * Waits until the published example's chat is live: n8n answers "ready" before it has registered
 * the webhooks of active workflows. The chat page (GET) starts no execution.
 */
export async function waitForChat(n8nUrl, { timeoutMs = 60_000 } = {}) {
	const started = Date.now();
	for (;;) {
		const res = await fetch(chatUrl(n8nUrl));
		await res.arrayBuffer();
		if (res.status === 200) return Date.now() - started;
		if (Date.now() - started > timeoutMs) throw new Error(`the chat at ${chatUrl(n8nUrl)} still answers ${res.status} after ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** One chat message, as n8n's hosted chat page sends it; the Chat Trigger answers with the agent's output. */
export async function sendChatMessage(n8nUrl, chatInput, sessionId = randomUUID()) {
	const res = await fetch(chatUrl(n8nUrl), {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }),
	});
	const text = await res.text();
	let body;
	try {
		body = JSON.parse(text);
	} catch {
		body = { raw: text };
	}
	return { status: res.status, body, sessionId };
}
