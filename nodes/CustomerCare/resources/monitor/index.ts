import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { getAllMonitors, getAllMonitorsFields } from './getAll';

export const monitorDescription: INodeProperties[] = [
	operationSelector('monitor', [getAllMonitors], 'getAll'),
	...getAllMonitorsFields,
];
