import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { getAllServices, getAllServicesFields } from './getAll';

export const serviceDescription: INodeProperties[] = [
	operationSelector('service', [getAllServices], 'getAll'),
	...getAllServicesFields,
];
