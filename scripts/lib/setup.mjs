/**
 * What the e2e run and `npm start` both do to get an n8n ready for our package: a user folder
 * with the packed tarball installed, the credential imported (pointing at the fake platform or
 * a real account), the examples imported.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { modelCredential } from './ai-example.mjs';
import { REPO } from './fake-platform.mjs';
import { installIntoN8n } from './pack.mjs';

export const EXAMPLES_DIR = join(REPO, 'examples');

/** The credential the examples reference by id and name (never a literal token in examples/). */
export const CREDENTIAL = { id: 'ccApiCredential1', name: 'Customer Care account', type: 'customerCareApi' };

export function exampleFiles() {
	return readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => join(EXAMPLES_DIR, f));
}

/**
 * Credential data for the fake platform (its account zone is +07:00, no DST), with the Platform
 * Clock of the platform it plays (CC_FAKE_PLATFORM: real by default, or spec).
 */
export function fakeCredentialData(fake) {
	return {
		baseUrl: fake.baseUrl,
		backupBaseUrl: fake.backupUrl,
		domain: fake.domain,
		apiToken: fake.token,
		statusUrl: fake.statusUrl,
		timeZone: 'Asia/Ho_Chi_Minh',
		timeConvention: process.env.CC_FAKE_PLATFORM === 'spec' ? 'iso' : 'wallClock',
		maxRequestsPerSecond: 15,
	};
}

/**
 * Imports the credential (and, with `modelBaseUrl`, the AI example's OpenAI credential, in the
 * same CLI call) and the examples into `n8n` (an instance from createInstance). Needs no
 * package installed: `npm start` runs it while the package builds.
 */
export async function importExamples(n8n, { credentialData, modelBaseUrl, time = (_s, fn) => fn() }) {
	const credentials = [{ ...CREDENTIAL, data: credentialData }];
	if (modelBaseUrl) credentials.push(modelCredential(modelBaseUrl));
	await time(modelBaseUrl ? 'import credentials' : 'import credential', () => n8n.importCredentials(credentials));
	const files = exampleFiles();
	await time('import examples', async () => {
		await n8n.importWorkflows(files);
		return { note: `${files.length} workflows` };
	});
	return files;
}

/**
 * Installs the tarball, imports the credential and the examples into `n8n` (an instance from
 * createInstance). `modelBaseUrl` (the fake model's) also imports the OpenAI credential of the
 * AI example. `time(stage, fn)` measures each step.
 */
export async function prepareInstance(n8n, { tarball, credentialData, modelBaseUrl, time = (_s, fn) => fn() }) {
	await time('install tarball into .n8n/nodes', () => installIntoN8n(tarball, n8n.userFolder));
	return await importExamples(n8n, { credentialData, modelBaseUrl, time });
}
