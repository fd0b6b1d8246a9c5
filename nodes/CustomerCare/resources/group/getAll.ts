import type { INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../shared/descriptions';
import { operation } from '../../transport/declarative';

export const getAllGroups = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many groups',
		description: 'List the departments (groups) of the account; their IDs are used to assign tickets, leads and deals',
	},
	{ method: 'GET', path: '/api/v1/groups' },
	{ list: { rootProperty: 'groups', idProperty: 'group_id' }, fields: () => getAllGroupsFields },
);

export const getAllGroupsFields: INodeProperties[] = [...returnAllAndLimit('group')];
