/**
 * The one reader of list answers (nodes/CustomerCare/transport/answers/answerShape.ts). The roots below
 * are written from docs/api.md (Leads, Agents, Pagination), not read from the catalogue.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { listRecordsOf } from '../../../../nodes/CustomerCare/transport/answers/answerShape';
import { isFailureCode } from '../../../../nodes/CustomerCare/transport/answers/answerMessage';

const node: INode = {
	id: 'n',
	name: 'Customer Care',
	type: 'n8n-nodes-customer-care.customerCare',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const LEADS = { method: 'GET', path: '/api/v1/leads', root: 'leads' };
const AGENTS = { method: 'GET', path: '/api/v1/agents', root: 'agents' };

function failureOf(answer: IDataObject, source = LEADS): NodeApiError {
	try {
		listRecordsOf(node, answer, source);
	} catch (error) {
		return error as NodeApiError;
	}
	throw new Error('no error was thrown');
}

describe('listRecordsOf', () => {
	test('the records under the root, as they are', () => {
		const leads = [{ id: 200001 }, { id: 200002 }];
		expect(listRecordsOf(node, { code: 'ok', numFound: 2, leads }, LEADS)).toBe(leads);
		expect(listRecordsOf(node, { code: 'ok', agents: [] }, AGENTS)).toEqual([]);
	});

	test('without its root, the one array of the answer holds the records (the spec names no root for leads)', () => {
		const data = [{ id: 1 }, { id: 2 }];
		expect(listRecordsOf(node, { code: 'ok', numFound: 2, data }, LEADS)).toBe(data);
		expect(listRecordsOf(node, { code: 'ok', users: [] }, AGENTS)).toEqual([]);
		// A nested array is not at the top: no list, an error.
		expect(failureOf({ code: 'ok', numFound: 1, result: { items: [{ id: 1 }] } }).message).toContain('"leads"');
	});

	test('without its root and with several arrays, none is guessed: an error naming them', () => {
		const error = failureOf({ code: 'ok', numFound: 2, data: [{ id: 1 }], items: [{ id: 2 }] });
		expect(error.message).toBe('The answer of GET /api/v1/leads lacks "leads", which should hold its records');
		expect(error.description).toContain('Its keys: code, numFound, data, items.');
		expect(error.description).toContain('It has several lists (data, items), so none is taken in its place.');
	});

	test('an array under a failure key is never the list, and failures listed there leave nothing to take', () => {
		const data = [{ id: 1 }];
		// An empty errors list beside the records: the records.
		expect(listRecordsOf(node, { code: 'ok', numFound: 1, data, errors: [] }, LEADS)).toBe(data);
		// errors alone, empty or not, and failures beside records: an error, never a list.
		for (const answer of [
			{ code: 'ok', errors: [] },
			{ code: 'ok', errors: ['token expired'] },
			{ code: 'ok', message: [{ text: 'x' }] },
			{ code: 'ok', numFound: 1, data, errors: ['partial failure'] },
			// Strings are no records.
			{ code: 'ok', data: ['a', 'b'] },
		]) {
			expect(failureOf(answer).message).toContain('"leads"');
		}
	});

	test('a missing root (and no array) is an error naming the root, the endpoint and the keys the answer had', () => {
		const error = failureOf({ code: 'ok', numFound: 12, data: { id: 1 } });
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The answer of GET /api/v1/leads lacks "leads", which should hold its records');
		expect(error.description).toContain('Its keys: code, numFound, data.');
		expect(error.description).toContain('no such property');
		expect(error.failure).toEqual({ cause: 'node-defect' });
	});

	test('an unpaged list without its root is an error too', () => {
		const error = failureOf({ code: 'ok', users: 'none' }, AGENTS);
		expect(error.message).toContain('GET /api/v1/agents');
		expect(error.message).toContain('"agents"');
		expect(error.description).toContain('Its keys: code, users.');
	});

	test('a root that is not a list (null, an object, text) is an error', () => {
		expect(failureOf({ code: 'ok', numFound: 1, leads: null }).description).toContain('the answer has null there');
		expect(failureOf({ code: 'ok', numFound: 1, leads: { id: 1 } }).description).toContain('a value of type object there');
		expect(failureOf({ code: 'ok', leads: 'none' }).description).toContain('a value of type string there');
	});

	test('an empty answer names no keys but says it was empty', () => {
		expect(failureOf({}).description).toContain('Its keys: none (an empty object).');
	});

	test('tolerated: numFound 0 and no root is an empty list (docs/api.md#pagination)', () => {
		expect(listRecordsOf(node, { code: 'ok', numFound: 0 }, LEADS)).toEqual([]);
		expect(listRecordsOf(node, { code: 'ok', numFound: '0' }, LEADS)).toEqual([]);
		// numFound above 0 without a root is not tolerated.
		expect(failureOf({ code: 'ok', numFound: 3 }).message).toContain('"leads"');
	});

	test('only keys are shown, never values', () => {
		const error = failureOf({ code: 'ok', secret: 'value-that-must-not-show' });
		expect(`${error.message} ${error.description}`).not.toContain('value-that-must-not-show');
		expect(JSON.stringify(error.errorResponse)).not.toContain('value-that-must-not-show');
	});

	test('many keys are cut after twenty, with their count', () => {
		const answer = Object.fromEntries(Array.from({ length: 25 }, (_, index) => [`k${index}`, index]));
		expect(failureOf(answer).description).toContain('k19 … (25 in all)');
	});
});

describe('failure codes (docs/api.md "Where the spec is unclear")', () => {
	test('errors, error and nok in any case are failures whatever the status; ok and OK are not', () => {
		for (const code of ['errors', 'error', 'nok', 'NOK', 'Errors']) expect(isFailureCode(code)).toBe(true);
		for (const code of ['ok', 'OK', undefined, 0]) expect(isFailureCode(code)).toBe(false);
	});
});
