/**
 * What each workflow in examples/ must do when n8n runs it against the fake platform.
 *
 * Runnable examples (Manual Trigger) have `prepare` (optional: put data in the fake's store)
 * and `check` (assert the run's outputs, the requests the fake recorded and the fake's store).
 * Trigger examples are in TRIGGER_CHECKS (mechanics in lib/triggers.mjs): n8n starts with them
 * active; `polled(r)` recognises the trigger's poll request in the fake's log; once every
 * trigger has polled (its first poll only sets the cursor), `change` makes an event in the
 * fake; after the trigger's next poll, `check` gets the trigger node's items from the
 * workflow's executions.
 *
 * Chat examples are in CHAT_CHECKS: `run` gets its own `n8n start` and chats with the example
 * (2.x only: the AI Agent, Chat Trigger and OpenAI Chat Model versions it uses).
 *
 * An example without an entry here fails the run: a new example needs its assertions.
 */
import assert from 'node:assert/strict';

import { instantOfZ } from '../lib/platform-clock.mjs';
import { runAiExampleCheck } from './lib/ai-example.mjs';

const DAY = 86_400_000;

/** The fake platform's account zone (setup.mjs: Asia/Ho_Chi_Minh, +07:00 all year), as example 03 holds it. */
const ACCOUNT_OFFSET_MS = 7 * 3_600_000;

/** The first instant (epoch ms) of yesterday in the account's zone: the day example 03 exports. */
function accountYesterdayStart(nowMs = Date.now()) {
	const localMidnight = Math.floor((nowMs + ACCOUNT_OFFSET_MS) / DAY) * DAY;
	return localMidnight - DAY - ACCOUNT_OFFSET_MS;
}

/** Every record of a list endpoint for one recorded query, page by page (what "all" means). */
async function replayAll(fake, recorded, rootProperty) {
	const query = { ...recorded.query };
	delete query.page;
	delete query.count;
	const path = recorded.path.slice(`/${fake.domain}`.length);
	const ids = [];
	for (let page = 1; ; page++) {
		const { status, body } = await fake.api('GET', path, { query: { ...query, page, count: 500 } });
		assert.equal(status, 200, `replay ${path} ${JSON.stringify(query)}`);
		const records = body[rootProperty] ?? [];
		ids.push(...records);
		if (records.length < 500) break;
	}
	return ids;
}

function sortedIds(records, key) {
	return records.map((r) => Number(r[key])).sort((a, b) => a - b);
}

function assertAuthorized(fake, requests) {
	assert.ok(requests.length > 0, 'the fake recorded no request');
	for (const r of requests) {
		assert.equal(r.headers.authorization, `Bearer ${fake.token}`, `${r.method} ${r.path}: credential not applied`);
		assert.ok(r.status >= 200 && r.status < 300, `${r.method} ${r.path} answered ${r.status}: ${JSON.stringify(r.response)}`);
	}
}

function byId(list) {
	return Object.fromEntries(list.map((entry) => [entry.id, entry.value]));
}

