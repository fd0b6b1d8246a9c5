/**
 * transport/request/fileDownload.ts `takesToken`: which addresses a recording download may send the API
 * token to. Only the credential's Base URL (same scheme, host and port) or its Backup Base URL
 * when the credential's Allowed Domains take it, as every API request (exchange.ts).
 */
import type { INode } from 'n8n-workflow';

import { accountOf } from '../../../../nodes/CustomerCare/transport/request/account';
import { takesToken } from '../../../../nodes/CustomerCare/transport/request/fileDownload';

const node = { id: 'n', name: 'Customer Care', type: 'x', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
const credentials = {
	baseUrl: 'https://api.example.com',
	backupBaseUrl: 'https://backup.example.net',
	domain: 'acme',
	apiToken: 't',
};

describe('the token goes with a download only to the credential\'s own hosts', () => {
	const account = accountOf(node, credentials);

	test.each([
		['https://api.example.com/recordings/1.mp3?download=1', true],
		['https://API.example.com:443/recordings/1.mp3', true],
		['https://backup.example.net/recordings/1.mp3', true],
		// Another port, the http:// twin, another host of the same domain, a look-alike.
		['https://api.example.com:8443/recordings/1.mp3', false],
		['http://api.example.com/recordings/1.mp3', false],
		['https://files.example.com/recordings/1.mp3', false],
		['https://api.example.com.evil.test/recordings/1.mp3', false],
		['https://api.example.com@evil.test/recordings/1.mp3', false],
		['ftp://api.example.com/recordings/1.mp3', false],
		['/recordings/1.mp3', false],
		['', false],
	])('%s → %s', (url, expected) => {
		expect(takesToken(url, account)).toBe(expected);
	});

	test('the backup only when the credential\'s Allowed Domains take it', () => {
		const restricted = accountOf(node, { ...credentials, allowedHttpRequestDomains: 'domains', allowedDomains: 'other.example.org' });
		expect(takesToken('https://backup.example.net/recordings/1.mp3', restricted)).toBe(false);
		expect(takesToken('https://api.example.com/recordings/1.mp3', restricted)).toBe(true);
	});
});
