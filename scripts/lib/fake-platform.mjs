/**
 * The fake Customer-Care Platform (tools/fake-platform) as a child process, for the end-to-end
 * tests and `npm start`, plus a small client for its public API and its control API.
 *
 *   const fake = await startFakePlatform({ token });          // { strict: true }: the fake's strict mode (--strict); { platform: 'spec' }: the spec's reading
 *   fake.baseUrl, fake.backupUrl, fake.statusUrl, fake.domain, fake.token
 *   await fake.requests({ method: 'POST', path: '/acme/api/v1/tickets' })   // what n8n SENT
 *   await fake.api('GET', '/api/v1/agents')                                 // authenticated call
 *   await fake.control('POST', '/__control/calls', {...})                   // change the store
 *   await fake.stop();
 */
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A call of a fake's control API (no auth, JSON in and out): the fake platform's or the fake model's. */
export async function controlCall(root, method, path, body) {
	const res = await fetch(`${root}${path}`, {
		method,
		headers: body ? { 'Content-Type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	});
	const json = await res.json();
	if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
	return json;
}

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function startFakePlatform({ port = 0, backupPort = 0, token, domain = 'acme', seed, quiet = true, strict, platform } = {}) {
	const env = { ...process.env, PORT: String(port), BACKUP_PORT: String(backupPort), DOMAIN: domain };
	// Strict mode refuses what the spec marks required or limited; default: CC_FAKE_STRICT=1 in the environment.
	if (strict !== undefined) env.CC_FAKE_STRICT = strict ? '1' : '0';
	// The platform played: 'real' (default) or 'spec'; default: CC_FAKE_PLATFORM in the environment.
	if (platform !== undefined) env.CC_FAKE_PLATFORM = platform;
	if (token) env.TOKEN = token;
	if (seed !== undefined) env.SEED = String(seed);
	const child = spawn(
		process.execPath,
		[
			join(REPO, 'node_modules', 'ts-node', 'dist', 'bin.js'),
			'--transpile-only',
			join(REPO, 'tools', 'fake-platform', 'cli.ts'),
			...(env.CC_FAKE_STRICT === '1' ? ['--strict'] : []),
		],
		{ cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let out = '';
	const baseUrl = await new Promise((resolveUrl, reject) => {
		const timer = setTimeout(() => reject(new Error(`fake platform did not start:\n${out}`)), 60_000);
		const onData = (d) => {
			out += d;
			if (!quiet) process.stdout.write(d);
			const match = /base URL:\s+(\S+)/.exec(out);
			if (match) {
				clearTimeout(timer);
				resolveUrl(match[1]);
			}
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', (d) => (out += d));
		child.on('exit', (code) => reject(new Error(`fake platform exited ${code}:\n${out}`)));
	});
	const info = await (await fetch(`${baseUrl}/__control/info`)).json();
	const fake = {
		child,
		baseUrl,
		backupUrl: info.backupUrl,
		statusUrl: info.statusUrl,
		domain: info.domain,
		token: info.token,
		info,
		/** Control API call (no auth); returns the parsed JSON. */
		control: (method, path, body) => controlCall(baseUrl, method, path, body),
		/** An authenticated API call, as a client of the platform would make it. */
		async api(method, path, { query, body } = {}) {
			const url = new URL(`${baseUrl}/${fake.domain}${path}`);
			for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
			const res = await fetch(url, {
				method,
				headers: { Authorization: `Bearer ${fake.token}`, 'Content-Type': 'application/json' },
				body: body ? JSON.stringify(body) : undefined,
			});
			return { status: res.status, body: await res.json() };
		},
		/** Recorded requests (what clients sent), optionally filtered by method and path (exact or RegExp). */
		async requests({ method, path } = {}) {
			const { requests } = await fake.control('GET', '/__control/log');
			return requests.filter(
				(r) =>
					(!method || r.method === method) &&
					(!path || (path instanceof RegExp ? path.test(r.path) : r.path === path)),
			);
		},
		/** The server's figures of its log (tools/fake-platform/figures.ts), for requests whose path starts with `pathPrefix`. */
		async figures(pathPrefix = '') {
			const { figures } = await fake.control('POST', '/__control/figures', { pathPrefix });
			return figures;
		},
		async clearLog() {
			await fake.control('DELETE', '/__control/log');
		},
		stop() {
			return new Promise((done) => {
				if (child.exitCode !== null) return done();
				child.removeAllListeners('exit');
				child.once('exit', () => done());
				child.kill('SIGTERM');
			});
		},
	};
	return fake;
}

/** A client for a fake platform that is already running (e.g. the one `npm start` started). */
export async function connectFakePlatform(baseUrl) {
	const info = await (await fetch(`${baseUrl}/__control/info`)).json();
	const fake = {
		baseUrl,
		domain: info.domain,
		token: info.token,
		/** Control API call (no auth), as on a started one (the editor check's quota step uses it). */
		control: (method, path, body) => controlCall(baseUrl, method, path, body),
		async api(method, path, { query } = {}) {
			const url = new URL(`${baseUrl}/${fake.domain}${path}`);
			for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
			const res = await fetch(url, { method, headers: { Authorization: `Bearer ${fake.token}` } });
			return { status: res.status, body: await res.json() };
		},
	};
	return fake;
}
