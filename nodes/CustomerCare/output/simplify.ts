/**
 * The Simplify step of every output: readable times and labels (output/simplifyRecord.ts), with the
 * account's zone and the reference lists it needs read in the operation's lookup step.
 * Simplify off leaves the API's answer as it is.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { RecordKind } from '../api/records';
import type { PlatformClock } from '../basics/clock';
import { nameOf, type LookupName, type Lookups } from '../definitions/lookups';
import type { ItemContext, OutputLookupStep } from '../engine/spec';
import { present, referenceListsOf, type References } from './simplifyRecord';

export function simplifyIsOn(ctx: IExecuteSingleFunctions): boolean {
	return ctx.getNodeParameter('simplify', true) as boolean;
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

/** The reference lists the output of an operation that outputs `kind` needs, read after its request, for the codes it holds. */
export function presentLookups(kind: RecordKind): OutputLookupStep {
	return {
		needs(this: IExecuteSingleFunctions, records: IDataObject[]) {
			return simplifyIsOn(this) ? presentLookupsOf(kind, records) : [];
		},
	};
}

/** The last output step of an operation that declares the record it outputs (engine/spec.ts `simplify`). */
export function presentOutput(
	ctx: IExecuteSingleFunctions,
	kind: RecordKind,
	records: IDataObject[],
	item: ItemContext,
): IDataObject[] {
	if (!simplifyIsOn(ctx)) return records;
	// The records of this item's own answer, parsed for it: rewritten, not copied.
	return presentRecords(records, kind, item.account.clock, item.lookups, true);
}
