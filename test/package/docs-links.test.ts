/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The documentation holds together: in README.md, CHANGELOG.md (when there is one) and every
 * docs/*.md, each relative markdown link points to a file that exists and, when it names an
 * anchor, to a heading of that file (GitHub's slugs); each backticked repository path that names
 * a file exists; and the README stays a README for users, at most 12 KB (the rest is in docs/).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const README_MAX_BYTES = 12_288;

const documents = [
	'README.md',
	...(existsSync(join(ROOT, 'CHANGELOG.md')) ? ['CHANGELOG.md'] : []),
	...readdirSync(join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.sort()
		.map((name) => `docs/${name}`),
];

/** The text with fenced code blocks blanked (their brackets and backticks are code, not links); lines keep their numbers. */
function prose(text: string): string {
	return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ''));
}

/** GitHub's heading anchor: lowercase, punctuation dropped except '-' and '_', spaces to '-'. */
function slug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();
/** Every anchor of a markdown file; a repeated heading gets -1, -2 … as on GitHub. */
function anchorsOf(file: string): Set<string> {
	const cached = anchorCache.get(file);
	if (cached) return cached;
	const anchors = new Set<string>();
	const counts = new Map<string, number>();
	for (const match of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
		const base = slug(match[1]);
		const seen = counts.get(base) ?? 0;
		anchors.add(seen === 0 ? base : `${base}-${seen}`);
		counts.set(base, seen + 1);
	}
	anchorCache.set(file, anchors);
	return anchors;
}

interface Link {
	line: number;
	target: string;
}

/** Relative links and images: `[text](path)`, `[text](path#anchor)`, `[text](#anchor)`. */
function relativeLinks(text: string): Link[] {
	const links: Link[] = [];
	const lines = prose(text).split('\n');
	lines.forEach((line, index) => {
		for (const match of line.matchAll(/\]\(\s*<?([^()\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
			const target = match[1];
			if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
			links.push({ line: index + 1, target });
		}
	});
	return links;
}

const REPO_PATH = /^(nodes|test|tools|scripts|bench|docs|credentials|icons|examples)\/[\w./-]+\.(ts|mjs|js|json|md|png|svg)$/;

/** Backticked spans that name a file of the repository. */
function backtickedPaths(text: string): Link[] {
	const paths: Link[] = [];
	const lines = prose(text).split('\n');
	lines.forEach((line, index) => {
		for (const match of line.matchAll(/`([^`\n]+)`/g)) {
			if (REPO_PATH.test(match[1])) paths.push({ line: index + 1, target: match[1] });
		}
	});
	return paths;
}

describe.each(documents)('%s', (document) => {
	const file = join(ROOT, document);
	const text = readFileSync(file, 'utf8');

	test('every relative link points to an existing file, and its anchor to a heading of it', () => {
		const broken: string[] = [];
		for (const { line, target } of relativeLinks(text)) {
			const hash = target.indexOf('#');
			const path = hash === -1 ? target : target.slice(0, hash);
			const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
			const linked = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
			if (!existsSync(linked)) {
				broken.push(`${document}:${line} ${target}: no file ${relative(ROOT, linked)}`);
				continue;
			}
			if (anchor === undefined || anchor === '') continue;
			if (statSync(linked).isDirectory() || !linked.endsWith('.md')) {
				broken.push(`${document}:${line} ${target}: an anchor into a file that has no headings`);
				continue;
			}
			if (!anchorsOf(linked).has(anchor)) {
				broken.push(`${document}:${line} ${target}: no heading #${anchor} in ${relative(ROOT, linked)}`);
			}
		}
		expect(broken).toEqual([]);
	});

	test('every backticked repository file path exists', () => {
		const missing = backtickedPaths(text)
			.filter(({ target }) => !existsSync(join(ROOT, target)))
			.map(({ line, target }) => `${document}:${line} \`${target}\``);
		expect(missing).toEqual([]);
	});
});

describe('README.md', () => {
	test(`is at most ${README_MAX_BYTES} bytes (the rest lives in docs/)`, () => {
		expect(statSync(join(ROOT, 'README.md')).size).toBeLessThanOrEqual(README_MAX_BYTES);
	});

	test('the slug rule matches GitHub on the headings the code cites', () => {
		expect(slug("The trigger on n8n's durable scheduler")).toBe('the-trigger-on-n8ns-durable-scheduler');
		expect(slug('Output: Simplify')).toBe('output-simplify');
		expect(slug('Try it: npm start')).toBe('try-it-npm-start');
		for (const anchor of ['output-simplify', 'use-with-ai-agents', 'try-it-npm-start']) {
			expect(anchorsOf(join(ROOT, 'README.md')).has(anchor)).toBe(true);
		}
	});
});
