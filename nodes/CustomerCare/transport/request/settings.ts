import type { IDataObject, IHttpRequestOptions, INode } from 'n8n-workflow';

import { configurationError } from '../answers/settingErrors';

/** What the node's Request Options (Ignore SSL Issues, Proxy, Timeout) ask of every request. */
export interface RequestSettings {
	timeoutMs?: number;
	proxy?: IHttpRequestOptions['proxy'];
	skipSslCertificateValidation?: boolean;
}

/** The part of an n8n context that reads the node's parameters. */
interface ParameterReader {
	getNode(): INode;
	getNodeParameter: unknown;
}

/**
 * n8n adds "Request Options" to declarative nodes; they are read from the node's parameters
 * here (not only from the one request n8n built), so that every request of an item follows
 * them: list pages, custom-field lookups, the create lookup. The trigger has no such options.
 */
export function requestSettingsOf(
	ctx: ParameterReader,
	itemIndex: number | undefined,
): RequestSettings {
	let options: IDataObject = {};
	try {
		const read = ctx.getNodeParameter as (...args: unknown[]) => unknown;
		const single = 'getItemIndex' in ctx || !('getInputData' in ctx);
		const value = single
			? read.call(ctx, 'requestOptions', {})
			: read.call(ctx, 'requestOptions', itemIndex ?? 0, {});
		if (value && typeof value === 'object') options = value as IDataObject;
	} catch {
		return {};
	}
	const settings: RequestSettings = {};
	const timeout = Number(options.timeout);
	if (Number.isFinite(timeout) && timeout > 0) settings.timeoutMs = timeout;
	if (options.allowUnauthorizedCerts === true) settings.skipSslCertificateValidation = true;
	if (typeof options.proxy === 'string' && options.proxy.trim()) {
		settings.proxy = parseProxy(ctx.getNode(), options.proxy.trim(), itemIndex);
	}
	return settings;
}

/** `http://user:password@proxy:3128` into n8n's proxy form, as n8n's routing does it. */
function parseProxy(
	node: INode,
	proxy: string,
	itemIndex: number | undefined,
): IHttpRequestOptions['proxy'] {
	let url: URL | undefined;
	try {
		url = new URL(proxy);
	} catch {
		url = undefined;
	}
	if (!url?.hostname || !url.port) {
		throw configurationError(
			node,
			'The proxy is not valid',
			`Request Options → Proxy must look like http://myproxy:3128 (with a port); got "${proxy.replace(/\/\/[^@/]*@/, '//***@')}".`,
			itemIndex,
		);
	}
	return {
		host: url.hostname,
		port: Number(url.port),
		protocol: url.protocol.replace(/:$/, ''),
		...(url.username
			? {
					auth: {
						username: decodeURIComponent(url.username),
						password: decodeURIComponent(url.password),
					},
				}
			: {}),
	};
}
