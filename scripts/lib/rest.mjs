/**
 * n8n's editor REST API, as the editor itself calls it: owner setup, login, executions,
 * dropdown options, credential tests. Works with n8n 1.x and 2.x.
 *
 * Calls need the `n8n-auth` cookie AND the same `browser-id` header that obtained it.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const OWNER = {
	email: 'owner@example.com',
	firstName: 'Demo',
	lastName: 'Owner',
	// n8n wants 8+ characters with a number and an upper-case letter. Local demo only.
	password: 'Customer-Care-1',
};

function cookieOf(res) {
	const cookies = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [res.headers.get('set-cookie') ?? ''];
	const auth = cookies.map((c) => /n8n-auth=[^;]+/.exec(c)?.[0]).find(Boolean);
	if (!auth) throw new Error(`no n8n-auth cookie in the answer (${res.status})`);
	return auth;
}

export function restClient(url, { cookie, browserId }) {
	async function call(method, path, body) {
		const res = await fetch(`${url}/rest${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': browserId,
				cookie,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		let json;
		try {
			json = JSON.parse(text);
		} catch {
			json = { raw: text };
		}
		if (!res.ok) {
			const error = new Error(`${method} /rest${path} → ${res.status} ${text.slice(0, 500)}`);
			error.status = res.status;
			error.body = json;
			throw error;
		}
		return json.data === undefined ? json : json.data;
	}
	return {
		url,
		cookie,
		browserId,
		get: (path) => call('GET', path),
		post: (path, body) => call('POST', path, body ?? {}),
		patch: (path, body) => call('PATCH', path, body ?? {}),
	};
}

/** Creates the owner account (first start) and returns a logged-in client. */
export async function setupOwner(url, owner = OWNER) {
	const browserId = randomUUID();
	const res = await fetch(`${url}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'browser-id': browserId },
		body: JSON.stringify(owner),
	});
	if (!res.ok) throw new Error(`owner setup → ${res.status} ${await res.text()}`);
	return restClient(url, { cookie: cookieOf(res), browserId });
}

/** Logs in (1.x takes `email`, 2.x `emailOrLdapLoginId`). */
export async function login(url, owner = OWNER) {
	const browserId = randomUUID();
	const res = await fetch(`${url}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'browser-id': browserId },
		body: JSON.stringify({ email: owner.email, emailOrLdapLoginId: owner.email, password: owner.password }),
	});
	if (!res.ok) throw new Error(`login → ${res.status} ${await res.text()}`);
	return restClient(url, { cookie: cookieOf(res), browserId });
}

/** Owner setup on a fresh database, else login. */
export async function ownerClient(url, owner = OWNER) {
	try {
		return await setupOwner(url, owner);
	} catch (error) {
		if (!/→ 400/.test(String(error.message))) throw error;
		return await login(url, owner);
	}
}

/** Executions of a workflow, newest first, with their run data decoded (n8n stores it with `flatted`). */
export async function executionsOf(client, install, workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const list = await client.get(`/executions?filter=${filter}&limit=20`);
	const results = list.results ?? list;
	const { parse } = createRequire(join(install.dir, 'node_modules', 'n8n', 'package.json'))('flatted');
	const detailed = [];
	for (const summary of results) {
		const full = await client.get(`/executions/${summary.id}`);
		const data = typeof full.data === 'string' ? parse(full.data) : full.data;
		detailed.push({ id: summary.id, status: full.status ?? summary.status, mode: full.mode, runData: data?.resultData?.runData ?? {}, error: data?.resultData?.error });
	}
	return detailed;
}

export const NODE_TYPE = 'n8n-nodes-customer-care.customerCare';

/** What the editor asks when it opens a dropdown (`loadOptionsMethod`). */
export async function loadOptions(client, { methodName, path, parameters, credential }) {
	return await client.post('/dynamic-node-parameters/options', {
		nodeTypeAndVersion: { name: NODE_TYPE, version: 1 },
		path,
		methodName,
		currentNodeParameters: parameters,
		credentials: { customerCareApi: { id: credential.id, name: credential.name } },
	});
}

/** The credential modal's "Test" (`POST /rest/credentials/test`) on the given data. */
export async function testCredential(client, { id, name, data }) {
	return await client.post('/credentials/test', {
		credentials: { id, name, type: 'customerCareApi', data },
	});
}
