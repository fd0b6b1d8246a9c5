/**
 * transport/request/hostAddress.ts `isLocalAddress`: whether a recording's host is loopback,
 * private, link-local or another range that is not the public internet. The oracle is a simple
 * model written here from the RFCs' ranges, as numbers (BigInt for IPv6), never the module's
 * parser: random addresses in every literal form a URL may carry them (IPv4 dotted, with fewer
 * parts, decimal, octal, hex; IPv6 full, compressed, upper case, with a dotted IPv4 tail,
 * IPv4-mapped) must be judged as the model judges the number.
 */
import fc from 'fast-check';

import { isLocalAddress } from '../../../../nodes/CustomerCare/transport/request/hostAddress';
import { propertyRuns } from '../../helpers/property';

// --- The model --------------------------------------------------------------------------------

/** RFC 1122, 1918, 6598, 3927, 6890, 2544, 1112: not the public internet (docs/operations.md). */
const LOCAL_V4: Array<[string, number]> = [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['240.0.0.0', 4],
];
const v4Number = (dotted: string) => dotted.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
const modelV4 = (n: number) => LOCAL_V4.some(([first, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4Number(first) / 2 ** (32 - bits)));

const V4_MASK = 0xffffffffn;
/** RFC 4291 (loopback, unspecified, compatible, mapped), 6052 and 8215 (NAT64), 3056 (6to4), 4193, 3879. */
function modelV6(v: bigint): boolean {
	const embedded = () => modelV4(Number(v & V4_MASK));
	if (v >> 32n === 0n || v >> 32n === 0xffffn || v >> 32n === 0xffff0000n) return embedded();
	if (v >> 32n === 0x0064ff9b0000000000000000n) return embedded();
	if (v >> 80n === 0x0064ff9b0001n) return true;
	if (v >> 112n === 0x2002n) return modelV4(Number((v >> 80n) & V4_MASK));
	const top10 = v >> 118n;
	return v >> 121n === 0x7en || top10 === 0x3fan || top10 === 0x3fbn;
}

// --- Literal forms --------------------------------------------------------------------------

const radix = fc.constantFrom<'dec' | 'hex' | 'oct'>('dec', 'hex', 'oct');
const part = (value: number, form: 'dec' | 'hex' | 'oct') =>
	form === 'hex' ? `0x${value.toString(16)}` : form === 'oct' ? `0${value.toString(8)}` : String(value);

/** A 32-bit number as a URL host may spell it: 1 to 4 parts, the last one the rest of the bits. */
const v4Form = (n: number) =>
	fc.tuple(fc.integer({ min: 1, max: 4 }), fc.array(radix, { minLength: 4, maxLength: 4 }), fc.boolean()).map(([parts, forms, trailingDot]) => {
		const bytes = [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
		const lead = bytes.slice(0, parts - 1);
		const rest = bytes.slice(parts - 1).reduce((sum, byte) => sum * 256 + byte, 0);
		return [...lead, rest].map((value, index) => part(value, forms[index])).join('.') + (trailingDot ? '.' : '');
	});

const interestingV4 = fc.oneof(
	fc.integer({ min: 0, max: 0xffffffff }),
	fc.constantFrom(...LOCAL_V4).chain(([first, bits]) =>
		fc.integer({ min: -1, max: 2 ** (32 - bits) }).map((offset) => (v4Number(first) + offset + 2 ** 32) % 2 ** 32),
	),
);

const groupsOf = (v: bigint) => Array.from({ length: 8 }, (_, index) => Number((v >> BigInt(112 - 16 * index)) & 0xffffn));

/** 128 bits as an IPv6 literal: full or with one run of zero groups as `::`, any case, padded or not, maybe a dotted IPv4 tail. */
const v6Form = (v: bigint) =>
	fc.record({ compress: fc.nat(), upper: fc.boolean(), pad: fc.boolean(), dottedTail: fc.boolean() }).map(({ compress, upper, pad, dottedTail }) => {
		const groups = groupsOf(v);
		let texts = groups.map((group) => group.toString(16).padStart(pad ? 4 : 1, '0'));
		if (dottedTail) {
			const n = Number(v & V4_MASK);
			texts = [...texts.slice(0, 6), [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join('.')];
		}
		// Every run of zero groups (among the hex ones) may be the one written `::`.
		const runs: Array<[number, number]> = [];
		const hexCount = dottedTail ? 6 : 8;
		for (let start = 0; start < hexCount; start++) {
			for (let end = start; end < hexCount && groups[end] === 0; end++) runs.push([start, end + 1]);
		}
		let text = texts.join(':');
		if (runs.length && compress % 2 === 0) {
			const [start, end] = runs[compress % runs.length];
			text = `${texts.slice(0, start).join(':')}::${texts.slice(end).join(':')}`;
		}
		return upper ? text.toUpperCase() : text;
	});

const bits128 = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n });
const withPrefix = (prefix: bigint, bits: number) => bits128.map((random) => (prefix << BigInt(128 - bits)) | (random & ((1n << BigInt(128 - bits)) - 1n)));
const interestingV6 = fc.oneof(
	bits128,
	withPrefix(0n, 96).chain((v) => interestingV4.map((n) => (v & ~V4_MASK) | BigInt(n))),
	withPrefix(0xffffn, 96).chain((v) => interestingV4.map((n) => (v & ~V4_MASK) | BigInt(n))),
	withPrefix(0xffff0000n, 96),
	withPrefix(0x0064ff9b0000000000000000n, 96),
	withPrefix(0x0064ff9b0001n, 48),
	withPrefix(0x2002n, 16).chain((v) => interestingV4.map((n) => (v & ~(V4_MASK << 80n)) | (BigInt(n) << 80n))),
	withPrefix(0x7en, 7),
	withPrefix(0x3fan, 10),
	withPrefix(0x3fbn, 10),
	withPrefix(0x20010db8n, 32),
	fc.constantFrom(0n, 1n),
);

describe('which recording hosts are local', () => {
	test('any IPv4 address, in any literal form a URL takes, is judged as the model judges its number', () => {
		fc.assert(
			fc.property(interestingV4.chain((n) => fc.tuple(fc.constant(n), v4Form(n))), ([n, host]) => {
				expect(isLocalAddress(`http://${host}:8080/recordings/1.mp3`)).toBe(modelV4(n));
			}),
			propertyRuns(2000),
		);
	});

	test('any IPv6 address, in any literal form (compressed, upper case, dotted IPv4 tail, mapped), is judged as the model judges its bits', () => {
		fc.assert(
			fc.property(interestingV6.chain((v) => fc.tuple(fc.constant(v), v6Form(v))), ([v, host]) => {
				expect(isLocalAddress(`https://[${host}]/recordings/1.mp3`)).toBe(modelV6(v));
			}),
			propertyRuns(2000),
		);
	});

	test('names: localhost and its subdomains are local, any other name is not (names are not resolved)', () => {
		const label = fc.stringMatching(/^[a-z][a-z-]{0,10}[a-z]$/);
		fc.assert(
			fc.property(fc.array(label, { minLength: 0, maxLength: 3 }), fc.boolean(), fc.boolean(), (labels, endsInLocalhost, upper) => {
				const name = [...labels, endsInLocalhost ? 'localhost' : 'example'].join('.');
				const host = upper ? name.toUpperCase() : name;
				expect(isLocalAddress(`http://${host}/x.mp3`)).toBe(endsInLocalhost);
			}),
			propertyRuns(500),
		);
	});

	test.each([
		['http://169.254.169.254/latest/meta-data', true],
		['http://[::ffff:169.254.169.254]/', true],
		['http://[::1]:3000/', true],
		['http://0/', true],
		['http://localhost./', true],
		['http://localhost.example.com/', false],
		['https://files.example.com/1.mp3', false],
		['http://8.8.8.8/', false],
		['http://[2606:4700::1111]/', false],
		['not a url', false],
	])('%s → %s', (url, local) => {
		expect(isLocalAddress(url)).toBe(local);
	});
});
