/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Standalone fake platform: `npm run fake-platform`.
 *
 * Environment (or flags --port=, --backup-port=, --domain=, --token=, --seed=, --tz=, --per-second=):
 *   PORT         primary port (default 0 = random)
 *   BACKUP_PORT  backup port (default 0 = random)
 *   DOMAIN       account domain (default 'acme')
 *   TOKEN        API token (default 'fake-token-123')
 *   SEED         data seed (default 42)
 *   TZ_OFFSET    account zone (default '+07:00')
 *   PER_SECOND   rate limit per second (default 15)
 *   CC_FAKE_STRICT=1 or --strict: strict mode, refusing what the spec marks required or limited
 *                (an unknown query parameter, a missing required one, a window of 31 days or more)
 *   CC_FAKE_PLATFORM=spec or --platform=spec: answer the spec's literal reading instead of the
 *                real platform's (default real: one local wall clock, the real answer shapes)
 *   CC_FAKE_RATE_HEADERS=hour|second|none or --rate-headers=…: the window X-RateLimit-Limit and
 *                X-RateLimit-Remaining report on every domain answer (default hour, as the real
 *                platform: the hourly quota; none: no rate headers)
 *   CC_FAKE_RETRY_AFTER=1 or --retry-after: every 429 also carries Retry-After (seconds) and
 *                X-RateLimit-Reset (epoch seconds)
 * Runs until SIGINT/SIGTERM.
 */
import { FakePlatform, RATE_HEADERS_MODES, type RateHeadersMode } from './index';

function option(flag: string, env: string): string | undefined {
	const prefix = `--${flag}=`;
	const arg = process.argv.slice(2).find((a) => a.startsWith(prefix));
	if (arg) return arg.slice(prefix.length);
	const v = process.env[env];
	return v === undefined || v === '' ? undefined : v;
}

function num(v: string | undefined): number | undefined {
	if (v === undefined) return undefined;
	const n = Number(v);
	if (!Number.isFinite(n)) throw new Error(`Not a number: ${v}`);
	return n;
}

function rateHeaders(v: string | undefined): RateHeadersMode | undefined {
	if (v === undefined) return undefined;
	if (!RATE_HEADERS_MODES.includes(v as RateHeadersMode)) throw new Error(`CC_FAKE_RATE_HEADERS / --rate-headers must be ${RATE_HEADERS_MODES.join(', ')}; got "${v}"`);
	return v as RateHeadersMode;
}

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	const platform = await FakePlatform.start({
		port: num(option('port', 'PORT')),
		backupPort: num(option('backup-port', 'BACKUP_PORT')),
		domain: option('domain', 'DOMAIN'),
		token: option('token', 'TOKEN'),
		seed: num(option('seed', 'SEED')),
		timeZoneOffset: option('tz', 'TZ_OFFSET'),
		rateLimit: {
			perSecond: num(option('per-second', 'PER_SECOND')),
			headers: rateHeaders(option('rate-headers', 'CC_FAKE_RATE_HEADERS')),
			retryAfter: args.includes('--retry-after') || process.env.CC_FAKE_RETRY_AFTER === '1',
		},
		strict: args.includes('--strict') || process.env.CC_FAKE_STRICT === '1',
		platform: option('platform', 'CC_FAKE_PLATFORM') === 'spec' ? 'spec' : 'real',
	});
	const lines = [
		'Fake Customer-Care Platform is running',
		`  base URL:    ${platform.baseUrl}`,
		`  backup URL:  ${platform.backupUrl}`,
		`  status URL:  ${platform.statusUrl}   (heartbeat: ${platform.statusUrl}/api/v1/heartbeat)`,
		`  domain:      ${platform.domain}`,
		`  mode:        ${platform.strict ? 'strict (refuses what the spec marks required or limited)' : 'default'}`,
		`  platform:    ${platform.platform === 'real' ? 'real (as the real platform answers: one local clock, real shapes)' : "spec (the spec's literal reading)"}`,
		`  rate limit:  ${describeRateLimit(platform.rateLimit)}`,
		`  API token:   ${platform.token}   (a fake, local-only token)`,
		`  example:     curl -H 'Authorization: Bearer ${platform.token}' ${platform.baseUrl}/${platform.domain}/api/v1/agents`,
		`  control API: ${platform.baseUrl}/__control/info`,
		'Press Ctrl+C to stop.',
	];
	process.stdout.write(`${lines.join('\n')}\n`);

	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write(`\n${signal}: stopping\n`);
		platform.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

function describeRateLimit(r: FakePlatform['rateLimit']): string {
	const headers =
		r.headers === 'none'
			? 'rate headers none'
			: `rate headers ${r.headers} (X-RateLimit-Limit/-Remaining of the ${r.headers === 'hour' ? 'hourly quota' : '1 s window'})`;
	const retry = r.retryAfter ? 'Retry-After on (429s carry Retry-After and X-RateLimit-Reset)' : 'Retry-After off';
	return `${r.perSecond}/s, ${r.perHour}/h; ${headers}; ${retry}`;
}

main().catch((e) => {
	process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
	process.exit(1);
});
