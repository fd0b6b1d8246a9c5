import type { INodeProperties } from 'n8n-workflow';

// Filled in by the Lead resource work (issue 4).
export const leadDescription: INodeProperties[] = [];

export const leadLoadOptions = {};
