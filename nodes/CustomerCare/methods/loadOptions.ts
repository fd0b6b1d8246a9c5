/**
 * Every dropdown filled from the account, for both nodes. Each reads its list from the API
 * catalogue through the transport. Options are named after what the user sees in the
 * platform. People and channels (agents, groups, services) are sorted by name; what an admin
 * configured (statuses, pipelines and stages, labels, reasons, custom fields and their
 * choices) keeps the account's order, which means something there (first → final status).
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { AGENT, DEAL, GROUP, LEAD, SERVICE, type ListEndpoint } from '../api/endpoints';
import {
	CHAT_SERVICE_LABELS,
	CHAT_SERVICE_TYPES,
	LEAD_STATUS_TYPES,
	VOICE_SERVICE_LABELS,
	VOICE_SERVICE_TYPES,
} from '../api/codes';
import { choiceOptions, typeNameOf } from '../customFields/values';
import { nameOf, readDefinitions, textOf, type Definitions } from '../definitions/accountDefinitions';
import { fetchList, getAccount } from '../transport';
import { idsOf as listedIds } from '../basics/looseValues';

type Option = INodePropertyOptions;

async function records(ctx: ILoadOptionsFunctions, list: ListEndpoint): Promise<IDataObject[]> {
	return await fetchList.call(ctx, { method: list.method, path: list.path }, list);
}

/** The account's definitions, read afresh: a field an admin just added shows at once. */
async function freshDefinitions(ctx: ILoadOptionsFunctions, name: keyof Definitions): Promise<Definitions> {
	return await readDefinitions(ctx, await getAccount.call(ctx), [name], {
		fresh: true,
	});
}

const byName = (options: Option[]) => options.sort((a, b) => a.name.localeCompare(b.name));

async function referenceOptions(
	ctx: ILoadOptionsFunctions,
	list: ListEndpoint,
	kind: string,
): Promise<Option[]> {
	return (await records(ctx, list)).map((entry) => ({
		name: nameOf(entry, { kind }),
		value: entry.id as number,
	}));
}

/**
 * Every option is named by `nameOf` (definitions/accountDefinitions.ts): a list entry without its name reads
 * `Group 7`, `Status 9`…, never "undefined", and sorting never meets a missing name.
 */
const agentName = (agent: IDataObject) =>
	nameOf(agent, { keys: ['username', 'name'], kind: 'Agent' });

const groupOf = (agent: IDataObject) => {
	const group = textOf(agent.group_name);
	return group === undefined ? undefined : `Group: ${group}`;
};

export async function getAgents(this: ILoadOptionsFunctions): Promise<Option[]> {
	return byName(
		(await records(this, AGENT.list)).map((agent) => ({
			name: `${agentName(agent)}${textOf(agent.email) ? ` (${textOf(agent.email)})` : ''}`,
			value: agent.id as number,
			description: groupOf(agent),
		})),
	);
}

/** Agents that have an IP phone, valued by their IP-phone number (agent_id): the call filter takes that number. */
export async function getCallAgents(this: ILoadOptionsFunctions): Promise<Option[]> {
	const agents = (await records(this, AGENT.list)).filter(
		(agent) => String(agent.agent_id ?? '').trim() !== '',
	);
	return byName(
		agents.map((agent) => ({
			name: `${agentName(agent)} (IP phone ${String(agent.agent_id).trim()})`,
			value: String(agent.agent_id).trim(),
			description: groupOf(agent),
		})),
	);
}

export async function getGroups(this: ILoadOptionsFunctions): Promise<Option[]> {
	return byName(
		(await records(this, GROUP.list)).map((group) => ({
			name: nameOf(group, { keys: ['group_name', 'name'], id: 'group_id', kind: 'Group' }),
			value: group.group_id as number,
		})),
	);
}

/** A service's `service_type` label as written, or '' when it has none. */
const labelOf = (service: IDataObject) =>
	typeof service.service_type === 'string' ? service.service_type.trim() : '';

/** The account's services of one kind; every service when the account has none of that kind. */
async function serviceOptions(
	ctx: ILoadOptionsFunctions,
	ofKind: (service: IDataObject) => boolean = () => true,
) {
	const services = await records(ctx, SERVICE.list);
	const chosen = services.filter(ofKind);
	return byName(
		(chosen.length > 0 ? chosen : services).map((service) => {
			const label = labelOf(service);
			const name = nameOf(service, {
				keys: ['service_name', 'name'],
				id: 'service_id',
				kind: 'Service',
			}).trim();
			return { name: label ? `${name} (${label})` : name, value: service.service_id as number };
		}),
	);
}

export async function getServices(this: ILoadOptionsFunctions): Promise<Option[]> {
	return await serviceOptions(this);
}

/**
 * The voice services (docs/api.md#services): by type id where the answer has one, else by
 * label, as the real platform sends no type id.
 */
export async function getCallServices(this: ILoadOptionsFunctions): Promise<Option[]> {
	return await serviceOptions(this, (service) =>
		service.type !== undefined && service.type !== null && service.type !== ''
			? VOICE_SERVICE_TYPES.includes(Number(service.type))
			: VOICE_SERVICE_LABELS.includes(labelOf(service).toLowerCase()),
	);
}

/** The chat services (docs/api.md#chats): by type id where the answer has one, else by label. */
export async function getChatServices(this: ILoadOptionsFunctions): Promise<Option[]> {
	return await serviceOptions(this, (service) =>
		service.type !== undefined && service.type !== null && service.type !== ''
			? CHAT_SERVICE_TYPES.includes(Number(service.type))
			: CHAT_SERVICE_LABELS.includes(labelOf(service).toLowerCase()),
	);
}

