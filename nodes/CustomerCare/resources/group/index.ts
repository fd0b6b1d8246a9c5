import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { getAllGroups, getAllGroupsFields } from './getAll';

export const groupDescription: INodeProperties[] = [
	operationSelector('group', [getAllGroups], 'getAll'),
	...getAllGroupsFields,
];
