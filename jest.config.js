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
 * @type {import('jest').Config}
 */
const area = (name, extra = {}) => ({
	displayName: name,
	rootDir: __dirname,
	roots: [`<rootDir>/test/${name}`],
	testMatch: ['**/*.test.ts'],
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': 'ts-jest' },
	setupFiles: ['<rootDir>/test/setup-env.js'],
	...extra,
});

module.exports = {
	projects: [
		area('unit'),
		area('tools'),
		// Retry back-offs 1/20 as long; the throttle and its 429 pauses stay real (quick-retries.ts).
		area('engine', { setupFilesAfterEnv: ['<rootDir>/test/engine/helpers/quick-retries.ts'] }),
		// Every back-off in full: its time bound is the union of the waits the policy chose (policyWaits.ts).
		area('sweep', { globals: { RETRY_SCALE: 1 } }),
		area('soak'),
		area('package'),
	],
	reporters: ['<rootDir>/test/progress-reporter.js', '<rootDir>/test/summary-reporter.js'],
	// The tests mostly wait (real HTTP to a local fake platform, a real rate limiter, real
	// timers), so more workers than cores pay: measured in docs/testing.md. JEST_WORKERS overrides.
	maxWorkers: Number(process.env.JEST_WORKERS ?? 6),
	// The engine tests start real HTTP servers and wait on a real rate limiter.
	testTimeout: 60000,
};
