/**
 * What an operation declares (its fields, checks, definitions steps, list, lost-create lookup, output
 * shaping and Simplify record) and what each of its steps is given for one item.
 */
import type {
	IBinaryKeyData,
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import type { RecordKind } from '../api/records';
import type { DefinitionName, Definitions } from '../definitions/accountDefinitions';
import type { CreateLookup } from './createLookup';
import type { ListSpec } from '../api/endpoints';
import type { Account, ApiRequest } from '../transport';
import type { Fail } from '../checks/fieldRule';

/** What every step of one item knows: its index, its account and how to refuse it. */
export interface ItemContext {
	itemIndex: number;
	account: Account;
	/** The zone of the platform's clock (`account.clock.zone`), for dates the user gives without one. */
	timeZone: string;
	fail: Fail;
	/** Filled by the definitions step (and, for the output, after the request); empty before it. */
	definitions: Definitions;
	/** The definitions the item's request was checked and built with. */
	definitionNames: DefinitionName[];
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
export interface DefinitionStep {
	needs: (this: IExecuteSingleFunctions, request: IHttpRequestOptions) => DefinitionName[];
	run?: RequestStep;
}

/**
 * Definitions the output needs (Simplify's labels), read after the request and only for what
 * the records hold: a write is never held back, nor a refused one charged, for its labels.
 */
export interface OutputDefinitionStep {
	needs: (this: IExecuteSingleFunctions, records: IDataObject[]) => DefinitionName[];
}

/** An output record and the files it carries (n8n binary data, by field name). */
export interface RecordWithFiles {
	json: IDataObject;
	binary?: IBinaryKeyData;
}

export interface OperationSpec {
	/** The operation's parameters: each number, ID and checked field among them is checked before sending. */
	fields?: INodeProperties[];
	/** Checks across fields, after the fields' own checks. */
	checks?: RequestStep[];
	/** Steps that need the account's definitions, read at once before the request. */
	definitionSteps?: DefinitionStep[];
	/** Definitions the output needs, read after the request. */
	outputDefinitionSteps?: OutputDefinitionStep[];
	/**
	 * Steps that ask the platform what the request needs (a requester given by phone, its
	 * contact's ID), after every check and definitions step: bad input is refused before any of them.
	 */
	resolve?: RequestStep[];
	/** The answer is a list: Return All / Limit apply. */
	list?: ListSpec;
	/**
	 * The operation reads its answer itself (instead of one request's root): a refusal that is a
	 * result (no contact has this phone), or a second request (find, else create). It is given
	 * the request n8n built and the steps prepared, and sends through the transport.
	 */
	answer?: (
		this: IExecuteSingleFunctions,
		request: ApiRequest & { method: IHttpRequestMethods },
		item: ItemContext,
	) => Promise<IDataObject[]>;
	/** A create: where to look the record up when the answer to it was lost. */
	findCreated?: CreateLookup;
	/**
	 * The kind of record the operation outputs (api/records.ts): with Simplify on, its times
	 * are read by the platform's clock and its codes get labels (output/simplify.ts). The
	 * operation's fields hold its Simplify switch (description/properties.ts `simplifyProperty`).
	 */
	simplify?: RecordKind;
	/**
	 * Last shaping step on the records, e.g. custom fields by label. For a list it runs on each
	 * page as the page arrives: it takes the records one by one (no count, order or limit).
	 */
	transform?: (
		this: IExecuteSingleFunctions,
		records: IDataObject[],
		item: ItemContext,
	) => Promise<IDataObject[]> | IDataObject[];
	/**
	 * Files for the output records (a call's recording), made once the item's records are final
	 * (never while a list's pages are read: they may be read again), one record after another so
	 * that one file at most is on its way. It returns the record as output, with its files. Its
	 * failure fails that record's output item (an error item under Continue On Fail), not the others.
	 */
	binary?: (
		this: IExecuteSingleFunctions,
		record: IDataObject,
		item: ItemContext,
	) => Promise<RecordWithFiles>;
}
