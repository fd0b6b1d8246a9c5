/** After the primary base URL failed, requests go to the backup first for this long. */
const FAILOVER_STICKY_MS = 60_000;

/** Per account (base URL + domain): until when the primary is taken as down. */
const primaryDownUntil = new Map<string, number>();

/** The primary, then the backup; the other way round while the primary is known down. */
export function baseUrlsInOrder(account: {
	key: string;
	baseUrl: string;
	backupBaseUrl?: string;
}): string[] {
	if (!account.backupBaseUrl) return [account.baseUrl];
	return (primaryDownUntil.get(account.key) ?? 0) > Date.now()
		? [account.backupBaseUrl, account.baseUrl]
		: [account.baseUrl, account.backupBaseUrl];
}

export function markPrimaryDown(accountKey: string) {
	primaryDownUntil.set(accountKey, Date.now() + FAILOVER_STICKY_MS);
}

export function markPrimaryUp(accountKey: string) {
	primaryDownUntil.delete(accountKey);
}

/** For tests: forget which primaries were down. */
export function resetFailover() {
	primaryDownUntil.clear();
}
