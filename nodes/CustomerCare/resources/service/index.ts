import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/descriptions';
import { getAllServices, getAllServicesFields } from './getAll';

export const serviceDescription: INodeProperties[] = [
	operationSelector('service', [getAllServices], 'getAll'),
	...getAllServicesFields,
];
