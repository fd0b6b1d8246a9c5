/**
 * One operation of the action node, from its description to its output items. n8n builds
 * each request from the declarative `routing` (method, URL, query, body); the hook below then
 * runs the operation's steps in one direction, once per item:
 *
 *   credential → parameters (n8n) → empty values dropped → checks → lookups → request → pages → output
 *
 * Checks send no requests; the account's definitions an operation needs are read in the
 * lookup step; the request goes through our transport (throttle, retries, failover).
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Endpoint, ListEndpoint } from '../api/endpoints';
import { findLostCreate, type CreateLookup } from '../transport/createLookup';
import { listRootOf, missingRootError, writeWithoutRootError } from '../transport/answerShape';
import { UnconfirmedWriteError } from '../transport/errors';
import { fetchList, type ListSpec } from '../transport/list';
import {
	customerCareRequest,
	getAccount,
	type Account,
	type ApiRequest,
} from '../transport/request';
import { forgetLookups, readLookups, readSince, type LookupName, type Lookups } from '../definitions/lookups';
import { presentLookups, presentOutput } from '../output/simplify';
import { returnAllAndLimit } from '../description/properties';
import { checkFields, failFor, type Fail } from '../checks/checks';

/** What every step of one item knows: its index, its account and how to refuse it. */
export interface ItemContext {
	itemIndex: number;
	account: Account;
	/** The zone of the platform's clock (`account.clock.zone`), for dates the user gives without one. */
	timeZone: string;
	fail: Fail;
	/** Filled by the lookup step (and, for the output, after the request); empty before it. */
	lookups: Lookups;
	/** The definitions the item's request was checked and built with. */
	lookupNames: LookupName[];
}

/** A step on the request n8n built: checks (and converts) values, or completes the body. Sends nothing. */
export type RequestStep = (
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
	item: ItemContext,
) => void | Promise<void>;

/**
 * A step that needs the account's definitions (custom fields, lead statuses): it names them for
 * the item, they are read together, then it runs on the request (the output may use them too).
 */
export interface LookupStep {
	needs: (this: IExecuteSingleFunctions, request: IHttpRequestOptions) => LookupName[];
	run?: RequestStep;
}

/**
 * Definitions the output needs (Simplify's labels), read after the request and only for what
 * the records hold: a write is never held back, nor a refused one charged, for its labels.
 */
export interface OutputLookupStep {
	needs: (this: IExecuteSingleFunctions, records: IDataObject[]) => LookupName[];
}

export interface OperationSpec {
	/** The operation's parameters: each number, ID and checked field among them is checked before sending. */
	fields?: INodeProperties[];
	/** Checks across fields, after the fields' own checks. */
	checks?: RequestStep[];
	/** Steps that need the account's definitions, read in one lookup before the request. */
	lookups?: LookupStep[];
	/** Definitions the output needs, read after the request. */
	outputLookups?: OutputLookupStep[];
	/** The answer is a list: Return All / Limit apply. */
	list?: ListSpec;
	/** A create: where to look the record up when the answer to it was lost. */
	findCreated?: CreateLookup;
	/**
	 * Last shaping step on the records, e.g. custom fields by label. For a list it runs on each
	 * page as the page arrives: it takes the records one by one (no count, order or limit).
	 */
	transform?: (
		this: IExecuteSingleFunctions,
		records: IDataObject[],
		item: ItemContext,
	) => Promise<IDataObject[]> | IDataObject[];
}

function isPlainObject(value: unknown): boolean {
	if (typeof value !== 'object' || value === null) return false;
	const prototype = Object.getPrototypeOf(value) as unknown;
	return prototype === Object.prototype || prototype === null;
}

/** Optional fields left empty in the editor are not sent (the API reads '' as a value). The one place for empty values. */
export function withoutEmpty(value: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, entry] of Object.entries(value)) {
		if (entry === '' || entry === undefined || entry === null) continue;
		// Only plain objects are walked: a date from an expression (Luxon, Date) is a value.
		result[key] = isPlainObject(entry) ? withoutEmpty(entry as IDataObject) : entry;
	}
	return result;
}

