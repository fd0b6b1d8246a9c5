/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
// @modes: strict
/**
 * The contact picker and the requester By Phone against answers the fake platform never gives
 * (red team of issue 33, helper-22: RT26, RT27, RT44): a list holding null, text or a record
 * without an ID; PHP's empty `[]` in place of the contact; a contact without an ID. A small
 * local server plays them; the node must neither crash nor send what it cannot stand behind.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { type FakePlatform } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, listSearch, runNode } from '../../tools/engine-harness/harness';

let platform: FakePlatform;
useFakePlatform((started) => (platform = started));

/** A server answering every request with `answer(method, path)` as JSON, logging what it was asked. */
async function oddServer(answer: (method: string, path: string) => unknown) {
	const hits: string[] = [];
	const server = http.createServer((request, response) => {
		request.resume();
		request.on('end', () => {
			const path = (request.url ?? '').split('?')[0];
			hits.push(`${request.method} ${path}`);
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify(answer(request.method ?? 'GET', path)));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return { url, hits, close: async () => await new Promise<void>((resolve) => server.close(() => resolve())) };
}

const accountAt = (baseUrl: string) => ({ ...accountOf(platform), baseUrl, backupUrl: undefined });

test('the picker lists only records it can pick by: null, text and a record without an ID are left out', async () => {
	const odd = await oddServer((_method, path) =>
		path.endsWith('/contacts') ? { code: 'ok', numFound: 4, contacts: [null, 'x', { username: 'No Id' }, { id: 7, username: 'Ann' }] } : { code: 'ok' },
	);
	try {
		const result = await listSearch('searchContacts', accountAt(odd.url), { resource: 'ticket', operation: 'create' }, { filter: '' });
		expect(result.results).toEqual([{ name: '#7 · Ann', value: '7' }]);
	} finally {
		await odd.close();
	}
});

test('the picker searched by phone, answered `[]` for the contact: the list is read instead, no error', async () => {
	const odd = await oddServer((_method, path) =>
		path.endsWith('contactsByPhone') ? { code: 'ok', contact: [] } : { code: 'ok', numFound: 0, contacts: [] },
	);
	try {
		const result = await listSearch('searchContacts', accountAt(odd.url), { resource: 'ticket', operation: 'create' }, { filter: '0901234567' });
		expect(result.results).toEqual([]);
		expect(odd.hits.some((hit) => hit.endsWith('/api/v1/contacts'))).toBe(true);
	} finally {
		await odd.close();
	}
});

test('Requester By Phone answered with a contact without an ID: the item fails and no ticket is sent', async () => {
	const odd = await oddServer((method, path) => {
		if (path.endsWith('contactsByPhone')) return { code: 'ok', contact: { username: 'No Id', phone_no: '0901234567' } };
		if (method === 'POST') return { code: 'ok', ticket: { ticket_id: 1, ticket_no: 1 } };
		return { code: 'ok', custom_fields: [] };
	});
	try {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', subject: 'S', additionalFields: { requester_id: { __rl: true, mode: 'phone', value: '0901234567' } }, simplify: false },
			account: accountAt(odd.url),
		});
		expect(run.error?.message).toMatch(/^The contact the platform gave for the phone 0901234567 \(Requester, By Phone\) has no usable ID/);
		expect(odd.hits.filter((hit) => hit.startsWith('POST'))).toEqual([]);
	} finally {
		await odd.close();
	}
});
