/**
 * The AI example (examples/20-ai-support-agent.json) in a running n8n 2.x: `n8n execute` cannot
 * run a Chat Trigger, so the check does what a user of its hosted chat does. Its own n8n (the
 * examples imported, the example's OpenAI credential pointing at the fake model playing
 * SUPPORT_AGENT_SCRIPT, the example published) gets chat messages POSTed to the Chat Trigger's
 * URL; each answer, what the fake platform received and what the fake model received (tool
 * schemas and tool results) are asserted, then the executions n8n recorded.
 *
 * startAiExample() is also what scripts/screenshot-ai.mjs runs before taking its screenshot.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { AI_EXAMPLE, QUESTIONS, SCRIPT_FACTS, sendChatMessage, SUGGESTED_QUESTIONS, SUPPORT_AGENT_SCRIPT, waitForChat } from '../../lib/ai-example.mjs';
import { startFakeModel } from '../../lib/fake-model.mjs';
import { startFakePlatform } from '../../lib/fake-platform.mjs';
import { createInstance } from '../../lib/n8n.mjs';
import { executionsOf, ownerClient } from '../../lib/rest.mjs';
import { fakeCredentialData, prepareInstance } from '../../lib/setup.mjs';

/** n8n (with the examples, the model credential, the AI example published) and the fake model, started. */
export async function startAiExample({ install, tarball, fake, work = tmpdir(), time = (_s, fn) => fn() }) {
	const model = await time('start fake model (support agent script)', () => startFakeModel({ script: SUPPORT_AGENT_SCRIPT }));
	let server;
	try {
		const n8n = createInstance(install, { userFolder: mkdtempSync(join(work, 'ai-example-')) });
		await prepareInstance(n8n, { tarball, credentialData: fakeCredentialData(fake), modelBaseUrl: model.baseUrl, time });
		await time('publish the AI example', () => n8n.publish([AI_EXAMPLE.id]));
		server = await time('n8n start (AI example)', () => n8n.start());
		await time('chat webhook registered', () => waitForChat(server.url));
		const client = await ownerClient(server.url);
		return {
			n8n,
			server,
			client,
			model,
			async stop() {
				await server.stop();
				await model.stop();
			},
		};
	} catch (error) {
		if (server) await server.stop();
		await model.stop();
		throw error;
	}
}

const DAY = 86_400_000;

const toolName = (nodeName) => nodeName.replace(/[^a-zA-Z0-9]/g, '_');

/** The tool messages (results) the model got in its last request. */
function toolResults(modelRequests) {
	const last = modelRequests.at(-1);
	return (last?.body.messages ?? []).filter((m) => m.role === 'tool').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
}

