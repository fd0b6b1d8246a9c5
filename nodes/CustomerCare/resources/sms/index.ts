import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/descriptions';
import { sendSms, sendSmsFields } from './send';

export const smsDescription: INodeProperties[] = [
	operationSelector('sms', [sendSms], 'send'),
	...sendSmsFields,
];
