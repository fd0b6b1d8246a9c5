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

const SOURCES: Record<LookupName, ListEndpoint> = {
	fieldDefinitions: CUSTOM_FIELD.list('tickets'),
	leadStatuses: LEAD.statuses,
	dealPipelines: DEAL.pipelines,
};

/** Definitions change rarely: the items of one execution share one read. */
const CACHE_MS = 30_000;
const cache = new Map<string, { at: number; records: Promise<unknown[]> }>();

async function read(
	ctx: TransportContext,
	account: Account,
	name: LookupName,
	fresh: boolean,
): Promise<unknown[]> {
	const key = `${account.key}|${name}`;
	const cached = cache.get(key);
	if (!fresh && cached && Date.now() - cached.at < CACHE_MS) return await cached.records;
	const source = SOURCES[name];
	const records = fetchList.call(
		ctx,
		{ method: source.method, path: source.path, account },
		source,
	);
	cache.set(key, { at: Date.now(), records });
	records.catch(() => cache.delete(key));
	return await records;
}

/**
 * Reads the named definitions of the account (in parallel, cached for a short while).
 * `fresh` reads again: the editor's dropdowns show an admin's change at once.
 */
export async function readLookups(
	ctx: TransportContext,
	account: Account,
	names: LookupName[],
	options: { fresh?: boolean } = {},
): Promise<Lookups> {
	const lookups: Lookups = {};
	await Promise.all(
		[...new Set(names)].map(async (name) => {
			(lookups as Record<LookupName, unknown[]>)[name] = await read(
				ctx,
				account,
				name,
				options.fresh ?? false,
			);
		}),
	);
	return lookups;
}
