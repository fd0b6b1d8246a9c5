/**
 * transport/request/send.ts: one attempt to one host. What n8n's HTTP helper is asked to send
 * (docs/api.md, Addresses and authentication: {Base URL}/{domain}/api/...; the status monitor
 * without the token), and that a failure of the helper comes back as an outcome, never thrown.
 * The engine tests (test/engine) check the same requests as the fake platform received them.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import type { Account } from '../../../../nodes/CustomerCare/transport/request/account';
import { sendOnce, type FullResponse } from '../../../../nodes/CustomerCare/transport/request/send';

const account: Account = { clock: { zone: 'Asia/Ho_Chi_Minh', convention: 'wallClock' }, baseUrl: 'https://api.example.com', domain: 'acme corp', token: 't', maxPerSecond: 15, key: 'k', budgetKey: 'b', allowedDomains: 'api.example.com' };

function recorder(answer: FullResponse | Error) {
	const calls: Array<{ options: IHttpRequestOptions; authenticated: boolean }> = [];
	const send = async (options: IHttpRequestOptions, authenticated: boolean) => {
		calls.push({ options, authenticated });
		if (answer instanceof Error) throw answer;
		return answer;
	};
	return { calls, send };
}

test('an API request: the domain in the path, JSON, with the token, the answer of any status returned as is', async () => {
	const { calls, send } = recorder({ statusCode: 404, body: { code: 'errors', message: 'Domain not found' } });
	const outcome = await sendOnce(send, account, 'https://backup.example.com', { path: '/api/v1/agents', qs: { page: 2 } }, {}, 5000);
	expect(outcome).toEqual({ kind: 'answer', status: 404, statusMessage: undefined, body: { code: 'errors', message: 'Domain not found' } });
	expect(calls).toHaveLength(1);
	expect(calls[0].authenticated).toBe(true);
	expect(calls[0].options).toMatchObject({
		method: 'GET',
		baseURL: 'https://backup.example.com',
		url: '/acme%20corp/api/v1/agents',
		qs: { page: 2 },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: 5000,
		allowedDomains: 'api.example.com',
	});
});

test('the heartbeat goes to the Status URL without the token and without the domain', async () => {
	const { calls, send } = recorder({ statusCode: 200, body: { code: 'ok' } });
	await sendOnce(send, account, 'https://status.example.com', { path: '/status/api/v1/heartbeat', target: 'status' }, {}, 5000);
	expect(calls[0].authenticated).toBe(false);
	expect(calls[0].options).toMatchObject({ baseURL: 'https://status.example.com', url: '/status/api/v1/heartbeat' });
	expect(calls[0].options.allowedDomains).toBeUndefined();
});

test('an empty body of a write is sent as {} (n8n drops an empty object); Request Options carried', async () => {
	const { calls, send } = recorder({ statusCode: 200, body: { code: 'ok' } });
	await sendOnce(send, account, account.baseUrl, { method: 'PUT', path: '/api/v1/tickets/1', body: {} }, { proxy: { host: 'p', port: 3128, protocol: 'http' }, skipSslCertificateValidation: true }, 5000);
	expect(calls[0].options).toMatchObject({ method: 'PUT', body: '{}', proxy: { host: 'p', port: 3128 }, skipSslCertificateValidation: true });
});

test("a failure of n8n's helper is an outcome, not a throw", async () => {
	const error = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', syscall: 'connect' });
	const { send } = recorder(error);
	expect(await sendOnce(send, account, account.baseUrl, { path: '/api/v1/agents' }, {}, 5000)).toEqual({ kind: 'error', error });
});
