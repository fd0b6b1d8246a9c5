/**
 * Tests by area, one Jest project each (docs/testing.md#tests-by-area):
 *   unit     test/unit/     pure modules, no server (fast-check properties with seeded settings)
 *   tools    test/tools/    the fake platform's own HTTP API, the fake model, the demo script
 *   engine   test/engine/   both nodes through n8n's real engine against the fake platform
 *   sweep    test/sweep/    the fault sweep (a sample: every path and every fault; SWEEP=full: every position)
 *   soak     test/soak/     long soaks through n8n's engine (121 polls of the trigger), real clock between jumps
 *   package  test/package/  npm pack, n8n's verification scanner, the docs' links (needs dist/)
 * `npm test` runs unit, tools, engine and the sweep sample in one invocation (the sample's time
 * bound counts the waits the policy chose, not the wall clock); `npm run test:package` the package checks,
 * `npm run test:soak` the soaks, `npm run test:all` every project (CI runs them all). One project: `npx jest --selectProjects engine`.
 *
 * Second modes (CC_TEST_MODE, set by `npm run test:spec`, `test:strict`, `test:backoff`, or all three
 * in one run by `npm run test:modes`): only the test files whose promise depends on a mode run again,
 * in a project per area and mode (`engine:strict`; test/second-mode-env.js sets the mode's
 * variables for each file). A file names its modes in one comment line near its top,
 * `// @modes: spec strict backoff`:
 *   spec     CC_FAKE_PLATFORM=spec: the fake reads a `Z` as UTC and answers the spec's shapes, and
 *            the credential sends times in ISO (the clock and window tests)
 *   strict   CC_FAKE_STRICT=1: the fake refuses unknown or missing parameters and windows of 31
 *            days or more, and answers in the spec's other forms (the list and trigger reads)
 *   backoff  CC_RETRY_SCALE=1: the engine's retry back-offs slept in full (the tests that meet a
 *            500, a timeout or a dropped connection)
 * docs/testing.md#second-modes says which files and why.
 * @type {import('jest').Config}
 */
const { readdirSync, readFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const MODES = ['spec', 'strict', 'backoff'];
const SELECTED_MODES = (process.env.CC_TEST_MODE ?? '').split(',').filter(Boolean);
for (const mode of SELECTED_MODES) {
	if (!MODES.includes(mode)) throw new Error(`CC_TEST_MODE must name modes among ${MODES.join(', ')}; got "${process.env.CC_TEST_MODE}"`);
}
const MARKER = /^\/\/ @modes:(.*)$/m;

function testFiles(dir) {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return testFiles(path);
		return entry.name.endsWith('.test.ts') ? [path] : [];
	});
}

/** The test files of `test/<name>` whose `@modes` line names `mode`. */
function filesOfMode(name, mode) {
	return testFiles(join(__dirname, 'test', name)).filter((file) => {
		const marker = MARKER.exec(readFileSync(file, 'utf8'));
		if (!marker) return false;
		const modes = marker[1].trim().split(/\s+/);
		const unknown = modes.filter((m) => !MODES.includes(m));
		if (unknown.length) throw new Error(`${relative(__dirname, file)}: unknown mode ${unknown.join(', ')} in its @modes line (${MODES.join(', ')})`);
		return modes.includes(mode);
	});
}

const area = (name, extra = {}) => ({
	displayName: name,
	rootDir: __dirname,
	roots: [`<rootDir>/test/${name}`],
	testMatch: ['**/*.test.ts'],
	testEnvironment: '<rootDir>/test/fast-globals-environment.js',
	transform: { '^.+\\.ts$': '<rootDir>/test/typescript-transform.js' },
	setupFiles: ['<rootDir>/test/setup-env.js'],
	...extra,
});

const projects = [
	area('unit'),
	area('tools'),
	// Retry back-offs 1/20 as long; the throttle and its 429 pauses stay real (quick-retries.ts).
	area('engine', { setupFilesAfterEnv: ['<rootDir>/test/engine/helpers/quick-retries.ts'] }),
	// Every back-off in full: its time bound is the union of the waits the policy chose (policyWaits.ts).
	area('sweep', { globals: { RETRY_SCALE: 1 } }),
	area('soak'),
	area('package'),
];

/** In a second mode, each project keeps only its files marked for the mode; projects with none go. */
const projectsOfMode = (mode) =>
	projects
		.map((project) => ({
			...project,
			displayName: `${project.displayName}:${mode}`,
			testMatch: filesOfMode(project.displayName, mode),
			setupFiles: [...project.setupFiles, '<rootDir>/test/second-mode-env.js'],
			globals: { ...project.globals, SECOND_MODE: mode },
		}))
		.filter((project) => project.testMatch.length > 0);

module.exports = {
	// TypeScript compiled once for every project and worker (test/typescript-transform.js).
	globalSetup: '<rootDir>/test/global-setup.js',
	// The modes of one run share its workers: the long files of one overlap the others'.
	projects: SELECTED_MODES.length ? SELECTED_MODES.flatMap(projectsOfMode) : projects,
	reporters: ['<rootDir>/test/progress-reporter.js', '<rootDir>/test/summary-reporter.js'],
	// The tests mostly wait (real HTTP to a local fake platform, a real rate limiter, real
	// timers), so more workers than cores pay: measured in docs/testing.md. JEST_WORKERS overrides.
	maxWorkers: Number(process.env.JEST_WORKERS ?? 8),
	// The engine tests start real HTTP servers and wait on a real rate limiter.
	testTimeout: 60000,
};
