/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * docs/architecture.md cannot drift from the code: every file under nodes/ is named there, every
 * import runs down the layers it lists (a layer may import its own folder and the layers below
 * it), the other layers reach the transport only through its front door (transport/index.ts),
 * the transport's own folders import downward too, and no import cycle exists anywhere in nodes/.
 * The layer order is written here from docs/architecture.md "Layers", not read from it.
 *
 * Every import counts, for the layers and for the cycles alike: value imports, type-only imports
 * (`import type`, `{ type X }`), re-exports (`export … from`) and side-effect imports. A type-only
 * cycle is still two files that cannot be read, moved or changed one without the other.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(__dirname, '../..');
const nodesDir = join(root, 'nodes');
const actionDir = join(nodesDir, 'CustomerCare');
const transportDir = join(actionDir, 'transport');
const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** Top to bottom, as docs/architecture.md draws them. */
const LAYERS = [
	'node',
	'methods',
	'resources',
	'customFields',
	'engine',
	'output',
	'description',
	'checks',
	'definitions',
	'transport',
	'api',
	'basics',
];

/** The transport's folders, top to bottom, as docs/architecture.md draws them. */
const TRANSPORT_FOLDERS = ['lists', 'request', 'answers', 'rate'];

/** The type-only imports that go up, each named in docs/architecture.md "Layers". */
const TYPE_ONLY_UPWARD = new Set(['output/simplify.ts → engine/spec.ts']);

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

/** `transport/rate/throttle.ts` → `rate`; the front door `transport/index.ts` → undefined. */
function transportFolderOf(file: string): string | undefined {
	const parts = relative(transportDir, file).split('/');
	return parts.length > 1 ? parts[0] : undefined;
}

interface Import {
	from: string;
	to: string;
	typeOnly: boolean;
}

/** The relative imports of a file, resolved to files: `./x` is `x.ts`, or `x/index.ts` for a folder. */
function importsOf(file: string): Import[] {
	const source = readFileSync(file, 'utf8');
	const found: Import[] = [];
	// `import …`, `import type …` and `export … from` alike, over several lines; then `import './x'`.
	for (const match of source.matchAll(
		/^(?:import|export)\s+(type\s+)?[^;]*?\sfrom\s+'(\.[^']+)';|^import\s+'(\.[^']+)';/gms,
	)) {
		const base = resolve(dirname(file), match[2] ?? match[3]);
		const to = existsSync(`${base}.ts`) ? `${base}.ts` : join(base, 'index.ts');
		found.push({ from: file, to, typeOnly: match[1] !== undefined });
	}
	return found;
}

const sourceFiles = filesUnder(nodesDir);
const imports = sourceFiles.flatMap(importsOf);
/** `transport/rate/throttle.ts` for the action node's files, `CustomerCareTrigger/cursor.ts` for the trigger's. */
const name = (file: string) => relative(nodesDir, file).replace(/^CustomerCare\//, '');

/**
 * The import cycles of a graph: its strongly connected components of more than one file, or of
 * one file that imports itself (Tarjan's algorithm). Each is given as a closed path of imports.
 */
function cyclesOf(edges: Import[]): string[] {
	const next = new Map<string, string[]>();
	for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const components: string[][] = [];
	const visit = (file: string) => {
		index.set(file, index.size);
		low.set(file, index.get(file)!);
		stack.push(file);
		onStack.add(file);
		for (const to of next.get(file) ?? []) {
			if (!index.has(to)) {
				visit(to);
				low.set(file, Math.min(low.get(file)!, low.get(to)!));
			} else if (onStack.has(to)) {
				low.set(file, Math.min(low.get(file)!, index.get(to)!));
			}
		}
		if (low.get(file) !== index.get(file)) return;
		const component: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			component.push(member);
		} while (member !== file);
		if (component.length > 1 || (next.get(file) ?? []).includes(file)) components.push(component);
	};
	for (const file of next.keys()) if (!index.has(file)) visit(file);
	// A closed path through the component, so the report reads as the imports that make it.
	return components.map((component) => {
		const members = new Set(component);
		const start = component.sort()[0];
		const path = [start];
		const seen = new Set([start]);
		for (;;) {
			const from = path[path.length - 1];
			const to = (next.get(from) ?? []).filter((file) => members.has(file));
			const onward = to.find((file) => !seen.has(file));
			if (onward === undefined) {
				path.push(to.includes(start) ? start : to[0]);
				break;
			}
			path.push(onward);
			seen.add(onward);
		}
		return path.map(name).join(' → ');
	});
}

