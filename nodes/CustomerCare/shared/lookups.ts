/**
 * The account's own definitions that some operations need besides their request: custom-field
 * definitions (to send and label custom fields) and lead statuses (to check an unqualify
 * reason). Reading them is one explicit step of an operation, after its checks and before its
 * request (see `operation.ts`); checks never send requests.
 */
import type { IDataObject } from 'n8n-workflow';

import { CUSTOM_FIELD, DEAL, LEAD, type ListEndpoint } from '../api/endpoints';
import { fetchList } from '../transport/list';
import type { Account, TransportContext } from '../transport/request';

/** A custom-field definition (docs/api.md#custom-fields; `lable` is the API's spelling). */
export interface FieldDefinition {
	custom_field_id: number;
	custom_field_lable: string;
	type: string;
	code: string | null;
	values?: FieldValue[];
}

export interface FieldValue {
	id: number;
	lable: string;
	code: string | null;
	parent_value_id: number;
}

/** A lead status (GET /api/v1/lead/status): status_type 1 first, 0 middle, 2 converted, 3 unqualified. */
export interface LeadStatus {
	id: number;
	label: string;
	status_type: number;
}

export interface Lookups {
	/** Leads and deals use the tickets' definitions (docs/api.md#where-the-spec-is-silent-our-assumptions). */
	fieldDefinitions?: FieldDefinition[];
	leadStatuses?: LeadStatus[];
	/** Each with its `stages` (docs/api.md#deals). */
	dealPipelines?: IDataObject[];
}

export type LookupName = keyof Lookups;

/** The name of an entry of a reference list (pipelines, stages, labels, reasons): the spec does not show their shape. */
export function nameOf(entry: IDataObject): string {
	const name = entry.name ?? entry.label ?? entry.lable ?? entry.title;
	return typeof name === 'string' && name ? name : `#${String(entry.id)}`;
}

const SOURCES: Record<LookupName, ListEndpoint> = {
	fieldDefinitions: CUSTOM_FIELD.list('tickets'),
	leadStatuses: LEAD.statuses,
	dealPipelines: DEAL.pipelines,
};

/**
 * Definitions change rarely: every execution, item and poll of the process shares one read per
 * account for a short while (issue 20: one request per single-item operation in steady state).
 * A change shows sooner where it matters: the editor reads afresh (`fresh`), an item that its
 * definitions refuse reads them again before the refusal stands (operation.ts), and a write the
 * platform refused drops them (`forgetLookups`). Two minutes: a trigger polling every minute
 * finds them kept, and an admin's change shows within them.
 */
const CACHE_MS = 120_000;
const cache = new Map<string, { at: number; records: Promise<unknown[]> }>();

interface ReadOptions {
	/** Read again: the editor's dropdowns and form show an admin's change at once. */
	fresh?: boolean;
}

const keyOf = (account: Account, name: LookupName) => `${account.budgetKey}|${name}`;

async function read(
	ctx: TransportContext,
	account: Account,
	name: LookupName,
	options: ReadOptions,
): Promise<unknown[]> {
	const key = keyOf(account, name);
	const cached = cache.get(key);
	if (cached && !options.fresh && Date.now() - cached.at < CACHE_MS) return await cached.records;
	const source = SOURCES[name];
	const records = fetchList.call(
		ctx,
		// Pages or items wait on these to be shaped: they go before queued pages.
		{ method: source.method, path: source.path, account, urgent: true },
		source,
	);
	cache.set(key, { at: Date.now(), records });
	records.catch(() => cache.delete(key));
	return await records;
}

/** The account's definitions may have changed (a refusal said so): the next read goes to the platform. */
export function forgetLookups(account: Account, names: LookupName[]) {
	for (const name of names) cache.delete(keyOf(account, name));
}

/** Whether every one of these definitions was read from the platform at or after `since`. */
export function readSince(account: Account, names: LookupName[], since: number): boolean {
	return names.every((name) => (cache.get(keyOf(account, name))?.at ?? 0) >= since);
}

/** For tests: forget every account's definitions. */
export function resetLookups() {
	cache.clear();
}

/** Reads the named definitions of the account, in parallel, from the cache unless `fresh`. */
export async function readLookups(
	ctx: TransportContext,
	account: Account,
	names: LookupName[],
	options: ReadOptions = {},
): Promise<Lookups> {
	const lookups: Lookups = {};
	await Promise.all(
		[...new Set(names)].map(async (name) => {
			(lookups as Record<LookupName, unknown[]>)[name] = await read(ctx, account, name, options);
		}),
	);
	return lookups;
}
