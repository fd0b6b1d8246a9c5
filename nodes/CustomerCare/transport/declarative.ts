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
	INodePropertyRouting,
} from 'n8n-workflow';

import { findLostCreate, type CreateLookup } from './createLookup';
import { UnconfirmedWriteError } from './errors';
import { fetchList, type ListSpec } from './list';
import { customerCareRequest } from './request';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { presentOutput } from '../shared/simplify';
import { checkFields } from '../shared/validation';

/** How an operation's answer becomes output items. */
export interface OutputSpec {
	/** The property of the answer holding the record(s), e.g. `agents` or `ticket`. */
	rootProperty?: string;
	/** The answer is a list: Return All / Limit apply. */
	list?: ListSpec;
	target?: 'api' | 'status';
	/** Started together with a list's first page, e.g. reading the custom-field labels. */
	prefetch?: (this: IExecutePaginationFunctions) => void;
	/** A create: where to look the record up when the answer to it was lost. */
	findCreated?: CreateLookup;
	/** Last shaping step on the items, e.g. id → label mapping. */
	transform?: (this: IExecutePaginationFunctions, items: IDataObject[]) => Promise<IDataObject[]> | IDataObject[];
	/**
	 * The operation's own parameters: every number and ID among them is checked before
	 * sending, from its description (see `checkFields`). A getter, since an operation file
	 * declares its fields after the operation.
	 */
	fields?: () => INodeProperties[];
}

type PreSend = (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) => Promise<IHttpRequestOptions>;

/** Optional fields left empty in the editor are not sent (the API reads '' as a value). */
function withoutEmpty(value: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, entry] of Object.entries(value)) {
		if (entry === '' || entry === undefined || entry === null) continue;
		result[key] =
			typeof entry === 'object' && !Array.isArray(entry) ? withoutEmpty(entry as IDataObject) : entry;
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
function nodeErrorOf(error: unknown, itemIndex: number, ctx: IExecuteSingleFunctions): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError || error instanceof NodeApiError) return error;
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * The error item of Continue On Fail, paired with its input item. (n8n's routing node makes
 * `{json: {}, error}` without a pairing, which loses the item as soon as a list returns more
 * items than came in.)
 */
function errorItem(error: NodeApiError | NodeOperationError, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	return { json, error, pairedItem: { item: itemIndex } };
}

/**
 * n8n builds each request from the declarative `routing` (method, path, query, body); this
 * hook then hands it to our transport instead of n8n's plain HTTP call. n8n calls it only
 * when `paginate` is set, which is why every operation sets `send.paginate: true`.
 */
export function sendThroughTransport(output: OutputSpec) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const { method, url, qs, body } = requestData.options;
		const itemIndex = this.getItemIndex();
		const httpMethod = (method ?? 'GET') as IHttpRequestMethods;
		const request = {
			method: httpMethod,
			path: url ?? '',
			qs: qs && Object.keys(qs).length ? withoutEmpty(qs as IDataObject) : undefined,
			body: httpMethod === 'GET' ? undefined : withoutEmpty((body as IDataObject | undefined) ?? {}),
			target: output.target,
			itemIndex,
		};

		let records: IDataObject[];
		if (output.list) {
			const returnAll = this.getNodeParameter('returnAll', true) as boolean;
			const limit = returnAll ? undefined : checkLimit(this);
			output.prefetch?.call(this);
			records = await fetchList.call(this, request, output.list, limit);
		} else {
			const { findCreated } = output;
			const answer = await customerCareRequest.call(this, request).catch(async (error: unknown) => {
				// A create whose answer was lost: look the record up before failing.
				if (!(error instanceof UnconfirmedWriteError) || !findCreated) return await Promise.reject(error);
				const found = await findLostCreate.call(this, findCreated, request, error);
				return output.rootProperty ? { [output.rootProperty]: found } : found;
			});
			const root = output.rootProperty ? answer[output.rootProperty] : answer;
			records = Array.isArray(root) ? (root as IDataObject[]) : [(root ?? {}) as IDataObject];
		}
		if (output.transform) records = await output.transform.call(this, records);
		records = await presentOutput.call(this, records);
		return toItems(records, itemIndex);
	};
}

type PaginationHook = ReturnType<typeof sendThroughTransport>;

/**
 * Around the transport hook: the operation's checks first (its fields' checks, then its
 * `preSend` steps, run here rather than by n8n so that a refused item can become a paired
 * error item), and Continue On Fail answered with an error item paired to its input item.
 */
function checkedAndPaired(output: OutputSpec, preSend: PreSend[], send: PaginationHook): PaginationHook {
	return async function (this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) {
		const itemIndex = this.getItemIndex();
		try {
			// n8n types the request it built with an optional url; preSend steps take it as is (as n8n does).
			let options = requestData.options as IHttpRequestOptions;
			if (output.fields) await checkFields.call(this, output.fields(), options);
			for (const step of preSend) options = await step.call(this, options);
			requestData.options = options;
			return await send.call(this, requestData);
		} catch (error) {
			const nodeError = nodeErrorOf(error, itemIndex, this);
			if (this.continueOnFail()) return [errorItem(nodeError, itemIndex)];
			throw nodeError;
		}
	};
}

/** Limit is a number field like any other: an expression may give it anything. */
export function checkLimit(ctx: IExecuteSingleFunctions): number {
	const limit = ctx.getNodeParameter('limit', 50) as unknown;
	const number = typeof limit === 'number' ? limit : Number(String(limit).trim());
	if (String(limit).trim() === '' || !Number.isInteger(number) || number < 1) {
		const itemIndex = ctx.getItemIndex();
		throw new NodeOperationError(
			ctx.getNode(),
			`Limit (limit) must be a whole number of at least 1; got "${String(limit)}" [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	return number;
}

/** One operation of a resource: its name, its request and how its answer becomes items. */
export function operation(
	option: Omit<INodePropertyOptions, 'routing'> & { action: string; description: string },
	request: { method: IHttpRequestMethods; path: string },
	output: OutputSpec,
	send?: INodePropertyRouting['send'],
): INodePropertyOptions {
	return {
		...option,
		routing: {
			request: { method: request.method, url: request.path },
			send: { ...send, preSend: undefined, paginate: true },
			operations: {
				pagination: checkedAndPaired(output, (send?.preSend ?? []) as PreSend[], sendThroughTransport(output)),
			},
		},
	};
}