describe('docs/architecture.md', () => {
	test('names every file under nodes/', () => {
		expect(sourceFiles.length).toBeGreaterThan(50);
		const missing = sourceFiles
			.map((file) => relative(nodesDir, file))
			.filter((path) => {
				if (architecture.includes(`\`${path}\``)) return false;
				// An operation's file or a resource's index, under the row `CustomerCare/resources/<resource>/<operation>.ts`.
				if (/^CustomerCare\/resources\/[^/]+\/[^/]+\.ts$/.test(path) && !path.includes('/sales/'))
					return false;
				// A folder's row may list its files by name: `CustomerCare/resources/deal/` … `create.ts`.
				const folderRow = architecture
					.split('\n')
					.find((line) => line.includes(`\`${dirname(path)}/\``));
				return !folderRow?.includes(`\`${path.split('/').pop()}\``);
			});
		expect(missing).toEqual([]);
	});

	test('every layer it draws is a folder of the action node, and every folder is a layer', () => {
		const folders = readdirSync(actionDir).filter((folder) =>
			statSync(join(actionDir, folder)).isDirectory(),
		);
		expect(folders.sort()).toEqual(LAYERS.filter((layer) => layer !== 'node').sort());
		for (const folder of folders) {
			expect(architecture).toContain(`  ${folder}/`);
			expect(() => statSync(join(actionDir, folder, 'README.md'))).not.toThrow();
		}
	});

	test("every folder of the transport it draws is one, with its README, and the trigger's README is there", () => {
		const folders = readdirSync(transportDir).filter((folder) =>
			statSync(join(transportDir, folder)).isDirectory(),
		);
		expect(folders.sort()).toEqual([...TRANSPORT_FOLDERS].sort());
		for (const folder of folders) {
			expect(architecture).toContain(`    ${folder}/`);
			expect(() => statSync(join(transportDir, folder, 'README.md'))).not.toThrow();
		}
		expect(() => statSync(join(nodesDir, 'CustomerCareTrigger', 'README.md'))).not.toThrow();
	});

	test('imports run down the layers', () => {
		const upward: string[] = [];
		for (const { from, to, typeOnly } of imports) {
			const [fromLayer, toLayer] = [layerOf(from), layerOf(to)];
			if (fromLayer === toLayer || LAYERS.indexOf(toLayer) > LAYERS.indexOf(fromLayer)) continue;
			const edge = `${name(from)} → ${name(to)}`;
			if (typeOnly && TYPE_ONLY_UPWARD.has(edge)) continue;
			upward.push(edge);
		}
		expect(upward).toEqual([]);
	});

	test('the other layers reach the transport through its front door only', () => {
		const frontDoor = join(transportDir, 'index.ts');
		const aside = imports
			.filter(
				({ from, to }) =>
					!from.startsWith(`${transportDir}/`) &&
					to.startsWith(`${transportDir}/`) &&
					to !== frontDoor,
			)
			.map(({ from, to }) => `${name(from)} → ${name(to)}`);
		expect(aside).toEqual([]);
	});

	test("imports run down the transport's folders, and none goes back out through the front door", () => {
		const wrong: string[] = [];
		for (const { from, to } of imports) {
			if (!from.startsWith(`${transportDir}/`) || !to.startsWith(`${transportDir}/`)) continue;
			const [fromFolder, toFolder] = [transportFolderOf(from), transportFolderOf(to)];
			if (fromFolder === undefined) continue; // the front door itself
			if (
				toFolder === undefined ||
				TRANSPORT_FOLDERS.indexOf(toFolder) < TRANSPORT_FOLDERS.indexOf(fromFolder)
			) {
				wrong.push(`${name(from)} → ${name(to)}`);
			}
		}
		expect(wrong).toEqual([]);
	});
});

test('the import scanner reads every relative module a file names, and each resolves to a file', () => {
	// A form the scanner does not read (require, import(), `import x = require`, double quotes, a
	// missing semicolon) or a specifier it resolves to nothing (`./x.js`) would hide its import from
	// the layer, front-door and cycle checks above.
	const unread: string[] = [];
	for (const file of sourceFiles) {
		const specifiers = [...readFileSync(file, 'utf8').matchAll(/['"`](\.\.?\/[^'"`]*)['"`]/g)]
			.length;
		const read = imports.filter((edge) => edge.from === file);
		if (specifiers !== read.length)
			unread.push(`${name(file)}: ${specifiers} relative specifiers, ${read.length} imports read`);
		for (const edge of read)
			if (!existsSync(edge.to)) unread.push(`${name(file)} → ${name(edge.to)}: no such file`);
	}
	expect(unread).toEqual([]);
});

describe('import cycles', () => {
	test('the cycle finder finds a cycle inside one folder, one across folders and a file importing itself', () => {
		const edge = (from: string, to: string): Import => ({
			from: join(actionDir, from),
			to: join(actionDir, to),
			typeOnly: false,
		});
		expect(
			cyclesOf([
				edge('a/x.ts', 'a/y.ts'),
				edge('a/y.ts', 'a/z.ts'),
				edge('a/z.ts', 'a/x.ts'),
				edge('a/z.ts', 'b/w.ts'),
			]),
		).toEqual(['a/x.ts → a/y.ts → a/z.ts → a/x.ts']);
		expect(
			cyclesOf([edge('a/x.ts', 'b/y.ts'), { ...edge('b/y.ts', 'a/x.ts'), typeOnly: true }]),
		).toEqual(['a/x.ts → b/y.ts → a/x.ts']);
		expect(cyclesOf([edge('a/x.ts', 'a/x.ts')])).toEqual(['a/x.ts → a/x.ts']);
		expect(
			cyclesOf([edge('a/x.ts', 'a/y.ts'), edge('a/x.ts', 'a/z.ts'), edge('a/y.ts', 'a/z.ts')]),
		).toEqual([]);
	});

	test('no file under nodes/ imports itself back, through any chain of imports (type-only ones included)', () => {
		expect(imports.length).toBeGreaterThan(300);
		expect(cyclesOf(imports)).toEqual([]);
	});
});
