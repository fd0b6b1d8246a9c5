/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * One cold load of our package by n8n-core, in a fresh process (started by load-time.ts):
 * n8n loads an installed community package with LazyPackageDirectoryLoader, which falls
 * back to the eager PackageDirectoryLoader when the package ships no dist/known metadata.
 */
import { parent } from './lib/child';

export interface LoadResult {
	requireCoreMs: number;
	loadMs: number;
	lazy: boolean;
	nodes: string[];
	credentials: string[];
	/** The node and credential descriptions n8n serves to the editor, as JSON. */
	typesJsonBytes: number;
	heapGrowthBytes: number;
}

parent.run(async () => {
	const { directory } = parent.input<{ directory: string }>();
	const beganCore = performance.now();
	const core = require('n8n-core') as typeof import('n8n-core');
	const requireCoreMs = performance.now() - beganCore;

	global.gc?.();
	const heapBefore = process.memoryUsage().heapUsed;
	const began = performance.now();
	const loader = new core.LazyPackageDirectoryLoader(directory);
	await loader.loadAll();
	const loadMs = performance.now() - began;
	const heapGrowthBytes = process.memoryUsage().heapUsed - heapBefore;

	const result: LoadResult = {
		requireCoreMs,
		loadMs,
		lazy: loader.isLazyLoaded,
		nodes: Object.keys(loader.nodeTypes),
		credentials: Object.keys(loader.credentialTypes),
		typesJsonBytes: Buffer.byteLength(JSON.stringify(loader.types)),
		heapGrowthBytes,
	};
	await parent.send({ type: 'result', ...result });
});
