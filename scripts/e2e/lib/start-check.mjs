/**
 * The `npm start` test: runs scripts/start.mjs as a user would, reads the editor URL and the
 * login it prints, checks that the editor answers and that the agent dropdown fills from the
 * fake platform and that `npm run demo` changes that fake platform, that the AI example's chat
 * (printed in the banner) answers through the fake model, then stops it with SIGTERM and checks
 * that it is gone. The banner links n8n's workflow list (`<url>/home/workflows`). The run gets a
 * temporary folder of its own as TMPDIR (os.tmpdir() of it and of every process it starts), so
 * after the stop no `cc-*` folder it made (cc-start-, cc-fake-model-, cc-n8n-import- …) may remain
 * there, whatever else runs on the machine.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { QUESTIONS, SCRIPT_FACTS, sendChatMessage } from '../../lib/ai-example.mjs';
import { connectFakePlatform, REPO } from '../../lib/fake-platform.mjs';
import { checkAgentDropdown } from './editor-checks.mjs';
import { freePort } from '../../lib/n8n.mjs';
import { login } from '../../lib/rest.mjs';

export async function runStartCheck({ report, target = 'npm start' }) {
	const port = await freePort();
	// The run's own temp dir: what it leaves there after the stop is what it left.
	const runTmp = mkdtempSync(join(tmpdir(), 'cc-start-check-'));
	const runEnv = { ...process.env, TMPDIR: runTmp };
	const child = spawn(process.execPath, [join(REPO, 'scripts', 'start.mjs')], {
		cwd: REPO,
		// The e2e run has just built the package.
		env: { ...runEnv, N8N_PORT: String(port), CC_SKIP_BUILD: '1' },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let out = '';
	child.stdout.on('data', (d) => (out += d));
	child.stderr.on('data', (d) => (out += d));
	const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
	let printed;
	try {
		printed = await report.time(target, 'npm start → editor URL printed', async () => {
			const started = Date.now();
			while (!/Press Ctrl\+C to stop/.test(out)) {
				if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${out.slice(-3000)}`);
				if (Date.now() - started > 600_000) throw new Error(`npm start not ready after 10 min:\n${out.slice(-3000)}`);
				await new Promise((r) => setTimeout(r, 250));
			}
			return {
				url: /Editor:\s+(\S+)/.exec(out)[1],
				banner: out.slice(out.indexOf('is running')),
				email: /Login:\s+(\S+) \/ (\S+)/.exec(out)[1],
				password: /Login:\s+(\S+) \/ (\S+)/.exec(out)[2],
				fakeUrl: /Fake platform:\s+(\S+)/.exec(out)?.[1],
				chatUrl: /AI agent:\s+chat with .* at (\S+)/.exec(out)?.[1],
				modelUrl: /the fake model\s+(http:\S+)/.exec(out)?.[1],
			};
		});
		await report.test(target, 'npm start: the banner links the workflow list', async () => {
			// n8n's sign-in opens the page asked for after login (its ?redirect=), so this link lands there.
			const link = `${printed.url}/home/workflows`;
			assert.ok(printed.banner.split('\n').some((line) => line.includes(` ${link} `) || line.endsWith(` ${link}`)), `no ${link} in the banner:\n${printed.banner}`);
			const page = await fetch(link);
			assert.equal(page.status, 200, `${link} → ${page.status}`);
			return link;
		});
		await report.test(target, 'npm start: editor answers, login works, agent dropdown fills', async () => {
			assert.equal(printed.url, `http://127.0.0.1:${port}`);
			const page = await fetch(printed.url);
			assert.equal(page.status, 200);
			assert.match(await page.text(), /<title>n8n/i);
			const client = await login(printed.url, { email: printed.email, password: printed.password });
			assert.ok(printed.fakeUrl, 'the fake platform URL is printed');
			const fake = await connectFakePlatform(printed.fakeUrl);
			return `${printed.url}: ${await checkAgentDropdown(client, fake)}`;
		});
		await report.test(target, 'npm start: prints the demo commands; npm run demo finds its fake platform', async () => {
			assert.match(out, /npm run demo -- missed-call /);
			// No CC_FAKE_URL: the demo reads the state file npm start wrote (in the run's temp dir).
			const env = { ...runEnv, CC_FAKE_URL: '' };
			const demo = await new Promise((resolve) =>
				execFile(process.execPath, [join(REPO, 'scripts', 'demo.mjs'), 'monitor-down'], { env }, (error, stdout, stderr) => resolve({ error, stdout, stderr })),
			);
			assert.equal(demo.error, null, demo.stderr);
			const heartbeat = await (await fetch(`${printed.fakeUrl}/status/api/v1/heartbeat`)).json();
			assert.equal(heartbeat.monitors[0].status, 0, 'monitor 1 is DOWN');
			return demo.stdout.trim().split('\n')[0];
		});
		await report.test(target, 'npm start: the AI example answers in the chat printed in the banner', async () => {
			assert.ok(printed.chatUrl?.startsWith(`${printed.url}/webhook/`), `chat URL printed: ${printed.chatUrl}`);
			const fake = await connectFakePlatform(printed.fakeUrl);
			// What the fake platform received (its control API's log).
			const creates = async () =>
				(await (await fetch(`${printed.fakeUrl}/__control/log`)).json()).requests.filter(
					(r) => r.method === 'POST' && r.path === `/${fake.domain}/api/v1/tickets`,
				);
			// A new user's first question, the first the banner suggests: the seed's customer answers it.
			const { whoIs, openATicket } = QUESTIONS;
			assert.ok(printed.banner.includes(whoIs), `the banner suggests "${whoIs}"`);
			const { body: known } = await fake.api('GET', '/api/v1/contactsByPhone', { query: { phoneNo: SCRIPT_FACTS.phone } });
			assert.equal(known.contact?.id, SCRIPT_FACTS.customerId, `the fresh platform's contact with ${SCRIPT_FACTS.phone}`);
			const first = await sendChatMessage(printed.url, whoIs);
			assert.equal(first.status, 200, JSON.stringify(first.body).slice(0, 300));
			assert.equal(first.body.output, `The customer with phone ${SCRIPT_FACTS.phone} is ${known.contact.username} (contact ID ${known.contact.id}).`);
			const before = (await creates()).length;
			const { status, body } = await sendChatMessage(printed.url, openATicket);
			assert.equal(status, 200, JSON.stringify(body).slice(0, 300));
			const posts = await creates();
			assert.equal(posts.length, before + 1, 'one ticket created by the agent');
			const ticketId = posts.at(-1).response.ticket.ticket_id;
			assert.match(body.output, new RegExp(`^I opened ticket #\\d+ \\(ticket ID ${ticketId}\\) for the customer\\.$`));
			return `${first.body.output} Then ticket ${ticketId}: ${body.output.slice(0, 50)}…`;
		});
	} finally {
		child.kill('SIGTERM');
		const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
		await exited;
		clearTimeout(timer);
	}
	await report.test(target, 'npm start: Ctrl+C stops n8n and the fake platform', async () => {
		await assert.rejects(fetch(`http://127.0.0.1:${port}/healthz`), 'n8n still answers after SIGTERM');
		assert.ok(printed?.modelUrl, 'the fake model URL is printed');
		await assert.rejects(fetch(`${printed.modelUrl}/models`), 'the fake model still answers after SIGTERM');
		return 'stopped';
	});
	await report.test(target, 'npm start: after the stop, nothing of it is left in the temp dir', async () => {
		try {
			const left = readdirSync(runTmp);
			assert.deepEqual(left.filter((name) => name.startsWith('cc-') || name.startsWith('n8n-nodes-customer-care')), [], `left in ${runTmp}: ${left.join(', ')}`);
			return left.length ? `nothing of ours (n8n left: ${left.join(', ')})` : 'empty';
		} finally {
			rmSync(runTmp, { recursive: true, force: true });
		}
	});
}