export const RUN_CHECKS = {
	/** Story 1: a web-form lead becomes a ticket with custom fields and an assignee. */
	ccStory1LeadTkt1: {
		async check({ run, fake, requests }) {
			const [ticket, ...more] = run.output('Create ticket');
			assert.equal(more.length, 0, 'one lead → one ticket');
			assert.equal(ticket.ticket_subject, 'Web lead: Trần Thị Mai');
			assert.ok(Number(ticket.ticket_id) > 100000, `ticket_id ${ticket.ticket_id}`);

			const posts = requests.filter((r) => r.method === 'POST' && r.path === `/${fake.domain}/api/v1/tickets`);
			assert.equal(posts.length, 1, 'exactly one create request');
			const sent = posts[0].body.ticket;
			assert.deepEqual(
				{ phone: sent.phone, email: sent.email, assignee_id: Number(sent.assignee_id), service_id: Number(sent.service_id), priority: sent.ticket_priority, comment: sent.ticket_comment },
				{ phone: '0987654321', email: 'mai.tran@example.com', assignee_id: 1003, service_id: 210, priority: 'High', comment: 'I would like a quote for 3 laptops for our office.' },
			);
			// From the form (keyed by field ID): choices by ID, numbers from expressions coerced.
			assert.deepEqual(byId(sent.custom_fields), {
				301: 'Lead from the web form',
				302: 1500,
				303: 3,
				305: 30502,
				306: [30603],
				309: 30901,
			});

			// The platform really holds it.
			const { body } = await fake.api('GET', `/api/v1/tickets/${ticket.ticket_id}`);
			assert.equal(body.ticket.assignee_id, 1003);
			assert.equal(body.ticket.ticket_priority, 'High');
			const stored = byId(body.ticket.custom_filed ?? body.ticket.custom_fields ?? []);
			// The real platform writes a choice and a number as text (docs/api.md, what the real platform answers).
			assert.equal(Number(stored[305]), 30502);
			assert.equal(Number(stored[302]), 1500);
			assertAuthorized(fake, requests);
			return `ticket ${ticket.ticket_id} with 6 custom fields, assignee 1003`;
		},
	},

	/** Story 2: a won deal updates its ticket and texts the customer on that ticket. */
	ccStory2DealWon1: {
		async check({ run, fake, requests }) {
			const updated = run.output('Update ticket');
			assert.equal(updated.length, 1);
			assert.equal(Number(updated[0].ticket_id), 100002);
			const sms = run.output('Send SMS');
			assert.equal(sms.length, 1);
			assert.equal(Number(sms[0].ticket_id), 100002);

			const puts = requests.filter((r) => r.method === 'PUT');
			assert.equal(puts.length, 1);
			assert.equal(puts[0].path, `/${fake.domain}/api/v1/tickets/100002`);
			const ticket = puts[0].body.ticket;
			assert.equal(ticket.ticket_status, 'solved');
			assert.deepEqual(ticket.ticket_comment, { body: 'Deal won: Office laptops (1500 USD)', author_id: 1003, is_public: 0 });
			assert.deepEqual(byId(ticket.custom_fields), { 309: 30904 });

			const texts = requests.filter((r) => r.method === 'POST' && r.path === `/${fake.domain}/api/v1/sms`);
			assert.equal(texts.length, 1);
			assert.deepEqual(
				{ ...texts[0].body.sms, service_id: Number(texts[0].body.sms.service_id), ticket_id: Number(texts[0].body.sms.ticket_id) },
				{ service_id: 211, phone: '0987654321', content: 'Thank you, Trần Thị Mai! Your order Office laptops is confirmed.', ticket_id: 100002 },
			);

			const { body } = await fake.api('GET', '/api/v1/tickets/100002');
			assert.equal(body.ticket.ticket_status, 'solved');
			// The spec's `body`, or the real platform's `comment` (HTML).
			const bodies = body.ticket.comments.map((c) => String(c.body ?? c.comment));
			assert.ok(bodies.some((b) => b.includes('Deal won: Office laptops (1500 USD)')), 'the comment is on the ticket');
			assert.ok(bodies.some((b) => String(b).includes('Office laptops is confirmed')), 'the SMS is logged on the ticket');
			assertAuthorized(fake, requests);
			return 'ticket 100002 solved with a comment; SMS 211 logged on it';
		},
	},

	/** Story 3: yesterday's calls and tickets, all of them (more calls than one page holds). */
	ccStory3Export01: {
		async prepare({ fake }) {
			// 520 extra calls ended yesterday (the account's day): the export must page through 2+ pages.
			const yesterday = accountYesterdayStart();
			for (let i = 0; i < 520; i++) {
				await fake.control('POST', '/__control/calls', { call_status: i % 3 ? 'meetAgent' : 'miss', at: yesterday + 3_600_000 + i * 60_000 });
			}
		},
		async check({ run, fake, requests }) {
			const calls = run.output('Export calls (sheet or warehouse)');
			const tickets = run.output('Export tickets (sheet or warehouse)');
			assert.ok(calls.length > 520, `calls: ${calls.length}`);
			assert.ok(tickets.length > 0, 'tickets: none');

			const callRequests = requests.filter((r) => r.path === `/${fake.domain}/api/v1/calls`);
			const ticketRequests = requests.filter((r) => r.path === `/${fake.domain}/api/v2/tickets`);
			assert.ok(callRequests.length >= 2, `calls were read in ${callRequests.length} request(s): no paging`);
			// The window asked for is yesterday in the account's zone (not UTC's), whatever the format.
			const since = accountYesterdayStart();
			for (const r of ticketRequests) {
				assert.equal(instantOfZ(r.query.updated_since), since, `updated_since ${r.query.updated_since}`);
				assert.equal(instantOfZ(r.query.updated_to), since + DAY - 1000, `updated_to ${r.query.updated_to}`);
			}
			assert.equal(run.output('Account time zone')[0].timeZone, 'Asia/Ho_Chi_Minh');

			// Return All returned exactly what the platform holds for that window.
			const firstCalls = callRequests.find((r) => !r.query.page || r.query.page === '1');
			const expectedCalls = await replayAll(fake, firstCalls, 'calls');
			assert.deepEqual(sortedIds(calls, 'id'), sortedIds(expectedCalls, 'id'));
			assert.equal(new Set(calls.map((c) => c.id)).size, calls.length, 'no duplicate calls');
			const expectedTickets = await replayAll(fake, ticketRequests[0], 'tickets');
			assert.deepEqual(sortedIds(tickets, 'ticket_id'), sortedIds(expectedTickets, 'ticket_id'));
			assertAuthorized(fake, requests);
			return `${calls.length} calls in ${callRequests.length} requests, ${tickets.length} tickets`;
		},
	},

	/** Story 5: the open tickets of one customer over 120 days (read as 31-day windows). */
	ccStory5OpenTkt1: {
		async prepare({ fake, state }) {
			state.open = [];
			for (const status of ['open', 'pending', 'solved']) {
				const { ticket } = await fake.control('POST', '/__control/tickets', {
					requester_id: 50350,
					ticket_status: status,
					ticket_subject: `E2E ${status} ticket of 50350`,
				});
				if (status !== 'solved') state.open.push(ticket.ticket_id);
				else state.solved = ticket.ticket_id;
			}
		},
		async check({ run, fake, requests, state }) {
			const tickets = run.output('Answer');
			const ids = tickets.map((t) => Number(t.ticket_id));
			for (const id of state.open) assert.ok(ids.includes(id), `open ticket ${id} missing from ${ids}`);
			assert.ok(!ids.includes(state.solved), 'a solved ticket was returned');
			for (const t of tickets) {
				assert.equal(Number(t.requester_id), 50350);
				assert.ok(['open', 'pending'].includes(t.ticket_status), `status ${t.ticket_status}`);
			}
			assert.equal(new Set(ids).size, ids.length, 'no duplicates across windows');

			const lists = requests.filter((r) => r.path === `/${fake.domain}/api/v2/tickets`);
			const windows = lists.filter((r) => !r.query.page || r.query.page === '1');
			assert.ok(windows.length >= 4, `120 days need 4+ windows of 31 days; got ${windows.length}`);
			let expected = [];
			for (const r of windows) {
				assert.equal(r.query.requester_id, '50350');
				assert.equal(r.query.filter_id, '2');
				const span = instantOfZ(r.query.updated_to) - instantOfZ(r.query.updated_since);
				assert.ok(span > 0 && span <= 31 * DAY, `window of ${span / DAY} days`);
				expected = expected.concat(await replayAll(fake, r, 'tickets'));
			}
			assert.deepEqual([...ids].sort(), [...new Set(sortedIds(expected, 'ticket_id'))].sort());
			assertAuthorized(fake, requests);
			return `${tickets.length} open/pending tickets of customer 50350 from ${windows.length} windows`;
		},
	},
};

