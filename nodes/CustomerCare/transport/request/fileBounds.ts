/**
 * The bounds of one downloaded file (fileDownload.ts): its whole time within the Timeout and
 * its size within a maximum, watched as the body streams in, without reading it (n8n's binary
 * data store is the one reader). A body past a bound is cut and read no further.
 */
import { sleep } from 'n8n-workflow';

/** The part of the body (a readable stream) the bounds use. */
interface WatchedBody {
	push: (...chunk: unknown[]) => boolean;
	destroy: (error: Error) => void;
}

/** How often the time bound looks: often enough to end a file close to its Timeout. */
const LOOK_MS = 250;

/** Why a body was cut: past the size bound, or past the time bound. */
class BoundPassed extends Error {
	constructor(
		readonly bound: 'size' | 'time',
		message: string,
	) {
		super(message);
	}
}

/**
 * Counts a body's bytes as the stream is fed (`push`), without reading them (n8n's binary data
 * store is the one reader), and cuts it as soon as it passes `maxBytes`: what the store holds
 * of it stays within the bound (plus one chunk). Returns the count's end.
 */
function boundBodySize(body: unknown, maxBytes: number, cut: (reason: BoundPassed) => void): () => void {
	const watched = body as Partial<WatchedBody> | undefined;
	if (typeof watched?.push !== 'function' || typeof watched.destroy !== 'function') return () => undefined;
	const stream = watched as WatchedBody;
	const feed = stream.push;
	let bytes = 0;
	stream.push = (...chunk: unknown[]) => {
		const part = chunk[0] as { length?: number } | null | undefined;
		bytes += typeof part?.length === 'number' ? part.length : 0;
		if (bytes > maxBytes) {
			cut(new BoundPassed('size', `it is larger than ${sizeText(maxBytes)}`));
			return false;
		}
		return feed.apply(stream, chunk);
	};
	return () => {
		stream.push = feed;
	};
}

/**
 * The time bound of one file: from its first request to its last byte, redirects included, at
 * most the Timeout. Not only the wait for an answer's head (n8n's client bounds that, and only
 * the gap between bytes after it): a host that drips a byte just inside the Timeout, or sends
 * forever, is cut when the file's time is up. `onExpiry` is told once, when it is.
 */
export function fileClock(timeoutMs: number) {
	const deadline = Date.now() + timeoutMs;
	let expired = false;
	let running = true;
	let onExpiry: () => void = () => undefined;
	void (async () => {
		while (running) {
			await sleep(Math.max(1, Math.min(LOOK_MS, deadline - Date.now())));
			if (running && Date.now() >= deadline) {
				expired = true;
				running = false;
				onExpiry();
			}
		}
	})();
	return {
		left: () => Math.max(1, deadline - Date.now()),
		expired: () => expired,
		whenExpired: (act: () => void) => (onExpiry = act),
		stop: () => (running = false),
	};
}

/** `52428800` → `50 MB`. */
export function sizeText(bytes: number): string {
	const mb = bytes / (1024 * 1024);
	return mb >= 1 ? `${Number(mb.toFixed(2))} MB` : `${bytes} bytes`;
}

/** Lets go of a body nobody reads, and of its request, so that the connection is freed. */
export function discard(body: unknown, abort: AbortController) {
	(body as { destroy?: () => void } | undefined)?.destroy?.();
	abort.abort();
}

export type FileClock = ReturnType<typeof fileClock>;

/**
 * Runs `store` on a body within the file's bounds: past its size it is cut and `tooLarge`,
 * past its time cut and `timeUp` (thrown), read no further either way; a body that broke
 * otherwise throws `broke`'s error.
 */
export async function keepBounded<R>(
	body: unknown,
	{ abort, clock, maxBytes }: { abort: AbortController; clock: FileClock; maxBytes: number },
	store: () => Promise<R>,
	outcomes: { tooLarge: (why: string) => R; timeUp: () => Error; broke: (error: unknown) => Error },
): Promise<R> {
	let passed: BoundPassed | undefined;
	const cut = (reason: BoundPassed) => {
		passed ??= reason;
		(body as Partial<WatchedBody> | undefined)?.destroy?.(reason);
		abort.abort();
	};
	const uncount = boundBodySize(body, maxBytes, cut);
	clock.whenExpired(() => cut(new BoundPassed('time', 'time is up')));
	if (clock.expired()) cut(new BoundPassed('time', 'time is up'));
	try {
		const answer = await store();
		if (!passed) return answer;
	} catch (error) {
		discard(body, abort);
		if (!passed) throw outcomes.broke(error);
	} finally {
		uncount();
	}
	if (passed.bound === 'time') throw outcomes.timeUp();
	return outcomes.tooLarge(passed.message);
}
