/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * A front before the fake platform, for answers the platform itself never gives (a missing or
 * empty root, a redirect, an echo of the token): every request is forwarded and carried out by
 * the platform, and `rewrite` may replace the answer on its way back. One per test file.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { FakePlatform } from '../../../tools/fake-platform';

export interface PassingAnswer {
	method: string;
	/** The pathname, with the domain: `/acme/api/v1/leads`. */
	path: string;
	requestHeaders: IncomingHttpHeaders;
	status: number;
	headers: OutgoingHttpHeaders;
	body: string;
}

/** The answer to send back instead, or undefined to let the platform's pass. */
export type Rewrite = (answer: PassingAnswer) => Partial<Pick<PassingAnswer, 'status' | 'headers' | 'body'>> | undefined;

/** Starts the front before the file's tests; returns its URL (valid once they run). */
export function useAnswerFront(platformOf: () => FakePlatform, rewrite: Rewrite): () => string {
	let front: Server;
	let url = '';
	beforeAll(async () => {
		front = createServer((incoming, outgoing) => {
			const target = new URL(platformOf().baseUrl);
			const forward = httpRequest(
				{ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
				(answer) => {
					const chunks: Buffer[] = [];
					answer.on('data', (chunk: Buffer) => chunks.push(chunk));
					answer.on('end', () => {
						const passing: PassingAnswer = {
							method: incoming.method ?? 'GET',
							path: new URL(incoming.url ?? '/', 'http://front').pathname,
							requestHeaders: incoming.headers,
							status: answer.statusCode ?? 502,
							headers: answer.headers,
							body: Buffer.concat(chunks).toString('utf8'),
						};
						const sent = { ...passing, ...rewrite(passing) };
						outgoing.writeHead(sent.status, { ...sent.headers, 'content-length': String(Buffer.byteLength(sent.body)) });
						outgoing.end(sent.body);
					});
				},
			);
			incoming.pipe(forward);
		});
		await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
		url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
	});
	afterAll(async () => {
		front.closeAllConnections();
		await new Promise<void>((resolve) => front.close(() => resolve()));
	});
	return () => url;
}

/** The answer's JSON with `change` applied, as a body. */
export function changedJson(body: string, change: (json: Record<string, unknown>) => void): string {
	const json = JSON.parse(body) as Record<string, unknown>;
	change(json);
	return JSON.stringify(json);
}
