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
 * Definitions change rarely: the items of one execution share one read. Outside an execution
 * (the trigger's polls) a read serves for a short while.
 */
const CACHE_MS = 30_000;
const cache = new Map<string, { at: number; execution?: string; records: Promise<unknown[]> }>();

interface ReadOptions {
	/** Read again: the editor's dropdowns and form show an admin's change at once. */
	fresh?: boolean;
	/** The execution the read serves: a new execution reads the definitions as they are now. */
	execution?: string;
}

function isUsable(entry: { at: number; execution?: string }, options: ReadOptions): boolean {
	if (options.fresh) return false;
	if (options.execution !== undefined) return entry.execution === options.execution;
	return Date.now() - entry.at < CACHE_MS;
}

async function read(
	ctx: TransportContext,
	account: Account,
	name: LookupName,
	options: ReadOptions,
): Promise<unknown[]> {
	const key = `${account.key}|${name}`;
	const cached = cache.get(key);
	if (cached && isUsable(cached, options)) return await cached.records;
	const source = SOURCES[name];
	const records = fetchList.call(
		ctx,
		{ method: source.method, path: source.path, account },
		source,
	);
	cache.set(key, { at: Date.now(), execution: options.execution, records });
	records.catch(() => cache.delete(key));
	return await records;
}

/** Reads the named definitions of the account, in parallel, shared as `options` allows. */
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
