/**
 * Figures from the fake platform's request log (the server's view): what was accepted, the
 * 429s, the longest run of 429s in a row (what the lock-out counts), lock-outs, the busiest
 * second of accepted requests and the aggregate rate.
 */

/** Most arrivals within any 1,000 ms. */
export function busiestSecondOf(arrivals) {
	const times = [...arrivals].sort((a, b) => a - b);
	let busiest = 0;
	for (let first = 0, last = 0; last < times.length; last++) {
		while (times[last] - times[first] >= 1000) first++;
		busiest = Math.max(busiest, last - first + 1);
	}
	return busiest;
}

export function longest429Run(log) {
	let longest = 0;
	let run = 0;
	for (const request of [...log].sort((a, b) => a.seq - b.seq)) {
		run = request.status === 429 ? run + 1 : 0;
		longest = Math.max(longest, run);
	}
	return longest;
}

export function summarizeLog(log) {
	const accepted = log.filter((r) => r.status === 200);
	const status429 = log.filter((r) => r.status === 429).length;
	const times = accepted.map((r) => r.at).sort((a, b) => a - b);
	const spanS = times.length > 1 ? (times[times.length - 1] - times[0]) / 1000 : 1;
	return {
		requests: log.length,
		accepted: accepted.length,
		status429,
		percent429: Math.round((status429 / Math.max(1, log.length)) * 10_000) / 100,
		longest429Run: longest429Run(log),
		lockouts: log.filter((r) => r.status === 404 && /too many times/i.test(JSON.stringify(r.response ?? ''))).length,
		busiestSecond: busiestSecondOf(accepted.map((r) => r.at)),
		perSecond: Math.round((accepted.length / Math.max(1, spanS)) * 100) / 100,
	};
}
