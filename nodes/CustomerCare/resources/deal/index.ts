import type { INodeProperties } from 'n8n-workflow';

// Filled in by the Deal resource work (issue 4).
export const dealDescription: INodeProperties[] = [];

export const dealLoadOptions = {};
