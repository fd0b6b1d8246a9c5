/**
 * Whether an address's host is on the local side of a network: loopback, private, link-local
 * and the like (docs/operations.md#where-recordings-may-come-from). Judged on the host as the
 * HTTP client connects to it: WHATWG URL parsing turns every IPv4 literal form (decimal
 * `2130706433`, octal `0177.1`, hex `0x7f.0.0.1`) into dotted decimal and every IPv6 one into
 * its compressed hex form, so one form is judged here. Names are not resolved (a community node
 * may not import `node:dns`): only `localhost` and `*.localhost` (RFC 6761) count as local;
 * names that resolve to such addresses are left to n8n's own SSRF protection.
 */

/** IPv4 ranges that are not the public internet: [first address, prefix length]. */
const LOCAL_IPV4: ReadonlyArray<[number, number]> = [
	[0x00000000, 8], // 0.0.0.0/8 "this network" (0.0.0.0 reaches the local host)
	[0x0a000000, 8], // 10.0.0.0/8 private
	[0x64400000, 10], // 100.64.0.0/10 shared address space (carrier NAT, some clouds' metadata)
	[0x7f000000, 8], // 127.0.0.0/8 loopback
	[0xa9fe0000, 16], // 169.254.0.0/16 link-local (cloud metadata at 169.254.169.254)
	[0xac100000, 12], // 172.16.0.0/12 private
	[0xc0000000, 24], // 192.0.0.0/24 protocol assignments
	[0xc0a80000, 16], // 192.168.0.0/16 private
	[0xc6120000, 15], // 198.18.0.0/15 benchmarking
	[0xf0000000, 4], // 240.0.0.0/4 reserved, broadcast
];

function isLocalIpv4(address: number): boolean {
	return LOCAL_IPV4.some(([first, bits]) => (address >>> (32 - bits)) === (first >>> (32 - bits)));
}

/** `a.b.c.d` (as WHATWG URL writes every IPv4 host) as a 32-bit number; undefined for anything else. */
function ipv4Of(text: string): number | undefined {
	const parts = text.split('.');
	if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return undefined;
	return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
}

/** An IPv6 literal (without brackets) as its eight 16-bit groups; undefined when it is not one. */
function ipv6Of(text: string): number[] | undefined {
	let source = text;
	// A dotted IPv4 tail (`::ffff:127.0.0.1`) is two groups.
	const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(source);
	if (tail) {
		const v4 = ipv4Of(tail[2]);
		if (v4 === undefined) return undefined;
		source = `${tail[1]}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
	}
	const halves = source.split('::');
	if (halves.length > 2) return undefined;
	const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
	const head = groupsOf(halves[0]);
	const rest = halves.length === 2 ? groupsOf(halves[1]) : [];
	const missing = 8 - head.length - rest.length;
	if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
	const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
	if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
	return groups.map((group) => parseInt(group, 16));
}

const startsWith = (groups: number[], prefix: number[]) => prefix.every((group, index) => groups[index] === group);

/** The IPv4 address an IPv6 one carries in its last 32 bits. */
const lastIpv4 = (groups: number[]) => ((groups[6] << 16) | groups[7]) >>> 0;

function isLocalIpv6(groups: number[]): boolean {
	// ::/96 (unspecified, loopback ::1, IPv4-compatible) and ::ffff:0:0/96 (IPv4-mapped):
	// the IPv4 address they carry decides (::1 carries 0.0.0.1, in 0.0.0.0/8).
	if (startsWith(groups, [0, 0, 0, 0, 0, 0])) return isLocalIpv4(lastIpv4(groups));
	if (startsWith(groups, [0, 0, 0, 0, 0, 0xffff])) return isLocalIpv4(lastIpv4(groups));
	// ::ffff:0:0:0/96 (IPv4-translated) and 64:ff9b::/96 (NAT64): the IPv4 address they reach.
	if (startsWith(groups, [0, 0, 0, 0, 0xffff, 0])) return isLocalIpv4(lastIpv4(groups));
	if (startsWith(groups, [0x64, 0xff9b, 0, 0, 0, 0])) return isLocalIpv4(lastIpv4(groups));
	// 64:ff9b:1::/48: NAT64 for local use.
	if (startsWith(groups, [0x64, 0xff9b, 1])) return true;
	// 2002::/16 (6to4): the IPv4 address in its next 32 bits.
	if (groups[0] === 0x2002) return isLocalIpv4(((groups[1] << 16) | groups[2]) >>> 0);
	// fc00::/7 unique local, fe80::/10 link-local, fec0::/10 site-local (deprecated).
	return (groups[0] & 0xfe00) === 0xfc00 || (groups[0] & 0xffc0) === 0xfe80 || (groups[0] & 0xffc0) === 0xfec0;
}

/**
 * True when the address's host is loopback, private, link-local (or another range that is not
 * the public internet), or `localhost` / `*.localhost`; false for any other name and for an
 * address that does not parse.
 */
export function isLocalAddress(url: string): boolean {
	let hostname: string;
	try {
		hostname = new URL(url).hostname.toLowerCase().replace(/\.+$/, '');
	} catch {
		return false;
	}
	if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
	if (hostname.startsWith('[') && hostname.endsWith(']')) {
		const groups = ipv6Of(hostname.slice(1, -1));
		return groups !== undefined && isLocalIpv6(groups);
	}
	const v4 = ipv4Of(hostname);
	return v4 !== undefined && isLocalIpv4(v4);
}
