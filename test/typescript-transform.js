/**
 * The tests' TypeScript transform: ts-jest, compiled once per file for the whole run.
 *
 * Jest keeps a transform cache per project and per worker start, and ts-jest loads TypeScript in
 * every worker just to compute a cache key. On a fresh clone (empty cache) the six workers each
 * loaded TypeScript and compiled the same node files side by side: about 80 s of CPU more than a
 * warm run (docs/testing.md, "What makes `npm test` quick"). Here the cache key is a hash of the file,
 * with no TypeScript loaded; the compiled code is kept in one store shared by every project and
 * worker; and test/global-setup.js fills the store in one process before the workers start.
 * Output is ts-jest's own (isolatedModules: transpile only, inline source maps).
 */
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');

/** What the compiled code depends on besides the file: this transform, the compiler settings, the versions. */
const VERSION = createHash('sha1')
	.update(readFileSync(__filename))
	.update(readFileSync(join(ROOT, 'tsconfig.json')))
	.update(require('ts-jest/package.json').version)
	.update(require('typescript/package.json').version)
	.digest('hex');

const keyOf = (source, path) => createHash('sha1').update(VERSION).update('\0').update(path).update('\0').update(source).digest('hex');

const storeOf = (cacheDirectory) => join(cacheDirectory, 'customer-care-typescript');

let tsJest;

/** ts-jest's output for the file, from the store or compiled now and kept there. */
function compile(source, path, transformOptions) {
	const store = storeOf(transformOptions.config.cacheDirectory);
	const file = join(store, `${keyOf(source, path)}.js`);
	try {
		return { code: readFileSync(file, 'utf8') };
	} catch {
		// Not compiled yet.
	}
	tsJest ??= require('ts-jest').default.createTransformer();
	const { code } = tsJest.process(source, path, transformOptions);
	mkdirSync(store, { recursive: true });
	// A worker may read the file while another writes it: write aside, then rename (atomic).
	const partial = `${file}.${process.pid}`;
	writeFileSync(partial, code);
	renameSync(partial, file);
	return { code };
}

module.exports = {
	getCacheKey: (source, path) => keyOf(source, path),
	process: compile,
	compile,
};
