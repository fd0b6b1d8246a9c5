import type { INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../shared/descriptions';
import { operation } from '../../transport/declarative';

export const getAllAgents = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many agents',
		description:
			'List the staff users (agents) of the account with their group, role and per-channel status (call, chat, ticket)',
	},
	{ method: 'GET', path: '/api/v1/agents' },
	{ list: { rootProperty: 'agents', idProperty: 'id' }, fields: () => getAllAgentsFields },
);

export const getAllAgentsFields: INodeProperties[] = [...returnAllAndLimit('agent')];
