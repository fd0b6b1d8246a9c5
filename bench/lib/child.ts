/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Each measured scenario runs in a child process of its own (a fresh heap, so one scenario's
 * memory peak cannot mix with another's). Children are TypeScript run by ts-node and talk to
 * the parent over Node's IPC channel with small messages: { type, ...fields }.
 */
import { fork, type ChildProcess } from 'node:child_process';

export interface Message {
	type: string;
	[key: string]: unknown;
}

export class Child {
	private readonly inbox: Message[] = [];

	private waiting: ((message: Message) => void) | undefined;

	private failure: Error | undefined;

	private readonly process: ChildProcess;

	constructor(script: string, input: object, options: { exposeGc?: boolean } = {}) {
		this.process = fork(script, [JSON.stringify(input)], {
			execArgv: ['-r', 'ts-node/register/transpile-only', ...(options.exposeGc ? ['--expose-gc'] : [])],
			env: { ...process.env, N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'silent' },
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		this.process.on('message', (message: Message) => this.deliver(message));
		this.process.on('exit', (code, signal) => {
			if (code !== 0) this.fail(new Error(`${script} exited with ${code ?? signal}`));
			else this.fail(new Error(`${script} exited before answering`));
		});
	}

	private deliver(message: Message) {
		if (message.type === 'error') {
			this.fail(new Error(String(message.message)));
			return;
		}
		const wake = this.waiting;
		if (wake) {
			this.waiting = undefined;
			wake(message);
		} else this.inbox.push(message);
	}

	private fail(error: Error) {
		this.failure ??= error;
		const wake = this.waiting;
		this.waiting = undefined;
		wake?.({ type: 'error', message: error.message });
	}

	/** The child's next message, which must be of this type; the child is killed after `timeoutMs`. */
	async next(type: string, timeoutMs = 180_000): Promise<Message> {
		let timer: NodeJS.Timeout | undefined;
		const message =
			this.inbox.shift() ??
			(this.failure
				? { type: 'error', message: this.failure.message }
				: await new Promise<Message>((resolve) => {
						this.waiting = resolve;
						timer = setTimeout(() => {
							this.process.kill();
							this.fail(new Error(`no "${type}" from the child within ${timeoutMs / 1000} s`));
						}, timeoutMs);
					}));
		clearTimeout(timer);
		if (message.type !== type) throw new Error(String(message.message ?? `expected "${type}", got "${message.type}"`));
		return message;
	}

	send(message: Message) {
		this.process.send(message);
	}

	async exit(): Promise<void> {
		if (this.process.exitCode !== null) return;
		await new Promise((resolve) => this.process.once('exit', resolve));
	}
}

/** In a child: the input the parent gave, and the ways to answer it. */
export const parent = {
	input<T>(): T {
		return JSON.parse(process.argv[2] ?? '{}') as T;
	},
	async send(message: Message): Promise<void> {
		await new Promise<void>((resolve) => (process.send ? process.send(message, undefined, {}, () => resolve()) : resolve()));
	},
	async next(type: string): Promise<Message> {
		return await new Promise((resolve, reject) => {
			process.once('message', (message: Message) =>
				message.type === type ? resolve(message) : reject(new Error(`expected "${type}", got "${message.type}"`)),
			);
		});
	},
	/**
	 * Runs the child's body, then exits (keep-alive sockets and timers of the code under test
	 * must not keep it running); an error goes to the parent as { type: 'error' }.
	 */
	run(body: () => Promise<void>) {
		body()
			.then(() => process.exit(0))
			.catch(async (error: Error) => {
				await this.send({ type: 'error', message: error.stack ?? String(error) });
				process.exit(1);
			});
	},
};
