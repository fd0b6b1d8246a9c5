import type { RateLimitCause } from './lockout';
import type { RateReading } from './rateHeaders';

/**
 * The account's hourly quota as the platform's headers last told this process (rateHeaders.ts):
 * what Get Quota, the credential test and a low-quota warning show, and what tells a 429's cause.
 */
export interface QuotaSnapshot {
	/** Requests left in the platform's hour. */
	remaining: number;
	/** The hour's size, when the platform said it (the published one is 54,000). */
	limit?: number;
	/** When the answer that said it came back (ms). */
	readAt: number;
	/** When the platform said its window frees (only after a 429 that said so). */
	freesAt?: number;
}

/** Below this share of the limit, the quota is low (the warning's threshold). */
export const LOW_QUOTA_SHARE = 0.1;
/** The published hourly quota (docs/api.md#limits), for the share when the platform sends no limit. */
const PUBLISHED_HOURLY_LIMIT = 54_000;
/** A reading this old still tells a 429's cause when the 429 itself carried none. */
const FRESH_MS = 5_000;

export class AccountQuota {
	/** Once the platform sent an hourly reading, a later one without its limit is hourly too. */
	private hourScale = false;

	private latest?: QuotaSnapshot;

	/** The reading in this account's scale (a bare Remaining of an hourly account is hourly). */
	scaled(reading: RateReading): RateReading {
		if (reading.scope === 'hour') this.hourScale = true;
		if (!reading.scope && reading.limit === undefined && reading.remaining !== undefined && this.hourScale) {
			return { ...reading, scope: 'hour' };
		}
		return reading;
	}

	/** Records what an answer's headers said (already `scaled`). */
	onReading(reading: RateReading, now: number) {
		if (reading.scope !== 'hour' || reading.remaining === undefined) return;
		const limit = reading.limit ?? this.latest?.limit;
		this.latest = { remaining: reading.remaining, readAt: now, ...(limit !== undefined ? { limit } : {}) };
		if (reading.remaining === 0 && reading.retryAfterMs !== undefined) this.latest.freesAt = now + reading.retryAfterMs;
	}

	/**
	 * Why a 429 came, when the headers tell: the hour has requests left, so the second was full;
	 * or it has none (or the platform asked for a wait longer than a second's), so the hour is spent.
	 */
	causeOf429(reading: RateReading | undefined, now: number): RateLimitCause | undefined {
		const remaining =
			reading?.scope === 'hour' ? reading.remaining : this.latest && now - this.latest.readAt <= FRESH_MS ? this.latest.remaining : undefined;
		const freesAt = reading?.retryAfterMs !== undefined ? now + reading.retryAfterMs : undefined;
		if (remaining === 0) return { kind: 'hour', freesAt, limit: this.latest?.limit };
		if (remaining !== undefined) return { kind: 'second' };
		// A per-second reading tells only when its second is full; a small hourly limit reads the same.
		if (reading?.scope === 'second' && reading.remaining === 0) return { kind: 'second' };
		return undefined;
	}

	snapshot(): QuotaSnapshot | undefined {
		return this.latest && { ...this.latest };
	}
}

/** Whether a snapshot is below the low-quota threshold. */
export function isLow(quota: QuotaSnapshot): boolean {
	return quota.remaining < LOW_QUOTA_SHARE * (quota.limit ?? PUBLISHED_HOURLY_LIMIT);
}

/** A reading older than this says nothing of the quota now (the hour has moved on). */
const STILL_TELLS_MS = 10 * 60_000;

/** Whether the quota is low now, as far as a reading of the last minutes tells. */
export function isLowNow(quota: QuotaSnapshot | undefined, now: number): boolean {
	return quota !== undefined && now - quota.readAt <= STILL_TELLS_MS && isLow(quota);
}
