/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * An HTTP proxy in front of a fake platform that rewrites the JSON answers
 * of chosen paths, so that one answer can carry stamps in mixed forms (one item with an
 * explicit offset, another with a lowercase z, …) as a real server may write them.
 */
import { createServer, request as httpRequest, type Server } from 'http';

export type Rewrite = (path: string, body: any) => any;

export class RewriteProxy {
	rewrite: Rewrite = (_path, body) => body;

	private constructor(
		private readonly server: Server,
		readonly baseUrl: string,
	) {}

	static async start(target: string): Promise<RewriteProxy> {
		const targetUrl = new URL(target);
		const holder: { proxy?: RewriteProxy } = {};
		const server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				const upstream = httpRequest(
					{
						hostname: targetUrl.hostname,
						port: targetUrl.port,
						method: req.method,
						path: req.url,
						headers: { ...req.headers, host: targetUrl.host },
					},
					(answer) => {
						const parts: Buffer[] = [];
						answer.on('data', (chunk: Buffer) => parts.push(chunk));
						answer.on('end', () => {
							let body = Buffer.concat(parts);
							const headers = { ...answer.headers };
							const type = String(headers['content-type'] ?? '');
							if (type.includes('json')) {
								try {
									const path = new URL(req.url ?? '/', 'http://x').pathname;
									const rewritten = holder.proxy!.rewrite(path, JSON.parse(body.toString('utf8')));
									body = Buffer.from(JSON.stringify(rewritten), 'utf8');
								} catch {
									// not JSON after all: pass it on
								}
							}
							delete headers['transfer-encoding'];
							headers['content-length'] = String(body.length);
							res.writeHead(answer.statusCode ?? 502, headers);
							res.end(body);
						});
					},
				);
				upstream.on('error', () => {
					res.writeHead(502);
					res.end();
				});
				upstream.end(Buffer.concat(chunks));
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
		const address = server.address();
		const port = typeof address === 'object' && address ? address.port : 0;
		holder.proxy = new RewriteProxy(server, `http://127.0.0.1:${port}`);
		return holder.proxy;
	}

	async close() {
		this.server.closeAllConnections?.();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}
