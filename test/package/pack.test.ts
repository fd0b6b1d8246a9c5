/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * What `npm pack` would publish: the built package only (dist/, package.json, README, LICENSE and
 * the `main` stub), with both nodes, the credential, light and dark icons, the codex files and
 * the output schemas n8n reads. It builds the package first when dist/ is missing (`.ci/run` has built it already).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, sep } from 'node:path';

const ROOT = join(__dirname, '..', '..');

interface PackedFile {
	path: string;
	size: number;
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	main: string;
	n8n: { nodes: string[]; credentials: string[] };
};

function packList(): string[] {
	const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const [info] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ files: PackedFile[] }>;
	return info.files.map((file) => file.path).sort();
}

/** The `file:` icons of a built node or credential, as paths inside the package. */
function iconsOf(builtFile: string, exportName: string): string[] {
	const loaded = require(join(ROOT, builtFile)) as Record<string, new () => { description?: { icon?: unknown }; icon?: unknown }>;
	const instance = new loaded[exportName]();
	const icon = (instance.description?.icon ?? instance.icon) as { light: string; dark: string } | string;
	const refs = typeof icon === 'string' ? [icon] : [icon.light, icon.dark];
	return refs.map((ref) => posix.normalize(posix.join(dirname(builtFile), ref.replace(/^file:/, ''))));
}

describe('npm pack contents', () => {
	let files: string[];

	beforeAll(() => {
		if (!existsSync(join(ROOT, 'dist', 'nodes', 'CustomerCare', 'CustomerCare.node.js'))) {
			execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
		}
		files = packList();
	}, 120_000);

	test('only the built package: dist/, package.json, README, LICENSE and the main stub', () => {
		const allowedTopLevel = new Set(['package.json', 'README.md', 'LICENSE', pkg.main]);
		const outside = files.filter((file) => !file.startsWith('dist/') && !allowedTopLevel.has(file));
		expect(outside).toEqual([]);
		for (const file of ['package.json', 'README.md', 'LICENSE']) expect(files).toContain(file);
	});

	test('no tests, no tools (fake platform, engine harness), no TypeScript sources (declarations only)', () => {
		expect(files.filter((file) => /(^|\/)(test|tests|__tests__|tools|fake-platform|engine-harness|bench|examples|scripts)\//.test(file))).toEqual([]);
		expect(files.filter((file) => /\.(test|spec)\.[jt]s$/.test(file))).toEqual([]);
		expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
	});

	test('the output schemas, next to the action node where n8n serves them (docs/output-schemas.md)', () => {
		const shipped = readdirSync(join(ROOT, 'output-schemas'), { recursive: true, encoding: 'utf8' })
			.filter((file) => file.endsWith('.json'))
			.map((file) => posix.join('dist/nodes', file.split(sep).join('/')));
		expect(shipped).toEqual(
			expect.arrayContaining([
				'dist/nodes/CustomerCare/__schema__/v1.0.0/call/getAll.json',
				'dist/nodes/CustomerCare/__schema__/v1.0.0/ticket/get.json',
			]),
		);
		expect(shipped.filter((file) => !files.includes(file))).toEqual([]);
	});

	test('both nodes and the credential that package.json declares', () => {
		for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(files).toContain(file);
		expect(pkg.n8n.nodes).toEqual(
			expect.arrayContaining([
				'dist/nodes/CustomerCare/CustomerCare.node.js',
				'dist/nodes/CustomerCareTrigger/CustomerCareTrigger.node.js',
			]),
		);
		expect(pkg.n8n.credentials).toContain('dist/credentials/CustomerCareApi.credentials.js');
	});

	test('light and dark icons, where the nodes and the credential point', () => {
		const icons = [
			...iconsOf('dist/nodes/CustomerCare/CustomerCare.node.js', 'CustomerCare'),
			...iconsOf('dist/nodes/CustomerCareTrigger/CustomerCareTrigger.node.js', 'CustomerCareTrigger'),
			...iconsOf('dist/credentials/CustomerCareApi.credentials.js', 'CustomerCareApi'),
		];
		expect(icons).toHaveLength(6);
		expect(new Set(icons)).toEqual(new Set(['dist/icons/customercare.svg', 'dist/icons/customercare.dark.svg']));
		for (const icon of icons) expect(files).toContain(icon);
	});

	test('a codex file next to each node, naming the node and linking the README', () => {
		for (const [node, name] of [
			['dist/nodes/CustomerCare/CustomerCare.node.js', 'n8n-nodes-customer-care.customerCare'],
			['dist/nodes/CustomerCareTrigger/CustomerCareTrigger.node.js', 'n8n-nodes-customer-care.customerCareTrigger'],
		]) {
			const codexFile = `${node}on`; // n8n reads `<file>.node.json` beside `<file>.node.js`
			expect(files).toContain(codexFile);
			const codex = JSON.parse(readFileSync(join(ROOT, codexFile), 'utf8')) as {
				node: string;
				categories: string[];
				resources: { primaryDocumentation: Array<{ url: string }>; credentialDocumentation: Array<{ url: string }> };
			};
			expect(codex.node).toBe(name);
			expect(codex.categories.length).toBeGreaterThan(0);
			const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
			const anchors = new Set(
				[...readme.matchAll(/^#{2,3} (.+)$/gm)].map((m) =>
					m[1]
						.trim()
						.toLowerCase()
						.replace(/[^a-z0-9 -]/g, '')
						.replace(/ /g, '-'),
				),
			);
			for (const link of [...codex.resources.primaryDocumentation, ...codex.resources.credentialDocumentation]) {
				const anchor = link.url.split('#')[1];
				expect(anchors).toContain(anchor);
			}
		}
	});
});
