/**
 * Builds this package, packs it with `npm pack` (so the published `files` list is what gets
 * tested) and installs the tarball where n8n loads community packages:
 * `<N8N_USER_FOLDER>/.n8n/nodes/node_modules/n8n-nodes-customer-care`.
 *
 * CC_PACK_REPO=<dir> packs another checkout of this package (e.g. an exported commit) instead.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { run } from './install-n8n.mjs';
import { REPO } from './fake-platform.mjs';

export const PACKAGE_NAME = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).name;

/** Every file under `dir` (relative paths), or none when it is missing. */
function filesUnder(dir, rel = '') {
	const here = join(dir, rel);
	if (!existsSync(here)) return [];
	return readdirSync(here, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesUnder(dir, join(rel, entry.name)) : [join(rel, entry.name)],
	);
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : undefined);

/**
 * True when `npm run build` would write dist/ as it is: the .js of every TypeScript source (tsc
 * rewrites them all at each build) is there and newer than every source and build file, and
 * each asset gulp copies is there with its source's bytes. `npm start` then skips the build.
 */
export function distIsCurrent(repo = REPO) {
	const dist = join(repo, 'dist');
	// tsconfig.build.json: credentials/ and nodes/, rootDir ".".
	const typescript = ['nodes', 'credentials'].flatMap((dir) =>
		filesUnder(join(repo, dir))
			.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
			.map((f) => join(dir, f)),
	);
	const compiled = typescript.map((f) => mtime(join(dist, f.replace(/\.ts$/, '.js'))));
	if (compiled.length === 0 || compiled.includes(undefined)) return false;
	// A .js whose source is gone (a moved or deleted file) would be packed: build again, which empties dist/.
	const expected = new Set(typescript.map((f) => f.replace(/\.ts$/, '.js')));
	const built = ['nodes', 'credentials'].flatMap((dir) =>
		filesUnder(join(dist, dir)).filter((f) => f.endsWith('.js')).map((f) => join(dir, f)),
	);
	if (built.some((f) => !expected.has(f))) return false;
	const sources = [...typescript, 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'gulpfile.js'].map((f) => mtime(join(repo, f)) ?? 0);
	if (Math.max(...sources) >= Math.min(...compiled)) return false;
	// gulpfile.js: icons → dist/icons, nodes/**/*.node.json and output-schemas/** → dist/nodes.
	const copies = [
		...filesUnder(join(repo, 'icons')).filter((f) => /\.(png|svg)$/.test(f)).map((f) => [join(repo, 'icons', f), join(dist, 'icons', f)]),
		...filesUnder(join(repo, 'nodes')).filter((f) => f.endsWith('.node.json')).map((f) => [join(repo, 'nodes', f), join(dist, 'nodes', f)]),
		...filesUnder(join(repo, 'output-schemas')).filter((f) => f.endsWith('.json')).map((f) => [join(repo, 'output-schemas', f), join(dist, 'nodes', f)]),
	];
	return copies.every(([source, copy]) => existsSync(copy) && readFileSync(copy).equals(readFileSync(source)));
}

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
