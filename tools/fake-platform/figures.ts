/**
 * Figures from the request log, as the server saw it: the tests, bench/ and (through
 * `POST /__control/figures`) the queue-mode script all count with these.
 */

/** The largest number of request arrival times (ms) within any one second. */
export function busiestSecond(arrivals: number[]): number {
	const times = [...arrivals].sort((a, b) => a - b);
	let busiest = 0;
	for (let first = 0, last = 0; last < times.length; last++) {
		while (times[last] - times[first] >= 1000) first++;
		busiest = Math.max(busiest, last - first + 1);
	}
	return busiest;
}

/** The longest run of 429 answers in a row, in the order the platform answered (what the lock-out counts). */
export function longest429Run(requests: Array<{ seq: number; status: number }>): number {
	let longest = 0;
	let run = 0;
	for (const request of [...requests].sort((x, y) => x.seq - y.seq)) {
		run = request.status === 429 ? run + 1 : 0;
		longest = Math.max(longest, run);
	}
	return longest;
}

/** What was accepted, the 429s, the longest run of them, lock-outs, the busiest second and the aggregate rate. */
export function summarizeLog(log: Array<{ seq: number; at: number; status: number; response: unknown }>) {
	const accepted = log.filter((request) => request.status === 200);
	const status429 = log.filter((request) => request.status === 429).length;
	const times = accepted.map((request) => request.at).sort((a, b) => a - b);
	const spanS = times.length > 1 ? (times[times.length - 1] - times[0]) / 1000 : 1;
	return {
		requests: log.length,
		accepted: accepted.length,
		status429,
		percent429: Math.round((status429 / Math.max(1, log.length)) * 10_000) / 100,
		longest429Run: longest429Run(log),
		lockouts: log.filter((request) => request.status === 404 && /too many times/i.test(JSON.stringify(request.response ?? '')))
			.length,
		busiestSecond: busiestSecond(times),
		perSecond: Math.round((accepted.length / Math.max(1, spanS)) * 100) / 100,
	};
}
