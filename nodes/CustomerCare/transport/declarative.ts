import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodePropertyOptions,
	INodePropertyRouting,
} from 'n8n-workflow';

import { findLostCreate, type CreateLookup } from './createLookup';
import { UnconfirmedWriteError } from './errors';
import { fetchList, type ListSpec } from './list';
import { customerCareRequest } from './request';

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
}

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

function toItems(records: IDataObject[]): INodeExecutionData[] {
	return records.map((json) => ({ json }));
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
			const limit = returnAll ? undefined : (this.getNodeParameter('limit', 50) as number);
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
		return toItems(records);
	};
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
			send: { ...send, paginate: true },
			operations: { pagination: sendThroughTransport(output) },
		},
	};
}
