/**
 * The fake OpenAI-compatible model (tools/fake-model) as a child process, for the e2e tests and
 * `npm start`, with a client for its control API.
 *
 *   const model = await startFakeModel({ script });     // script object, or scriptFile
 *   model.baseUrl                                        // http://127.0.0.1:<port>/v1
 *   await model.requests()                               // recorded chat requests (bodies)
 *   await model.setScript(script); await model.clearRequests(); await model.stop();
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { controlCall, REPO } from './fake-platform.mjs';

export async function startFakeModel({ script, scriptFile, port = 0, quiet = true } = {}) {
	/** The script's own temp folder, when we wrote it: removed when the model stops. */
	let scriptDir;
	if (script && !scriptFile) {
		scriptDir = mkdtempSync(join(tmpdir(), 'cc-fake-model-'));
		scriptFile = join(scriptDir, 'script.json');
		writeFileSync(scriptFile, JSON.stringify(script, null, 2));
	}
	const removeScript = () => scriptDir && rmSync(scriptDir, { recursive: true, force: true });
	const env = { ...process.env, PORT: String(port), SCRIPT: scriptFile ?? '' };
	const child = spawn(
		process.execPath,
		[join(REPO, 'node_modules', 'ts-node', 'dist', 'bin.js'), '--transpile-only', join(REPO, 'tools', 'fake-model', 'cli.ts')],
		{ cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let out = '';
	const baseUrl = await new Promise((resolveUrl, reject) => {
		const timer = setTimeout(() => reject(new Error(`fake model did not start:\n${out}`)), 60_000);
		child.stdout.on('data', (d) => {
			out += d;
			if (!quiet) process.stdout.write(d);
			const match = /base URL:\s+(\S+)/.exec(out);
			if (match) {
				clearTimeout(timer);
				resolveUrl(match[1]);
			}
		});
		child.stderr.on('data', (d) => (out += d));
		child.on('exit', (code) => {
			removeScript();
			reject(new Error(`fake model exited ${code}:\n${out}`));
		});
	});
	const root = baseUrl.replace(/\/v1$/, '');
	const control = (method, path, body) => controlCall(root, method, path, body);
	return {
		child,
		baseUrl,
		/** Recorded chat requests: { seq, at, path, body, stream, turn }. */
		async requests() {
			return (await control('GET', '/__fake/requests')).requests;
		},
		clearRequests: () => control('DELETE', '/__fake/requests'),
		setScript: (next) => control('PUT', '/__fake/script', next),
		stop() {
			return new Promise((done) => {
				const stopped = () => {
					removeScript();
					done();
				};
				if (child.exitCode !== null) return stopped();
				child.removeAllListeners('exit');
				child.once('exit', stopped);
				child.kill('SIGTERM');
			});
		},
	};
}
