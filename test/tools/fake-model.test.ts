/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { FakeModel, nextTurn, type Script } from '../../tools/fake-model';

const script: Script = {
	conversations: [
		{
			match: 'tickets of',
			steps: [
				{ call: 'Get tickets', args: { phone: '0901234567' } },
				{ calls: [{ call: 'Send SMS', args: { content: 'hi' } }, { call: 'unknown tool' }] },
				{ answer: 'Done. Last result: {{result}}' },
			],
		},
		{ match: 'which tickets', steps: [{ call: 'Get tickets' }, { answer: 'Tickets {{result.*.ticket_id}}; first #{{result.ticket_no}}; none {{result.missing}}.' }] },
		{
			match: 'who has phone',
			capture: { phone: 'phone\\s+(\\+?\\d[\\d .-]*\\d)', customer: 'customer (\\d+)', missing: 'order (\\d+)' },
			steps: [
				{ call: 'Get tickets', args: { phone: '{{phone}}', customer_id: '{{customer:number}}', note: 'asked for {{phone}}{{missing}}', fixed: 3 } },
				{ answer: '{{phone}} is {{result.username}}.', none: 'No one has the phone {{phone}}.' },
			],
		},
		{ steps: [{ answer: 'Default for "{{user}}"' }] },
	],
};

const tools = [
	{ type: 'function', function: { name: 'Get_tickets', description: 'd', parameters: {} } },
	{ type: 'function', function: { name: 'Send_SMS', description: 'd', parameters: {} } },
];

