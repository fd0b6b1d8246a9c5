import { DEAL } from '../../api/endpoints';
import { getRecordOperation } from '../getRecord';

export const { operation: getDeal, fields: getDealFields } = getRecordOperation(
	'deal',
	'deal',
	DEAL.get,
	{ name: 'dealId', description: 'The ID of the deal' },
	'Get one deal by its ID: customer, pipeline and stage, value, probability, closing (won, lost, unqualified), order and products, comments and custom fields',
);
