import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { createLead, createLeadFields } from './create';
import { getLead, getLeadFields } from './get';
import { getAllLeads, getAllLeadsFields } from './getAll';
import {
	getLeadLabelsOperation,
	getLeadStatusesOperation,
	getLeadUnqualifiedReasonsOperation,
} from './getReferences';
import { updateLead, updateLeadFields } from './update';

export const leadDescription: INodeProperties[] = [
	operationSelector(
		'lead',
		[
			createLead,
			getLead,
			getLeadLabelsOperation,
			getAllLeads,
			getLeadStatusesOperation,
			getLeadUnqualifiedReasonsOperation,
			updateLead,
		],
		'create',
	),
	...createLeadFields,
	...getLeadFields,
	...getAllLeadsFields,
	...updateLeadFields,
];
