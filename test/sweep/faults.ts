/**
 * The faults of the sweep, each injected at one request position k of a path (k counts every
 * request the path makes after it is armed, as `skip: k` of a fault with `target: 'any'`).
 */
import type { Fault, RecordedRequest } from '../../tools/fake-platform';

/** The node's Request Options → Timeout in the sweep (ms): a hang is a latency beyond it. */
export const TIMEOUT_MS = 1500;
/** The trigger and the credential test have no Timeout option: the transport waits 30 s for an answer. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 30_000;
/** A 429 burst: this many 429 answers in a row. */
export const BURST_429 = 3;

export interface SweepFault {
	name: string;
	/**
	 * The requests it can be injected at, when not every one: a file's faults (its body dripped,
	 * endless, oversized, of another type) apply to the downloads of a path, at every one of them.
	 */
	appliesTo?: (request: RecordedRequest) => boolean;
	/** The faults to inject for position k, given the fault-free run's requests. */
	at(k: number, reference: RecordedRequest[], options: { hasTimeoutOption: boolean }): Fault[];
}

const once = (fault: Omit<Fault, 'target' | 'skip' | 'times'>) => (k: number): Fault[] => [{ ...fault, target: 'any', skip: k, times: 1 }];

/** Max Recording Size in the sweep's download paths (MB): an oversized or endless file passes it quickly. */
export const MAX_RECORDING_MB = 1;

/** A recording's request: a file the node downloads. */
export const isDownload = (request: RecordedRequest) => request.path.startsWith('/recordings/');

/** At the k-th request, which must be a download: the fault for that file's request alone. */
const atDownload = (fault: Omit<Fault, 'target' | 'skip' | 'times' | 'path' | 'method'>) => (k: number, reference: RecordedRequest[]): Fault[] => {
	const { path } = reference[k];
	const earlier = reference.slice(0, k).filter((request) => request.path === path).length;
	return [{ ...fault, target: 'any', path: new RegExp(`^${escapeRegExp(path)}$`), skip: earlier, times: 1 }];
};

/** A page after the first of a paged list. */
export const isLaterPage = (request: RecordedRequest) => Number(request.query.page) > 1;

/** A page of a paged list that holds more than one page (its count, in the fault-free run, past the page's size). */
export const isPageOfManyPages = (request: RecordedRequest) => {
	if (request.query.page === undefined) return false;
	const answer = request.response as { numFound?: unknown } | undefined;
	return isLaterPage(request) || (typeof answer?.numFound === 'number' && answer.numFound > Number(request.query.count ?? 50));
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const FAULTS: SweepFault[] = [
	{
		name: '500 that persists',
		// From request k on, every request to the same method and path fails.
		at: (k, reference) => {
			const { method, path } = reference[k];
			const earlier = reference.slice(0, k).filter((request) => request.method === method && request.path === path).length;
			return [{ kind: 'status', status: 500, target: 'any', method, path: new RegExp(`^${escapeRegExp(path)}$`), skip: earlier }];
		},
	},
	{ name: '502 nginx HTML', at: once({ kind: 'status', status: 502, html: true }) },
	{ name: 'dropped before carried out', at: once({ kind: 'drop' }) },
	{ name: 'carried out, answer dropped', at: once({ kind: 'lostAnswer' }) },
	{ name: 'carried out, answer 502', at: once({ kind: 'lostAnswer', lostAs: 'gateway' }) },
	{ name: 'carried out, answer cut 200', at: once({ kind: 'lostAnswer', lostAs: 'malformed' }) },
	{
		name: 'hang past the Timeout',
		at: (k, _reference, { hasTimeoutOption }) =>
			once({ kind: 'latency', ms: (hasTimeoutOption ? TIMEOUT_MS : DEFAULT_ATTEMPT_TIMEOUT_MS) + 1000 })(k),
	},
	{ name: `429 burst (${BURST_429})`, at: (k) => [{ kind: 'burst429', target: 'any', skip: k, times: BURST_429 }] },
	{ name: '404 lock-out', at: once({ kind: 'lockout' }) },
	{ name: '200 nok', at: once({ kind: 'nok' }) },
	{ name: 'answer without its root', at: once({ kind: 'missingRoot' }) },
	{
		name: 'file dripping a byte just inside the Timeout',
		appliesTo: isDownload,
		at: (k, reference, { hasTimeoutOption }) => atDownload({ kind: 'drip', ms: (hasTimeoutOption ? TIMEOUT_MS : DEFAULT_ATTEMPT_TIMEOUT_MS) - 300 })(k, reference),
	},
	{ name: 'file without end', appliesTo: isDownload, at: atDownload({ kind: 'endless' }) },
	{ name: 'file over Max Recording Size', appliesTo: isDownload, at: atDownload({ kind: 'oversize', bytes: (MAX_RECORDING_MB + 1) * 1024 * 1024 }) },
	{ name: 'file over Max Recording Size, no length told', appliesTo: isDownload, at: atDownload({ kind: 'oversize', bytes: (MAX_RECORDING_MB + 1) * 1024 * 1024, chunked: true }) },
	{ name: 'a page in place of the file', appliesTo: isDownload, at: atDownload({ kind: 'wrongType' }) },
	// A paged list's count as no count, an absurd one or text, on a page of a list of more than one page
	// (elsewhere the count plans nothing, so the fault would change nothing and its case prove nothing).
	{ name: 'list without numFound', appliesTo: isPageOfManyPages, at: once({ kind: 'wrongCount', countAs: 'missing' }) },
	{ name: 'numFound absurd (1e12)', appliesTo: isPageOfManyPages, at: once({ kind: 'wrongCount', countAs: 'absurd' }) },
	{ name: 'numFound not a number ("1,234")', appliesTo: isPageOfManyPages, at: once({ kind: 'wrongCount', countAs: 'text' }) },
	// A page other than 1 answered as page 1 (the platform ignored `page`): only such a request can show it.
	{ name: 'page ignored (page 1 again)', appliesTo: isLaterPage, at: once({ kind: 'ignorePage' }) },
];
