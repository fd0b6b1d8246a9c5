/**
 * Before the workers start: every TypeScript file the tests can load is compiled once, in this one
 * process, into the store of test/typescript-transform.js. On a warm run every file is already
 * there and this only hashes them.
 */
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { compile } = require('./typescript-transform');

const ROOT = join(__dirname, '..');
const FOLDERS = ['credentials', 'nodes', 'tools', 'test'];

function typescriptFiles(dir) {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typescriptFiles(path);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
	});
}

module.exports = async function compileTypescriptOnce(_globalConfig, projectConfig) {
	const transformOptions = {
		config: projectConfig,
		configString: JSON.stringify(projectConfig),
		cacheFS: new Map(),
		instrument: false,
		supportsDynamicImport: true,
		supportsExportNamespaceFrom: true,
		supportsStaticESM: false,
		supportsTopLevelAwait: true,
		transformerConfig: {},
	};
	for (const file of FOLDERS.flatMap((folder) => typescriptFiles(join(ROOT, folder)))) {
		compile(readFileSync(file, 'utf8'), file, transformOptions);
	}
};
