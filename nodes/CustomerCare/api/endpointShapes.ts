/**
 * What the catalogue (endpoints.ts) says of an endpoint: its method, path and answer, and for a
 * list how it is read (pages, date windows, order). Types only.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

export interface Endpoint {
	method: IHttpRequestMethods;
	path: string;
	/** The property of the answer holding the record(s), e.g. `ticket`. */
	rootProperty?: string;
	/** `list`: the answer's root holds many records (lists, reference lists); else one record. */
	answers?: 'list';
	/** `status`: the public heartbeat at the credential's Status URL, sent without the token. */
	target?: 'status';
	/** A POST that only reads (the lost reasons): its answer is checked as a read's. */
	readOnly?: true;
	/** Reads one record of this kind by the ID in its path: a missing one is named (docs/api.md#answers-and-errors). */
	record?: 'ticket' | 'lead' | 'deal' | 'contact';
}

/** A date filter of a list: its query pair and the record field it filters on. */
export interface DateFilter {
	since: string;
	to: string;
	/** The record's time the pair filters, e.g. `updated_at`. */
	field: string;
}

/** How a list is read (transport/lists/): its answer's root, its pages, its date windows, its order. */
export interface ListSpec {
	/** The property of the answer that holds the records, e.g. `tickets`. */
	rootProperty: string;
	/** The endpoint pages with `page`/`count` and reports `numFound`; otherwise it returns everything at once. */
	paged?: boolean;
	/** Records are de-duplicated on this property when pages overlap (records moving while we read). */
	idProperty?: string;
	/**
	 * Date-window query pairs `[since, to]` the endpoint limits to 31 days, in the API's order
	 * of precedence. A longer range on the first pair present is split into windows.
	 */
	windowPairs?: Array<[string, string]>;
	/** The longest range, in days, the endpoint takes on `windowPairs`; 31 when not given. */
	windowDays?: number;
	/**
	 * A date pair the spec marks required although another pair decides the filter (calls:
	 * `start_time_since` is "required", and when `end_time_since` is also sent, end_time wins).
	 * Whenever `decides` is sent, `covers` is sent beside it (transport/lists/dateWindows.ts withCoveringPair).
	 */
	coveringPair?: { decides: [string, string]; covers: [string, string] };
	/**
	 * The order the API returns records in for this query. When given, the windows of a long
	 * range are merged in that order (each window read up to the limit, then sorted);
	 * otherwise the windows follow each other oldest first.
	 */
	order?: (qs: IDataObject) => (a: IDataObject, b: IDataObject) => number;
}

/** A list endpoint: a GET whose answer holds many records, with its pages, windows and filters. */
export interface ListEndpoint extends ListSpec, Omit<Endpoint, 'rootProperty'> {
	method: 'GET';
	/** Date filters by name, in the API's order of precedence (the first given pair wins). */
	dates?: Record<string, DateFilter>;
	/** Query names of the list's other filters. */
	filters?: string[];
}
