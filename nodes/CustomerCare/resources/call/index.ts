import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { getAllCalls, getAllCallsFields } from './getAll';

export const callDescription: INodeProperties[] = [
	operationSelector('call', [getAllCalls], 'getAll'),
	...getAllCallsFields,
];
