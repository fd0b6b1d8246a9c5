import { AGENT } from '../../api/endpoints';
import { listOperation } from '../../engine/operation';

export const { operation: getAllAgents, fields: getAllAgentsFields } = listOperation(
	'agent',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many agents',
		description:
			'List the staff users (agents) of the account with their ID, group, role and per-channel status (call, chat, ticket)',
	},
	AGENT.list,
	'agent',
);
