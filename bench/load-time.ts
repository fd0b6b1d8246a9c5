/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Benchmark 5: what our package costs n8n at start-up: the time n8n-core takes to load its
 * nodes and credentials from the built dist/ (cold, a fresh process each time) and the size
 * of dist/ and of the npm tarball.
 *
 *   npx ts-node --transpile-only bench/load-time.ts [--no-build] [--reps=7]
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { Child } from './lib/child';
import { median, printTable, REPO_ROOT, round, writeResults, type Cell } from './lib/report';
import type { LoadResult } from './load-time.worker';

function args() {
	const argv = process.argv.slice(2);
	const reps = argv.find((arg) => arg.startsWith('--reps='))?.split('=')[1];
	return { build: !argv.includes('--no-build'), reps: Number(reps ?? 7) };
}

function sizeOf(directory: string): { bytes: number; files: number; jsBytes: number } {
	let bytes = 0;
	let files = 0;
	let jsBytes = 0;
	const walk = (folder: string) => {
		for (const entry of readdirSync(folder, { withFileTypes: true })) {
			const path = join(folder, entry.name);
			if (entry.isDirectory()) walk(path);
			if (!entry.isFile()) continue;
			const size = statSync(path).size;
			bytes += size;
			files++;
			if (entry.name.endsWith('.js')) jsBytes += size;
		}
	};
	walk(directory);
	return { bytes, files, jsBytes };
}

const kib = (bytes: number) => round(bytes / 1024, 1);

async function main() {
	const options = args();
	let buildMs: number | undefined;
	if (options.build) {
		const began = performance.now();
		try {
			execFileSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'pipe', encoding: 'utf8' });
		} catch (error) {
			const { stdout, stderr } = error as { stdout?: string; stderr?: string };
			throw new Error(`npm run build failed:\n${stdout ?? ''}${stderr ?? ''}`);
		}
		buildMs = performance.now() - began;
	}
	const dist = sizeOf(join(REPO_ROOT, 'dist'));
	const pack = (
		JSON.parse(
			execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
				cwd: REPO_ROOT,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore'],
			}),
		) as Array<{ size: number; unpackedSize: number; entryCount: number }>
	)[0];

	const loads: LoadResult[] = [];
	for (let rep = 0; rep < options.reps; rep++) {
		const child = new Child(join(__dirname, 'load-time.worker.ts'), { directory: REPO_ROOT }, { exposeGc: true });
		loads.push((await child.next('result')) as unknown as LoadResult);
		await child.exit();
	}
	const first = loads[0];
	const loadMs = loads.map((load) => load.loadMs);

	printTable(
		`5. Load-time cost: n8n-core's LazyPackageDirectoryLoader on dist/ (cold process, ${options.reps} runs)`,
		['what', 'value'],
		[
			['load time, median (ms)', round(median(loadMs), 1)],
			['load time, min–max (ms)', `${round(Math.min(...loadMs), 1)}–${round(Math.max(...loadMs), 1)}`],
			['require("n8n-core") itself, median (ms)', round(median(loads.map((load) => load.requireCoreMs)), 0)],
			['lazy-loaded (dist/known present)', first.lazy ? 'yes' : 'no: eager fallback'],
			['nodes loaded', first.nodes.join(', ')],
			['credentials loaded', first.credentials.join(', ')],
			['descriptions served to the editor (KiB of JSON)', kib(first.typesJsonBytes)],
			['heap growth of the load (KiB)', kib(median(loads.map((load) => load.heapGrowthBytes)))],
			['dist/ size (KiB)', kib(dist.bytes)],
			['dist/ files', dist.files],
			['dist/ JavaScript (KiB)', kib(dist.jsBytes)],
			['npm tarball (KiB)', kib(pack.size)],
			['npm tarball unpacked (KiB), files', `${kib(pack.unpackedSize)}, ${pack.entryCount}`],
			['npm run build (s)', buildMs === undefined ? 'not run (--no-build)' : round(buildMs / 1000, 1)],
		] as Cell[][],
	);
	const file = writeResults('load-time', {
		command: 'npm run bench',
		loader: 'LazyPackageDirectoryLoader',
		loads,
		dist,
		pack,
		buildMs,
	});
	console.log(`\nWritten: ${file}`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
