import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchList } from '../../transport/list';
import { nameOf } from '../lead/common';

interface Pipeline {
	id: number;
	name: string;
	stages?: Array<{ id: number; name: string; probability?: number }>;
}

async function pipelines(ctx: ILoadOptionsFunctions): Promise<Pipeline[]> {
	const records = await fetchList.call(
		ctx,
		{ method: 'GET', path: '/api/v1/deal/pipelines' },
		{ rootProperty: 'pipelines' },
	);
	return records as unknown as Pipeline[];
}

/** Pipelines in the account's order. */
export async function getDealPipelines(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await pipelines(this)).map((pipeline) => ({
		name: nameOf(pipeline as unknown as IDataObject),
		value: pipeline.id,
		description: pipeline.stages?.length
			? `Stages: ${pipeline.stages.map((stage) => stage.name).join(' → ')}`
			: undefined,
	}));
}

/** IDs from a dropdown value: one ID, a list, or comma-separated text. Expressions (`=…`) are not resolved here. */
function idsOf(value: unknown): number[] {
	const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
	return parts
		.map((part) => String(part ?? '').trim())
		.filter((part) => /^\d+$/.test(part))
		.map(Number);
}

/**
 * The stages of the chosen pipeline(s), in pipeline order: Create/Update read the Pipeline
 * field, Get Many its Pipelines filter. With no pipeline chosen, every stage, named after
 * its pipeline.
 */
export async function getDealStages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const operation = this.getCurrentNodeParameter('operation');
	const chosen = idsOf(
		operation === 'getAll'
			? this.getCurrentNodeParameter('filters.pipeline_ids')
			: this.getCurrentNodeParameter('pipelineId'),
	);
	const all = await pipelines(this);
	const shown = chosen.length > 0 ? all.filter((pipeline) => chosen.includes(Number(pipeline.id))) : all;
	const prefix = shown.length > 1;
	return shown.flatMap((pipeline) =>
		(pipeline.stages ?? []).map((stage) => ({
			name: prefix ? `${pipeline.name} › ${stage.name}` : stage.name,
			value: stage.id,
			description:
				stage.probability !== undefined && stage.probability !== null
					? `Probability ${stage.probability}%`
					: undefined,
		})),
	);
}

export async function getDealLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const labels = await fetchList.call(this, { method: 'GET', path: '/api/v1/deal/labels' }, { rootProperty: 'labels' });
	return labels.map((label) => ({ name: nameOf(label), value: label.id as number }));
}

export async function getDealUnqualifiedReasons(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const reasons = await fetchList.call(
		this,
		{ method: 'GET', path: '/api/v1/deal/unqualified-reasons' },
		{ rootProperty: 'reasons' },
	);
	return reasons.map((reason) => ({ name: nameOf(reason), value: reason.id as number }));
}
