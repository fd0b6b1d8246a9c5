/**
 * The routing hook of every operation: n8n hands it the request it built for one item; the
 * item's steps run in one direction (prepare.ts, then answer.ts), and the records become
 * output items paired with their input item, or an error item under Continue On Fail.
 *
 *   credential → parameters (n8n) → empty values dropped → checks → definitions → request → pages → output
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Endpoint } from '../api/endpoints';
import { failFor } from '../checks/fieldRule';
import { UnconfirmedWriteError, getAccount } from '../transport';
import { send } from './answer';
import { prepare, recheckAfterRefusal } from './prepare';
import type { ItemContext, OperationSpec, RecordWithFiles } from './spec';

/**
 * n8n's routing node adds no `pairedItem` and the engine guesses it only when the counts of
 * input and output items match, so every item we return names its input item here.
 */
function toItems(records: RecordWithFiles[], itemIndex: number): INodeExecutionData[] {
	return records.map((record) => ({ ...record, pairedItem: { item: itemIndex } }));
}

/**
 * The tail of each node run's downloads: n8n runs a declarative node's items together, so the
 * files of all its items wait here for one another (one file at most on its way per node run).
 */
const filesOnTheirWay = new Map<string, Promise<unknown>>();

async function afterTheOtherFiles<T>(key: string, work: () => Promise<T>): Promise<T> {
	const mine = (filesOnTheirWay.get(key) ?? Promise.resolve()).then(work);
	const tail = mine.catch(() => undefined);
	filesOnTheirWay.set(key, tail);
	try {
		return await mine;
	} finally {
		if (filesOnTheirWay.get(key) === tail) filesOnTheirWay.delete(key);
	}
}

/**
 * The records with their files (spec.binary), one record after another and one file at a time in
 * the node run; without Continue On Fail the first failure ends the item before its next download.
 * Under Continue On Fail a failed record is an error item (n8n keeps only the error's message of
 * its JSON, so the step's error names the record).
 */
async function withFiles(
	ctx: IExecuteSingleFunctions,
	files: NonNullable<OperationSpec['binary']>,
	records: IDataObject[],
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const run = `${ctx.getExecutionId()}|${ctx.getNode().id}`;
	const items: INodeExecutionData[] = [];
	for (const record of records) {
		try {
			const output = await afterTheOtherFiles(run, async () => await files.call(ctx, record, item));
			items.push(...toItems([output], item.itemIndex));
		} catch (caught) {
			const error = nodeErrorOf(caught, item.itemIndex, ctx);
			if (!ctx.continueOnFail()) throw error;
			items.push(errorItem(error, item.itemIndex));
		}
	}
	return items;
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

/**
 * The routing hook of an operation. n8n calls it (only when `paginate` is set, which is why
 * every operation sets it) with the request it built; it hands the request to our transport
 * instead of n8n's plain HTTP call. Under Continue On Fail a refused or failed item becomes
 * an error item paired with its input item, and the other items go on.
 */
export function runOperation(endpoint: Endpoint, spec: OperationSpec) {
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
				definitions: {},
				definitionNames: [],
			};
			// n8n types the request it built with an optional url, as its own preSend steps take it.
			request = await prepare(this, spec, requestData.options as IHttpRequestOptions, item);
			const records = await send(this, spec, endpoint, request, item);
			if (spec.binary) return await withFiles(this, spec.binary, records, item);
			return toItems(
				records.map((json) => ({ json })),
				itemIndex,
			);
		} catch (caught) {
			let error = caught;
			const refused = error instanceof NodeApiError && !(error instanceof UnconfirmedWriteError);
			if (refused && item && request && item.definitionNames.length) {
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

