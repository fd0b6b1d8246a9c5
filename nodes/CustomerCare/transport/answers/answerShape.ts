import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isPlainObject } from '../../basics/looseValues';
import { describeWrite, UnconfirmedWriteError } from './unansweredErrors';

/** Where an answer came from, for the message: `GET /api/v1/leads`. Never the query (no token is in a path). */
export interface AnswerSource {
	method?: string;
	path: string;
	/** The property that should hold the record(s), e.g. `leads`. */
	root: string;
	itemIndex?: number;
}

/** At most this many of the answer's keys are named: enough to see what the API sent instead. */
const KEYS_SHOWN = 20;

export function keysOf(answer: IDataObject): string {
	const keys = Object.keys(answer);
	if (keys.length === 0) return 'none (an empty object)';
	const shown = keys.slice(0, KEYS_SHOWN).join(', ');
	return keys.length > KEYS_SHOWN ? `${shown} … (${keys.length} in all)` : shown;
}

/**
 * A successful answer that lacks the property holding its records. The roots of the lead,
 * deal and reference lists are our assumption (docs/api.md#where-the-spec-is-silent-our-assumptions),
 * so this is most likely the node reading the wrong property: `node-defect`. It is not
 * `configuration-invalid` (no setting of the user's points at something gone) and not a timed
 * cause (the same request answers the same way; waiting does not help). Only the answer's
 * keys are shown, never its values.
 */
export function missingRootError(node: INode, answer: IDataObject, source: AnswerSource) {
	const endpoint = `${source.method ?? 'GET'} ${source.path}`;
	const value = answer[source.root];
	const found =
		value === undefined
			? 'no such property'
			: value === null
				? 'null'
				: `a value of type ${Array.isArray(value) ? 'array' : typeof value}`;
	const arrays = Object.keys(answer).filter((key) => Array.isArray(answer[key]) && !NOT_RECORDS.test(key));
	const arraysFound =
		arrays.length > 1 ? ` It has several lists (${arrays.join(', ')}), so none is taken in its place.` : '';
	return new NodeApiError(
		node,
		{ code: typeof answer.code === 'string' ? answer.code : null, keys: Object.keys(answer) },
		{
			message: `The answer of ${endpoint} lacks "${source.root}", which should hold its records`,
			description: `The records were expected in "${source.root}"; the answer has ${found} there. Its keys: ${keysOf(answer)}.${arraysFound} An empty list is never assumed, so no records are silently lost. Please report this with the keys above.`,
			itemIndex: source.itemIndex,
			failure: { cause: 'node-defect' },
		},
	);
}

/** Keys under which an answer carries failures or notes, never records (docs/api.md#answers-and-errors). */
const NOT_RECORDS = /^(errors?|messages?|warnings?|extraDataJson|extra_data)$/i;

/**
 * The one list at the top of an answer, when there is exactly one: where a list's records are
 * when its documented root is missing. The roots of the lead, deal and reference lists are our
 * assumption (the spec names none), so a server may well put them elsewhere
 * (docs/api.md#where-the-spec-is-unclear). A list is an array of records (objects), under a key
 * that does not name failures: `errors: []` or `errors: ["…"]` beside `code: "ok"` is no list,
 * and failures listed there leave nothing to take. Two lists or none: undefined, never a guess.
 */
function theOneArrayOf(answer: IDataObject): IDataObject[] | undefined {
	const failures = Object.entries(answer).some(
		([key, value]) => NOT_RECORDS.test(key) && Array.isArray(value) && value.length > 0,
	);
	if (failures) return undefined;
	const lists = Object.entries(answer).filter(
		([key, value]) =>
			!NOT_RECORDS.test(key) &&
			Array.isArray(value) &&
			value.every(isPlainObject),
	);
	return lists.length === 1 ? (lists[0][1] as IDataObject[]) : undefined;
}

/**
 * The records of a list answer, the one reader of every list and reference list (lists,
 * dropdowns, pickers, lookups, the heartbeat's monitors). The records are under the documented
 * root; when the answer has no such property, they are the one array the answer has. Two
 * tolerances for an answer without either: a paged answer that reports `numFound` 0 is an empty
 * list (docs/api.md#pagination: `numFound` is the number of matching records, so 0 says it
 * all); anything else is an error naming the keys the answer had.
 */
export function listRecordsOf(
	node: INode,
	answer: IDataObject,
	source: AnswerSource,
): IDataObject[] {
	const records = answer[source.root];
	if (Array.isArray(records)) return records as IDataObject[];
	if (records === undefined) {
		const elsewhere = theOneArrayOf(answer);
		if (elsewhere) return elsewhere;
		if (answer.numFound !== undefined && Number(answer.numFound) === 0) return [];
	}
	throw missingRootError(node, answer, source);
}

/**
 * The records of a read-only answer whose root is expected to hold a list (a reference list
 * read by an operation): the documented root, else the one array of the answer; undefined when
 * neither is there.
 */
export function listRootOf(answer: IDataObject, root: string): unknown {
	const documented = answer[root];
	return documented === undefined ? theOneArrayOf(answer) : documented;
}

/**
 * A write the platform accepted (code ok) whose answer lacks the record. The write happened, so
 * it is never sent again; the caller looks a create up (engine/createLookup.ts) or reports this: the
 * error says it may have been applied and what to look for, like a write whose answer was lost.
 */
export function writeWithoutRootError(
	node: INode,
	answer: IDataObject,
	write: { method: string; path: string; body?: IDataObject; itemIndex?: number; root: string },
	sent: { at: number; host: string },
): UnconfirmedWriteError {
	const attempt = {
		host: sent.host,
		code: 'NO_ROOT',
		message: `the platform answered ok, but without "${write.root}" (its keys: ${keysOf(answer)})`,
	};
	return new UnconfirmedWriteError(
		node,
		{ ...write, what: describeWrite(write), sentAt: sent.at, attempts: [attempt] },
		write.itemIndex,
	);
}
