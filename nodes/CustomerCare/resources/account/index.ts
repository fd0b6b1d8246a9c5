import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { getQuota, getQuotaFields } from './getQuota';

export const accountDescription: INodeProperties[] = [
	operationSelector('account', [getQuota], 'getQuota'),
	...getQuotaFields,
];
