/** After the primary base URL failed, requests go to the backup first for this long. */
const FAILOVER_STICKY_MS = 60_000;
/**
 * After that window, for this long the primary is on trial: it is asked first again, but a read
 * it fails goes to the backup at once, without the 1 s, 2 s, 4 s retries on it (retry.ts rule 2).
 * Without the trial, a primary that stays down cost every read 7 s more each minute of a long run.
 */
const TRIAL_MS = 10 * 60_000;

/** Per account (base URL + domain): until when the primary is taken as down. */
const primaryDownUntil = new Map<string, number>();

/** The primary, then the backup; the other way round while the primary is known down. */
export function baseUrlsInOrder(
	account: {
		key: string;
		baseUrl: string;
		backupBaseUrl?: string;
	},
	now = Date.now(),
): string[] {
	if (!account.backupBaseUrl) return [account.baseUrl];
	return (primaryDownUntil.get(account.key) ?? 0) > now
		? [account.backupBaseUrl, account.baseUrl]
		: [account.baseUrl, account.backupBaseUrl];
}

/** The primary's window has closed less than TRIAL_MS ago, and it has not answered since. */
export function primaryOnTrial(accountKey: string, now = Date.now()): boolean {
	const downUntil = primaryDownUntil.get(accountKey);
	return downUntil !== undefined && downUntil <= now && now < downUntil + TRIAL_MS;
}

export function markPrimaryDown(accountKey: string, now = Date.now()) {
	primaryDownUntil.set(accountKey, now + FAILOVER_STICKY_MS);
}

export function markPrimaryUp(accountKey: string) {
	primaryDownUntil.delete(accountKey);
}

/** For tests: forget which primaries were down. */
export function resetFailover() {
	primaryDownUntil.clear();
}
