import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchList, type ListSpec } from '../transport/list';

async function options(
	ctx: ILoadOptionsFunctions,
	path: string,
	spec: ListSpec,
	toOption: (record: IDataObject) => INodePropertyOptions,
	qs?: IDataObject,
): Promise<INodePropertyOptions[]> {
	const records = await fetchList.call(ctx, { method: 'GET', path, qs }, spec);
	return records.map(toOption).sort((a, b) => a.name.localeCompare(b.name));
}

export async function getAgents(this: ILoadOptionsFunctions) {
	return await options(this, '/api/v1/agents', { rootProperty: 'agents' }, (agent) => ({
		name: `${agent.username as string}${agent.email ? ` (${agent.email as string})` : ''}`,
		value: agent.id as number,
		description: agent.group_name ? `Group: ${agent.group_name as string}` : undefined,
	}));
}

export async function getGroups(this: ILoadOptionsFunctions) {
	return await options(this, '/api/v1/groups', { rootProperty: 'groups' }, (group) => ({
		name: group.group_name as string,
		value: group.group_id as number,
	}));
}

export async function getServices(this: ILoadOptionsFunctions) {
	return await options(this, '/api/v1/services', { rootProperty: 'services' }, (service) => ({
		name: `${service.service_name as string} (${service.service_type as string})`,
		value: service.service_id as number,
	}));
}
