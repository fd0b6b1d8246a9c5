/**
 * The operations whose output schema the package ships (output-schemas/), each with the run
 * through n8n's engine against the fake platform that produces its items (Simplify on, the
 * default). scripts/output-schemas.ts writes the schemas from these runs; the test checks that
 * the shipped files still describe what the node returns.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { FakePlatform } from '../fake-platform';
import { accountOf, jsonOf, runNode } from '../engine-harness/harness';
import { schemaOf, type JsonSchema } from './json-schema';

const DAY = 86_400_000;

/** `YYYY-MM-DDTHH:mm:ssZ`, whole seconds. */
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

export interface SchemaOperation {
	resource: string;
	operation: string;
	/** The node's parameters and input items for a run that returns typical records. */
	run(platform: FakePlatform): { parameters: IDataObject; input?: IDataObject[] };
}

/** Several records by id, so that fields empty on one record are typed by another. */
const byIds = (ids: number[]) => ids.map((id) => ({ id }));

export const SCHEMA_OPERATIONS: SchemaOperation[] = [
	{
		resource: 'call',
		operation: 'getAll',
		run: (p) => ({ parameters: { resource: 'call', operation: 'getAll', since: iso(p.store.nowMs() - 14 * DAY), to: iso(p.store.nowMs()), returnAll: false, limit: 200 } }),
	},
	{
		resource: 'ticket',
		operation: 'get',
		run: (p) => ({
			parameters: { resource: 'ticket', operation: 'get', ticketId: '={{ $json.id }}' },
			input: byIds(p.store.tickets.slice(-40).map((t) => t.ticket_id)),
		}),
	},
	{
		resource: 'ticket',
		operation: 'getAll',
		run: (p) => ({ parameters: { resource: 'ticket', operation: 'getAll', since: iso(p.store.nowMs() - 14 * DAY), to: iso(p.store.nowMs()), returnAll: false, limit: 200 } }),
	},
	{
		resource: 'lead',
		operation: 'get',
		run: (p) => ({ parameters: { resource: 'lead', operation: 'get', leadId: '={{ $json.id }}' }, input: byIds(p.store.leads.slice(-40).map((l) => l.id)) }),
	},
	{ resource: 'lead', operation: 'getAll', run: () => ({ parameters: { resource: 'lead', operation: 'getAll', returnAll: false, limit: 200 } }) },
	{
		resource: 'deal',
		operation: 'get',
		run: (p) => ({ parameters: { resource: 'deal', operation: 'get', dealId: '={{ $json.id }}' }, input: byIds(p.store.deals.slice(-40).map((d) => d.id)) }),
	},
	{ resource: 'deal', operation: 'getAll', run: () => ({ parameters: { resource: 'deal', operation: 'getAll', returnAll: false, limit: 200 } }) },
	{
		resource: 'chat',
		operation: 'getAll',
		run: (p) => ({ parameters: { resource: 'chat', operation: 'getAll', since: iso(p.store.nowMs() - 29 * DAY), to: iso(p.store.nowMs()), returnAll: true } }),
	},
	{
		resource: 'chat',
		operation: 'get',
		// A Live Chat and a Zalo conversation of the last 30 days: the Zalo account's fields are typed too.
		run: (p) => ({
			parameters: { resource: 'chat', operation: 'get', conversationId: '={{ $json.id }}' },
			input: [0, 3].map((type) => ({
				id: p.store.conversations.find((c) => c.conversation_type === type && c.start_time > p.store.nowMs() - 29 * DAY)!.conversation_id,
			})),
		}),
	},
	{ resource: 'agent', operation: 'getAll', run: () => ({ parameters: { resource: 'agent', operation: 'getAll', returnAll: true } }) },
	{ resource: 'group', operation: 'getAll', run: () => ({ parameters: { resource: 'group', operation: 'getAll', returnAll: true } }) },
	{ resource: 'service', operation: 'getAll', run: () => ({ parameters: { resource: 'service', operation: 'getAll', returnAll: true } }) },
	{ resource: 'monitor', operation: 'getAll', run: () => ({ parameters: { resource: 'monitor', operation: 'getAll', returnAll: true } }) },
];

/** Where n8n looks for a node's schema: `<node folder>/__schema__/v<x.y.z>/<resource>/<operation>.json`. */
export const schemaFile = (operation: SchemaOperation) => `CustomerCare/__schema__/v1.0.0/${operation.resource}/${operation.operation}.json`;

/** The items the operation returns, run through n8n's engine against `platform`. */
export async function itemsOf(operation: SchemaOperation, platform: FakePlatform): Promise<IDataObject[]> {
	const { parameters, input } = operation.run(platform);
	const run = await runNode({ parameters: parameters as INodeParameters, input, account: accountOf(platform, { timeZone: 'Asia/Ho_Chi_Minh' }) });
	if (run.error) throw new Error(`${operation.resource} → ${operation.operation}: ${run.error.message}`);
	if (run.items.length === 0) throw new Error(`${operation.resource} → ${operation.operation}: no items to derive a schema from`);
	return jsonOf(run);
}

/** The schema of the items of every platform given (the fake's `real` and `spec` modes: both are what users may meet). */
export async function generatedSchema(operation: SchemaOperation, platforms: FakePlatform[]): Promise<JsonSchema> {
	const items: IDataObject[] = [];
	for (const platform of platforms) items.push(...(await itemsOf(operation, platform)));
	return schemaOf(items);
}