/** The SMS services: the spec does not name the SMS service type, so its name tells. */
export async function getSmsServices(this: ILoadOptionsFunctions): Promise<Option[]> {
	return await serviceOptions(this, (service) => /\bsms\b/i.test(labelOf(service)));
}

export async function getCustomFields(this: ILoadOptionsFunctions): Promise<Option[]> {
	const { fieldDefinitions = [] } = await freshDefinitions(this, 'fieldDefinitions');
	return fieldDefinitions.map((definition) => ({
		name: `${definition.custom_field_lable} (${typeNameOf(definition)})`,
		value: definition.custom_field_id,
		description: definition.code ? `Code: ${definition.code}` : undefined,
	}));
}

/** The choices of the custom field chosen in the same row, a sub-choice named after its parent. */
export async function getCustomFieldValues(this: ILoadOptionsFunctions): Promise<Option[]> {
	const fieldId = this.getCurrentNodeParameter('&fieldId');
	if (fieldId === undefined || fieldId === '') return [];
	const { fieldDefinitions = [] } = await freshDefinitions(this, 'fieldDefinitions');
	const field = fieldDefinitions.find(
		(definition) => String(definition.custom_field_id) === String(fieldId),
	);
	return field ? choiceOptions(field) : [];
}

/** Lead statuses in the account's order (first → final), with their kind. */
export async function getLeadStatuses(this: ILoadOptionsFunctions): Promise<Option[]> {
	const { leadStatuses = [] } = await freshDefinitions(this, 'leadStatuses');
	return leadStatuses.map((status) => ({
		name: nameOf(status, { kind: 'Status' }),
		value: status.id,
		description: LEAD_STATUS_TYPES[Number(status.status_type)],
	}));
}

export async function getLeadUnqualifiedReasons(this: ILoadOptionsFunctions): Promise<Option[]> {
	return await referenceOptions(this, LEAD.unqualifiedReasons, 'Reason');
}

export async function getLeadLabels(this: ILoadOptionsFunctions): Promise<Option[]> {
	return await referenceOptions(this, LEAD.labels, 'Label');
}

export async function getDealLabels(this: ILoadOptionsFunctions): Promise<Option[]> {
	return await referenceOptions(this, DEAL.labels, 'Label');
}

export async function getDealUnqualifiedReasons(this: ILoadOptionsFunctions): Promise<Option[]> {
	return await referenceOptions(this, DEAL.unqualifiedReasons, 'Reason');
}

interface Pipeline {
	id: number;
	name: string;
	stages?: Array<{ id: number; name: string; probability?: number }>;
}

async function pipelines(ctx: ILoadOptionsFunctions): Promise<Pipeline[]> {
	return (await records(ctx, DEAL.pipelines)) as unknown as Pipeline[];
}

/** Pipelines in the account's order. */
export async function getDealPipelines(this: ILoadOptionsFunctions): Promise<Option[]> {
	return (await pipelines(this)).map((pipeline) => ({
		name: nameOf(pipeline, { kind: 'Pipeline' }),
		value: pipeline.id,
		description:
			Array.isArray(pipeline.stages) && pipeline.stages.length > 0
				? `Stages: ${pipeline.stages.map((stage) => nameOf(stage, { kind: 'Stage' })).join(' → ')}`
				: undefined,
	}));
}

/** IDs from a dropdown value: one ID, a list, or comma-separated text. Expressions (`=…`) are not resolved here. */
function idsOf(value: unknown): number[] {
	return listedIds(value)
		.filter((part) => /^\d+$/.test(part))
		.map(Number);
}

/**
 * The stages of the chosen pipeline(s), in pipeline order: Create and Update read their
 * Pipeline field, Get Many and the trigger their Pipelines filter. With no pipeline chosen,
 * every stage, named after its pipeline.
 */
export async function getDealStages(this: ILoadOptionsFunctions): Promise<Option[]> {
	const operation = this.getCurrentNodeParameter('operation');
	const writing = operation === 'create' || operation === 'update';
	const chosen = idsOf(
		this.getCurrentNodeParameter(writing ? 'pipelineId' : 'filters.pipeline_ids'),
	);
	const all = await pipelines(this);
	const shown =
		chosen.length > 0 ? all.filter((pipeline) => chosen.includes(Number(pipeline.id))) : all;
	const prefix = shown.length > 1;
	return shown.flatMap((pipeline) =>
		(Array.isArray(pipeline.stages) ? pipeline.stages : [])
			.filter((stage) => typeof stage === 'object' && stage !== null)
			.map((stage) => ({
				name: prefix
					? `${nameOf(pipeline, { kind: 'Pipeline' })} › ${nameOf(stage, { kind: 'Stage' })}`
					: nameOf(stage, { kind: 'Stage' }),
				value: stage.id,
				description:
					stage.probability !== undefined && stage.probability !== null
						? `Probability ${stage.probability}%`
						: undefined,
			})),
	);
}

/** The load-options methods of both nodes. */
export const loadOptions = {
	getAgents,
	getCallAgents,
	getCallServices,
	getChatServices,
	getCustomFields,
	getCustomFieldValues,
	getDealLabels,
	getDealPipelines,
	getDealStages,
	getDealUnqualifiedReasons,
	getGroups,
	getLeadLabels,
	getLeadStatuses,
	getLeadUnqualifiedReasons,
	getServices,
	getSmsServices,
};
