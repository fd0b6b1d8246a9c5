/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Call recordings as n8n binary data (Download Recording on Call → Get Many and on the trigger's
 * Call Ended), through n8n's engine against the fake platform: the file's bytes, type and name;
 * calls without a recording; the spec's rule that a recording exists only 5 minutes after the
 * call ends (api-spec §calls); the token never sent to a host other than the credential's;
 * Request Options → Timeout; a failed download under Continue On Fail, one request per file.
 * Registered by call.test.ts (one n8n load for the folder's runner), with a fake of its own.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { CallRec, FakePlatform } from '../../../tools/fake-platform';
import { accountOf, runNode, TriggerRun } from '../../../tools/engine-harness/harness';
import { changedJson, useAnswerFront } from '../helpers/answer-front';
import { clockedNow, useTestClock } from '../helpers/clock';
import { useFakePlatform } from '../helpers/fake-platform-per-file';

describe('call recordings as n8n binary data', () => {
	/** api-spec §calls: "A recording file exists only at least 5 minutes after the call ends." */
	const RECORDING_DELAY_MS = 5 * 60_000;
	const MINUTE = 60_000;
	const DAY = 24 * 60 * MINUTE;

	let platform: FakePlatform;
	const clock = useTestClock();
	// The 5-minute rule reads a call's end time in the account's zone (the credential's Account Time
	// Zone says which). Under CC_FAKE_STRICT=1 the fake's other forms stay on, but its call times stay
	// in the account's zone: written in another (its callZone form), every call would look 7 hours old.
	useFakePlatform((started) => (platform = started), {
		now: clockedNow,
		answerForms: { ...(process.env.CC_FAKE_STRICT === '1' ? { all: true } : {}), callZone: null },
	});

	const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

	/** A call answered by an agent (it has a recording) that ended `agoMs` before now. */
	function answeredCall(agoMs: number, partial: Partial<CallRec> = {}): CallRec {
		// To the second, as the API writes times.
		const end = Math.floor((Date.now() - agoMs) / 1000) * 1000;
		return platform.store.createCall({ call_status: 'meetAgent', talk_time: 95, ...partial }, end);
	}

	/** Call → Get Many of the calls named in the input items (`callId`), with Download Recording. */
	function getCalls(options: INodeParameters = {}, more: INodeParameters = {}): INodeParameters {
		return {
			resource: 'call',
			operation: 'getAll',
			since: iso(Date.now() - DAY),
			to: iso(Date.now()),
			returnAll: true,
			simplify: false,
			filters: { call_id: '={{ $json.callId }}' },
			options: { downloadRecording: true, ...options },
			...more,
		};
	}

	const recordingRequests = () => platform.requests({ path: '/recordings/' });
	const bytesOf = (item: INodeExecutionData, field = 'data') => Buffer.from(item.binary![field].data, 'base64');
	/** The bytes the fake platform serves as a call's recording (tools/fake-platform/server.ts). */
	const fakeRecording = (call: CallRec) =>
		Buffer.from(`ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000fake recording of ${call.call_id}`, 'latin1');

	describe('Call → Get Many with Download Recording', () => {
		test('each call with a recording gets its file in the binary field, downloaded one after another with the token (the Base URL host)', async () => {
			const first = answeredCall(10 * MINUTE);
			const second = answeredCall(20 * MINUTE);
			const run = await runNode({
				parameters: getCalls({ binaryPropertyName: 'audio' }),
				account: accountOf(platform),
				input: [{ callId: first.call_id }, { callId: second.call_id }],
			});
			expect(run.error).toBeUndefined();

			expect(run.items.map((item) => item.json.call_id)).toEqual([first.call_id, second.call_id]);
			expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			for (const [item, call] of [
				[run.items[0], first],
				[run.items[1], second],
			] as const) {
				expect(item.json.recording).toEqual({ available: true, binaryProperty: 'audio' });
				expect(Object.keys(item.binary!)).toEqual(['audio']);
				expect(bytesOf(item, 'audio').equals(fakeRecording(call))).toBe(true);
				expect(item.binary!.audio.mimeType).toBe('audio/mpeg');
				expect(item.binary!.audio.fileName).toBe(`${call.call_id}.mp3`);
			}

			// The download link (path_download), once per call, with the token: it is the Base URL's host.
			const downloads = recordingRequests();
			expect(downloads.map((request) => [request.path, request.query]).sort()).toEqual([
				[`/recordings/${first.call_id}.mp3`, { download: '1' }],
				[`/recordings/${second.call_id}.mp3`, { download: '1' }],
			]);
			for (const request of downloads) expect(request.headers.authorization).toBe(`Bearer ${platform.token}`);
			// One after another (n8n runs the two input items together): the second file is asked for
			// only once the first was answered.
			expect(downloads[1].at).toBeGreaterThanOrEqual(downloads[0].answeredAt);
		});

		test('the default binary field is "data"; Simplify on keeps the file', async () => {
			const call = answeredCall(30 * MINUTE);
			const run = await runNode({
				parameters: getCalls({}, { simplify: true }),
				account: accountOf(platform),
				input: [{ callId: call.call_id }],
			});
			expect(run.error).toBeUndefined();
			expect(run.items).toHaveLength(1);
			expect(bytesOf(run.items[0]).equals(fakeRecording(call))).toBe(true);
			expect(run.items[0].json.recording).toEqual({ available: true, binaryProperty: 'data' });
		});

		test('off (the default): no file and no recording field, nothing sent to the recording host', async () => {
			const call = answeredCall(10 * MINUTE);
			const parameters = getCalls();
			delete parameters.options;
			const run = await runNode({ parameters, account: accountOf(platform), input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			expect(run.items[0].binary).toBeUndefined();
			expect(run.items[0].json.recording).toBeUndefined();
			expect(recordingRequests()).toEqual([]);
		});

		test('a missed call, and an answered call without a recording: no file, no request, nothing fails', async () => {
			const missed = platform.store.createCall({ call_status: 'miss', missed_reason: 'missed_customer' }, Date.now() - 10 * MINUTE);
			const silent = answeredCall(10 * MINUTE, { has_recording: false, talk_time: 0 });
			const run = await runNode({
				parameters: getCalls(),
				account: accountOf(platform),
				input: [{ callId: missed.call_id }, { callId: silent.call_id }],
			});
			expect(run.error).toBeUndefined();
			expect(run.items.map((item) => item.json.call_id)).toEqual([missed.call_id, silent.call_id]);
			for (const item of run.items) {
				expect(item.binary).toBeUndefined();
				expect(item.error).toBeUndefined();
				expect(item.json.recording).toMatchObject({ available: false });
			}
			expect(recordingRequests()).toEqual([]);
		});

		test('a call that ended less than 5 minutes ago has no file yet: said on the item, nothing asked; 5 minutes later it is downloaded', async () => {
			const call = answeredCall(2 * MINUTE);
			const endedAt = call.end_time;
			const run = await runNode({ parameters: getCalls(), account: accountOf(platform), input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			expect(run.items).toHaveLength(1);
			const [item] = run.items;
			expect(item.binary).toBeUndefined();
			expect(item.error).toBeUndefined();
			const recording = item.json.recording as IDataObject;
			expect(recording.available).toBe(false);
			expect(recording.reason).toMatch(/5 minutes after the call ends/);
			expect(Date.parse(String(recording.availableFrom))).toBe(endedAt + RECORDING_DELAY_MS);
			expect(recordingRequests()).toEqual([]);

			clock.set(endedAt + RECORDING_DELAY_MS + 1000);
			const later = await runNode({ parameters: getCalls(), account: accountOf(platform), input: [{ callId: call.call_id }] });
			expect(later.error).toBeUndefined();
			expect(bytesOf(later.items[0]).equals(fakeRecording(call))).toBe(true);
			expect(recordingRequests()).toHaveLength(1);
		});

		test('a 404 of the recording host is "not yet" too: said on the item, nothing fails, asked once', async () => {
			const call = answeredCall(6 * MINUTE);
			platform.inject({ kind: 'status', status: 404, path: '/recordings/' });
			const run = await runNode({ parameters: getCalls(), account: accountOf(platform), input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			expect(run.items[0].binary).toBeUndefined();
			expect(run.items[0].json.recording).toMatchObject({ available: false, reason: expect.stringMatching(/404.*5 minutes after the call ends/) });
			expect(recordingRequests()).toHaveLength(1);
		});

		test('Request Options → Timeout: a file that does not come in time fails its item under Continue On Fail, the other calls keep theirs', async () => {
			const slow = answeredCall(10 * MINUTE);
			const fine = answeredCall(12 * MINUTE);
			platform.inject({ kind: 'latency', ms: 5000, path: `/recordings/${slow.call_id}.mp3`, times: 1 });
			const run = await runNode({
				parameters: getCalls({}, { requestOptions: { timeout: 800 } }),
				account: accountOf(platform),
				input: [{ callId: slow.call_id }, { callId: fine.call_id }],
				continueOnFail: true,
			});
			expect(run.error).toBeUndefined();
			expect(run.items).toHaveLength(2);
			// n8n keeps only the message of an error item's JSON: it names the call.
			expect(String(run.items[0].json.error)).toMatch(new RegExp(`call ${slow.call_id}.*800 ms.*Timeout`));
			expect(run.items[0].error).toBeDefined();
			expect(run.items[0].binary).toBeUndefined();
			expect(run.items[0].pairedItem).toEqual({ item: 0 });
			expect(bytesOf(run.items[1]).equals(fakeRecording(fine))).toBe(true);
			// Not sent again: one request per file.
			expect(recordingRequests().filter((request) => request.path.includes(slow.call_id))).toHaveLength(1);
		});

		test.each([
			['a 500', { kind: 'status' as const, status: 500 }, /HTTP 500/],
			['a connection reset', { kind: 'drop' as const }, /could not be reached|socket hang up|ECONNRESET/i],
		])('%s on a download: under Continue On Fail that call is an error item, the others are output, each file asked once', async (_, fault, message) => {
			const [a, b, c] = [answeredCall(10 * MINUTE), answeredCall(11 * MINUTE), answeredCall(12 * MINUTE)];
			platform.inject({ ...fault, path: `/recordings/${b.call_id}.mp3` });
			const run = await runNode({
				parameters: getCalls(),
				account: accountOf(platform),
				input: [{ callId: a.call_id }, { callId: b.call_id }, { callId: c.call_id }],
				continueOnFail: true,
			});
			expect(run.error).toBeUndefined();
			expect(run.items.map((item) => item.json.call_id)).toEqual([a.call_id, undefined, c.call_id]);
			expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(run.items[1].error).toBeDefined();
			expect(String(run.items[1].json.error)).toContain(`call ${b.call_id}`);
			expect(String(run.items[1].json.error)).toMatch(message);
			expect(run.items[1].binary).toBeUndefined();
			expect(bytesOf(run.items[0]).equals(fakeRecording(a))).toBe(true);
			expect(bytesOf(run.items[2]).equals(fakeRecording(c))).toBe(true);
			expect(recordingRequests().map((request) => request.path).sort()).toEqual([a, b, c].map((call) => `/recordings/${call.call_id}.mp3`).sort());
		});

		test("each download takes a slot of the account's budget: at Max Requests per Second 2, no second of the platform's log holds the list read and the files together", async () => {
			const calls = [10, 11, 12, 13].map((minutes) => answeredCall(minutes * MINUTE));
			const run = await runNode({
				parameters: getCalls(),
				account: accountOf(platform, { maxRequestsPerSecond: 2 }),
				input: calls.map((call) => ({ callId: call.call_id })),
			});
			expect(run.error).toBeUndefined();
			const arrivals = platform.requests().map((request) => request.at);
			expect(recordingRequests()).toHaveLength(4);
			// 4 list reads and 4 files at 2 a second; one more than the budget in any second allows for
			// the way to the platform (the throttle spaces requests as they leave).
			const busiest = Math.max(...arrivals.map((at) => arrivals.filter((other) => other >= at && other < at + 1000).length));
			expect(busiest).toBeLessThanOrEqual(3);
		});

		test('without Continue On Fail a failed download fails the node, without the token in its error', async () => {
			const call = answeredCall(10 * MINUTE);
			platform.inject({ kind: 'status', status: 500, path: '/recordings/', message: `echo Bearer ${platform.token}` });
			const run = await runNode({ parameters: getCalls(), account: accountOf(platform), input: [{ callId: call.call_id }] });
			expect(run.error?.message).toMatch(/HTTP 500/);
			expect(JSON.stringify(run.error)).not.toContain(platform.token);
			expect(recordingRequests()).toHaveLength(1);
		});
	});

	/** A host that is not the credential's: it records what it was sent and serves a few bytes. */
	describe('a recording on another host', () => {
		const FOREIGN_BYTES = Buffer.from('ID3 foreign recording');
		let foreign: Server;
		let foreignUrl = '';
		const seen: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
		/** Where the calls list points the recording links to. */
		let linkTo: (call: string) => string = () => '';

		beforeAll(async () => {
			foreign = createServer((request, response) => {
				seen.push({ path: request.url ?? '', headers: request.headers });
				if (request.url?.startsWith('/slow')) {
					// Eight parts, 300 ms apart: longer than the Timeout (2 s) in all, never idle that long.
					response.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': FOREIGN_BYTES.length * 8 });
					let parts = 0;
					const next = () => {
						response.write(FOREIGN_BYTES);
						if (++parts === 8) response.end();
						else setTimeout(next, 300);
					};
					next();
					return;
				}
				if (request.url?.startsWith('/stall')) {
					// Headers and a first part, then nothing more.
					response.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': 1000 });
					response.write(FOREIGN_BYTES);
					return;
				}
				if (request.url?.startsWith('/player')) {
					// A streaming link answered with a player page, as `path` may be.
					response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
					response.end('<html><body>player</body></html>');
					return;
				}
				if (request.url?.startsWith('/compressed')) {
					// 3 MB of audio that travels as a few kB: gzip, its Content-Length the compressed size.
					const packed = gzipSync(Buffer.concat([FOREIGN_BYTES, Buffer.alloc(3 * 1024 * 1024)]));
					response.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Encoding': 'gzip', 'Content-Length': packed.length });
					response.end(packed);
					return;
				}
				if (request.url?.startsWith('/redirect')) {
					// Back to the credential's own host: the token may go there again.
					response.writeHead(302, { location: `${platform.baseUrl}${new URL(request.url, 'http://x').searchParams.get('to')}` });
					response.end();
					return;
				}
				response.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': FOREIGN_BYTES.length });
				response.end(FOREIGN_BYTES);
			});
			await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
			foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
		});
		afterAll(async () => {
			foreign.closeAllConnections();
			await new Promise<void>((resolve) => foreign.close(() => resolve()));
		});
		beforeEach(() => (seen.length = 0));

		// The calls list as the platform answers it, the recording links of its answered calls pointed elsewhere.
		const frontUrl = useAnswerFront(
			() => platform,
			(answer) =>
				answer.path.endsWith('/api/v1/calls')
					? {
							body: changedJson(answer.body, (json) => {
								for (const call of json.calls as IDataObject[]) {
									if (call.call_status === 'miss') continue;
									call.path = call.path_download = linkTo(String(call.call_id));
								}
							}),
						}
					: undefined,
		);

		test('is downloaded without the token (same IP, another port: another host)', async () => {
			const call = answeredCall(10 * MINUTE);
			linkTo = (id) => `${foreignUrl}/files/${id}.mp3`;
			const run = await runNode({
				parameters: getCalls(),
				account: accountOf(platform, { baseUrl: frontUrl() }),
				input: [{ callId: call.call_id }],
			});
			expect(run.error).toBeUndefined();
			expect(bytesOf(run.items[0]).equals(FOREIGN_BYTES)).toBe(true);
			expect(run.items[0].binary!.data.fileName).toBe(`${call.call_id}.mp3`);

			expect(seen.map((request) => request.path)).toEqual([`/files/${call.call_id}.mp3`]);
			expect(seen[0].headers.authorization).toBeUndefined();
			expect(JSON.stringify(seen[0].headers)).not.toContain(platform.token);
			// The API itself was sent the token (through the front, the credential's Base URL).
			expect(platform.requests({ path: '/api/v1/calls' })[0].headers.authorization).toBe(`Bearer ${platform.token}`);
		});

		test('a page in place of the file (a player behind a streaming link) is not kept as the recording', async () => {
			const call = answeredCall(10 * MINUTE);
			linkTo = (id) => `${foreignUrl}/player/${id}`;
			const run = await runNode({ parameters: getCalls(), account: accountOf(platform, { baseUrl: frontUrl() }), input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			expect(run.items[0].binary).toBeUndefined();
			expect(run.items[0].json.recording).toEqual({
				available: false,
				reason: expect.stringMatching(/^The recording link answered text\/html.*, not an audio file: it was not kept$/),
			});
		});

		test('a link on a call that ended less than 5 minutes ago is not asked for: the file does not exist yet', async () => {
			const call = answeredCall(2 * MINUTE);
			linkTo = (id) => `${foreignUrl}/files/${id}.mp3`;
			const run = await runNode({
				parameters: getCalls(),
				account: accountOf(platform, { baseUrl: frontUrl() }),
				input: [{ callId: call.call_id }],
			});
			expect(run.error).toBeUndefined();
			expect(run.items[0].json.path_download).toBe(`${foreignUrl}/files/${call.call_id}.mp3`);
			expect(run.items[0].binary).toBeUndefined();
			expect(run.items[0].json.recording).toMatchObject({ available: false, reason: expect.stringMatching(/5 minutes after the call ends/) });
			expect(seen).toEqual([]);
		});

		test('Request Options → Timeout also bounds a file whose body stops coming: the call fails, not the run', async () => {
			const [stalled, fine] = [answeredCall(10 * MINUTE), answeredCall(11 * MINUTE)];
			linkTo = (id) => (id === stalled.call_id ? `${foreignUrl}/stall/${id}.mp3` : `${foreignUrl}/files/${id}.mp3`);
			const run = await runNode({
				parameters: getCalls({}, { requestOptions: { timeout: 800 } }),
				account: accountOf(platform, { baseUrl: frontUrl() }),
				input: [{ callId: stalled.call_id }, { callId: fine.call_id }],
				continueOnFail: true,
			});
			expect(run.error).toBeUndefined();
			expect(String(run.items[0].json.error)).toMatch(new RegExp(`call ${stalled.call_id}.*800 ms`));
			expect(bytesOf(run.items[1]).equals(FOREIGN_BYTES)).toBe(true);
			expect(seen.map((request) => request.path).sort()).toEqual([`/files/${fine.call_id}.mp3`, `/stall/${stalled.call_id}.mp3`]);
		});

		test('a file that keeps coming is kept when it arrives in full within the Timeout, and cut when it does not', async () => {
			const call = answeredCall(10 * MINUTE);
			linkTo = (id) => `${foreignUrl}/slow/${id}.mp3`;
			// Eight parts 300 ms apart: about 2.1 s in all, never a gap of 1 s.
			const within = await runNode({
				parameters: getCalls({}, { requestOptions: { timeout: 6000 } }),
				account: accountOf(platform, { baseUrl: frontUrl() }),
				input: [{ callId: call.call_id }],
			});
			expect(within.error).toBeUndefined();
			expect(bytesOf(within.items[0]).equals(Buffer.concat(Array(8).fill(FOREIGN_BYTES)))).toBe(true);

			const past = await runNode({
				parameters: getCalls({}, { requestOptions: { timeout: 1000 } }),
				account: accountOf(platform, { baseUrl: frontUrl() }),
				input: [{ callId: call.call_id }],
			});
			expect(past.error?.message).toMatch(new RegExp(`call ${call.call_id}.*did not arrive in full within 1000 ms`));
		});

		test('a redirect from it is followed hop by hop: the token only where the credential allows', async () => {
			const call = answeredCall(10 * MINUTE);
			// The foreign host sends the client to the fake's own file; the credential's Base URL is the front, so the fake is foreign too.
			linkTo = (id) => `${foreignUrl}/redirect?to=${encodeURIComponent(`/recordings/${id}.mp3`)}`;
			const run = await runNode({
				parameters: getCalls(),
				account: accountOf(platform, { baseUrl: frontUrl() }),
				input: [{ callId: call.call_id }],
			});
			expect(run.error).toBeUndefined();
			expect(bytesOf(run.items[0]).equals(fakeRecording(call))).toBe(true);
			expect(seen).toHaveLength(1);
			expect(seen[0].headers.authorization).toBeUndefined();
			const [file] = recordingRequests();
			expect(file.headers.authorization).toBeUndefined();
		});

		test('a compressed file is bounded by its size once unpacked: 3 MB sent as a few kB gzip is not kept under a 1 MB Max Recording Size', async () => {
			const call = answeredCall(10 * MINUTE);
			linkTo = (id) => `${foreignUrl}/compressed/${id}.mp3`;
			const account = accountOf(platform, { baseUrl: frontUrl() });
			const bounded = await runNode({ parameters: getCalls({ maxRecordingSizeMb: 1 }), account, input: [{ callId: call.call_id }] });
			expect(bounded.error).toBeUndefined();
			expect(bounded.items[0].binary).toBeUndefined();
			expect(bounded.items[0].json.recording).toEqual({
				available: false,
				reason: expect.stringMatching(/was not kept: it is larger than 1 MB, the most a file may be; reading stopped there$/),
			});
			// Under a larger bound the same file is kept whole, unpacked.
			const kept = await runNode({ parameters: getCalls({ maxRecordingSizeMb: 4 }), account, input: [{ callId: call.call_id }] });
			expect(kept.error).toBeUndefined();
			expect(bytesOf(kept.items[0])).toHaveLength(FOREIGN_BYTES.length + 3 * 1024 * 1024);
		});

		test.each([
			[
				'its file name: the platform redirects to a link named with it',
				() => platform.inject({ kind: 'redirect', location: `${foreignUrl}/files/${encodeURIComponent(platform.token)}.mp3`, path: '/recordings/' }),
				FOREIGN_BYTES,
			],
			[
				'its type: the platform answers the file with it in the Content-Type',
				() => platform.inject({ kind: 'wrongType', contentType: `audio/x-${platform.token}`, path: '/recordings/' }),
				undefined,
			],
		])('a recording the platform names with the token in %s is kept without the token anywhere in the item', async (_, fault, bytes) => {
			const call = answeredCall(10 * MINUTE);
			fault();
			// The credential's own host: the token goes with the first request, which answers with it.
			const run = await runNode({ parameters: getCalls(), account: accountOf(platform), input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			expect(bytesOf(run.items[0]).equals(bytes ?? fakeRecording(call))).toBe(true);
			expect(recordingRequests()[0].headers.authorization).toBe(`Bearer ${platform.token}`);
			const { data: _data, ...metadata } = run.items[0].binary!.data;
			expect(JSON.stringify({ json: run.items[0].json, metadata })).not.toContain(platform.token);
			expect(JSON.stringify(metadata)).toContain('***');
		});
	});

	describe('Call Ended with Download Recording', () => {
		test('a call the trigger emits as it ends has no file yet (said on it); an earlier call from Start From has its file', async () => {
			const earlier = answeredCall(30 * MINUTE);
			const run = new TriggerRun(
				{ event: 'callEnded', options: { downloadRecording: true, binaryPropertyName: 'audio', simplify: false, startFrom: iso(Date.now() - 40 * MINUTE) } },
				accountOf(platform),
			);
			await run.poll();
			const first = run.lastItems.find((item) => item.json.call_id === earlier.call_id)!;
			expect(first.json.recording).toEqual({ available: true, binaryProperty: 'audio' });
			expect(bytesOf(first, 'audio').equals(fakeRecording(earlier))).toBe(true);
			expect(recordingRequests().filter((request) => request.path.includes(earlier.call_id))).toHaveLength(1);

			platform.clearLog();
			const justEnded = answeredCall(0);
			clock.set(justEnded.end_time + 60_000);
			await run.poll();
			const item = run.lastItems.find((emitted) => emitted.json.call_id === justEnded.call_id)!;
			expect(item.binary).toBeUndefined();
			expect(item.json.recording).toMatchObject({ available: false, reason: expect.stringMatching(/5 minutes after the call ends/) });
			expect(Date.parse(String((item.json.recording as IDataObject).availableFrom))).toBe(justEnded.end_time + RECORDING_DELAY_MS);
			expect(recordingRequests()).toEqual([]);
		});

		test('a failed download is told on its call, which is emitted all the same (a poll has no Continue On Fail)', async () => {
			const earlier = answeredCall(30 * MINUTE);
			platform.inject({ kind: 'status', status: 500, path: `/recordings/${earlier.call_id}.mp3`, message: `echo ${platform.token}` });
			const run = new TriggerRun(
				{ event: 'callEnded', options: { downloadRecording: true, simplify: false, startFrom: iso(Date.now() - 40 * MINUTE) } },
				accountOf(platform),
			);
			expect(await run.poll()).not.toBeNull();
			const item = run.lastItems.find((emitted) => emitted.json.call_id === earlier.call_id)!;
			expect(item.binary).toBeUndefined();
			expect(item.json.recording).toMatchObject({ available: false, reason: expect.stringMatching(new RegExp(`call ${earlier.call_id}.*HTTP 500`)) });
			expect(JSON.stringify(run.lastItems)).not.toContain(platform.token);
			expect(recordingRequests().filter((request) => request.path.includes(earlier.call_id))).toHaveLength(1);
		});

		test('off: the trigger emits calls without files and asks for none', async () => {
			const run = new TriggerRun({ event: 'callEnded', options: { simplify: false } }, accountOf(platform));
			expect(await run.poll()).toBeNull();
			const call = answeredCall(0);
			clock.set(call.end_time + 10 * MINUTE);
			const json = await run.poll();
			expect(json?.some((emitted) => emitted.call_id === call.call_id)).toBe(true);
			expect(run.lastItems.every((item) => item.binary === undefined && item.json.recording === undefined)).toBe(true);
			expect(recordingRequests()).toEqual([]);
		});
	});

	describe('Call Ended with Download Recording within the poll\'s time', () => {
		test('a poll with more files than its time allows emits every call, the later ones without their file, and moves on', async () => {
			const calls = Array.from({ length: 20 }, (_, n) => answeredCall((10 + n) * MINUTE));
			// Each file answers in 200 ms: 20 files would take 4 s of a poll given 1 s.
			platform.inject({ kind: 'latency', ms: 200, path: '/recordings/' });
			const run = new TriggerRun(
				{ event: 'callEnded', options: { downloadRecording: true, simplify: false, startFrom: iso(Date.now() - 60 * MINUTE) } },
				accountOf(platform),
			);
			run.pollBudgetMs = 1000;
			await run.poll();
			const ours = run.lastItems.filter((item) => calls.some((call) => call.call_id === item.json.call_id));
			expect(ours).toHaveLength(calls.length);
			const downloaded = ours.filter((item) => item.binary?.data);
			const notDownloaded = ours.filter((item) => !item.binary);
			// Earlier tests' calls are in the hour read too: only these calls' files are counted.
			const theirFiles = recordingRequests().filter((request) => calls.some((call) => request.path.endsWith(`/${call.call_id}.mp3`)));
			expect(theirFiles.length).toBeLessThan(calls.length);
			expect(downloaded.length).toBe(theirFiles.length);
			expect(notDownloaded.length).toBeGreaterThan(0);
			for (const item of notDownloaded)
				expect(item.json.recording).toEqual({ available: false, reason: expect.stringMatching(/^Not downloaded: this poll had no time left/) });
			// The cursor moved: the next poll emits none of them again.
			await run.poll();
			expect(run.lastItems.filter((item) => calls.some((call) => call.call_id === item.json.call_id))).toEqual([]);
		});
	});

	describe('a recording within its bounds: the Timeout for the whole file, Max Recording Size, an audio type', () => {
		const MB = 1024 * 1024;
		const fileRequestOf = (call: CallRec) => platform.requests({ path: `/recordings/${call.call_id}.mp3` });
		/** The host sees the node leave a moment after the node left. */
		const leftBy = async (call: CallRec) => {
			for (let waited = 0; waited < 5000 && !fileRequestOf(call)[0]?.answeredAt; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
			return fileRequestOf(call)[0];
		};

		test('a host that drips one byte just inside the Timeout is cut when the Timeout is up in all: that call fails, the others keep their files', async () => {
			const [dripping, fine] = [answeredCall(10 * MINUTE), answeredCall(11 * MINUTE)];
			// A byte every 600 ms: never a gap of the Timeout (800 ms), the whole file ~30 s.
			platform.inject({ kind: 'drip', ms: 600, path: `/recordings/${dripping.call_id}.mp3` });
			const run = await runNode({
				parameters: getCalls({}, { requestOptions: { timeout: 800 } }),
				account: accountOf(platform),
				input: [{ callId: dripping.call_id }, { callId: fine.call_id }],
				continueOnFail: true,
			});
			expect(run.error).toBeUndefined();
			expect(String(run.items[0].json.error)).toMatch(new RegExp(`call ${dripping.call_id}.*did not arrive in full within 800 ms.*Timeout.*not kept`));
			expect(run.items[0].binary).toBeUndefined();
			expect(bytesOf(run.items[1]).equals(fakeRecording(fine))).toBe(true);
			// The node left: the host wrote a few bytes of the file, not all of them.
			const request = await leftBy(dripping);
			expect(request.answeredAt).toBeGreaterThan(0);
			expect(request.sent).toBeLessThan(fakeRecording(dripping).length);
		});

		test('a host that sends without end is cut at Max Recording Size, its reading stopped there: the call says why, without a file', async () => {
			const call = answeredCall(10 * MINUTE);
			platform.inject({ kind: 'endless', path: `/recordings/${call.call_id}.mp3` });
			const run = await runNode({
				parameters: getCalls({ maxRecordingSizeMb: 1 }, { requestOptions: { timeout: 20_000 } }),
				account: accountOf(platform),
				input: [{ callId: call.call_id }],
			});
			expect(run.error).toBeUndefined();
			expect(run.items[0].binary).toBeUndefined();
			expect(run.items[0].json.recording).toEqual({
				available: false,
				reason: expect.stringMatching(/was not kept: it is larger than 1 MB, the most a file may be; reading stopped there$/),
			});
			// What the host could write is the bound and what the sockets hold between them, not more.
			const request = await leftBy(call);
			expect(request.answeredAt).toBeGreaterThan(0);
			expect(request.sent).toBeGreaterThan(1 * MB);
			expect(request.sent).toBeLessThan(1 * MB + 16 * MB);
		});

		test('a file whose head announces more than Max Recording Size is not read at all', async () => {
			const call = answeredCall(10 * MINUTE);
			platform.inject({ kind: 'oversize', bytes: 64 * MB, path: `/recordings/${call.call_id}.mp3` });
			const run = await runNode({ parameters: getCalls({ maxRecordingSizeMb: 2 }), account: accountOf(platform), input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			expect(run.items[0].binary).toBeUndefined();
			expect(run.items[0].json.recording).toEqual({
				available: false,
				reason: expect.stringMatching(/is 64 MB, larger than the 2 MB a file may be: it was not kept$/),
			});
			expect(fileRequestOf(call)[0].sent).toBeLessThan(64 * MB);
		});

		test('the type is judged on the head, before a byte is stored: a large page in place of the file is not read', async () => {
			const call = answeredCall(10 * MINUTE);
			// No Content-Length: only its type tells, before the body, that it is no recording.
			platform.inject({ kind: 'oversize', bytes: 64 * MB, chunked: true, contentType: 'text/html; charset=utf-8', path: `/recordings/${call.call_id}.mp3` });
			const run = await runNode({ parameters: getCalls({ maxRecordingSizeMb: 100 }), account: accountOf(platform), input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			expect(run.items[0].binary).toBeUndefined();
			expect(run.items[0].json.recording).toEqual({
				available: false,
				reason: 'The recording link answered text/html, not an audio file: it was not kept',
			});
			expect(fileRequestOf(call)[0].sent).toBeLessThan(32 * MB);
		});

		test('Call Ended: a recording past Max Recording Size is told on its call, which is emitted all the same', async () => {
			const earlier = answeredCall(30 * MINUTE);
			platform.inject({ kind: 'endless', path: `/recordings/${earlier.call_id}.mp3` });
			const run = new TriggerRun(
				{ event: 'callEnded', options: { downloadRecording: true, maxRecordingSizeMb: 1, simplify: false, startFrom: iso(Date.now() - 40 * MINUTE) } },
				accountOf(platform),
			);
			expect(await run.poll()).not.toBeNull();
			const item = run.lastItems.find((emitted) => emitted.json.call_id === earlier.call_id)!;
			expect(item.binary).toBeUndefined();
			expect(item.json.recording).toEqual({ available: false, reason: expect.stringMatching(/larger than 1 MB/) });
			expect(fileRequestOf(earlier)[0].sent).toBeLessThan(1 * MB + 16 * MB);
		});
	});

	describe('where a recording may come from', () => {
		afterEach(() => platform.setRecordingBase(undefined));
		const portOf = () => new URL(platform.baseUrl).port;

		/**
		 * A platform on a public name: the credential's Base URL is `http://platform.example`, reached
		 * through Request Options → Proxy, which the fake platform plays as well (it answers a request
		 * for any host by its path, and logs the host named).
		 */
		const publicPlatform = () => ({
			account: accountOf(platform, { baseUrl: 'http://platform.example' }),
			requestOptions: { proxy: platform.baseUrl },
		});

		test.each([
			['loopback, as the platform itself listens', () => `http://127.0.0.1:${portOf()}`],
			['link-local (cloud metadata)', () => 'http://169.254.169.254'],
			['private, IPv4-mapped IPv6', () => 'http://[::ffff:10.0.0.5]'],
			['loopback, a decimal IPv4 literal', () => `http://2130706433:${portOf()}`],
			['loopback, by name', () => 'http://files.localhost'],
		])('a recording on a %s address beside a public Base URL is not fetched: the call says why', async (_, base) => {
			const call = answeredCall(10 * MINUTE);
			platform.setRecordingBase(base());
			const { account, requestOptions } = publicPlatform();
			const run = await runNode({ parameters: getCalls({}, { requestOptions }), account, input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			// The list was read through the proxy, with the token, for the public name.
			expect(platform.requests({ path: '/api/v1/calls' }).map((request) => [request.host, request.headers.authorization])).toEqual([['platform.example', `Bearer ${platform.token}`]]);
			expect(run.items[0].binary).toBeUndefined();
			expect(run.items[0].json.recording).toEqual({
				available: false,
				reason: expect.stringMatching(/^Not fetched: The link points to a loopback, private or link-local address \(.+\), and the credential's Base URL is not on one$/),
			});
			expect(recordingRequests()).toEqual([]);
		});

		test('a recording on a public host beside a public Base URL is fetched (without the token: another host)', async () => {
			const call = answeredCall(10 * MINUTE);
			platform.setRecordingBase('http://files.example');
			const { account, requestOptions } = publicPlatform();
			const run = await runNode({ parameters: getCalls({}, { requestOptions }), account, input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			expect(bytesOf(run.items[0]).equals(fakeRecording(call))).toBe(true);
			const [file] = recordingRequests();
			expect(file.host).toBe('files.example');
			expect(file.headers.authorization).toBeUndefined();
		});

		test('a public host that redirects to a private address: that hop is not fetched, the call says why', async () => {
			const call = answeredCall(10 * MINUTE);
			platform.setRecordingBase('http://files.example');
			platform.inject({ kind: 'redirect', location: 'http://192.168.1.20{path}', path: '/recordings/' });
			const { account, requestOptions } = publicPlatform();
			const run = await runNode({ parameters: getCalls({}, { requestOptions }), account, input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			expect(run.items[0].json.recording).toEqual({
				available: false,
				reason: expect.stringMatching(/^Not fetched: The link's host \(hop 1\) redirected to a loopback, private or link-local address \(192\.168\.1\.20\)/),
			});
			expect(recordingRequests().map((request) => request.host)).toEqual(['files.example']);
		});

		test.each([
			['localhost', () => `http://localhost:${portOf()}`],
			['a decimal IPv4 literal', () => `http://2130706433:${portOf()}`],
			['an IPv4-mapped IPv6 literal', () => `http://[::ffff:127.0.0.1]:${portOf()}`],
		])('beside a loopback Base URL (a test set-up, on premises), a recording on %s is fetched', async (_, base) => {
			const call = answeredCall(10 * MINUTE);
			platform.setRecordingBase(base());
			const run = await runNode({ parameters: getCalls(), account: accountOf(platform), input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			expect(bytesOf(run.items[0]).equals(fakeRecording(call))).toBe(true);
			expect(recordingRequests()).toHaveLength(1);
		});

		test("a host that is not the platform's and redirects back to the platform's host: no token goes there", async () => {
			const call = answeredCall(10 * MINUTE);
			// The backup port is another host: the credential names no Backup Base URL.
			platform.setRecordingBase(platform.backupUrl);
			platform.inject({ kind: 'redirect', target: 'backup', location: `${platform.baseUrl}{path}`, path: '/recordings/' });
			const run = await runNode({ parameters: getCalls(), account: accountOf(platform), input: [{ callId: call.call_id }] });
			expect(run.error).toBeUndefined();
			expect(bytesOf(run.items[0]).equals(fakeRecording(call))).toBe(true);
			const hops = recordingRequests().map((request) => [request.server, request.headers.authorization]);
			expect(hops).toEqual([
				['backup', undefined],
				['primary', undefined],
			]);
		});

		test('an unusable Location header on a download is a clear error that names it', async () => {
			const call = answeredCall(10 * MINUTE);
			platform.inject({ kind: 'redirect', location: 'http://[not-an-address', path: '/recordings/' });
			const run = await runNode({ parameters: getCalls(), account: accountOf(platform), input: [{ callId: call.call_id }], continueOnFail: true });
			expect(run.error).toBeUndefined();
			expect(String(run.items[0].json.error)).toMatch(
				new RegExp(`call ${call.call_id}.*redirect \\(HTTP 302\\) whose Location header is not a valid address: "http://\\[not-an-address"`),
			);
		});
	});
});
