/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * fast-check settings shared by the unit tests: a fixed seed, so every run checks the same
 * cases, and a replay of a failure from the seed and path fast-check prints:
 *   FC_SEED=123 FC_PATH="4:2" npx jest test/unit/basics/dates.test.ts
 * FC_RUNS overrides the number of generated cases of every property.
 * Locally each property runs 1/5 of its cases (the same seed, so the first fifth of them); CI
 * (CI=true, as .ci/run and GitHub Actions set it) and FC_FULL=1 run every case. A property whose
 * cases are costly may keep a smaller share locally (`localShare`: 10 runs a tenth); CI still runs all.
 */
import type { Parameters } from 'fast-check';

const FULL = process.env.CI === 'true' || process.env.FC_FULL === '1';
const LOCAL_SHARE = 5;

export const SEED = Number(process.env.FC_SEED ?? 20261123);

export function propertyRuns<T>(defaultRuns: number, localShare = LOCAL_SHARE): Parameters<T> {
	const path = process.env.FC_PATH;
	return {
		seed: SEED,
		numRuns: Number(process.env.FC_RUNS ?? (FULL ? defaultRuns : Math.max(1, Math.ceil(defaultRuns / localShare)))),
		...(path ? { path } : {}),
	};
}
