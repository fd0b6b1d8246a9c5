/**
 * The account's own definitions that some operations need besides their request: custom-field
 * definitions (to send and label custom fields) and lead statuses (to check an unqualify
 * reason). Reading them is one explicit step of an operation, after its checks and before its
 * request (see `operation.ts`); checks never send requests.
 */
import type { IDataObject } from 'n8n-workflow';

import { CUSTOM_FIELD, DEAL, LEAD, type ListEndpoint } from '../api/endpoints';
import { fetchList, isLowNow, quotaOf, type Account, type TransportContext } from '../transport';

/**
 * A custom-field definition (docs/api.md#custom-fields; `lable` is the API's spelling), as
 * `fieldDefinitionsOf` leaves it: the platform's own may lack `type`, `values` or `code` and
 * give ids as text (real-platform.md §2.3).
 */
export interface FieldDefinition {
	custom_field_id: number;
	custom_field_lable: string;
	/** Absent when the platform gives none: free text that the platform judges. */
	type?: string;
	code: string | null;
	values?: FieldValue[];
}

export interface FieldValue {
	id: number;
	lable: string;
	code: string | null;
	parent_value_id: number;
}

/** An id given as a number or as digits; anything else is no id. */
function idOf(raw: unknown): number | undefined {
	if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
	return typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : undefined;
}

/**
 * A label, name or code as text: a string that is not blank, or a number as written (an admin
 * may name a field `2024`, and JSON then holds `2024`). Anything else (null, an object) is none.
 */
export const textOf = (raw: unknown): string | undefined =>
	typeof raw === 'string' && raw.trim() !== ''
		? raw
		: typeof raw === 'number' && Number.isFinite(raw)
			? String(raw)
			: undefined;

function valueOf(raw: unknown): FieldValue | undefined {
	if (typeof raw !== 'object' || raw === null) return undefined;
	const entry = raw as IDataObject;
	const id = idOf(entry.id);
	// A choice without an id cannot be sent or matched: left out.
	if (id === undefined) return undefined;
	return {
		id,
		lable: textOf(entry.lable) ?? `Choice ${id}`,
		code: textOf(entry.code) ?? null,
		parent_value_id: idOf(entry.parent_value_id) ?? -1,
	};
}

/**
 * The definitions as every reader takes them, whatever keys the platform left out: ids as
 * numbers, a label always, `type` only when given, choices only when given. A definition
 * without an id is left out: no value can be sent for it.
 */
export function fieldDefinitionsOf(records: unknown[]): FieldDefinition[] {
	const definitions: FieldDefinition[] = [];
	for (const raw of records) {
		if (typeof raw !== 'object' || raw === null) continue;
		const record = raw as IDataObject;
		const id = idOf(record.custom_field_id);
		if (id === undefined) continue;
		const definition: FieldDefinition = {
			custom_field_id: id,
			custom_field_lable: textOf(record.custom_field_lable) ?? `Field ${id}`,
			code: textOf(record.code) ?? null,
		};
		const type = textOf(record.type);
		if (type !== undefined) definition.type = type.trim();
		if (Array.isArray(record.values)) {
			definition.values = (record.values as unknown[])
				.map(valueOf)
				.filter((value): value is FieldValue => value !== undefined);
		}
		definitions.push(definition);
	}
	return definitions;
}

/** A lead status (GET /api/v1/lead/status): status_type 1 first, 0 middle, 2 converted, 3 unqualified. */
export interface LeadStatus {
	id: number;
	label: string;
	status_type: number;
}

export interface Definitions {
	/** Leads and deals use the tickets' definitions (docs/api.md#where-the-spec-is-silent-our-assumptions). */
	fieldDefinitions?: FieldDefinition[];
	/** Contacts have definitions of their own (docs/api.md#contacts). */
	contactFieldDefinitions?: FieldDefinition[];
	leadStatuses?: LeadStatus[];
	/** Each with its `stages` (docs/api.md#deals). */
	dealPipelines?: IDataObject[];
}

export type DefinitionName = keyof Definitions;

/** Where a reference list's entries keep their name: the spec does not show their shape. */
const NAME_KEYS = ['name', 'label', 'lable', 'title'];

export interface NameOptions {
	/** The keys that may hold the name, in order (default: name, label, lable, title). */
	keys?: string[];
	/** The key of the entry's id (default: id). */
	id?: string;
	/** What the entry is (`Group`): an entry without a name reads `Group 7`; without, `#7`. */
	kind?: string;
}

