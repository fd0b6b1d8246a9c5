/**
 * The script the fake model plays: per conversation (matched by the user's message), a list of
 * steps. Each step is one assistant turn: tool calls, or the final answer. The step a request
 * gets is the number of assistant turns already in its messages after the last user message, so
 * the model is a pure function of the conversation it receives (deterministic, no state), and
 * one server can serve several conversations at once.
 */

export interface ToolCallStep {
	/** The tool's name as n8n sends it (a node "Get tickets" becomes `Get_tickets`); matched loosely, see resolveToolName. */
	call: string;
	/**
	 * The arguments object, sent to n8n as a JSON string. A string value may name the
	 * conversation's captures: `{{phone}}` is replaced by the capture's text, and a value that is
	 * exactly `{{customer:number}}` becomes that capture as a number.
	 */
	args?: Record<string, unknown>;
}

export type Step =
	| ToolCallStep
	/** Several tool calls in one assistant turn (parallel tool calls). */
	| { calls: ToolCallStep[] }
	/**
	 * The final answer. `{{result}}` is replaced by the last tool result's text (up to 500
	 * characters), `{{result.field}}` by a field of its first record, `{{result.*.field}}` by that
	 * field of every record, `{{user}}` by the user's message.
	 */
	| {
			answer: string;
			/**
			 * The final answer instead of `answer` when the last tool result holds no record (`[]`,
			 * `{}`, `null`, nothing, or `""`: what n8n 2.40 sends for a tool that output no item).
			 */
			none?: string;
			/**
			 * One record's line for `{{result.each}}`: `{field}` is that field of the record. The
			 * lines of every record are joined by "; " (a list of several conversations, say).
			 */
			each?: string;
			/**
			 * The final answer when the last tool result is a failure (`{"error": message, …}`: what
			 * n8n 2.40's agent hands the model for a tool that failed); `{{error}}` is its message.
			 * Default: `The tool failed and said: {{error}}`, never the success answer with blank fields.
			 */
			failed?: string;
	  };

export interface Conversation {
	/** A case-insensitive substring of the last user message; a conversation without `match` serves every other message. */
	match?: string;
	/**
	 * Parts of the user's message the steps reuse, by name: a case-insensitive regular expression;
	 * its first group (else its whole match) is `{{name}}` in the tool arguments and the answers,
	 * '' when it does not match. So the model looks up what the user asked about, not a fixed value.
	 */
	capture?: Record<string, string>;
	steps: Step[];
}

export interface Script {
	/** The model ID /v1/models lists (any model name is accepted in requests). Default 'fake-model'. */
	model?: string;
	conversations: Conversation[];
}

export const DEFAULT_SCRIPT: Script = {
	conversations: [{ steps: [{ answer: 'This is the fake model: it has no script for "{{user}}".' }] }],
};

/** An OpenAI chat message as LangChain sends it (content may be a string or parts). */
export interface ChatMessage {
	role: string;
	content?: unknown;
	tool_calls?: Array<{ id: string; type?: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
	name?: string;
}

export interface ChatTool {
	type: string;
	function: { name: string; description?: string; parameters?: unknown };
}

/** What one assistant turn is: tool calls (already resolved to the request's names) or text. */
export type Turn =
	| { kind: 'tools'; calls: Array<{ id: string; name: string; arguments: string }>; step: number; conversation: number }
	| { kind: 'answer'; text: string; step: number; conversation: number };

export function textOf(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) {
		return content.map((part) => (typeof part === 'string' ? part : typeof part?.text === 'string' ? part.text : '')).join('');
	}
	return content === undefined || content === null ? '' : JSON.stringify(content);
}

/**
 * A field of the tool result's records, as a model would quote it: `{{result.ticket_id}}` of the
 * first record, `{{result.*.ticket_no}}` of every record joined by ", ". Empty when the result
 * is not JSON records.
 */
