/** Stage timings and pass/fail results, printed as one table at the end of a run. */
export function createReport() {
	const rows = [];
	let passed = 0;
	let failed = 0;
	const failures = [];

	return {
		rows,
		/** Times `fn` as stage `stage` (of `target`); a throw is recorded and rethrown. */
		async time(target, stage, fn) {
			const started = Date.now();
			try {
				const result = await fn();
				rows.push({ target, stage, ms: Date.now() - started, note: result?.note ?? '' });
				return result;
			} catch (error) {
				rows.push({ target, stage, ms: Date.now() - started, note: 'FAILED' });
				throw error;
			}
		},
		/** A test: an assertion group that passes or fails without stopping the run. */
		async test(target, name, fn) {
			const started = Date.now();
			try {
				const note = await fn();
				passed++;
				rows.push({ target, stage: `✔ ${name}`, ms: Date.now() - started, note: typeof note === 'string' ? note : '' });
				process.stdout.write(`  ✔ [${target}] ${name}${typeof note === 'string' ? `: ${note}` : ''}\n`);
			} catch (error) {
				failed++;
				failures.push({ target, name, error });
				rows.push({ target, stage: `✘ ${name}`, ms: Date.now() - started, note: String(error.message).split('\n')[0] });
				process.stdout.write(`  ✘ [${target}] ${name}\n${String(error.stack ?? error).replace(/^/gm, '      ')}\n`);
			}
		},
		fail(target, name, error) {
			failed++;
			failures.push({ target, name, error });
			process.stdout.write(`  ✘ [${target}] ${name}\n${String(error.stack ?? error).replace(/^/gm, '      ')}\n`);
		},
		print() {
			const width = Math.max(...rows.map((r) => r.stage.length), 10);
			const targetWidth = Math.max(...rows.map((r) => r.target.length), 6);
			process.stdout.write('\n== timings\n');
			for (const r of rows) {
				process.stdout.write(
					`${r.target.padEnd(targetWidth)}  ${r.stage.padEnd(width)}  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.note}\n`,
				);
			}
			for (const f of failures) process.stdout.write(`FAILED [${f.target}] ${f.name}: ${String(f.error.message).split('\n')[0]}\n`);
			process.stdout.write(`e2e: ${passed} passed, ${failed} failed\n`);
		},
		get failed() {
			return failed;
		},
		get passed() {
			return passed;
		},
	};
}
