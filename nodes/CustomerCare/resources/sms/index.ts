import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { sendSms, sendSmsFields } from './send';

export const smsDescription: INodeProperties[] = [
	operationSelector('sms', [sendSms], 'send'),
	...sendSmsFields,
];