/** The trigger output items of the newest successful execution that has any. */
function firedItems(executions, nodeName) {
	for (const execution of executions) {
		const items = execution.runData[nodeName]?.[0]?.data?.main?.[0];
		if (execution.status === 'success' && items?.length) return items.map((item) => item.json);
	}
	const described = executions.map((e) => `${e.id}:${e.status}${e.error ? ` (${e.error.message})` : ''}`);
	throw new Error(`no successful execution with items from "${nodeName}"; executions: ${described.join(', ') || 'none'}`);
}

const path = (fake, p) => `/${fake.domain}${p}`;

export const TRIGGER_CHECKS = {
	/** Ticket family: a ticket becomes solved. */
	ccTrigTicket0001: {
		polled: (r, fake) => r.path === path(fake, '/api/v2/tickets') && r.query.updated_since !== undefined,
		async change({ fake, state }) {
			const { ticket } = await fake.control('POST', '/__control/tickets', { requester_id: 50001, ticket_status: 'open', ticket_subject: 'E2E trigger ticket' });
			await fake.control('PATCH', `/__control/tickets/${ticket.ticket_id}`, { ticket_status: 'solved' });
			state.ticketId = ticket.ticket_id;
		},
		check({ executions, state }) {
			const items = firedItems(executions, 'Ticket solved');
			assert.deepEqual(items.map((t) => Number(t.ticket_id)), [state.ticketId]);
			assert.equal(items[0].ticket_status, 'solved');
			return `ticket ${state.ticketId} solved → fired once`;
		},
	},
	/** Lead family: a lead is created. */
	ccTrigLead000001: {
		polled: (r, fake) => r.path === path(fake, '/api/v1/leads') && r.query.created_since !== undefined,
		async change({ fake, state }) {
			const { lead } = await fake.control('POST', '/__control/leads', { subject: 'E2E trigger lead', phone: '0911000111', username: 'E2E Lead' });
			state.leadId = lead.id;
		},
		check({ executions, state }) {
			const items = firedItems(executions, 'New lead');
			assert.deepEqual(items.map((l) => Number(l.id)), [state.leadId]);
			assert.equal(items[0].subject, 'E2E trigger lead');
			return `lead ${state.leadId} → fired once`;
		},
	},
	/** Deal family: a deal is closed as won. */
	ccTrigDeal000001: {
		polled: (r, fake) => r.path === path(fake, '/api/v1/deals') && r.query.closed_since !== undefined,
		async change({ fake, state }) {
			const { deal } = await fake.control('POST', '/__control/deals', { subject: 'E2E trigger deal', phone: '0911000222' });
			await fake.control('PATCH', `/__control/deals/${deal.id}`, { closed_type: 1 });
			state.dealId = deal.id;
		},
		check({ executions, state }) {
			const items = firedItems(executions, 'Deal won');
			assert.deepEqual(items.map((d) => Number(d.id)), [state.dealId]);
			assert.equal(Number(items[0].closed_type), 1);
			return `deal ${state.dealId} won → fired once`;
		},
	},
	/** Call family: a call ends. */
	ccTrigCall000001: {
		polled: (r, fake) => r.path === path(fake, '/api/v1/calls') && r.query.call_status === undefined,
		async change({ fake, state }) {
			// The missed call of story 4 below is also a call that ended.
			state.calls = state.calls ?? (await makeMissedCall(fake));
		},
		check({ executions, state }) {
			const items = firedItems(executions, 'Call ended');
			assert.deepEqual(items.map((c) => Number(c.id)), [state.calls.id]);
			return `call ${state.calls.id} ended → fired once`;
		},
	},
	/** Call family: an answered call that ended 6 minutes ago, so its recording exists (api-spec §calls). */
	ccTrigRecording1: {
		polled: (r, fake) => r.path === path(fake, '/api/v1/calls') && r.query.call_status === undefined,
		async change({ fake, state }) {
			// An open ticket of its own: a note on it changes no status another example watches.
			const { ticket } = await fake.control('POST', '/__control/tickets', { requester_id: 50002, ticket_status: 'open', ticket_subject: 'E2E recorded call' });
			const { call } = await fake.control('POST', '/__control/calls', { call_status: 'meetAgent', call_type: 0, customer_id: 50002, ticket_id: ticket.ticket_id, end_time: Date.now() - 6 * 60_000 });
			state.recordedCall = call;
		},
		async check({ executions, state, fake }) {
			const call = state.recordedCall;
			// Every poll's calls (the first emits the calls of its Start From, 15 minutes back).
			const items = executions
				.filter((e) => e.status === 'success')
				.flatMap((e) => (e.runData['Call ended']?.[0]?.data?.main?.[0] ?? []).map((item) => item.json));
			const ours = items.filter((c) => Number(c.id) === call.id);
			assert.equal(ours.length, 1, `call ${call.id} emitted once: ${items.map((c) => c.id).join(', ')}`);
			assert.deepEqual(ours[0].recording, { available: true, binaryProperty: 'recording' });
			const downloads = await fake.requests({ method: 'GET', path: `/recordings/${encodeURIComponent(call.call_id)}.mp3` });
			assert.equal(downloads.length, 1, 'the file downloaded once');
			assert.equal(downloads[0].headers.authorization, `Bearer ${fake.token}`, 'the Base URL\'s own host gets the token');
			const puts = (await fake.requests({ method: 'PUT', path: path(fake, `/api/v1/tickets/${call.ticket_id}`) })).filter((r) =>
				String(r.body?.ticket?.ticket_comment?.body ?? '').startsWith(`Recording of call ${call.call_id} `),
			);
			assert.equal(puts.length, 1, 'one note on the ticket for the call');
			// The binary's name, size and type, read by the Ticket Update's expression.
			assert.match(puts[0].body.ticket.ticket_comment.body, new RegExp(`: ${call.call_id}\\.mp3, \\d+(\\.\\d+)? ?(B|kB|bytes), audio/mpeg$`));
			return `call ${call.id} → recording ${downloads[0].status} → its ticket ${call.ticket_id} noted`;
		},
	},
	/** Story 4 (call family): a missed call becomes a call-back ticket. */
	ccStory4Missed01: {
		polled: (r, fake) => r.path === path(fake, '/api/v1/calls') && r.query.call_status === 'miss',
		async change({ fake, state }) {
			state.calls = state.calls ?? (await makeMissedCall(fake));
		},
		async check({ executions, state, fake }) {
			const items = firedItems(executions, 'Missed call');
			assert.deepEqual(items.map((c) => Number(c.id)), [state.calls.id]);
			const created = executions.find((e) => e.runData['Create call-back ticket'])?.runData['Create call-back ticket'][0];
			assert.ok(created && !created.error, `call-back ticket not created: ${created?.error?.message}`);
			const ticketId = Number(created.data.main[0][0].json.ticket_id);
			const posts = (await fake.requests({ method: 'POST', path: path(fake, '/api/v1/tickets') })).filter(
				(r) => r.body?.ticket?.ticket_subject === `Call back: missed call ${state.calls.call_id}`,
			);
			assert.equal(posts.length, 1, `one call-back ticket for call ${state.calls.call_id}`);
			// Find the caller: the contact that has the calling number (docs/api.md#contacts), no new one.
			const lookups = await fake.requests({ method: 'GET', path: path(fake, '/api/v1/contactsByPhone') });
			assert.deepEqual(lookups.map((r) => r.query.phoneNo), [state.calls.caller]);
			assert.equal((await fake.requests({ method: 'POST', path: path(fake, '/api/v1/contacts') })).length, 0, 'a known caller: no contact created');
			assert.equal(Number(posts[0].body.ticket.requester_id), state.calls.customer_id);
			// `caller_number` is the call's `caller`, which n8n's expression sandbox will not read.
			assert.ok(state.calls.caller, 'the missed call has a calling number');
			assert.match(posts[0].body.ticket.ticket_comment, new RegExp(` from ${state.calls.caller} at `));
			assert.deepEqual(byId(posts[0].body.ticket.custom_fields), { 309: 30901 });
			const { body } = await fake.api('GET', `/api/v1/tickets/${ticketId}`);
			assert.equal(body.ticket.requester_id, state.calls.customer_id);
			assert.equal(body.ticket.ticket_priority, 'High');
			return `missed call ${state.calls.id} → call-back ticket ${ticketId}`;
		},
	},
	/**
	 * Chat family: a customer's Zalo message becomes a ticket on that customer; an agent's reply in
	 * the same conversation, emitted too, makes none.
	 */
	ccTrigZaloTkt001: {
		polled: (r, fake) => r.path === path(fake, '/api/v1/chats/messages') && r.query.conversation_type === '3',
		async change({ fake, state }) {
			const added = await fake.control('POST', '/__control/chats/messages', {
				conversation_type: 3,
				from: 'customer',
				requester_id: ZALO_CUSTOMER,
				content: 'Tôi muốn huỷ đơn hàng A1029 (I want to cancel order A1029)',
			});
			const reply = await fake.control('POST', '/__control/chats/messages', {
				conversation_id: storedMessage(added).conversation_id,
				from: 'agent',
				content: 'Dạ, em kiểm tra ngay ạ (checking it now)',
			});
			state.zalo = { message: storedMessage(added), reply: storedMessage(reply) };
		},
		async check({ executions, state, fake }) {
			const { message, reply } = state.zalo;
			const emitted = executions
				.filter((e) => e.status === 'success')
				.flatMap((e) => e.runData['New Zalo message']?.[0]?.data?.main?.[0] ?? [])
				.map((item) => item.json);
			// The first poll emitted nothing (no seeded message); each of ours once, shaped as Get Many Messages shapes it (Simplify).
			assert.deepEqual(emitted.map((m) => String(m.id)).sort(), [message.id, reply.id].map(String).sort(), 'only the two new messages');
			for (const [added, from] of [[message, 'customer'], [reply, 'agent']]) {
				const ours = emitted.filter((m) => String(m.id) === String(added.id));
				assert.equal(ours.length, 1, `message ${added.id} emitted once: ${emitted.map((m) => m.id).join(', ')}`);
				assert.deepEqual({ channel: ours[0].channel, from: ours[0].from, text: ours[0].text }, { channel: 'Zalo', from, text: added.content });
			}
			const lookups = await fake.requests({ method: 'GET', path: path(fake, `/api/v1/contacts/${ZALO_CUSTOMER}`) });
			assert.equal(lookups.length, 1, 'the customer read once, for the customer\'s message only');
			const posts = (await fake.requests({ method: 'POST', path: path(fake, '/api/v1/tickets') })).filter((r) =>
				String(r.body?.ticket?.ticket_subject ?? '').startsWith('Zalo: '),
			);
			assert.equal(posts.length, 1, 'one ticket: the customer\'s message, not the agent\'s reply');
			const sent = posts[0].body.ticket;
			assert.equal(Number(sent.requester_id), ZALO_CUSTOMER);
			assert.ok(String(sent.ticket_comment).endsWith(`:\n${message.content}`), `the note ends with the message: ${sent.ticket_comment}`);
			const contact = lookups[0].response.contact;
			assert.ok(String(sent.ticket_comment).startsWith(`Zalo message from ${contact.username} (contact ${ZALO_CUSTOMER})`), sent.ticket_comment);
			const ticketId = posts[0].response.ticket.ticket_id;
			const { body } = await fake.api('GET', `/api/v1/tickets/${ticketId}`);
			assert.equal(Number(body.ticket.requester_id), ZALO_CUSTOMER);
			assert.equal(body.ticket.ticket_subject, `Zalo: ${message.content.slice(0, 80)}`);
			return `Zalo message ${message.id} → ticket ${ticketId} on customer ${ZALO_CUSTOMER}; the agent's reply ${reply.id}: no ticket`;
		},
	},
	/** Monitor family: monitor 1 goes DOWN. */
	ccTrigMonitor001: {
		polled: (r) => r.path.endsWith('/api/v1/heartbeat'),
		async change({ fake }) {
			await fake.control('POST', '/__control/monitors/1', { status: 0 });
		},
		check({ executions }) {
			const items = firedItems(executions, 'Monitor went down');
			assert.deepEqual(
				items.map((m) => [Number(m.id), m.status_label, m.previous_status_label]),
				[[1, 'DOWN', 'UP']],
			);
			return 'monitor 1 UP → DOWN fired once';
		},
	},
};

/** The seed's customer 50350 (tools/fake-platform README "Seed data"), who writes on Zalo. */
const ZALO_CUSTOMER = 50350;

/** The message the fake's control hook answers (POST /__control/chats/messages). */
function storedMessage(answer) {
	return answer.message ?? answer.chat ?? answer;
}

async function makeMissedCall(fake) {
	const { call } = await fake.control('POST', '/__control/calls', { call_status: 'miss', call_type: 0, customer_id: 50002 });
	return call;
}

export const CHAT_CHECKS = {
	/** The support agent (AI): chat messages → AI Agent → Customer Care tools (lib/ai-example.mjs). */
	ccAiSupportAgnt1: { run: runAiExampleCheck },
};
