/**
 * One operation of the action node, declared: its name in the editor, its endpoint from the API
 * catalogue (api/endpoints.ts) and its steps (spec.ts). n8n builds each request from the
 * declarative `routing`; the routing hook (run.ts) then runs the steps once per item and sends
 * the request through our transport (throttle, retries, failover).
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Endpoint, ListEndpoint } from '../api/endpoints';
import type { RecordKind } from '../api/records';
import { returnAllAndLimit, simplifyProperty } from '../description/properties';
import { runOperation } from './run';
import type { OperationSpec } from './spec';

/**
 * One operation of a resource: its name in the editor, its endpoint (from the API catalogue,
 * the path possibly a routing expression such as `pathWithId`), and its steps.
 */
export function operation(
	option: Omit<INodePropertyOptions, 'routing'> & {
		action: string;
		description: string;
	},
	endpoint: Endpoint,
	spec: OperationSpec = {},
): INodePropertyOptions {
	return {
		...option,
		routing: {
			request: {
				method: endpoint.method,
				// The path only: the transport adds the address (transport/request/send.ts).
				url: endpoint.path,
			},
			// n8n calls the `pagination` hook only when `paginate` is set: every operation sets it.
			send: { paginate: true },
			operations: { pagination: runOperation(endpoint, spec) },
		},
	};
}

/**
 * The Get Many of a reference list (agents, groups, services): Return All, Limit, its own
 * filters, and Simplify for the record it lists.
 */
export function listOperation(
	resource: string,
	option: Parameters<typeof operation>[0],
	list: ListEndpoint,
	record: RecordKind,
	filters: INodeProperties[] = [],
): { operation: INodePropertyOptions; fields: INodeProperties[] } {
	const fields = [
		...returnAllAndLimit(resource),
		...filters,
		simplifyProperty(resource, [option.value as string]),
	];
	return { fields, operation: operation(option, list, { fields, list, simplify: record }) };
}
