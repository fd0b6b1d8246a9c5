import type { INodeProperties } from 'n8n-workflow';

// Filled in by the Sms resource work (issue 4).
export const smsDescription: INodeProperties[] = [];

export const smsLoadOptions = {};
