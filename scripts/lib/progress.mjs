/**
 * Progress of a long step, for a person watching the terminal: the step is named as it starts,
 * with where its log is, then a line every `everyMs` (15 s) while it runs, so a cold install of
 * several minutes is never silent.
 *
 *   await withProgress('building the package', () => build(), { logFile });
 *   //   … building the package (log: /tmp/…/build.log)
 *   //   … building the package (15 s; log: /tmp/…/build.log)
 *   const { output, ms } = await runWithProgress('installing n8n 2.40.7', 'npm', ['install'], { cwd, logFile });
 *
 * runWithProgress writes the child's output to its log as it comes (`tail -f` shows it live); a
 * failure names the log and ends with the output's last lines.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** "8 s", "1 min 30 s", "2 min": how long a step has run, rounded down to the second. */
export function formatElapsed(ms) {
	const seconds = Math.max(0, Math.floor(ms / 1000));
	const minutes = Math.floor(seconds / 60);
	const rest = seconds % 60;
	if (minutes === 0) return `${rest} s`;
	return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

const toStdout = (line) => process.stdout.write(`${line}\n`);

/**
 * Runs `fn` as step `label`: says its name (and log) at once, then every `everyMs` while it runs.
 * `announce: false` leaves out the first line (a short step says only how long it took).
 */
export async function withProgress(label, fn, { logFile, everyMs = 15_000, say = toStdout, now = Date.now, prefix = '  … ', announce = true } = {}) {
	const started = now();
	const where = logFile ? `log: ${logFile}` : '';
	if (announce) say(`${prefix}${label}${where ? ` (${where})` : ''}`);
	const timer = setInterval(() => {
		say(`${prefix}${label} (${formatElapsed(now() - started)}${where ? `; ${where}` : ''})`);
	}, everyMs);
	try {
		return await fn();
	} finally {
		clearInterval(timer);
	}
}

/**
 * Runs `cmd args` as step `label` (withProgress), its stdout and stderr into `logFile`.
 * Resolves with { output, ms }; rejects, naming the command and the log, with the last lines.
 */
export function runWithProgress(label, cmd, args, { cwd, env, logFile, tailChars = 4000, ...progress } = {}) {
	if (!logFile) throw new Error('runWithProgress needs a logFile');
	mkdirSync(dirname(logFile), { recursive: true });
	const started = Date.now();
	return withProgress(
		label,
		() =>
			new Promise((resolve, reject) => {
				const log = createWriteStream(logFile);
				let output = '';
				const collect = (data) => {
					output += data;
					log.write(data);
				};
				const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
				child.stdout.on('data', collect);
				child.stderr.on('data', collect);
				child.on('error', (error) => log.end(() => reject(error)));
				child.on('close', (code) =>
					log.end(() => {
						if (code === 0) resolve({ output, ms: Date.now() - started });
						else reject(new Error(`${label}: ${cmd} ${args.join(' ')} exited ${code} (log: ${logFile})\n${output.slice(-tailChars)}`));
					}),
				);
			}),
		{ logFile, ...progress },
	);
}
