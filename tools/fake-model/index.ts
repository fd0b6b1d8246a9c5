/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * A fake OpenAI-compatible model on 127.0.0.1: `GET /v1/models` and `POST /v1/chat/completions`
 * (plain JSON, or server-sent events with `stream: true`), answering from a script (script.ts).
 * Offline and deterministic. Every chat request body is recorded, so a test can assert what the
 * client sent (messages, tool results, tool schemas).
 *
 *   const model = await FakeModel.start({ script });
 *   model.baseUrl;            // http://127.0.0.1:<port>/v1 (the OpenAI credential's Base URL)
 *   model.requests();         // recorded chat requests
 *   await model.close();
 *
 * Control API (for a model in another process): GET/DELETE /__fake/requests, PUT /__fake/script.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SCRIPT, nextTurn, validateScript, type ChatMessage, type ChatTool, type Script, type Turn } from './script';

export * from './script';

export interface RecordedChat {
	seq: number;
	at: number;
	path: string;
	/** The request body as sent. */
	body: any;
	stream: boolean;
	/** What the model answered. */
	turn: Turn;
}

export interface FakeModelOptions {
	port?: number;
	script?: Script;
	/** Stream text answers in chunks of this many characters (default 16). */
	chunkSize?: number;
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		let data = '';
		req.setEncoding('utf8');
		req.on('data', (chunk) => (data += chunk));
		req.on('end', () => resolve(data));
		req.on('error', reject);
	});
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'Content-Type': 'application/json' });
	res.end(JSON.stringify(body));
}

function openAiError(res: ServerResponse, status: number, message: string): void {
	sendJson(res, status, { error: { message, type: 'invalid_request_error', param: null, code: null } });
}

/** Rough token counts: the agent only reads them for its statistics. */
function usageOf(body: any, turn: Turn) {
	const prompt = Math.ceil(JSON.stringify(body.messages ?? []).length / 4);
	const completion = Math.ceil((turn.kind === 'answer' ? turn.text.length : JSON.stringify(turn.calls).length) / 4);
	return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export class FakeModel {
	private script: Script;
	private log: RecordedChat[] = [];
	private seq = 0;
	private readonly chunkSize: number;

	private constructor(
		private readonly server: Server,
		options: FakeModelOptions,
	) {
		this.script = validateScript(options.script ?? DEFAULT_SCRIPT);
		this.chunkSize = options.chunkSize ?? 16;
	}

	static async start(options: FakeModelOptions = {}): Promise<FakeModel> {
		const server = createServer();
		const model = new FakeModel(server, options);
		server.on('request', (req: IncomingMessage, res: ServerResponse) => {
			model.handle(req, res).catch((error) => {
				if (!res.headersSent) openAiError(res, 500, String(error?.message ?? error));
				else res.end();
			});
		});
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
		});
		return model;
	}

	get port(): number {
		return (this.server.address() as AddressInfo).port;
	}

	/** The OpenAI Base URL (with /v1), as n8n's OpenAI credential takes it. */
	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}/v1`;
	}

	get modelId(): string {
		return this.script.model ?? 'fake-model';
	}

	setScript(script: Script): void {
		this.script = validateScript(script);
	}

	requests(): RecordedChat[] {
		return this.log.slice();
	}

	clearRequests(): void {
		this.log = [];
	}

	close(): Promise<void> {
		return new Promise((resolve) => {
			this.server.closeAllConnections?.();
			this.server.close(() => resolve());
		});
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/\/+$/, '');
		const raw = await readBody(req);
		if (path === '/__fake/requests') {
			if (req.method === 'DELETE') {
				this.clearRequests();
				return sendJson(res, 200, { ok: true });
			}
			return sendJson(res, 200, { requests: this.log });
		}
		if (path === '/__fake/script' && (req.method === 'PUT' || req.method === 'POST')) {
			try {
				this.setScript(JSON.parse(raw));
			} catch (error) {
				return sendJson(res, 400, { error: String((error as Error).message) });
			}
			return sendJson(res, 200, { ok: true });
		}
		if (path === '/__fake/script') return sendJson(res, 200, this.script);
		if (req.method === 'GET' && (path === '/v1/models' || path === '/models')) {
			return sendJson(res, 200, {
				object: 'list',
				data: [{ id: this.modelId, object: 'model', created: 1_700_000_000, owned_by: 'fake-model' }],
			});
		}
		if (req.method === 'POST' && (path === '/v1/chat/completions' || path === '/chat/completions')) {
			let body: any;
			try {
				body = JSON.parse(raw);
			} catch {
				return openAiError(res, 400, 'The request body is not JSON');
			}
			if (!Array.isArray(body?.messages)) return openAiError(res, 400, '`messages` is required');
			const turn = nextTurn(this.script, body.messages as ChatMessage[], (body.tools ?? []) as ChatTool[]);
			const stream = body.stream === true;
			this.log.push({ seq: ++this.seq, at: Date.now(), path, body, stream, turn });
			return stream ? this.streamTurn(res, body, turn) : this.replyTurn(res, body, turn);
		}
		return openAiError(res, 404, `The fake model does not serve ${req.method} ${path} (only /v1/models and /v1/chat/completions; turn off "Use Responses API")`);
	}

	private replyTurn(res: ServerResponse, body: any, turn: Turn): void {
		const message =
			turn.kind === 'answer'
				? { role: 'assistant', content: turn.text }
				: {
						role: 'assistant',
						content: null,
						tool_calls: turn.calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
					};
		sendJson(res, 200, {
			id: `chatcmpl-fake-${this.seq}`,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model: body.model ?? this.modelId,
			choices: [{ index: 0, message, logprobs: null, finish_reason: turn.kind === 'answer' ? 'stop' : 'tool_calls' }],
			usage: usageOf(body, turn),
		});
	}

	private streamTurn(res: ServerResponse, body: any, turn: Turn): void {
		res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
		const base = { id: `chatcmpl-fake-${this.seq}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model ?? this.modelId };
		const send = (choices: unknown[], extra: Record<string, unknown> = {}) => res.write(`data: ${JSON.stringify({ ...base, choices, ...extra })}\n\n`);
		send([{ index: 0, delta: { role: 'assistant', content: turn.kind === 'answer' ? '' : null }, finish_reason: null }]);
		if (turn.kind === 'answer') {
			for (let i = 0; i < turn.text.length; i += this.chunkSize) {
				send([{ index: 0, delta: { content: turn.text.slice(i, i + this.chunkSize) }, finish_reason: null }]);
			}
		} else {
			turn.calls.forEach((call, index) => {
				send([{ index: 0, delta: { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }, finish_reason: null }]);
				send([{ index: 0, delta: { tool_calls: [{ index, function: { arguments: call.arguments } }] }, finish_reason: null }]);
			});
		}
		send([{ index: 0, delta: {}, finish_reason: turn.kind === 'answer' ? 'stop' : 'tool_calls' }]);
		if (body.stream_options?.include_usage) send([], { usage: usageOf(body, turn) });
		res.end('data: [DONE]\n\n');
	}
}
