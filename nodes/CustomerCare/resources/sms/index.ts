import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../shared/descriptions';
import { getSmsServices } from './loadOptions';
import { sendSms, sendSmsFields } from './send';

export const smsDescription: INodeProperties[] = [operationSelector('sms', [sendSms], 'send'), ...sendSmsFields];

export const smsLoadOptions = { getSmsServices };