/**
 * n8n's routing node adds no `pairedItem` and the engine guesses it only when the counts of
 * input and output items match, so every item we return names its input item here.
 */
function toItems(records: IDataObject[], itemIndex: number): INodeExecutionData[] {
	return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/** An error as n8n reports it: ours already are; anything else becomes a NodeOperationError of the item. */
function nodeErrorOf(
	error: unknown,
	itemIndex: number,
	ctx: IExecuteSingleFunctions,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError || error instanceof NodeApiError) return error;
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * The error item of Continue On Fail, paired with its input item. (n8n's routing node makes
 * `{json: {}, error}` without a pairing, which loses the item as soon as a list returns more
 * items than came in.)
 */
function errorItem(
	error: NodeApiError | NodeOperationError,
	itemIndex: number,
): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	return { json, error, pairedItem: { item: itemIndex } };
}

/** Limit is a number field like any other: an expression may give it anything. */
export function checkLimit(ctx: IExecuteSingleFunctions): number {
	const limit = ctx.getNodeParameter('limit', 50) as unknown;
	const number = typeof limit === 'number' ? limit : Number(String(limit).trim());
	if (String(limit).trim() === '' || !Number.isInteger(number) || number < 1) {
		failFor(ctx)(`Limit (limit) must be a whole number of at least 1; got "${String(limit)}"`);
	}
	return number;
}

/** The request n8n built, without empty values, checked and completed by the operation's steps. */
async function prepare(
	ctx: IExecuteSingleFunctions,
	spec: OperationSpec,
	built: IHttpRequestOptions,
	item: ItemContext,
): Promise<IHttpRequestOptions> {
	const request: IHttpRequestOptions = {
		...built,
		qs: built.qs ? withoutEmpty(built.qs as IDataObject) : undefined,
		body:
			built.method === 'GET' || built.method === undefined
				? undefined
				: withoutEmpty((built.body as IDataObject | undefined) ?? {}),
	};
	if (spec.fields) checkFields.call(ctx, spec.fields, request, item);
	for (const check of spec.checks ?? []) await check.call(ctx, request, item);
	const steps = spec.lookups ?? [];
	item.lookupNames = [...new Set(steps.flatMap((step) => step.needs.call(ctx, request)))];
	const readFrom = Date.now();
	await runLookupSteps(ctx, steps, request, item, {}).catch(async (refusal: unknown) => {
		if (readSince(item.account, item.lookupNames, readFrom)) return await Promise.reject(refusal);
		// Refused by definitions kept from an earlier read: read them again before the refusal
		// stands (a field or a choice an admin just added).
		return await runLookupSteps(ctx, steps, request, item, { fresh: true });
	});
	return request;
}

const isRecord = (value: unknown) =>
	typeof value === 'object' &&
	value !== null &&
	!Array.isArray(value) &&
	Object.keys(value).length > 0;

/**
 * A get, create, update or send answers one record: an empty `[]` or `{}` in its place (PHP
 * encodes an empty object as `[]`) is no record. A reference list answers an array.
 */
function holdsItsRecords(endpoint: Endpoint, root: unknown): boolean {
	const answersOneRecord = !('idProperty' in endpoint) && !endpoint.readOnly;
	if (answersOneRecord) return isRecord(root);
	return Array.isArray(root) || (typeof root === 'object' && root !== null);
}

/** The lookup step: the definitions the item needs (shared by the process a short while), then its steps. */
async function runLookupSteps(
	ctx: IExecuteSingleFunctions,
	steps: LookupStep[],
	request: IHttpRequestOptions,
	item: ItemContext,
	options: { fresh?: boolean },
) {
	if (item.lookupNames.length) {
		item.lookups = await readLookups(ctx, item.account, item.lookupNames, options);
	}
	for (const step of steps) await step.run?.call(ctx, request, item);
}

/**
 * The platform refused a request its definitions allowed: they may be stale (a field or choice
 * an admin deleted). They are read again and the item's steps run on them, so that the item's
 * own check names what is wrong; if they pass, the platform's refusal stands.
 */
