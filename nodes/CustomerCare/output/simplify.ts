/**
 * The Simplify step of every output: readable times and labels (output/simplifyRecord.ts), with the
 * account's zone and the reference lists it needs read in the operation's lookup step.
 * Simplify off leaves the API's answer as it is.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import type { RecordKind } from '../api/records';
import type { PlatformClock } from '../transport/clock';
import { simplifyProperty } from '../description/properties';
import { nameOf, type LookupName, type Lookups } from '../definitions/lookups';
import type { ItemContext, OutputLookupStep } from '../engine/operation';
import { present, referenceListsOf, type References } from './simplifyRecord';

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

export const simplifyProperties: INodeProperties[] = Object.entries(NEW_SIMPLIFY).map(
	([resource, operations]) => simplifyProperty(resource, operations),
);

export function simplifyIsOn(ctx: IExecuteSingleFunctions): boolean {
	return ctx.getNodeParameter('simplify', true) as boolean;
}

function recordKindOf(ctx: IExecuteSingleFunctions): RecordKind | undefined {
	const resource = ctx.getNodeParameter('resource', '') as string;
	const operation = ctx.getNodeParameter('operation', '') as string;
	return OPERATION_RECORDS[`${resource}:${operation}`];
}

/** The lookups a kind of record takes its labels from (those these records' codes need, given records). */
export function presentLookupsOf(kind: RecordKind, records?: IDataObject[]): LookupName[] {
	return referenceListsOf(kind, records).map((list) =>
		list === 'leadStatus' ? 'leadStatuses' : 'dealPipelines',
	);
}

function referencesOf(lookups: Lookups): References {
	const references: References = {};
	if (lookups.leadStatuses) {
		references.leadStatus = new Map(
			lookups.leadStatuses.map((status) => [String(status.id), status.label]),
		);
	}
	if (lookups.dealPipelines) {
		const pipelines = lookups.dealPipelines;
		references.pipeline = new Map(
			pipelines.map((pipeline) => [String(pipeline.id), nameOf(pipeline)]),
		);
		const stages = pipelines.flatMap((pipeline) =>
			Array.isArray(pipeline.stages) ? (pipeline.stages as IDataObject[]) : [],
		);
		references.stage = new Map(stages.map((stage) => [String(stage.id), nameOf(stage)]));
	}
	return references;
}

/**
 * Records of `kind` as Simplify shows them: times read by the platform's clock, with its offset, labels beside
 * codes. `inPlace`: the records are the caller's own (just parsed) and may be rewritten.
 */
export function presentRecords(
	records: IDataObject[],
	kind: RecordKind,
	clock: PlatformClock,
	lookups: Lookups,
	inPlace = false,
): IDataObject[] {
	const context = { clock, references: referencesOf(lookups) };
	const presented = inPlace ? records : new Array<IDataObject>(records.length);
	for (let index = 0; index < records.length; index++)
		presented[index] = present(records[index], kind, context, inPlace);
	return presented;
}

/** The reference lists an operation's output needs, read after its request, for the codes it holds. */
export const presentLookups: OutputLookupStep = {
	needs(this: IExecuteSingleFunctions, records: IDataObject[]) {
		const kind = recordKindOf(this);
		return kind && simplifyIsOn(this) ? presentLookupsOf(kind, records) : [];
	},
};

/** The last output step of every operation (engine/operation.ts). */
export function presentOutput(
	this: IExecuteSingleFunctions,
	records: IDataObject[],
	item: ItemContext,
): IDataObject[] {
	const kind = recordKindOf(this);
	if (!kind || !simplifyIsOn(this)) return records;
	// The records of this item's own answer, parsed for it: rewritten, not copied.
	return presentRecords(records, kind, item.account.clock, item.lookups, true);
}
