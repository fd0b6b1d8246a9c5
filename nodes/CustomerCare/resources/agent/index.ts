import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { getAllAgents, getAllAgentsFields } from './getAll';

export const agentDescription: INodeProperties[] = [
	operationSelector('agent', [getAllAgents], 'getAll'),
	...getAllAgentsFields,
];