async function recheckAfterRefusal(
	ctx: IExecuteSingleFunctions,
	spec: OperationSpec,
	request: IHttpRequestOptions,
	item: ItemContext,
) {
	forgetLookups(item.account, item.lookupNames);
	await runLookupSteps(ctx, spec.lookups ?? [], request, item, { fresh: true });
}

/**
 * The definitions the output needs for these records, read after the request (cached). After a
 * write they are a nicety: if they cannot be read, the written record is output all the same,
 * its labels empty, since failing the item would invite running the write again.
 */
async function readOutputLookups(
	ctx: IExecuteSingleFunctions,
	spec: OperationSpec,
	endpoint: Endpoint,
	records: IDataObject[],
	item: ItemContext,
) {
	const steps = [...(spec.outputLookups ?? []), presentLookups];
	const names = steps
		.flatMap((step) => step.needs.call(ctx, records))
		.filter((name) => !item.lookups[name]);
	if (names.length === 0) return;
	const isWrite = endpoint.method !== 'GET' && !endpoint.readOnly;
	const read = readLookups(ctx, item.account, names);
	const lookups = isWrite ? await read.catch(() => ({})) : await read;
	item.lookups = { ...item.lookups, ...lookups };
}

/** The records as the item outputs them: the definitions their labels need, the operation's shaping, Simplify. */
async function outputOf(
	ctx: IExecuteSingleFunctions,
	spec: OperationSpec,
	endpoint: Endpoint,
	records: IDataObject[],
	item: ItemContext,
): Promise<IDataObject[]> {
	await readOutputLookups(ctx, spec, endpoint, records, item);
	const shaped = spec.transform ? await spec.transform.call(ctx, records, item) : records;
	return presentOutput.call(ctx, shaped, item);
}

/**
 * Sends the prepared request through our transport and returns the item's output records. A
 * list's pages are shaped as they arrive, while the next ones are read (a Return All of 40
 * pages would otherwise do all of it after the last); the definitions their labels need are
 * read as soon as a page holds such codes.
 */
async function send(
	ctx: IExecuteSingleFunctions,
	spec: OperationSpec,
	endpoint: Endpoint,
	request: IHttpRequestOptions,
	item: ItemContext,
): Promise<IDataObject[]> {
	const apiRequest = {
		method: (request.method ?? 'GET') as IHttpRequestMethods,
		path: request.url ?? '',
		qs: request.qs && Object.keys(request.qs).length ? (request.qs as IDataObject) : undefined,
		body: request.body as IDataObject | undefined,
		target: endpoint.target,
		itemIndex: item.itemIndex,
		account: item.account,
		record: endpoint.record && { resource: endpoint.record, id: lastSegment(request.url) },
	};
	if (spec.list) {
		const returnAll = ctx.getNodeParameter('returnAll', true) as boolean;
		return await fetchList.call(
			ctx,
			apiRequest,
			spec.list,
			returnAll ? undefined : checkLimit(ctx),
			async (page) => await outputOf(ctx, spec, endpoint, page, item),
		);
	}
	const records = await answerRecords(ctx, spec, endpoint, apiRequest, item);
	return await outputOf(ctx, spec, endpoint, records, item);
}

