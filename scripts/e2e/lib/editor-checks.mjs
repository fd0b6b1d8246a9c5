/**
 * Checks of what the editor gets from a running n8n over REST: dropdowns filled from the fake
 * platform and the credential test. Used by the e2e run (both n8n versions) and the npm start test.
 */
import assert from 'node:assert/strict';

import { loadOptions, testCredential } from '../../lib/rest.mjs';
import { CREDENTIAL, fakeCredentialData } from '../../lib/setup.mjs';

const TICKET_CREATE = { resource: 'ticket', operation: 'create', additionalFields: {} };

export async function checkAgentDropdown(client, fake) {
	const options = await loadOptions(client, {
		methodName: 'getAgents',
		path: 'parameters.additionalFields.assignee_id',
		parameters: TICKET_CREATE,
		credential: CREDENTIAL,
	});
	const { body } = await fake.api('GET', '/api/v1/agents');
	assert.deepEqual(
		options.map((o) => Number(o.value)).sort(),
		body.agents.map((a) => Number(a.id)).sort(),
		'the agent dropdown lists every agent of the fake',
	);
	const an = options.find((o) => Number(o.value) === 1001);
	assert.ok(an.name.includes(body.agents.find((a) => a.id === 1001).username), `label ${an.name}`);
	return `${options.length} agents`;
}

export async function checkCustomFieldDropdowns(client, fake) {
	const fields = await loadOptions(client, {
		methodName: 'getCustomFields',
		path: 'parameters.customFields.field[0].fieldId',
		parameters: TICKET_CREATE,
		credential: CREDENTIAL,
	});
	const { body } = await fake.api('GET', '/api/v1/tickets/custom_fields');
	assert.deepEqual(fields.map((o) => Number(o.value)).sort(), body.custom_fields.map((f) => f.custom_field_id).sort());
	const values = await loadOptions(client, {
		methodName: 'getCustomFieldValues',
		path: 'parameters.customFields.field[0].choices',
		parameters: { ...TICKET_CREATE, customFields: { field: [{ fieldId: 305, value: '', choices: [] }] } },
		credential: CREDENTIAL,
	});
	const product = body.custom_fields.find((f) => f.custom_field_id === 305);
	assert.deepEqual(values.map((o) => Number(o.value)).sort(), product.values.map((v) => v.id).sort());
	return `${fields.length} fields, ${values.length} choices of "Product"`;
}

/**
 * n8n 2.x shows the credential's own 401 rule message; n8n 1.x answers a 401 with its generic
 * "Authorization failed - please check your credentials" before the rules are read.
 */
export async function checkCredentialTest(client, fake, { major = 2 } = {}) {
	const good = await testCredential(client, { ...CREDENTIAL, data: fakeCredentialData(fake) });
	assert.equal(good.status, 'OK', JSON.stringify(good));
	const bad = await testCredential(client, { ...CREDENTIAL, data: { ...fakeCredentialData(fake), apiToken: 'wrong-token' } });
	assert.equal(bad.status, 'Error', JSON.stringify(bad));
	assert.match(bad.message, major >= 2 ? /API Token was refused/ : /API Token was refused|Authorization failed/);
	return `good token: OK; bad token: "${bad.message.slice(0, 60)}…"`;
}

/**
 * The output schemas the package ships, as the editor fetches them for a node that has not run
 * (`GET <n8n>/schemas/<node type>/<x.y.z>/<resource>/<operation>.json`, no login: the editor sends
 * no credentials); an operation without a shipped schema answers 404 (docs/output-schemas.md).
 */
export async function checkOutputSchemas(serverUrl) {
	const base = `${serverUrl}/schemas/n8n-nodes-customer-care.customerCare/1.0.0`;
	const fields = {};
	for (const [path, field] of [['call/getAll', 'call_status'], ['ticket/get', 'ticket_status']]) {
		const res = await fetch(`${base}/${path}.json`);
		assert.equal(res.status, 200, `${path}: ${res.status}`);
		const schema = await res.json();
		assert.equal(schema.type, 'object');
		assert.ok(schema.properties?.[field], `${path}: no ${field} in ${Object.keys(schema.properties ?? {})}`);
		fields[path] = Object.keys(schema.properties).length;
	}
	assert.equal((await fetch(`${base}/sms/send.json`)).status, 404, 'sms/send has no schema');
	return Object.entries(fields).map(([path, count]) => `${path}: ${count} fields`).join(', ');
}
