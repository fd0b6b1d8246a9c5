import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { getAllCustomFields, getAllCustomFieldsFields } from './getAll';

export const customFieldDescription: INodeProperties[] = [
	operationSelector('customField', [getAllCustomFields], 'getAll'),
	...getAllCustomFieldsFields,
];
