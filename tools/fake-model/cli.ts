/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Standalone fake model: `npm run fake-model -- --script=path/to/script.json [--port=0]`
 * (or env SCRIPT, PORT). Prints its Base URL; runs until SIGINT/SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { FakeModel } from './index';

function option(flag: string, env: string): string | undefined {
	const prefix = `--${flag}=`;
	const arg = process.argv.slice(2).find((a) => a.startsWith(prefix));
	if (arg) return arg.slice(prefix.length);
	const v = process.env[env];
	return v === undefined || v === '' ? undefined : v;
}

async function main(): Promise<void> {
	const scriptFile = option('script', 'SCRIPT');
	const port = Number(option('port', 'PORT') ?? 0);
	const model = await FakeModel.start({ port, script: scriptFile ? JSON.parse(readFileSync(scriptFile, 'utf8')) : undefined });
	const lines = [
		'Fake OpenAI-compatible model is running',
		`  base URL:    ${model.baseUrl}`,
		`  model:       ${model.modelId}`,
		`  script:      ${scriptFile ?? '(default: one answer)'}`,
		`  recorded:    http://127.0.0.1:${model.port}/__fake/requests`,
		'Press Ctrl+C to stop.',
	];
	process.stdout.write(`${lines.join('\n')}\n`);
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write(`\n${signal}: stopping\n`);
		model.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => {
	process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
	process.exit(1);
});
