/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * n8n's own HTTP Request node in our engine harness, for the side-by-side benchmark.
 *
 * n8n-nodes-base is large (≈ 800 packages, ≈ 800 MB with its dependencies), so it is not a
 * devDependency (every `npm ci` would pay for it). The benchmark installs one pinned version,
 * once, into a cache folder outside the repository and loads the HTTP Request node from there.
 * The node resolves `n8n-workflow` to the repository's copy (the same version) so that the
 * engine and the node share one set of classes (errors are checked with `instanceof`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { homedir } from 'node:os';
import { join, sep } from 'node:path';
import type { ICredentialType, IVersionedNodeType } from 'n8n-workflow';

import { nodeTypes, registerCredentialType } from '../tools/engine-harness/harness';
import { REPO_ROOT } from './lib/report';

/** The n8n-nodes-base release of our n8n-core 2.41.1 (both depend on n8n-workflow 2.41.0). */
export const NODES_BASE_VERSION = '2.41.1';
export const HTTP_REQUEST_NODE_TYPE = 'n8n-nodes-base.httpRequest';

export function cacheDir(): string {
	const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
	return process.env.BENCH_NODES_BASE_DIR || join(base, 'n8n-nodes-customer-care', 'bench-nodes-base');
}

function packageDir() {
	return join(cacheDir(), 'node_modules', 'n8n-nodes-base');
}

/** Installs n8n-nodes-base into the cache folder unless that version is already there. Returns seconds spent. */
export function ensureNodesBase(log: (line: string) => void = console.log): number {
	const dir = cacheDir();
	const marker = join(dir, `.installed-${NODES_BASE_VERSION}`);
	if (existsSync(marker) && existsSync(join(packageDir(), 'package.json'))) return 0;
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-nodes-base', private: true }, null, 2)}\n`);
	log(`Installing n8n-nodes-base@${NODES_BASE_VERSION} into ${dir} (once; reused by later runs) ...`);
	const started = Date.now();
	execFileSync(
		'npm',
		[
			'install',
			`n8n-nodes-base@${NODES_BASE_VERSION}`,
			'--ignore-scripts',
			'--no-save',
			'--no-package-lock',
			'--no-audit',
			'--no-fund',
			'--loglevel=error',
		],
		{ cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] },
	);
	writeFileSync(marker, `${new Date().toISOString()}\n`);
	const seconds = (Date.now() - started) / 1000;
	log(`... installed in ${seconds.toFixed(0)} s`);
	return seconds;
}

let redirected = false;

/** `n8n-workflow` required from inside the cache folder resolves to the repository's copy. */
function shareN8nWorkflow() {
	if (redirected) return;
	redirected = true;
	const ours = join(REPO_ROOT, 'node_modules');
	const cache = cacheDir() + sep;
	const loader = Module as unknown as {
		_resolveFilename: (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) => string;
	};
	const original = loader._resolveFilename;
	loader._resolveFilename = function (request, parent, ...rest) {
		if ((request === 'n8n-workflow' || request.startsWith('n8n-workflow/')) && parent?.filename?.startsWith(cache)) {
			return require.resolve(request, { paths: [ours] });
		}
		return original.call(this, request, parent, ...rest);
	};
}

export interface HttpRequestNode {
	type: string;
	version: number;
	credentialType: string;
}

/**
 * Registers n8n's HTTP Request node (all its versions; we run the default one) and the
 * Bearer Auth credential type in the harness. The cache must be installed (ensureNodesBase).
 */
export function registerHttpRequestNode(): HttpRequestNode {
	const dir = packageDir();
	if (!existsSync(join(dir, 'package.json'))) {
		throw new Error(`n8n-nodes-base is not installed in ${cacheDir()}; run ensureNodesBase() first`);
	}
	const installed = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
		version: string;
		dependencies: Record<string, string>;
	};
	const ourWorkflow = (
		JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', 'n8n-workflow', 'package.json'), 'utf8')) as { version: string }
	).version;
	if (installed.dependencies['n8n-workflow'] !== ourWorkflow) {
		console.warn(
			`note: n8n-nodes-base ${installed.version} was built against n8n-workflow ${installed.dependencies['n8n-workflow']}; we run ${ourWorkflow}`,
		);
	}
	shareN8nWorkflow();
	const { HttpRequest } = require(join(dir, 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js')) as {
		HttpRequest: new () => IVersionedNodeType;
	};
	const { HttpBearerAuth } = require(join(dir, 'dist', 'credentials', 'HttpBearerAuth.credentials.js')) as {
		HttpBearerAuth: new () => ICredentialType;
	};
	const node = new HttpRequest();
	nodeTypes.register(HTTP_REQUEST_NODE_TYPE, node);
	registerCredentialType(new HttpBearerAuth());
	return { type: HTTP_REQUEST_NODE_TYPE, version: node.description.defaultVersion ?? 1, credentialType: 'httpBearerAuth' };
}