/**
 * The name every dropdown and Simplify shows for an entry of a list (agents, groups, services,
 * statuses, pipelines, stages, labels, reasons): its first name key that holds text (a number
 * counts, as written), else a name made of its kind and id. Never "undefined", never a crash,
 * whatever the entry is.
 */
export function nameOf(entry: unknown, options: NameOptions = {}): string {
	const record = typeof entry === 'object' && entry !== null ? (entry as IDataObject) : {};
	for (const key of options.keys ?? NAME_KEYS) {
		const name = textOf(record[key]);
		if (name !== undefined) return name;
	}
	const id = textOf(record[options.id ?? 'id']);
	if (options.kind)
		return id === undefined ? `${options.kind} without ID` : `${options.kind} ${id}`;
	return id === undefined ? '#?' : `#${id}`;
}

const SOURCES: Record<DefinitionName, ListEndpoint> = {
	fieldDefinitions: CUSTOM_FIELD.list('tickets'),
	contactFieldDefinitions: CUSTOM_FIELD.list('contacts'),
	leadStatuses: LEAD.statuses,
	dealPipelines: DEAL.pipelines,
};

/** Lists read into a shape of their own once, so that no reader meets a missing key. */
const SHAPES: Partial<Record<DefinitionName, (records: unknown[]) => unknown[]>> = {
	fieldDefinitions: fieldDefinitionsOf,
	contactFieldDefinitions: fieldDefinitionsOf,
};

/** The definitions of an object's custom fields: tickets (which leads and deals use) or contacts. */
export type FieldDefinitionsName = 'fieldDefinitions' | 'contactFieldDefinitions';

/**
 * Definitions change rarely: every execution, item and poll of the process shares one read per
 * account for a short while (one request per single-item operation in steady state: docs/rate-budget.md).
 * A change shows sooner where it matters: the editor reads afresh (`fresh`), an item that its
 * definitions refuse reads them again before the refusal stands (operation.ts), and a write the
 * platform refused drops them (`forgetDefinitions`). Two minutes: a trigger polling every minute
 * finds them kept, and an admin's change shows within them.
 */
const CACHE_MS = 120_000;
const cache = new Map<string, { at: number; records: Promise<unknown[]> }>();

interface ReadOptions {
	/** Read again: the editor's dropdowns and form show an admin's change at once. */
	fresh?: boolean;
}

const keyOf = (account: Account, name: DefinitionName) => `${account.budgetKey}|${name}`;

async function read(
	ctx: TransportContext,
	account: Account,
	name: DefinitionName,
	options: ReadOptions,
): Promise<unknown[]> {
	const key = keyOf(account, name);
	const cached = cache.get(key);
	if (cached && !options.fresh && Date.now() - cached.at < CACHE_MS) return await cached.records;
	// Under a low hourly quota, definitions already read are kept, whatever their age: the
	// requests left go to what the user asked for (docs/rate-budget.md).
	if (cached && !options.fresh && isLowNow(quotaOf(account), Date.now())) return await cached.records;
	const source = SOURCES[name];
	const shape = SHAPES[name] ?? ((listed: unknown[]) => listed);
	const records = fetchList
		.call(
			ctx,
			// Pages or items wait on these to be shaped: they go before queued pages.
			{ method: source.method, path: source.path, account, urgent: true },
			source,
		)
		.then(shape);
	cache.set(key, { at: Date.now(), records });
	records.catch(() => cache.delete(key));
	return await records;
}

/** The account's definitions may have changed (a refusal said so): the next read goes to the platform. */
export function forgetDefinitions(account: Account, names: DefinitionName[]) {
	for (const name of names) cache.delete(keyOf(account, name));
}

/** Whether every one of these definitions was read from the platform at or after `since`. */
export function readSince(account: Account, names: DefinitionName[], since: number): boolean {
	return names.every((name) => (cache.get(keyOf(account, name))?.at ?? 0) >= since);
}

/** For tests: forget every account's definitions. */
export function resetDefinitions() {
	cache.clear();
}

/** Reads the named definitions of the account, in parallel, from the cache unless `fresh`. */
export async function readDefinitions(
	ctx: TransportContext,
	account: Account,
	names: DefinitionName[],
	options: ReadOptions = {},
): Promise<Definitions> {
	const definitions: Definitions = {};
	await Promise.all(
		[...new Set(names)].map(async (name) => {
			(definitions as Record<DefinitionName, unknown[]>)[name] = await read(ctx, account, name, options);
		}),
	);
	return definitions;
}