/** The ID a record's path ends with, as the user gave it. */
function lastSegment(url: string | undefined): string {
	const segment = (url ?? '').split('/').pop() ?? '';
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/** The records of a single request's answer (not a list). */
async function answerRecords(
	ctx: IExecuteSingleFunctions,
	spec: OperationSpec,
	endpoint: Endpoint,
	apiRequest: ApiRequest & { method: IHttpRequestMethods },
	item: ItemContext,
): Promise<IDataObject[]> {
	const { rootProperty } = endpoint;
	const sentAt = Date.now();
	const answer = await customerCareRequest.call(ctx, apiRequest).catch(async (error: unknown) => {
		// A create whose answer was lost: look the record up before failing.
		if (!(error instanceof UnconfirmedWriteError) || !spec.findCreated)
			return await Promise.reject(error);
		const found = await findLostCreate.call(ctx, spec.findCreated, apiRequest, error);
		return rootProperty ? { [rootProperty]: found } : found;
	});
	// A list's root is our assumption: without it, the one array of the answer (answerShape.ts).
	const listAnswer = 'idProperty' in endpoint || endpoint.readOnly;
	const root = !rootProperty
		? answer
		: listAnswer
			? listRootOf(answer, rootProperty)
			: answer[rootProperty];
	if (rootProperty && !holdsItsRecords(endpoint, root)) {
		// An answer without its root is an error, never an empty item (answerShape.ts). A write
		// happened all the same: never sent again, a create is looked up, anything else says so.
		const source = { ...apiRequest, root: rootProperty };
		if (apiRequest.method === 'GET' || endpoint.readOnly)
			throw missingRootError(ctx.getNode(), answer, source);
		const unread = writeWithoutRootError(ctx.getNode(), answer, source, {
			at: sentAt,
			host: item.account.baseUrl,
		});
		if (!spec.findCreated) throw unread;
		return [await findLostCreate.call(ctx, spec.findCreated, apiRequest, unread)];
	}
	return Array.isArray(root) ? (root as IDataObject[]) : [(root ?? {}) as IDataObject];
}

/**
 * The routing hook of an operation. n8n calls it (only when `paginate` is set, which is why
 * every operation sets it) with the request it built; it hands the request to our transport
 * instead of n8n's plain HTTP call. Under Continue On Fail a refused or failed item becomes
 * an error item paired with its input item, and the other items go on.
 */
function runOperation(endpoint: Endpoint, spec: OperationSpec) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const itemIndex = this.getItemIndex();
		let item: ItemContext | undefined;
		let request: IHttpRequestOptions | undefined;
		try {
			const account = await getAccount.call(this);
			item = {
				itemIndex,
				account,
				timeZone: account.clock.zone,
				fail: failFor(this),
				lookups: {},
				lookupNames: [],
			};
			// n8n types the request it built with an optional url, as its own preSend steps take it.
			request = await prepare(this, spec, requestData.options as IHttpRequestOptions, item);
			return toItems(await send(this, spec, endpoint, request, item), itemIndex);
		} catch (caught) {
			let error = caught;
			const refused = error instanceof NodeApiError && !(error instanceof UnconfirmedWriteError);
			if (refused && item && request && item.lookupNames.length) {
				error = await recheckAfterRefusal(this, spec, request, item).then(
					() => caught,
					(clearer: unknown) => clearer,
				);
			}
			const nodeError = nodeErrorOf(error, itemIndex, this);
			if (this.continueOnFail()) return [errorItem(nodeError, itemIndex)];
			throw nodeError;
		}
	};
}

/**
 * One operation of a resource: its name in the editor, its endpoint (from the API catalogue,
 * the path possibly a routing expression such as `pathWithId`), and its steps.
 */
export function operation(
	option: Omit<INodePropertyOptions, 'routing'> & {
		action: string;
		description: string;
	},
	endpoint: Endpoint,
	spec: OperationSpec = {},
): INodePropertyOptions {
	return {
		...option,
		routing: {
			request: {
				method: endpoint.method,
				url: endpoint.path,
				// The heartbeat lives at the credential's Status URL, not under the domain.
				...(endpoint.target === 'status' ? { baseURL: '={{$credentials.statusUrl}}' } : {}),
			},
			send: { preSend: undefined, paginate: true },
			operations: { pagination: runOperation(endpoint, spec) },
		},
	};
}

/** The Get Many of a reference list (agents, groups, services): Return All, Limit and its own filters. */
export function listOperation(
	resource: string,
	option: Parameters<typeof operation>[0],
	list: ListEndpoint,
	filters: INodeProperties[] = [],
): { operation: INodePropertyOptions; fields: INodeProperties[] } {
	const fields = [...returnAllAndLimit(resource), ...filters];
	return { fields, operation: operation(option, list, { fields, list }) };
}
