/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': 'ts-jest' },
	setupFiles: ['<rootDir>/test/setup-env.js'],
	reporters: ['<rootDir>/test/progress-reporter.js', '<rootDir>/test/summary-reporter.js'],
	// The node tests (test/nodes) start real HTTP servers and wait on a real rate limiter.
	testTimeout: 60000,
};
