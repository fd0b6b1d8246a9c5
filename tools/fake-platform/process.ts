/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The fake platform in a process of its own (the standalone CLI), driven through its control
 * API. Timing tests use it: in the test's own process, a busy event loop would stamp arrivals
 * late and in bunches, and the log would show a rate the client never sent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import type { FakePlatformOptions, Fault, RecordedRequest } from './index';

export class FakePlatformProcess {
	private constructor(
		private readonly child: ChildProcess,
		readonly baseUrl: string,
		readonly backupUrl: string,
		readonly statusUrl: string,
		readonly domain: string,
		readonly token: string,
	) {}

	static async start(env: Record<string, string> = {}): Promise<FakePlatformProcess> {
		const cli = path.join(__dirname, 'cli.ts');
		const child = spawn(process.execPath, ['-r', require.resolve('ts-node/register/transpile-only'), cli], {
			env: { ...process.env, PORT: '0', BACKUP_PORT: '0', ...env },
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		const banner = await new Promise<string>((resolve, reject) => {
			let text = '';
			child.stdout!.on('data', (chunk: Buffer) => {
				text += chunk.toString();
				if (text.includes('Press Ctrl+C')) resolve(text);
			});
			child.once('exit', (code) => reject(new Error(`fake platform exited with ${code}: ${text}`)));
		});
		const field = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(banner)?.[1] ?? '';
		return new FakePlatformProcess(
			child,
			field('base URL'),
			field('backup URL'),
			field('status URL'),
			field('domain'),
			field('API token'),
		);
	}

	private async control(method: string, route: string, body?: unknown): Promise<Record<string, unknown>> {
		const response = await fetch(`${this.baseUrl}/__control/${route}`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`control ${method} ${route}: ${response.status} ${await response.text()}`);
		return (await response.json()) as Record<string, unknown>;
	}

	async requests(): Promise<RecordedRequest[]> {
		return (await this.control('GET', 'log')).requests as RecordedRequest[];
	}

	async clearLog() {
		await this.control('DELETE', 'log');
	}

	async inject(fault: Fault) {
		await this.control('POST', 'faults', fault);
	}

	async clearFaults() {
		await this.control('DELETE', 'faults');
	}

	async setRateLimit(rateLimit: FakePlatformOptions['rateLimit'] & { reset?: boolean }) {
		await this.control('POST', 'rate-limit', rateLimit);
	}

	async resetRateLimit() {
		await this.control('DELETE', 'rate-limit');
	}

	async close() {
		if (this.child.exitCode !== null) return;
		await new Promise<void>((resolve) => {
			this.child.once('exit', () => resolve());
			this.child.kill('SIGTERM');
		});
	}
}
