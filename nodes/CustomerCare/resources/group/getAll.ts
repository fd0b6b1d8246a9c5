import { GROUP } from '../../api/endpoints';
import { listOperation } from '../../engine/operation';

export const { operation: getAllGroups, fields: getAllGroupsFields } = listOperation(
	'group',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many groups',
		description:
			'List the departments (groups) of the account; their IDs are used to assign tickets, leads and deals',
	},
	GROUP.list,
	'group',
);
