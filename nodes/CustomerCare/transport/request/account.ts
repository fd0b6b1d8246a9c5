import type { ICredentialDataDecryptedObject, IDataObject, INode } from 'n8n-workflow';

import { PLATFORM_ZONE, type ClockConvention, type PlatformClock } from '../../basics/clock';
import { isValidTimeZone } from '../../basics/dates';
import { commaSeparated } from '../../basics/looseValues';
import { credentialError } from '../answers/settingErrors';
import { API_LIMITS } from '../rate/throttle';

export const CREDENTIAL_TYPE = 'customerCareApi';

export interface Account {
	baseUrl: string;
	backupBaseUrl?: string;
	domain: string;
	statusUrl?: string;
	/** The platform's clock: its zone and how its `Z` reads (clock.ts). Never the workflow's zone. */
	clock: PlatformClock;
	token: string;
	maxPerSecond: number;
	/** Identifies this base URL of the account (its failover state, its definitions cache). */
	key: string;
	/**
	 * Who the platform counts requests, 429s and the lock-out against: the domain under its
	 * token (docs/api.md#limits), whatever base URL, spelling or rate a credential gives.
	 */
	budgetKey: string;
	/**
	 * The credential's "Allowed Domains" when it restricts them (n8n's domain restriction):
	 * the token goes to no other host. The Base URL's own host always counts as allowed, as
	 * n8n does for a node's own endpoint.
	 */
	allowedDomains?: string;
}

/** A short hash of the token (FNV-1a), so that no key in memory holds the token itself. */
function fingerprint(token: string): string {
	let hash = 0x811c9dc5;
	for (let index = 0; index < token.length; index++) {
		hash = Math.imul(hash ^ token.charCodeAt(index), 0x01000193) >>> 0;
	}
	return hash.toString(16);
}

function normalizeUrl(url: unknown): string | undefined {
	const text = typeof url === 'string' ? url.trim().replace(/\/+$/, '') : '';
	return text || undefined;
}

/** The credential's fields checked and normalized; the same checks for every request and the credential test. */
export function accountOf(node: INode, credentials: ICredentialDataDecryptedObject): Account {
	const baseUrl = normalizeUrl(credentials.baseUrl);
	if (!baseUrl || !/^https?:\/\//i.test(baseUrl)) {
		throw credentialError(node, 'Base URL', 'must be an http:// or https:// address');
	}
	const backupBaseUrl = normalizeUrl(credentials.backupBaseUrl);
	if (backupBaseUrl && !/^https?:\/\//i.test(backupBaseUrl)) {
		throw credentialError(
			node,
			'Backup Base URL',
			'must be empty or an http:// or https:// address',
		);
	}
	const domain = typeof credentials.domain === 'string' ? credentials.domain.trim() : '';
	// A path segment of its own: no slash, and not "." or "..", which a URL resolves away (the
	// token would go to a path outside any account).
	if (!domain || /[/\\]/.test(domain) || /^\.{1,2}$/.test(domain)) {
		throw credentialError(node, 'Domain', 'must be your account identifier, without slashes (not . or ..)');
	}
	const timeZone = typeof credentials.timeZone === 'string' ? credentials.timeZone.trim() : '';
	if (timeZone && !isValidTimeZone(timeZone)) {
		throw credentialError(
			node,
			'Account Time Zone',
			`must be an IANA time zone such as Asia/Ho_Chi_Minh; got "${timeZone}"`,
		);
	}
	const convention = credentials.timeConvention ?? 'wallClock';
	if (convention !== 'wallClock' && convention !== 'iso') {
		throw credentialError(node, 'Platform Clock', `must be wallClock or iso; got "${String(convention)}"`);
	}
	const maxPerSecond = Number(credentials.maxRequestsPerSecond ?? API_LIMITS.perSecond);
	return {
		baseUrl,
		backupBaseUrl,
		domain,
		statusUrl: normalizeUrl(credentials.statusUrl),
		// Empty: the platform's own clock, not the workflow's zone (docs/api.md#times).
		clock: { zone: timeZone || PLATFORM_ZONE, convention: convention as ClockConvention },
		token: String(credentials.apiToken ?? ''),
		maxPerSecond:
			Number.isFinite(maxPerSecond) && maxPerSecond > 0
				? Math.min(maxPerSecond, API_LIMITS.perSecond)
				: API_LIMITS.perSecond,
		key: `${baseUrl}|${domain}`,
		budgetKey: `${domain.toLowerCase()}|${fingerprint(String(credentials.apiToken ?? ''))}`,
		allowedDomains: allowedDomainsOf(credentials, baseUrl),
	};
}

function hostnameOf(url: string): string {
	try {
		return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
	} catch {
		return '';
	}
}

/** n8n's credential domain restriction (`allowedHttpRequestDomains` = domains), read from the credential. */
function allowedDomainsOf(credentials: IDataObject, baseUrl: string): string | undefined {
	if (credentials.allowedHttpRequestDomains !== 'domains') return undefined;
	const listed =
		typeof credentials.allowedDomains === 'string' ? credentials.allowedDomains.trim() : '';
	const own = hostnameOf(baseUrl);
	return [own, listed].filter(Boolean).join(', ');
}

/** n8n's rule: `example.com` matches that host, `*.example.com` its subdomains only. */
export function isHostAllowed(url: string, allowedDomains: string | undefined): boolean {
	if (!allowedDomains) return true;
	const host = hostnameOf(url);
	return commaSeparated(allowedDomains)
		.map((entry) => entry.toLowerCase().replace(/\.$/, ''))
		.filter(Boolean)
		.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
}
