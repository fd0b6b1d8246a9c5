import { LEAD } from '../../api/endpoints';
import { getRecordOperation } from '../getRecord';

export const { operation: getLead, fields: getLeadFields } = getRecordOperation(
	'lead',
	'lead',
	LEAD.get,
	{ name: 'leadId', description: 'The ID of the lead' },
	'Get one lead by its ID: customer, status, labels, assignee, conversion, estimated close date, comments and custom fields',
);
