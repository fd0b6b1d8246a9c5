import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import type { RecordKind } from '../api/records';
import { nameOf } from '../resources/lead/common';
import { getStatusList } from '../resources/lead/statuses';
import { fetchList } from '../transport/list';
import { getAccount, type TransportContext } from '../transport/request';
import { simplifyProperty } from './descriptions';
import { needsReferenceList, present, referenceListsOf, type References } from './present';

/**
 * The Simplify step of every output: readable times and labels (shared/present.ts), with the
 * account's zone and reference lists read here. Simplify off leaves the API's answer as it is.
 */

/** The record each operation outputs, by `resource:operation`. Operations not named here output nothing to convert. */
const OPERATION_RECORDS: Readonly<Record<string, RecordKind>> = {
	'agent:getAll': 'agent',
	'call:getAll': 'call',
	'deal:create': 'deal',
	'deal:get': 'deal',
	'deal:getAll': 'deal',
	'deal:update': 'deal',
	'group:getAll': 'group',
	'lead:create': 'lead',
	'lead:get': 'lead',
	'lead:getAll': 'lead',
	'lead:update': 'lead',
	'monitor:getAll': 'monitor',
	'service:getAll': 'service',
	'ticket:create': 'ticketWritten',
	'ticket:get': 'ticketDetail',
	'ticket:getAll': 'ticketListItem',
	'ticket:update': 'ticketWritten',
};

/** Operations that had no Simplify switch before times and labels came (ticket, lead and deal Get and Get Many have theirs). */
const NEW_SIMPLIFY: Readonly<Record<string, string[]>> = {
	agent: ['getAll'],
	call: ['getAll'],
	deal: ['create', 'update'],
	group: ['getAll'],
	lead: ['create', 'update'],
	monitor: ['getAll'],
	service: ['getAll'],
	ticket: ['create', 'update'],
};

export const simplifyProperties: INodeProperties[] = Object.entries(NEW_SIMPLIFY).map(([resource, operations]) =>
	simplifyProperty(resource, operations),
);

/** Deal pipelines change rarely: the items of one execution share one read (as lead statuses do). */
const CACHE_MS = 30_000;
const pipelineCache = new Map<string, { at: number; pipelines: Promise<IDataObject[]> }>();

async function getPipelineList(this: TransportContext): Promise<IDataObject[]> {
	const key = (await getAccount.call(this)).key;
	const cached = pipelineCache.get(key);
	if (cached && Date.now() - cached.at < CACHE_MS) return await cached.pipelines;
	const pipelines = fetchList.call(this, { method: 'GET', path: '/api/v1/deal/pipelines' }, { rootProperty: 'pipelines' });
	pipelineCache.set(key, { at: Date.now(), pipelines });
	pipelines.catch(() => pipelineCache.delete(key));
	return await pipelines;
}

/** The account's labels the records of `kind` need; a list no record refers to is not read. */
async function referencesFor(this: TransportContext, kind: RecordKind, records: IDataObject[]): Promise<References> {
	const lists = referenceListsOf(kind).filter((list) => needsReferenceList(records, kind, list));
	const references: References = {};
	const reads: Array<Promise<void>> = [];
	if (lists.includes('leadStatus')) {
		reads.push(
			getStatusList.call(this).then((statuses) => {
				references.leadStatus = new Map(statuses.map((status) => [String(status.id), status.label]));
			}),
		);
	}
	if (lists.includes('pipeline') || lists.includes('stage')) {
		reads.push(
			getPipelineList.call(this).then((pipelines) => {
				references.pipeline = new Map(pipelines.map((pipeline) => [String(pipeline.id), nameOf(pipeline)]));
				const stages = pipelines.flatMap((pipeline) => (Array.isArray(pipeline.stages) ? (pipeline.stages as IDataObject[]) : []));
				references.stage = new Map(stages.map((stage) => [String(stage.id), nameOf(stage)]));
			}),
		);
	}
	await Promise.all(reads);
	return references;
}

/** Records of `kind` as Simplify shows them: offset times in the account's zone, labels beside codes. */
export async function presentRecords(this: TransportContext, kind: RecordKind, records: IDataObject[]): Promise<IDataObject[]> {
	if (records.length === 0) return records;
	const timeZone = (await getAccount.call(this)).timeZone ?? this.getTimezone();
	const references = await referencesFor.call(this, kind, records);
	return records.map((record) => present(record, kind, { timeZone, references }));
}

export function simplifyIsOn(ctx: IExecuteSingleFunctions): boolean {
	return ctx.getNodeParameter('simplify', true) as boolean;
}

function recordKindOf(ctx: IExecuteSingleFunctions): RecordKind | undefined {
	const resource = ctx.getNodeParameter('resource', '') as string;
	const operation = ctx.getNodeParameter('operation', '') as string;
	return OPERATION_RECORDS[`${resource}:${operation}`];
}

/** The last output step of every operation (transport/declarative.ts). */
export async function presentOutput(this: IExecuteSingleFunctions, records: IDataObject[]): Promise<IDataObject[]> {
	const kind = recordKindOf(this);
	if (!kind || !simplifyIsOn(this)) return records;
	return await presentRecords.call(this, kind, records);
}
