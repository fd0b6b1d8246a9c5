/**
 * Times in the form of the platform the fake plays (docs/api.md#times), for scripts that query
 * it directly or read what n8n sent it. CC_FAKE_PLATFORM=spec: a `Z` is UTC. Otherwise (the
 * default, the real platform): a `Z` decorates the account's wall clock, UTC+7 on the fake.
 */
const ACCOUNT_OFFSET_MS = 7 * 3_600_000;
const realPlatform = (platform = process.env.CC_FAKE_PLATFORM) => platform !== 'spec';

/**
 * `YYYY-MM-DDTHH:mm:ssZ` of an instant, whole seconds, as the platform reads a query time;
 * `platform` ('real' or 'spec', e.g. a running fake's /__control/info) defaults to CC_FAKE_PLATFORM.
 */
export function queryTime(ms, platform) {
	const shifted = Math.floor(ms / 1000) * 1000 + (realPlatform(platform) ? ACCOUNT_OFFSET_MS : 0);
	return new Date(shifted).toISOString().replace('.000Z', 'Z');
}

/** The instant of a query time or list stamp ending in `Z` (the inverse of `queryTime`). */
export function instantOfZ(text) {
	return Date.parse(text) - (realPlatform() && /Z$/i.test(text) ? ACCOUNT_OFFSET_MS : 0);
}
