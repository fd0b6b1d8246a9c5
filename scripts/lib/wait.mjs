/** Waiting in the end-to-end and queue scripts: a plain sleep, and polling until a predicate holds. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `predicate` every `everyMs` until it returns a truthy value (returned), or throws after `timeoutMs`. */
export async function waitFor(what, predicate, { timeoutMs, everyMs = 1000 }) {
	const started = Date.now();
	for (;;) {
		const value = await predicate();
		if (value) return value;
		if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await sleep(everyMs);
	}
}