function fieldsOf(result: string, field: string, every: boolean): string {
	let parsed: unknown;
	try {
		parsed = JSON.parse(result);
	} catch {
		return '';
	}
	const records = (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown> | null>;
	const values = records.map((record) => record?.[field]).filter((value) => value !== undefined && value !== null);
	return (every ? values : values.slice(0, 1)).map(String).join(', ');
}

/** The message of a tool result that is a failure (`{"error": message, …}`), or undefined. */
function failureOf(result: string): string | undefined {
	try {
		const parsed = JSON.parse(result) as unknown;
		if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
		const error = (parsed as Record<string, unknown>).error;
		return typeof error === 'string' ? error : undefined;
	} catch {
		return undefined;
	}
}

/** Each record of the result as `template` writes it (`{field}`), joined by "; ". */
function linesOf(result: string, template: string): string {
	let parsed: unknown;
	try {
		parsed = JSON.parse(result);
	} catch {
		return '';
	}
	const records = (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown> | null>;
	return records
		.filter((record): record is Record<string, unknown> => record !== null && typeof record === 'object')
		.map((record) => template.replace(/\{(\w+)\}/g, (_all, field: string) => String(record[field] ?? '')))
		.join('; ');
}

function normalized(name: string): string {
	return name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}

/**
 * A tool result that holds no record: `[]`, `{}`, `null`, nothing, or `""` (what n8n 2.40 sends
 * for a tool whose node output no item).
 */
function holdsNoRecord(result: string): boolean {
	const text = result.trim();
	if (text === '' || text === 'null' || text === 'undefined') return true;
	try {
		const parsed = JSON.parse(text) as unknown;
		if (parsed === '') return true;
		const records = Array.isArray(parsed) ? parsed : [parsed];
		return records.every((record) => record === null || (typeof record === 'object' && Object.keys(record as object).length === 0));
	} catch {
		return false;
	}
}

function capturesOf(conversation: Conversation, userText: string): Record<string, string> {
	return Object.fromEntries(
		Object.entries(conversation.capture ?? {}).map(([name, pattern]) => {
			const match = new RegExp(pattern, 'i').exec(userText);
			return [name, match ? (match[1] ?? match[0]).trim() : ''];
		}),
	);
}

/** `{{name}}` of a capture in a text; other `{{…}}` are left for the answer's own placeholders. */
function withCaptures(text: string, captures: Record<string, string>): string {
	return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (Object.hasOwn(captures, name) ? captures[name] : all));
}

function argsWithCaptures(args: Record<string, unknown>, captures: Record<string, string>): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(args).map(([key, value]) => {
			if (typeof value !== 'string') return [key, value];
			const asNumber = /^\{\{\s*(\w+):number\s*\}\}$/.exec(value);
			if (asNumber && Object.hasOwn(captures, asNumber[1])) {
				const n = Number(captures[asNumber[1]]);
				return [key, captures[asNumber[1]] !== '' && Number.isFinite(n) ? n : captures[asNumber[1]]];
			}
			return [key, withCaptures(value, captures)];
		}),
	);
}

/** The script's tool name as the request names it: exact, else the same letters and digits ("Get tickets" = `Get_tickets`). */
export function resolveToolName(wanted: string, tools: ChatTool[]): string {
	const names = tools.map((tool) => tool.function?.name).filter((name): name is string => typeof name === 'string');
	if (names.includes(wanted)) return wanted;
	return names.find((name) => normalized(name) === normalized(wanted)) ?? wanted;
}

/** Why `pattern` is not a regular expression, or undefined when it is one. */
function patternError(pattern: string): string | undefined {
	try {
		new RegExp(pattern, 'i');
		return undefined;
	} catch (error) {
		return (error as Error).message;
	}
}

