/**
 * Builds this package, packs it with `npm pack` (so the published `files` list is what gets
 * tested) and installs the tarball where n8n loads community packages:
 * `<N8N_USER_FOLDER>/.n8n/nodes/node_modules/n8n-nodes-customer-care`.
 *
 * CC_PACK_REPO=<dir> packs another checkout of this package (e.g. an exported commit) instead.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

import { run } from './install-n8n.mjs';
import { REPO } from './fake-platform.mjs';

export const PACKAGE_NAME = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).name;

/** `npm run build` then `npm pack` into `outDir`; returns the tarball's path. */
export async function buildAndPack(outDir, { build = true, repo = process.env.CC_PACK_REPO || REPO } = {}) {
	mkdirSync(outDir, { recursive: true });
	if (build) await run('npm', ['run', 'build'], { cwd: repo });
	const out = await run('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: repo });
	const [info] = JSON.parse(out.slice(out.indexOf('[')));
	return { tarball: join(outDir, info.filename), files: info.files.map((f) => f.path) };
}

/** Installs the tarball into `<userFolder>/.n8n/nodes` the way n8n installs community packages. */
export async function installIntoN8n(tarball, userFolder) {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	if (!existsSync(join(nodesDir, 'package.json'))) {
		writeFileSync(join(nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }));
	}
	// n8n-workflow is a peer dependency that n8n itself provides: never install a copy.
	await run('npm', ['install', tarball, '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: nodesDir,
	});
	const installed = join(nodesDir, 'node_modules', PACKAGE_NAME);
	if (!existsSync(join(installed, 'package.json'))) throw new Error(`tarball not installed at ${installed}`);
	return installed;
}