export async function runAiExampleCheck({ install, tarball, report, target, work }) {
	// A fresh fake platform, as `npm start` gives a new user: nothing an earlier check wrote.
	let fake;
	let started;
	try {
		fake = await report.time(target, 'start fake platform (AI example, fresh)', () => startFakePlatform({ token: `e2e-ai-${randomBytes(12).toString('hex')}` }));
		started = await startAiExample({ install, tarball, fake, work, time: (stage, fn) => report.time(target, stage, fn) });
	} catch (error) {
		report.fail(target, `AI example ${AI_EXAMPLE.id}: n8n start`, error);
		await fake?.stop();
		return;
	}
	const { server, client, model, n8n } = started;
	const ticketsPath = `/${fake.domain}/api/v2/tickets`;
	const createPath = `/${fake.domain}/api/v1/tickets`;
	const smsPath = `/${fake.domain}/api/v1/sms`;
	const byPhonePath = `/${fake.domain}/api/v1/contactsByPhone`;
	const { whoIs, openTickets, recentChats, openATicket, sendText, sendLongText } = QUESTIONS;
	const chatsPath = `/${fake.domain}/api/v1/chats/messages`;
	/** One chat message; returns the answer, what the platform and the model received meanwhile. */
	async function chat(text) {
		await fake.clearLog();
		await model.clearRequests();
		const { status, body } = await sendChatMessage(server.url, text);
		assert.equal(status, 200, `chat answered ${status}: ${JSON.stringify(body).slice(0, 500)}`);
		assert.equal(typeof body.output, 'string', `no agent output in ${JSON.stringify(body).slice(0, 500)}`);
		return { answer: body.output, requests: await fake.requests(), modelRequests: await model.requests() };
	}
	/** The contact the platform holds for a phone (its own API, not the node), or null. */
	async function platformContact(phone) {
		const { body } = await fake.api('GET', '/api/v1/contactsByPhone', { query: { phoneNo: phone } });
		return body.code === 'ok' ? body.contact : null;
	}
	try {
		// The suggested questions first, in the order the banner and the chat suggest them.
		await report.test(target, `AI example, fresh start: "${whoIs}" → Find a customer by phone → the seeded customer; the tool schemas`, async () => {
			const seeded = await platformContact(SCRIPT_FACTS.phone);
			assert.ok(seeded, `the fresh platform has a contact with ${SCRIPT_FACTS.phone} (the seed's customer ${SCRIPT_FACTS.customerId})`);
			assert.equal(seeded.id, SCRIPT_FACTS.customerId);
			assert.ok(seeded.username, 'the seeded contact has a name');
			const { answer, requests, modelRequests } = await chat(whoIs);
			const lookups = requests.filter((r) => r.path === byPhonePath);
			assert.equal(lookups.length, 1, 'one lookup');
			assert.deepEqual(lookups[0].query, { phoneNo: SCRIPT_FACTS.phone });
			assert.equal(requests.filter((r) => r.method !== 'GET').length, 0, 'a question writes nothing');
			assert.equal(lookups[0].response.contact?.id, seeded.id);
			assert.equal(answer, `The customer with phone ${SCRIPT_FACTS.phone} is ${seeded.username} (contact ID ${seeded.id}).`);

			const tools = Object.fromEntries(modelRequests[0].body.tools.map((t) => [t.function.name, t.function]));
			assert.deepEqual(Object.keys(tools).sort(), Object.values(AI_EXAMPLE.tools).map(toolName).sort());
			assert.match(tools.Find_a_customer_by_phone.description, /^Find the customer who has a phone number/);
			assert.deepEqual(Object.keys(tools.Find_a_customer_by_phone.parameters.properties), ['phone']);
			// The descriptions the example writes in $fromAI(key, description, type) reach the model.
			const find = tools.Find_open_tickets_of_a_customer.parameters.properties;
			assert.equal(find.customer_id.type, 'number');
			assert.match(find.customer_id.description, /^The customer ID \(a number such as 50350\)/);
			const chats = tools.Read_a_customer_s_recent_chats.parameters.properties;
			assert.deepEqual(Object.keys(chats), ['customer_id']);
			assert.equal(chats.customer_id.type, 'number');
			const create = tools.Create_ticket.parameters;
			assert.deepEqual(Object.keys(create.properties).sort(), ['comment', 'phone', 'subject']);
			assert.match(create.properties.phone.description, /digits only/);
			assert.match(tools.Send_SMS.parameters.properties.content.description, /at most 1000 characters/);
			// Tool descriptions: the operation's description, not the short action (README "Use with AI agents").
			assert.match(tools.Create_ticket.description, /^Create a ticket for a customer .*; returns the new ticket with its ID$/);
			for (const [name, f] of Object.entries(tools)) assert.ok(!f.description.endsWith(' in Customer Care'), `${name}: ${f.description}`);
			return `${answer} Tools: ${Object.keys(tools).join(', ')}`;
		});

		await report.test(target, `AI example, fresh start: "${openTickets}" → Find open tickets → the seeded tickets`, async () => {
			const { answer, requests, modelRequests } = await chat(openTickets);
			const lists = requests.filter((r) => r.method === 'GET' && r.path === ticketsPath);
			assert.ok(lists.length >= 4, `120 days are 4+ windows; ${lists.length} list requests`);
			for (const r of lists) {
				assert.equal(r.query.requester_id, String(SCRIPT_FACTS.customerId));
				assert.equal(r.query.filter_id, '2');
			}
			assert.equal(requests.filter((r) => r.method !== 'GET').length, 0, 'a question writes nothing');
			const returned = lists.flatMap((r) => r.response?.tickets ?? []);
			assert.ok(returned.length > 0, `the seeded customer ${SCRIPT_FACTS.customerId} has open or pending tickets`);
			const [result] = toolResults(modelRequests);
			for (const t of returned) assert.ok(result.includes(String(t.ticket_id)), `ticket ${t.ticket_id} missing from the tool result`);
			const ids = [...new Set(returned.map((t) => String(t.ticket_id)))];
			assert.match(answer, new RegExp(`^Customer ${SCRIPT_FACTS.customerId} has these open or pending tickets \\(ticket IDs\\): `));
			assert.deepEqual(answer.replace(/^.*\(ticket IDs\): /, '').replace(/\.$/, '').split(', ').sort(), ids.sort(), `the answer names every ticket: ${answer}`);
			return `${lists.length} list requests; tickets ${ids.join(', ')} → answer`;
		});

		await report.test(target, `AI example, fresh start: "${recentChats}" → Read a customer's recent chats → the seeded messages`, async () => {
			const { answer, requests, modelRequests } = await chat(recentChats);
			const lists = requests.filter((r) => r.method === 'GET' && r.path === chatsPath);
			// Every channel, one request each (7 days are one window): Live chat (0), Messenger (1), Zalo (3).
			assert.deepEqual(lists.map((r) => r.query.conversation_type).sort(), ['0', '1', '3']);
			for (const r of lists) {
				assert.equal(r.query.requester_id, String(SCRIPT_FACTS.customerId));
				const span = Date.parse(r.query.start_time_to) - Date.parse(r.query.start_time_since);
				assert.ok(span > 6 * DAY && span <= 7 * DAY + 60_000, `a 7-day range: ${r.query.start_time_since} to ${r.query.start_time_to}`);
			}
			assert.equal(requests.filter((r) => r.method !== 'GET').length, 0, 'a question writes nothing');
			const returned = lists.flatMap((r) => r.response?.chats ?? []);
			assert.ok(returned.length > 0, `the seeded customer ${SCRIPT_FACTS.customerId} has chat messages of the last days`);
			const [result] = toolResults(modelRequests);
			const tool = JSON.parse(result);
			assert.deepEqual(tool.map((m) => String(m.id)).sort(), returned.map((m) => String(m.id)).sort(), 'the tool returned every message the platform answered');
			for (const m of returned) assert.ok(answer.includes(m.content), `the answer quotes "${m.content}": ${answer}`);
			assert.match(answer, new RegExp(`^In the last 7 days customer ${SCRIPT_FACTS.customerId} wrote or was answered: `));
			// Each conversation told with its own channel and ID (Zalo for the seeded one).
			for (const id of new Set(returned.map((m) => m.conversation_id))) assert.ok(answer.includes(`conversation ${id}`), `the answer names conversation ${id}: ${answer}`);
			assert.ok(answer.includes(`Zalo, conversation ${returned[0].conversation_id}`), `the seeded conversation told as Zalo: ${answer}`);
			return `${lists.length} list requests; ${returned.length} messages → answer: ${answer.slice(0, 80)}…`;
		});

		await report.test(target, `AI example: "${openATicket}" → Create ticket on the seeded customer → answer with the new ID`, async () => {
			const { answer, requests } = await chat(openATicket);
			const posts = requests.filter((r) => r.method === 'POST' && r.path === createPath);
			assert.equal(posts.length, 1, 'exactly one create request');
			const sent = posts[0].body.ticket;
			assert.deepEqual(
				{ phone: sent.phone, subject: sent.ticket_subject, comment: sent.ticket_comment },
				{ phone: SCRIPT_FACTS.phone, subject: SCRIPT_FACTS.subject, comment: SCRIPT_FACTS.comment },
			);
			const ticketId = posts[0].response.ticket.ticket_id;
			assert.ok(answer.includes(String(ticketId)), `the answer names ticket ${ticketId}: ${answer.slice(0, 300)}`);
			const { body } = await fake.api('GET', `/api/v1/tickets/${ticketId}`);
			assert.equal(body.ticket.ticket_subject, SCRIPT_FACTS.subject);
			// The platform found the customer by the phone: the seeded one, no new contact.
			assert.equal(Number(body.ticket.requester_id), SCRIPT_FACTS.customerId);
			return `ticket ${ticketId} created for customer ${body.ticket.requester_id}; answer: ${answer.slice(0, 60)}…`;
		});

		await report.test(target, `AI example: "${sendText}" → Send SMS`, async () => {
			const { answer, requests } = await chat(sendText);
			const texts = requests.filter((r) => r.method === 'POST' && r.path === smsPath);
			assert.equal(texts.length, 1, 'exactly one SMS');
			assert.deepEqual({ phone: texts[0].body.sms.phone, content: texts[0].body.sms.content }, { phone: SCRIPT_FACTS.phone, content: SCRIPT_FACTS.sms });
			assert.match(answer, /^Sent\. The text is logged on ticket #\d+ \(ticket ID \d+\)\.$/);
			return `SMS to ${SCRIPT_FACTS.phone} (service ${texts[0].body.sms.service_id})`;
		});

		await report.test(target, `AI example: "${sendLongText}" (over 1000 characters) → refused, no request, the agent says why`, async () => {
			const { answer, requests, modelRequests } = await chat(sendLongText);
			assert.equal(requests.filter((r) => r.path === smsPath).length, 0, 'the refused SMS reached the platform');
			const [result] = toolResults(modelRequests);
			assert.match(result, /1000/, `the tool result says what was wrong: ${result}`);
			assert.match(answer, /^I could not send that text\. The tool said: .*1000/s);
			return `tool result: ${result.slice(0, 140)}`;
		});

		await report.test(target, 'AI example: a phone no contact has → the node returns nothing → "No contact has the phone …"', async () => {
			const written = '+84 911 222 333';
			for (const form of ['0911222333', '84911222333']) assert.equal(await platformContact(form), null, `no contact has ${form}`);
			const { answer, requests, modelRequests } = await chat(`Who is the customer with phone ${written}?`);
			// docs/api.md#contacts: the national number, then once more as 84… before saying "none".
			assert.deepEqual(requests.filter((r) => r.path === byPhonePath).map((r) => r.query.phoneNo), ['0911222333', '84911222333']);
			assert.equal(requests.filter((r) => r.method !== 'GET').length, 0, 'a question writes nothing');
			// n8n 2.40 sends a tool whose node output no item as `""`.
			const [result] = toolResults(modelRequests);
			assert.ok(['""', '[]', ''].includes(result), `the tool output no item: ${result}`);
			assert.equal(answer, `No contact has the phone ${written}.`);
			return answer;
		});

		await report.test(target, 'AI example: n8n recorded the chat executions', async () => {
			const executions = await executionsOf(client, n8n.install, AI_EXAMPLE.id);
			assert.equal(executions.length, SUGGESTED_QUESTIONS.length + 1, `executions: ${executions.map((e) => e.status).join(', ')}`);
			assert.deepEqual([...new Set(executions.map((e) => e.status))], ['success']);
			const ran = Object.keys(executions.find((e) => e.runData[AI_EXAMPLE.tools.create])?.runData ?? {});
			for (const node of ['Chat message', 'Support agent', 'OpenAI Chat Model', AI_EXAMPLE.tools.create]) assert.ok(ran.includes(node), `${node} not in ${ran}`);
			return `${executions.length} executions, all success; ${toolName(AI_EXAMPLE.tools.create)} ran in one`;
		});
	} finally {
		await started.stop();
		await fake.stop();
	}
}
