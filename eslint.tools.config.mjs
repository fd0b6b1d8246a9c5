// Lint rules for everything that is not the n8n package: tests, the fake platform, benchmarks,
// scripts and build files. They run in Node (servers, child processes, timers, the console), so
// n8n's node rules do not fit them. `npm run lint` runs this config after `n8n-node lint`.
//
// Why not a nested config: `n8n-node lint` runs `eslint .` with n8n's default eslint.config.mjs
// (strict mode forbids changing it), and ESLint 9 reads no nested config, so n8n's rules reach every
// *.ts in the repository. A test or tool file that needs what node code may not use starts with an
// `/* eslint-disable -- ... */` line for that run. This config runs with --no-inline-config, so
// here such lines change nothing and every rule below applies.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{
		// The package itself is n8n's to lint (eslint.config.mjs), through `n8n-node lint`.
		ignores: [
			'nodes/',
			'credentials/',
			'dist/',
			'coverage/',
			'bench/results/',
			'e2e-screenshots/',
			'.n8n-cache/',
		],
	},
	{
		files: ['**/*.{js,cjs,mjs,ts}'],
		extends: [js.configs.recommended],
		languageOptions: { globals: { ...globals.node } },
	},
	{
		files: ['**/*.ts'],
		extends: [tseslint.configs.recommended],
		rules: {
			'@typescript-eslint/no-explicit-any': 'off',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
			],
			// Benchmarks and the pack test load built code (dist/, n8n-nodes-base) at run time.
			'@typescript-eslint/no-require-imports': 'off',
		},
	},
	{
		files: ['test/**'],
		languageOptions: { globals: { ...globals.jest } },
	},
	{
		// Its page.evaluate / waitForFunction callbacks run in the browser.
		files: ['scripts/e2e/editor.mjs'],
		languageOptions: { globals: { ...globals.browser } },
	},
);
