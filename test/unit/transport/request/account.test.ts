/**
 * transport/request/account.ts and transport/request/settings.ts: the credential's fields as every request (and the
 * credential test) reads them, the credential's Allowed Domains (n8n's rule: `example.com` is that
 * host, `*.example.com` its subdomains), and the node's Request Options (Proxy, Timeout, Ignore SSL Issues).
 */
import type { INode } from 'n8n-workflow';

import { accountOf, isHostAllowed } from '../../../../nodes/CustomerCare/transport/request/account';
import { requestSettingsOf } from '../../../../nodes/CustomerCare/transport/request/settings';

const node = { id: 'n', name: 'Customer Care', type: 'x', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
const credentials = { baseUrl: ' https://api.example.com/ ', domain: ' acme ', apiToken: 't', maxRequestsPerSecond: 15 };

describe('the credential', () => {
	test('trimmed and without the trailing slash; the budget is per base URL and domain', () => {
		expect(accountOf(node, credentials)).toMatchObject({ baseUrl: 'https://api.example.com', domain: 'acme', key: 'https://api.example.com|acme', maxPerSecond: 15 });
	});

	test.each([
		[{ baseUrl: 'api.example.com' }, 'Customer Care credential: "Base URL" must be an http:// or https:// address'],
		[{ backupBaseUrl: 'ftp://backup' }, 'Customer Care credential: "Backup Base URL" must be empty or an http:// or https:// address'],
		[{ domain: 'acme/api' }, 'Customer Care credential: "Domain" must be your account identifier, without slashes (not . or ..)'],
		[{ domain: '' }, 'Customer Care credential: "Domain" must be your account identifier, without slashes (not . or ..)'],
		[{ timeZone: 'Mars/Olympus' }, 'Customer Care credential: "Account Time Zone" must be an IANA time zone such as Asia/Ho_Chi_Minh; got "Mars/Olympus"'],
	])('%j is refused before anything is sent', (change, message) => {
		expect(() => accountOf(node, { ...credentials, ...change })).toThrow(message);
	});

	test('Max Requests per Second only lowers the platform limit of 15', () => {
		expect(accountOf(node, { ...credentials, maxRequestsPerSecond: 40 }).maxPerSecond).toBe(15);
		expect(accountOf(node, { ...credentials, maxRequestsPerSecond: 5 }).maxPerSecond).toBe(5);
		expect(accountOf(node, { ...credentials, maxRequestsPerSecond: 0 }).maxPerSecond).toBe(15);
	});

	test("Allowed Domains: the base URL's own host always counts; a wildcard means subdomains only", () => {
		const account = accountOf(node, { ...credentials, allowedHttpRequestDomains: 'domains', allowedDomains: '*.backup.example.org' });
		expect(account.allowedDomains).toBe('api.example.com, *.backup.example.org');
		expect(isHostAllowed('https://api.example.com', account.allowedDomains)).toBe(true);
		expect(isHostAllowed('https://eu.backup.example.org', account.allowedDomains)).toBe(true);
		expect(isHostAllowed('https://backup.example.org', account.allowedDomains)).toBe(false);
		expect(isHostAllowed('https://evil.example.net', account.allowedDomains)).toBe(false);
		expect(isHostAllowed('https://anything.example.net', undefined)).toBe(true);
	});
});

describe("the node's Request Options", () => {
	/** A declarative node's context: the parameters of the item being run. */
	const contextWith = (requestOptions: unknown) => ({
		getNode: () => node,
		getItemIndex: () => 0,
		getNodeParameter: (name: string, fallback: unknown) => (name === 'requestOptions' ? requestOptions : fallback),
	});

	test('Timeout, Ignore SSL Issues and a proxy with its login', () => {
		expect(requestSettingsOf(contextWith({ timeout: 1500, allowUnauthorizedCerts: true, proxy: 'http://user:p%40ss@proxy.local:3128' }), 0)).toEqual({
			timeoutMs: 1500,
			skipSslCertificateValidation: true,
			proxy: { host: 'proxy.local', port: 3128, protocol: 'http', auth: { username: 'user', password: 'p@ss' } },
		});
	});

	test('a proxy without a port is refused, its password not shown', () => {
		expect(() => requestSettingsOf(contextWith({ proxy: 'http://user:secret@proxy.local' }), 0)).toThrow('The proxy is not valid');
		try {
			requestSettingsOf(contextWith({ proxy: 'http://user:secret@proxy.local' }), 0);
		} catch (error) {
			expect(JSON.stringify((error as { description?: string }).description)).not.toContain('secret');
		}
	});

	test('a context without Request Options (the trigger, load-options) sends with the defaults', () => {
		const trigger = { getNode: () => node, getNodeParameter: () => { throw new Error('no such parameter'); } };
		expect(requestSettingsOf(trigger, undefined)).toEqual({});
	});
});
