/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * What the node's side of the wire saw, from Node's own HTTP client events (diagnostics_channel):
 * when a request was created and when an answer had been read to its end. The fake platform's
 * log says when a request arrived; in one process with a busy event loop, a request created
 * before the node read a lock-out answer can still arrive after the platform sent it. "Nothing
 * is sent after a lock-out answer" is about what the node did after it knew, so it is judged here.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';

export interface ClientEvent {
	/** Order of the events in this process (milliseconds are too coarse for one). */
	seq: number;
	at: number;
	kind: 'sent' | 'answered';
	/** The Host header: `127.0.0.1:port`. */
	host: string;
	method: string;
	path: string;
	status?: number;
}

const events: ClientEvent[] = [];
let seq = 0;

const hostOf = (request: ClientRequest) => String(request.getHeader('host') ?? request.host);

subscribe('http.client.request.start', (message) => {
	const { request } = message as { request: ClientRequest };
	events.push({ seq: ++seq, at: Date.now(), kind: 'sent', host: hostOf(request), method: request.method, path: request.path });
});

subscribe('http.client.response.finish', (message) => {
	const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
	response.once('end', () =>
		events.push({ seq: ++seq, at: Date.now(), kind: 'answered', host: hostOf(request), method: request.method, path: request.path, status: response.statusCode }),
	);
});

/** The position of the latest event: what comes after it belongs to what starts now. */
export const clientSeq = () => seq;

/** The events with one base URL's host after position `from`. */
export function clientEventsOf(baseUrl: string, from: number): ClientEvent[] {
	const host = new URL(baseUrl).host;
	return events.filter((event) => event.seq > from && event.host === host);
}

