/**
 * Sends an item's prepared request through the transport and reads its answer's records: the
 * one place that takes records out of an answer (a list's pages, or one request's root), looks
 * up a create whose answer was lost, and shapes the records for output (the operation's own
 * step, then Simplify).
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
} from 'n8n-workflow';

import type { Endpoint } from '../api/endpoints';
import { checkLimit } from '../checks/declared';
import { readDefinitions } from '../definitions/accountDefinitions';
import { simplifyDefinitionStep, simplifyOutput } from '../output/simplify';
import {
	listRootOf,
	missingRootError,
	writeWithoutRootError,
	UnconfirmedWriteError,
	fetchList,
	customerCareRequest,
	type ApiRequest,
} from '../transport';
import { findLostCreate } from './createLookup';
import { isRecord } from '../basics/looseValues';
import type { ItemContext, OperationSpec } from './spec';


/**
 * A get, create, update or send answers one record: an empty `[]` or `{}` in its place (PHP
 * encodes an empty object as `[]`) is no record. A reference list answers an array.
 */
function holdsItsRecords(endpoint: Endpoint, root: unknown): boolean {
	if (endpoint.answers !== 'list') return isRecord(root);
	return Array.isArray(root) || (typeof root === 'object' && root !== null);
}

/**
 * The definitions the output needs for these records, read after the request (cached). After a
 * write they are a nicety: if they cannot be read, the written record is output all the same,
 * its labels empty, since failing the item would invite running the write again.
 */
async function readOutputDefinitions(
	ctx: IExecuteSingleFunctions,
	spec: OperationSpec,
	endpoint: Endpoint,
	records: IDataObject[],
	item: ItemContext,
) {
	const steps = [...(spec.outputDefinitionSteps ?? [])];
	if (spec.simplify) steps.push(simplifyDefinitionStep(spec.simplify));
	const names = steps
		.flatMap((step) => step.needs.call(ctx, records))
		.filter((name) => !item.definitions[name]);
	if (names.length === 0) return;
	const isWrite = endpoint.method !== 'GET' && !endpoint.readOnly;
	const read = readDefinitions(ctx, item.account, names);
	const definitions = isWrite ? await read.catch(() => ({})) : await read;
	item.definitions = { ...item.definitions, ...definitions };
}

/** The records as the item outputs them: the definitions their labels need, the operation's shaping, Simplify. */
async function outputOf(
	ctx: IExecuteSingleFunctions,
	spec: OperationSpec,
	endpoint: Endpoint,
	records: IDataObject[],
	item: ItemContext,
): Promise<IDataObject[]> {
	await readOutputDefinitions(ctx, spec, endpoint, records, item);
	const shaped = spec.transform ? await spec.transform.call(ctx, records, item) : records;
	return spec.simplify ? simplifyOutput(ctx, spec.simplify, shaped, item) : shaped;
}

/**
 * Sends the prepared request through our transport and returns the item's output records. A
 * list's pages are shaped as they arrive, while the next ones are read (a Return All of 40
 * pages would otherwise do all of it after the last); the definitions their labels need are
 * read as soon as a page holds such codes.
 */
export async function send(
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
	const records = spec.answer
		? await spec.answer.call(ctx, apiRequest, item)
		: await answerRecords(ctx, spec, endpoint, apiRequest, item);
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
	const root = !rootProperty
		? answer
		: endpoint.answers === 'list'
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

