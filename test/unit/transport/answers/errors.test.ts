/**
 * transport/answers/answerMessage.ts and refusalErrors.ts: an error answer's details are read from `extraDataJson` (the spec) and
 * from `extra_data` (the real platform: `POST /contacts` duplicate, docs/api.md#answers-and-errors).
 */
import fc from 'fast-check';
import type { INode } from 'n8n-workflow';

import { extraDataOf } from '../../../../nodes/CustomerCare/transport/answers/answerMessage';
import { idsOf } from '../../../../nodes/CustomerCare/basics/looseValues';
import { apiError, notFoundError } from '../../../../nodes/CustomerCare/transport/answers/refusalErrors';
import { redact, tokenForms } from '../../../../nodes/CustomerCare/transport/answers/tokenRedaction';
import { propertyRuns } from '../../helpers/property';
import { tokenFormsIn } from '../../../helpers/token-forms';

const NODE = { id: '1', name: 'Customer Care', type: 'customerCare', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
const failure = { method: 'PUT', path: '/api/v1/tickets/7', host: 'https://api.example.com' };

describe.each(['extraDataJson', 'extra_data'])('details under %s', (key) => {
	test('the unsolved child tickets are named', () => {
		const error = apiError(NODE, { ...failure, status: 400, body: { code: 'errors', message: 'unsolved_incidents_ticket', [key]: { unsolved_incidents_ticket_id: [11, 12] } } });
		expect(error.description).toBe('The ticket has unsolved child tickets: 11, 12. Solve them first, or turn on "Solve Child Tickets" so they are solved with it.');
	});

	test('a duplicate names the existing record, and the details are kept under their key', () => {
		const body = { code: 'errors', message: 'phone_no already exist', [key]: { duplicate_id: 5840 } };
		const error = apiError(NODE, { ...failure, method: 'POST', path: '/api/v1/contacts', status: 400, body });
		expect(error.message).toBe('phone_no already exist');
		expect(error.description).toBe("POST /api/v1/contacts answered 400: phone_no already exist. The existing record's ID is 5840.");
		expect((error.errorResponse as Record<string, unknown>)[key]).toEqual({ duplicate_id: 5840 });
	});
});

test('not found: named, configuration-invalid (the node points at a record that no longer exists)', () => {
	const error = notFoundError(NODE, { resource: 'lead', id: '42' }, { method: 'GET', path: '/api/v1/lead/42', host: 'h', status: 400, body: { code: 'errors', message: 'Lead is not exist' } });
	expect(error.message).toBe('Lead 42 was not found: it may have been deleted, or the ID is wrong');
	expect(error.description).toBe('GET /api/v1/lead/42 answered 400: Lead is not exist. Check the ID; a deleted record cannot be read.');
	expect((error as unknown as { failure: unknown }).failure).toEqual({ cause: 'configuration-invalid' });
});

describe('error details in any shape the platform writes them', () => {
	const unsolved = (extra: unknown) => apiError(NODE, { ...failure, status: 400, body: { code: 'errors', message: 'unsolved_incidents_ticket', extra_data: extra } as never });

	test.each([
		[[7, 8], '7, 8'],
		['7,8', '7, 8'],
		[',7,8,', '7, 8'],
		[7, ': 7.'],
		['7', ': 7.'],
	])('the child ids %p are named', (ids, shown) => {
		expect(unsolved({ unsolved_incidents_ticket_id: ids }).description).toContain(shown);
	});

	test('no child ids at all: the advice without a list', () => {
		expect(unsolved({}).description).toBe('The ticket has unsolved child tickets. Solve them first, or turn on "Solve Child Tickets" so they are solved with it.');
		expect(idsOf(null)).toEqual([]);
		expect(idsOf({ a: 1 })).toEqual([]);
	});

	test.each([
		[{ extraDataJson: {}, extra_data: { duplicate_id: 42 } }, { extra_data: { duplicate_id: 42 } }],
		[{ extraDataJson: { duplicate_id: 42 }, extra_data: {} }, { extraDataJson: { duplicate_id: 42 } }],
		[{ extraDataJson: '{"duplicate_id":42}' }, { extraDataJson: { duplicate_id: 42 } }],
		[{ extraDataJson: { duplicate_id: null }, extra_data: { duplicate_id: 42 } }, { extraDataJson: { duplicate_id: null }, extra_data: { duplicate_id: 42 } }],
	])('a duplicate is named from %j', (details, kept) => {
		const error = apiError(NODE, { ...failure, method: 'POST', path: '/api/v1/contacts', status: 400, body: { code: 'errors', message: 'phone_no already exist', ...details } as never });
		expect(error.description).toContain("The existing record's ID is 42.");
		const response = error.errorResponse as Record<string, unknown>;
		expect({ extraDataJson: response.extraDataJson, extra_data: response.extra_data }).toEqual({ extraDataJson: undefined, extra_data: undefined, ...kept });
	});

	test('details that are no object (a list, broken JSON) are ignored, not a crash', () => {
		expect(extraDataOf({ extraDataJson: '{broken', extra_data: [1] }).extra).toEqual({});
	});
});

describe('the token in every form it can come back in', () => {
	const echoed = 'tok+en/with=chars';

	test('as sent, URL-encoded (either case), base64 and base64url', () => {
		const base64 = Buffer.from(echoed).toString('base64');
		const text = `a ${echoed} b ${encodeURIComponent(echoed)} c ${encodeURIComponent(echoed).toLowerCase()} d ${base64} e ${base64.replace(/=+$/, '')} f ${Buffer.from(echoed).toString('base64url')}`;
		expect(redact(text, echoed)).toBe('a *** b *** c *** d *** e *** f ***');
	});

	test('nothing to hide: the text as it came', () => {
		expect(redact('a b', '')).toBe('a b');
		expect(redact('a b', undefined)).toBe('a b');
	});

	test('a short echoed hides itself, but no short encoded form takes letters out of words', () => {
		// Only the token itself may be short; its header value's base64 is long enough to hide.
		expect(tokenForms('ab').filter((form) => form.length < 8)).toEqual(['ab']);
		expect(tokenForms('ab')).toContain(Buffer.from('Bearer ab').toString('base64'));
		expect(redact('Q', 'ab')).toBe('Q');
	});

	test('base64 of the header value `Bearer <token>`, whole, unpadded, base64url and inside a dump of the header', () => {
		const bearer = Buffer.from(`Bearer ${echoed}`);
		const dump = Buffer.from(`{"authorization":"Bearer ${echoed}","accept":"*/*"}`).toString('base64');
		const text = `a ${bearer.toString('base64')} b ${bearer.toString('base64').replace(/=+$/, '')} c ${bearer.toString('base64url')} d ${dump}`;
		const redacted = redact(text, echoed);
		expect(redacted.startsWith('a *** b *** c *** d ')).toBe(true);
		expect(tokenFormsIn(redacted, echoed)).toEqual([]);
	});

	test('any token, in any of its forms, amid any text: none of it shows after redaction (fast-check)', () => {
		const token = fc.oneof(fc.string({ minLength: 8, maxLength: 64 }), fc.stringMatching(/^[A-Za-z0-9._~+/=-]{8,64}$/), fc.string({ unit: 'grapheme', minLength: 8, maxLength: 20 }));
		fc.assert(
			fc.property(token, fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), fc.integer({ min: 0, max: 8 }), (secret, before, after, form) => {
				const header = `Bearer ${secret}`;
				// What a server, a gateway or a debug dump could write back, the token somewhere inside.
				const forms = [
					secret,
					encodeURIComponent(secret),
					encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
					Buffer.from(secret).toString('base64'),
					Buffer.from(header).toString('base64'),
					Buffer.from(header).toString('base64url'),
					Buffer.from(`${before}${header}${after}`).toString('base64').replace(/=+$/, ''),
					Buffer.from(`${before}${secret}${after}`).toString('base64url'),
					secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;'),
				];
				const text = `${before} ${forms[form]} ${after}`;
				expect(tokenFormsIn(redact(text, secret), secret)).toEqual([]);
			}),
			propertyRuns(2000),
		);
	});

	test('characters special to a pattern are taken as they are', () => {
		expect(redact('x a.b(c)*[d]$ y aXb(c)*[d]$', 'a.b(c)*[d]$')).toBe('x *** y aXb(c)*[d]$');
	});
});
