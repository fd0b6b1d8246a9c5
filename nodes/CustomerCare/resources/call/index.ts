import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/descriptions';
import { getAllCalls, getAllCallsFields } from './getAll';
import { getCallAgents, getCallServices } from './loadOptions';

export const callDescription: INodeProperties[] = [
	operationSelector('call', [getAllCalls], 'getAll'),
	...getAllCallsFields,
];

export const callLoadOptions = { getCallAgents, getCallServices };
