import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchList } from '../../transport/list';

function byName(a: INodePropertyOptions, b: INodePropertyOptions) {
	return a.name.localeCompare(b.name);
}

/** Agents that have an IP phone, valued by their IP-phone number (agent_id): the call filter takes that number. */
export async function getCallAgents(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const agents = await fetchList.call(this, { method: 'GET', path: '/api/v1/agents' }, { rootProperty: 'agents' });
	return agents
		.filter((agent) => agent.agent_id !== null && agent.agent_id !== undefined && String(agent.agent_id).trim() !== '')
		.map((agent) => ({
			name: `${agent.username as string} (IP phone ${String(agent.agent_id)})`,
			value: String(agent.agent_id).trim(),
			description: agent.group_name ? `Group: ${agent.group_name as string}` : undefined,
		}))
		.sort(byName);
}

/** Service types that carry calls: incoming call, voice out, IVR (docs/api.md#services). */
const VOICE_TYPES = [1, 11, 12];

/** The voice services; every service when the account lists none. */
export async function getCallServices(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const services = await fetchList.call(this, { method: 'GET', path: '/api/v1/services' }, { rootProperty: 'services' });
	const voice = services.filter((service: IDataObject) => VOICE_TYPES.includes(Number(service.type)));
	return (voice.length > 0 ? voice : services)
		.map((service) => ({
			name: `${service.service_name as string} (${service.service_type as string})`,
			value: service.service_id as number,
		}))
		.sort(byName);
}
