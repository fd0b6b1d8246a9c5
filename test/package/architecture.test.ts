/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * docs/architecture.md cannot drift from the code: every file under nodes/ is named there, and
 * every import runs down the layers it lists (a layer may import its own folder and the layers
 * below it). The layer order is written here from docs/architecture.md "Layers", not read from it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(__dirname, '../..');
const nodesDir = join(root, 'nodes');
const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** Top to bottom, as docs/architecture.md draws them. */
const LAYERS = ['node', 'methods', 'resources', 'customFields', 'engine', 'output', 'description', 'checks', 'definitions', 'transport', 'api'];

/** The type-only imports that go up, each named in docs/architecture.md "Layers". */
const TYPE_ONLY_UPWARD = new Set(['api/endpoints.ts → transport/list.ts', 'output/simplify.ts → engine/spec.ts']);

function filesUnder(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
	});
}

/** `CustomerCare/engine/run.ts` → `engine`; the node files and the trigger are the top layer. */
function layerOf(file: string): string {
	const [top, folder] = relative(nodesDir, file).split('/');
	if (top === 'CustomerCareTrigger' || folder.endsWith('.ts')) return 'node';
	return folder;
}

const sourceFiles = filesUnder(nodesDir);

describe('docs/architecture.md', () => {
	test('names every file under nodes/', () => {
		expect(sourceFiles.length).toBeGreaterThan(50);
		const missing = sourceFiles
			.map((file) => relative(nodesDir, file))
			.filter((path) => {
				if (architecture.includes(`\`${path}\``)) return false;
				// An operation's file or a resource's index, under the row `CustomerCare/resources/<resource>/<operation>.ts`.
				if (/^CustomerCare\/resources\/[^/]+\/[^/]+\.ts$/.test(path) && !path.includes('/sales/')) return false;
				// A folder's row may list its files by name: `CustomerCare/resources/deal/` … `create.ts`.
				const folderRow = architecture
					.split('\n')
					.find((line) => line.includes(`\`${dirname(path)}/\``));
				return !folderRow?.includes(`\`${path.split('/').pop()}\``);
			});
		expect(missing).toEqual([]);
	});

	test('every layer it draws is a folder of the action node, and every folder is a layer', () => {
		const folders = readdirSync(join(nodesDir, 'CustomerCare')).filter((name) =>
			statSync(join(nodesDir, 'CustomerCare', name)).isDirectory(),
		);
		expect(folders.sort()).toEqual(LAYERS.filter((layer) => layer !== 'node').sort());
		for (const folder of folders) {
			expect(architecture).toContain(`  ${folder}/`);
			expect(() => statSync(join(nodesDir, 'CustomerCare', folder, 'README.md'))).not.toThrow();
		}
	});

	test('imports run down the layers', () => {
		const upward: string[] = [];
		for (const file of sourceFiles) {
			const source = readFileSync(file, 'utf8');
			// Imports and re-exports (`export … from`) alike.
			for (const match of source.matchAll(/^(?:import|export) (type )?[^;]*? from '(\.[^']+)';/gms)) {
				const target = resolve(dirname(file), match[2]) + '.ts';
				const [from, to] = [layerOf(file), layerOf(target)];
				if (from === to || LAYERS.indexOf(to) > LAYERS.indexOf(from)) continue;
				const edge = `${relative(join(nodesDir, 'CustomerCare'), file)} → ${relative(join(nodesDir, 'CustomerCare'), target)}`;
				if (match[1] && TYPE_ONLY_UPWARD.has(edge)) continue;
				upward.push(edge);
			}
		}
		expect(upward).toEqual([]);
	});
});