export function validateScript(script: unknown): Script {
	const s = script as Script;
	if (!s || !Array.isArray(s.conversations) || s.conversations.length === 0) {
		throw new Error('a script needs `conversations`: [{ match?, steps: [...] }]');
	}
	s.conversations.forEach((conversation, c) => {
		if (!Array.isArray(conversation.steps) || conversation.steps.length === 0) throw new Error(`conversation ${c} has no steps`);
		for (const [name, pattern] of Object.entries(conversation.capture ?? {})) {
			const invalid = patternError(pattern);
			if (invalid) throw new Error(`conversation ${c} capture ${name}: ${invalid}`);
		}
		conversation.steps.forEach((step, i) => {
			const ok =
				(typeof (step as ToolCallStep).call === 'string') ||
				(Array.isArray((step as { calls: ToolCallStep[] }).calls) && (step as { calls: ToolCallStep[] }).calls.every((call) => typeof call.call === 'string')) ||
				(typeof (step as { answer: string }).answer === 'string' && ['string', 'undefined'].includes(typeof (step as { none?: string }).none));
			if (!ok) throw new Error(`conversation ${c} step ${i}: expected { call, args }, { calls: [...] } or { answer }`);
		});
	});
	return s;
}

/** The next assistant turn for this conversation. */
export function nextTurn(script: Script, messages: ChatMessage[], tools: ChatTool[]): Turn {
	const lastUser = messages.map((m) => m.role).lastIndexOf('user');
	const userText = lastUser >= 0 ? textOf(messages[lastUser].content) : '';
	const after = messages.slice(lastUser + 1);
	const step = after.filter((m) => m.role === 'assistant').length;
	const lastTool = [...after].reverse().find((m) => m.role === 'tool');

	const conversation = script.conversations.findIndex(
		(c) => c.match !== undefined && userText.toLowerCase().includes(c.match.toLowerCase()),
	);
	const index = conversation >= 0 ? conversation : script.conversations.findIndex((c) => c.match === undefined);
	if (index < 0) {
		return { kind: 'answer', text: `The fake model has no conversation matching "${userText.slice(0, 200)}".`, step, conversation: -1 };
	}
	const steps = script.conversations[index].steps;
	const captures = capturesOf(script.conversations[index], userText);
	// Past the end: repeat the final answer (or say so), never call tools again.
	const planned = steps[step] ?? (('answer' in steps[steps.length - 1]) ? steps[steps.length - 1] : { answer: 'The script has ended.' });
	if ('answer' in planned) {
		const result = textOf(lastTool?.content);
		const failure = lastTool === undefined ? undefined : failureOf(result);
		if (failure !== undefined) {
			const text = withCaptures(planned.failed ?? 'The tool failed and said: {{error}}', captures).replace(/\{\{\s*error\s*\}\}/g, failure);
			return { kind: 'answer', text, step, conversation: index };
		}
		const chosen = planned.none !== undefined && lastTool !== undefined && holdsNoRecord(result) ? planned.none : planned.answer;
		const text = withCaptures(chosen, captures)
			.replace(/\{\{\s*result\.each\s*\}\}/g, () => linesOf(result, planned.each ?? ''))
			.replace(/\{\{\s*result\s*\}\}/g, result.slice(0, 500))
			.replace(/\{\{\s*result\.(\*\.)?(\w+)\s*\}\}/g, (_all, every: string | undefined, field: string) => fieldsOf(result, field, Boolean(every)))
			.replace(/\{\{\s*user\s*\}\}/g, userText);
		return { kind: 'answer', text, step, conversation: index };
	}
	const calls = 'calls' in planned ? planned.calls : [planned];
	return {
		kind: 'tools',
		step,
		conversation: index,
		calls: calls.map((call, i) => ({
			// Unique within the conversation: the agent pairs results with calls by this ID.
			id: `call_${index}_${step}_${i}`,
			name: resolveToolName(call.call, tools),
			arguments: JSON.stringify(argsWithCaptures(call.args ?? {}, captures)),
		})),
	};
}