describe('fake model', () => {
	let model: FakeModel;
	beforeAll(async () => {
		model = await FakeModel.start({ script, chunkSize: 4 });
	});
	afterAll(() => model.close());

	async function chat(body: Record<string, unknown>) {
		const res = await fetch(`${model.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', tools, ...body }) });
		expect(res.status).toBe(200);
		return res;
	}
	const chatJson = async (body: Record<string, unknown>): Promise<any> => await (await chat(body)).json();

	it('lists its model', async () => {
		const res = await fetch(`${model.baseUrl}/models`);
		expect((await res.json()) as any).toEqual({ object: 'list', data: [expect.objectContaining({ id: 'fake-model', object: 'model' })] });
	});

	it('plays the steps by the turns already in the conversation, resolving tool names as the request names them', async () => {
		model.clearRequests();
		const first = await chatJson({ messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'Show the tickets of 0901234567' }] });
		expect(first.choices[0].finish_reason).toBe('tool_calls');
		expect(first.choices[0].message.tool_calls).toEqual([
			{ id: 'call_0_0_0', type: 'function', function: { name: 'Get_tickets', arguments: '{"phone":"0901234567"}' } },
		]);
		const history = [
			{ role: 'user', content: 'Show the tickets of 0901234567' },
			first.choices[0].message,
			{ role: 'tool', tool_call_id: 'call_0_0_0', content: '[{"ticket_id":7}]' },
		];
		const second = await chatJson({ messages: history });
		expect(second.choices[0].message.tool_calls.map((c: any) => c.function.name)).toEqual(['Send_SMS', 'unknown tool']);
		const third = await chatJson({ messages: [...history, second.choices[0].message, { role: 'tool', tool_call_id: 'x', content: 'sent' }] });
		expect(third.choices[0]).toMatchObject({ finish_reason: 'stop', message: { role: 'assistant', content: 'Done. Last result: sent' } });
		// A new user message starts the count again; another message takes the default conversation.
		const other = await chatJson({ messages: [...history, { role: 'user', content: 'hello' }] });
		expect(other.choices[0].message.content).toBe('Default for "hello"');
		expect(model.requests().map((r) => r.turn.kind)).toEqual(['tools', 'tools', 'answer', 'answer']);
		expect(model.requests()[0].body.tools).toEqual(tools);
	});

	it('answers with fields of the last tool result: of the first record, or of every record', async () => {
		const first = await chatJson({ messages: [{ role: 'user', content: 'which tickets are open?' }] });
		const reply = await chatJson({
			messages: [
				{ role: 'user', content: 'which tickets are open?' },
				first.choices[0].message,
				{ role: 'tool', tool_call_id: 'call_1_0_0', content: '[{"ticket_id":7,"ticket_no":70},{"ticket_id":8,"ticket_no":80}]' },
			],
		});
		expect(reply.choices[0].message.content).toBe('Tickets 7, 8; first #70; none .');
	});

	it('takes tool arguments from the user message (captures), and answers `none` when the tool returned no record', async () => {
		const question = 'Who has phone +84 987 654 321, customer 50350?';
		const first = await chatJson({ messages: [{ role: 'user', content: question }] });
		const [call] = first.choices[0].message.tool_calls;
		expect(call.function.name).toBe('Get_tickets');
		expect(JSON.parse(call.function.arguments)).toEqual({ phone: '+84 987 654 321', customer_id: 50350, note: 'asked for +84 987 654 321', fixed: 3 });
		const answerTo = async (result: string) => {
			const reply = await chatJson({
				messages: [{ role: 'user', content: question }, first.choices[0].message, { role: 'tool', tool_call_id: call.id, content: result }],
			});
			return reply.choices[0].message.content;
		};
		expect(await answerTo('[{"username":"Mai"}]')).toBe('+84 987 654 321 is Mai.');
		for (const nothing of ['[]', '', '""', '{}', 'null']) expect(await answerTo(nothing)).toBe('No one has the phone +84 987 654 321.');
		// No customer in the message: an empty capture, a `:number` capture stays the empty text.
		const bare = await chatJson({ messages: [{ role: 'user', content: 'who has phone 0911?' }] });
		expect(JSON.parse(bare.choices[0].message.tool_calls[0].function.arguments)).toMatchObject({ phone: '0911', customer_id: '' });
	});

	it('refuses a script whose capture is not a regular expression', () => {
		expect(() => model.setScript({ conversations: [{ capture: { phone: '(' }, steps: [{ answer: 'x' }] }] })).toThrow(/capture phone/);
	});

	it('streams tool calls and text as server-sent events', async () => {
		const read = async (messages: unknown[]) => {
			const text = await (await chat({ stream: true, stream_options: { include_usage: true }, messages })).text();
			const events = text.split('\n\n').filter(Boolean).map((e) => e.replace(/^data: /, ''));
			expect(events.pop()).toBe('[DONE]');
			return events.map((e) => JSON.parse(e));
		};
		const calls = await read([{ role: 'user', content: 'tickets of 1' }]);
		const args = calls.flatMap((c) => c.choices).flatMap((c: any) => c.delta?.tool_calls ?? []).map((t: any) => t.function.arguments).join('');
		expect(args).toBe('{"phone":"0901234567"}');
		expect(calls.at(-1).usage.total_tokens).toBeGreaterThan(0);
		const answer = await read([{ role: 'user', content: 'hi there' }]);
		const text = answer.flatMap((c) => c.choices).map((c: any) => c.delta?.content ?? '').join('');
		expect(text).toBe('Default for "hi there"');
		expect(answer.filter((c) => c.choices[0]?.delta?.content).length).toBeGreaterThan(2);
	});

	it('serves its log and takes a new script over the control API', async () => {
		const root = model.baseUrl.replace(/\/v1$/, '');
		expect(((await (await fetch(`${root}/__fake/requests`)).json()) as any).requests.length).toBe(model.requests().length);
		const put = await fetch(`${root}/__fake/script`, { method: 'PUT', body: JSON.stringify({ conversations: [{ steps: [{ answer: 'new' }] }] }) });
		expect(put.status).toBe(200);
		expect((await chatJson({ messages: [{ role: 'user', content: 'tickets of' }] })).choices[0].message.content).toBe('new');
		const bad = await fetch(`${root}/__fake/script`, { method: 'PUT', body: JSON.stringify({ conversations: [] }) });
		expect(bad.status).toBe(400);
		model.setScript(script);
	});
});

/**
 * The demo's support-agent script (scripts/lib/ai-example.mjs, SUPPORT_AGENT_SCRIPT) answers only
 * what its tool returned. On a tool that failed, the example's system message asks the agent to
 * answer "with the error it reported". n8n 2.40's agent hands the model a failed tool's result as
 * `{"error": message, "errorType": …}` (@n8n/n8n-nodes-langchain utils/agent-execution/buildSteps.js
 * buildObservation). The script is plain Node ESM: a child Node prints it as JSON.
 */
describe('the support agent script answers what its tool returned', () => {
	const AI_EXAMPLE_URL = pathToFileURL(resolve(__dirname, '..', '..', 'scripts', 'lib', 'ai-example.mjs')).href;
	let support: Script;
	let questions: Record<string, string>;
	beforeAll(() => {
		const printed = execFileSync(process.execPath, [
			'--input-type=module',
			'-e',
			`const m = await import(${JSON.stringify(AI_EXAMPLE_URL)}); process.stdout.write(JSON.stringify({ script: m.SUPPORT_AGENT_SCRIPT, questions: m.QUESTIONS }));`,
		]).toString();
		({ script: support, questions } = JSON.parse(printed));
	});

	const MESSAGE = 'The Customer Care platform answered 503 Service Unavailable [item 0]';
	const failed = JSON.stringify({ error: MESSAGE, errorType: 'NodeOperationError' });
	const toolsOf = (names: string[]) => names.map((name) => ({ type: 'function', function: { name } }));
	const TOOLS = toolsOf(['Find_a_customer_by_phone', 'Find_open_tickets_of_a_customer', 'Read_a_customer_s_recent_chats', 'Create_ticket', 'Send_SMS']);

	/** The script's final answer to `question` when its tool call answered `result`. */
	function answerAfter(question: string, result: string): string {
		const user = { role: 'user', content: question };
		const first = nextTurn(support, [user], TOOLS);
		expect(first.kind).toBe('tools');
		if (first.kind !== 'tools') return '';
		const assistant = { role: 'assistant', tool_calls: first.calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })) };
		const results = first.calls.map((call) => ({ role: 'tool', tool_call_id: call.id, content: result }));
		const last = nextTurn(support, [user, assistant, ...results], TOOLS);
		expect(last.kind).toBe('answer');
		return last.kind === 'answer' ? last.text : '';
	}

	it.each(['whoIs', 'openTickets', 'recentChats', 'openATicket', 'sendText'])('%s, after a tool error: says the tool failed and quotes its error, never an answer with blank fields', (question) => {
		const answer = answerAfter(questions[question], failed);
		expect(answer).toContain(MESSAGE);
	});

	// After `npm run demo -- zalo-message` (which the banner suggests) customer 50350 has two
	// conversations; a message on another channel is as likely. Items as Simplify shows them.
	it('recentChats: messages of two conversations on two channels are not all told as one conversation\'s', () => {
		const messages = [
			{ id: 900101, conversation_id: 500037, channel: 'Zalo', from: 'customer', text: 'hoá đơn tháng 10 bị tính dư' },
			{ id: 900102, conversation_id: 500037, channel: 'Zalo', from: 'agent', text: 'Dạ em kiểm tra hoá đơn ngay ạ' },
			{ id: 900230, conversation_id: 500041, channel: 'Live Chat', from: 'customer', text: 'Tôi muốn huỷ đơn hàng A1029' },
		];
		const answer = answerAfter(questions.recentChats, JSON.stringify(messages));
		for (const text of messages.map((message) => message.text)) expect(answer).toContain(text);
		expect(answer).toContain('500041');
		expect(answer).toContain('Live Chat');
	});
});
