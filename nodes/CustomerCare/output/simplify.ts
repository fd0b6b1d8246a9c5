/**
 * The Simplify step of every output: times with the account's offset and labels beside codes
 * (output/simplifyRecord.ts), with the account's zone and the reference lists it needs read in
 * the operation's definitions step. Simplify off leaves the API's answer as it is.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { RecordKind } from '../api/records';
import type { PlatformClock } from '../basics/clock';
import { nameOf, type DefinitionName, type Definitions } from '../definitions/accountDefinitions';
import type { ItemContext, OutputDefinitionStep } from '../engine/spec';
import { simplifyRecord, referenceListsOf, type References } from './simplifyRecord';
import { chatMessageAsShown } from './chatMessage';

/** Kinds whose simplified record is shown in a shape of its own (the others keep the API's fields). */
const SHOWN_AS: Partial<Record<RecordKind, (record: IDataObject) => IDataObject>> = {
	chatMessage: chatMessageAsShown,
};

export function simplifyIsOn(ctx: IExecuteSingleFunctions): boolean {
	return ctx.getNodeParameter('simplify', true) as boolean;
}

/** The definitions a kind of record takes its labels from (those these records' codes need, given records). */
export function simplifyDefinitionsOf(kind: RecordKind, records?: IDataObject[]): DefinitionName[] {
	return referenceListsOf(kind, records).map((list) =>
		list === 'leadStatus' ? 'leadStatuses' : 'dealPipelines',
	);
}

function referencesOf(definitions: Definitions): References {
	const references: References = {};
	if (definitions.leadStatuses) {
		references.leadStatus = new Map(
			definitions.leadStatuses.map((status) => [String(status.id), status.label]),
		);
	}
	if (definitions.dealPipelines) {
		const pipelines = definitions.dealPipelines;
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
export function simplifyRecords(
	records: IDataObject[],
	kind: RecordKind,
	clock: PlatformClock,
	definitions: Definitions,
	inPlace = false,
): IDataObject[] {
	const context = { clock, references: referencesOf(definitions) };
	const simplified = inPlace ? records : new Array<IDataObject>(records.length);
	const shown = SHOWN_AS[kind];
	for (let index = 0; index < records.length; index++) {
		const record = simplifyRecord(records[index], kind, context, inPlace);
		simplified[index] = shown ? shown(record) : record;
	}
	return simplified;
}

/** The reference lists the output of an operation that outputs `kind` needs, read after its request, for the codes it holds. */
export function simplifyDefinitionStep(kind: RecordKind): OutputDefinitionStep {
	return {
		needs(this: IExecuteSingleFunctions, records: IDataObject[]) {
			return simplifyIsOn(this) ? simplifyDefinitionsOf(kind, records) : [];
		},
	};
}

/** The last output step of an operation that declares the record it outputs (engine/spec.ts `simplify`). */
export function simplifyOutput(
	ctx: IExecuteSingleFunctions,
	kind: RecordKind,
	records: IDataObject[],
	item: ItemContext,
): IDataObject[] {
	if (!simplifyIsOn(ctx)) return records;
	// The records of this item's own answer, parsed for it: rewritten, not copied.
	return simplifyRecords(records, kind, item.account.clock, item.definitions, true);
}
