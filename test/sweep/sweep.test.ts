/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Every request, every fault: each path of test/sweep/paths.ts with each fault of
 * test/sweep/faults.ts injected at request k, the invariants of test/sweep/invariants.ts
 * checked after each run. `npm test` sweeps a deterministic sample: in each group of paths
 * (trigger, write, read, credential) every path and every fault at least once, at the first, the
 * last or a seeded position in turn; `npm run test:sweep` (SWEEP=full) sweeps every fault at every
 * position of every path.
 *   SWEEP_SEED=… the sample's seed; SWEEP_ONLY=text only the paths whose name has it;
 *   SWEEP_CONCURRENCY=… cases at once; SWEEP_REPORT=file also writes the printed lines there.
 */
import { writeFileSync } from 'node:fs';
import { sweep } from './sweep';

const full = process.env.SWEEP === 'full';
const seed = Number(process.env.SWEEP_SEED ?? 20261124);
// Cases at once: the full sweep's 40 keep its waits overlapping; the sample's 12 leave the event
// loop free enough that ordinary answers stay within the 1.5 s Timeout beside the other projects.
// The time bound is judged on the waits the policy chose (policyWaits.ts), which a busy machine
// does not stretch.
const concurrency = Number(process.env.SWEEP_CONCURRENCY ?? (full ? 40 : 12));

test(
	'every path keeps its promises at every fault of every request',
	async () => {
		const lines: string[] = [];
		const print = (line: string) => lines.push(line);
		const result = await sweep({ full, seed, concurrency, only: process.env.SWEEP_ONLY, print });
		const mode = full ? 'full: every position' : `sample: every path and every fault, at first, last and seeded positions (seed ${seed})`;
		print(
			`fault sweep (${mode}): ${result.paths} paths, ${result.positions} request positions, ${result.faults} faults → ` +
				`${result.cases} cases run of ${result.fullCases} (paths × positions × faults), in ${(result.ms / 1000).toFixed(1)} s`,
		);
		const distinct = new Map<string, { count: number; line: string }>();
		for (const finding of result.findings) {
			const key = `${finding.invariant} | ${finding.path} | ${finding.fault}`;
			const entry = distinct.get(key);
			if (entry) entry.count++;
			else distinct.set(key, { count: 1, line: finding.line });
		}
		if (result.findings.length) {
			print(`${result.findings.length} invariant failures, ${distinct.size} distinct (invariant | path | fault); one line each:`);
			for (const { count, line } of distinct.values()) print(`${line}${count > 1 ? `  (and ${count - 1} more positions)` : ''}`);
		}
		const text = lines.join('\n');
		process.stdout.write(`\n${text}\n`);
		if (process.env.SWEEP_REPORT) writeFileSync(process.env.SWEEP_REPORT, `${text}\n\nEvery failure:\n${result.findings.map((f) => f.line).join('\n')}\n`);
		expect(result.findings.map((finding) => finding.line)).toEqual([]);
	},
	full ? 60 * 60_000 : 300_000,
);
