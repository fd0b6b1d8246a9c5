#!/usr/bin/env node
/**
 * `npm run scan [-- <dir>]`: the two lint passes of n8n's verification scanner
 * (`npx @n8n/scan-community-package <package>`), run offline on this checkout (or on <dir>).
 *
 * The real scanner also needs the registry (metadata, provenance attestation) and GitHub (the
 * attested commit's source), so it can only run after publishing. Its lint passes need neither.
 * They run here through the scanner's own code (the pinned devDependency: its `analyzePackage`,
 * config and plugin versions), on what it would receive:
 *   1. the source: what a commit of this tree holds (git's tracked and unignored files), at the
 *      folder whose package.json has this package's name, linting package.json and
 *      {nodes,credentials}/** (the scanner's SOURCE_FILE_PATTERNS);
 *   2. the tarball: `npm pack` of this tree, unpacked as the scanner unpacks it, linting **\/*.js
 *      and package.json. It packs dist/ as it is: run `npm run build` first.
 * Inline eslint-disable comments count for nothing in either pass (the scanner sets
 * allowInlineConfig: false). Exits 1 when a pass finds an error.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
	analyzePackage,
	findPackageRoot,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

// eslint-plugin-n8n-nodes-base takes every file for `Test.node.ts` when NODE_ENV is `test` (as
// jest sets it), which makes its file-name rules report nonsense.
if (process.env.NODE_ENV === 'test') {
	console.error('scan: unset NODE_ENV=test first (eslint-plugin-n8n-nodes-base changes its rules for it)');
	process.exit(2);
}

const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

const packageDir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const { name, n8n } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

// The file list the scanner would lint, found with the scanner's own fast-glob and ignores, so a
// pass that lints nothing is caught instead of reported as a pass.
const scannerRequire = createRequire(fileURLToPath(import.meta.resolve('@n8n/scan-community-package/scanner/scanner.mjs')));
const glob = scannerRequire('fast-glob');
// The scanner makes a temp folder when loaded; this removes it when we exit.
scannerRequire('tmp').setGracefulCleanup();
const filesOf = (dir, patterns) =>
	glob.sync(patterns, { cwd: dir, ignore: ['node_modules/**', '**/package-lock.json'] }).sort();

function run(command, args, cwd) {
	return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** What the attested commit would hold: the files git tracks or would track, as they are now. */
function exportSource(into) {
	const listed = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], packageDir);
	for (const file of listed.split('\0').filter(Boolean)) {
		if (existsSync(join(packageDir, file))) cpSync(join(packageDir, file), join(into, file));
	}
	return findPackageRoot(into, name);
}

/** `npm pack`, then `tar -xzf … --strip-components=1` as the scanner does after downloading it. */
function packAndUnpack(into) {
	const out = run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', into], packageDir);
	const [{ filename }] = JSON.parse(out.slice(out.indexOf('[')));
	const unpacked = join(into, 'package');
	mkdirSync(unpacked);
	run('tar', ['-xzf', join(into, filename), '-C', unpacked, '--strip-components=1'], into);
	const missing = [...n8n.nodes, ...n8n.credentials].filter((file) => !existsSync(join(unpacked, file)));
	if (missing.length > 0) {
		throw new Error(`the packed tarball lacks ${missing.join(', ')}: run \`npm run build\` first`);
	}
	return unpacked;
}

async function lintPass(label, dir, patterns) {
	const files = filesOf(dir, patterns);
	if (!files.some((file) => file !== 'package.json')) {
		throw new Error(`${label}: nothing to lint but package.json in ${dir}`);
	}
	const result = await analyzePackage(dir, patterns);
	console.log(`${result.passed ? 'PASS' : 'FAIL'}  ${label}: ${files.length} files (${patterns.join(', ')})`);
	if (!result.passed) console.log(result.details ?? result.message);
	return result.passed;
}

const work = mkdtempSync(join(tmpdir(), 'cc-scan-'));
try {
	const sourceRoot = exportSource(join(work, 'source'));
	if (!sourceRoot) throw new Error(`no package.json named ${name} in ${packageDir}`);
	const sourcePassed = await lintPass('source', sourceRoot, SOURCE_FILE_PATTERNS);
	const tarballPassed = await lintPass('tarball', packAndUnpack(work), TARBALL_FILE_PATTERNS);
	const version = JSON.parse(readFileSync(scannerRequire.resolve('../package.json'), 'utf8')).version;
	console.log(`@n8n/scan-community-package ${version} lint passes: ${sourcePassed && tarballPassed ? 'passed' : 'FAILED'}`);
	process.exitCode = sourcePassed && tarballPassed ? 0 : 1;
} finally {
	rmSync(work, { recursive: true, force: true });
}
