import type { INodeProperties } from 'n8n-workflow';

// Filled in by the Call resource work (issue 4).
export const callDescription: INodeProperties[] = [];

export const callLoadOptions = {};
