/**
 * What Simplify promises, checked against the fake platform's own answer: every time of the
 * record ISO 8601 with the account's offset naming the same instant, every code with its label
 * beside it. The instants are worked out here from the fake's fixed +07:00 account offset, not
 * with the node's converters; which fields are times and codes, and each code's label, come
 * from ./documented-records.ts (docs/api.md), not from the node's table.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RecordKind } from '../../../nodes/CustomerCare/api/records';
import type { FakePlatform } from '../../../tools/fake-platform';
import { DOCUMENTED_RECORDS, type DocumentedCode } from './documented-records';
import { instantOf } from './platform-clock';

/** The fake platform's account zone (+07:00 all year). */
export const ACCOUNT_ZONE = 'Asia/Ho_Chi_Minh';
export const OFFSET_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/;

/**
 * The instant an API time names, on the platform played: a `Z` as that platform writes it (the
 * real platform's +07:00 wall clock, the spec's UTC), an offset as written, zone-less in the
 * account's +07:00 (./platform-clock.ts).
 */
export function instantOfApiTime(value: string, platform?: Pick<FakePlatform, 'platform'>): number {
	return instantOf(value, { platform: platform?.platform });
}

/** Every value at a path (`comments.*.created_at`), with the object holding it. */
function valuesAt(record: IDataObject, path: string): Array<{ holder: IDataObject; key: string }> {
	const [head, ...rest] = path.split('.');
	if (rest.length === 0) return head in record ? [{ holder: record, key: head }] : [];
	const next = record[head];
	if (rest[0] === '*') {
		if (!Array.isArray(next)) return [];
		return (next as IDataObject[]).flatMap((entry) => valuesAt(entry, rest.slice(1).join('.')));
	}
	return next && typeof next === 'object' ? valuesAt(next as IDataObject, rest.join('.')) : [];
}

/** The labels the account's lists give: lead statuses, pipelines, stages. */
function accountLabel(platform: FakePlatform, list: string, code: unknown): string | null {
	const id = Number(code);
	if (list === 'leadStatus') return platform.store.leadStatuses.find((status) => status.id === id)?.label ?? null;
	if (list === 'pipeline') return platform.store.dealPipelines.find((pipeline) => pipeline.id === id)?.name ?? null;
	const stages = platform.store.dealPipelines.flatMap((pipeline) => pipeline.stages);
	return stages.find((stage) => stage.id === id)?.name ?? null;
}

/**
 * Checks one output record against the API's record it came from, in one comparison (the fields
 * it checked, keyed by path, seen against expected): a list of thousands of records costs one
 * expect each, not thirty. Returns how many times and labels it checked, so that a test can
 * insist the record had some.
 */
export function expectReadable(platform: FakePlatform, kind: RecordKind, output: IDataObject, raw: IDataObject) {
	let times = 0;
	let labels = 0;
	const seen: Record<string, unknown> = {};
	const expected: Record<string, unknown> = {};
	const check = (name: string, actual: unknown, wanted: unknown) => {
		seen[name] = actual;
		expected[name] = wanted;
	};
	// Every field Simplify has nothing to do with is as the API gave it (custom fields: customFields/values.ts).
	const documented = DOCUMENTED_RECORDS[kind];
	const touched = new Set(['custom_fields', 'custom_filed']);
	for (const path of [...Object.keys(documented.times), ...documented.codes.map((coded) => coded.field)]) touched.add(path.split('.')[0]);
	for (const [key, value] of Object.entries(raw)) if (!touched.has(key)) check(key, output[key], value);
	for (const [from, to] of Object.entries(documented.copies as Record<string, string>)) if (from in raw) check(`${to} (copy of ${from})`, output[to], raw[from]);
	for (const path of Object.keys(documented.times)) {
		const rawValues = valuesAt(raw, path);
		const shown = valuesAt(output, path);
		check(`${path}: how many`, shown.length, rawValues.length);
		if (shown.length !== rawValues.length) continue;
		rawValues.forEach(({ holder, key }, index) => {
			const value = holder[key];
			const out = shown[index].holder[shown[index].key];
			const name = rawValues.length > 1 ? `${path}[${index}]` : path;
			if (typeof value !== 'string' || value === '') return check(name, out, value);
			check(name, out, expect.stringMatching(OFFSET_TIME));
			let instant = instantOfApiTime(value, platform);
			// The heartbeat's zone-less time is in the status server's zone: its generated_at's offset.
			if ((documented.times as Record<string, string>)[path] === 'server' && typeof raw.generated_at === 'string') {
				instant = Date.parse(`${value.replace(' ', 'T')}${raw.generated_at.slice(-6)}`);
			}
			check(`${name}: instant`, Date.parse(out as string), instant);
			times++;
		});
	}
	for (const coded of documented.codes as readonly DocumentedCode[]) {
		const [code] = valuesAt(raw, coded.field);
		if (!code) continue;
		const [shown] = valuesAt(output, coded.field);
		const answered = code.holder[code.key];
		// The raw code stays, its label is beside it; a word the platform may answer instead
		// (the fake's strict mode) is shown as its code.
		const value = typeof answered === 'string' && coded.words ? coded.words[answered.toLowerCase()] : answered;
		if (!shown) {
			check(coded.field, '(missing)', value);
			continue;
		}
		check(`${coded.field} (answered ${String(answered)})`, shown.holder[shown.key], value);
		const label =
			value === null || value === undefined
				? null
				: typeof coded.labels === 'string'
					? accountLabel(platform, coded.labels, value)
					: (coded.labels[String(value)] ?? null);
		check(`${coded.label} (of ${coded.field} ${String(value)})`, shown.holder[coded.label], label);
		const keys = Object.keys(shown.holder);
		check(`${coded.label}: right after ${shown.key}`, keys.indexOf(coded.label), keys.indexOf(shown.key) + 1);
		if (label !== null) labels++;
	}
	expect(seen).toEqual(expected);
	return { times, labels };
}
