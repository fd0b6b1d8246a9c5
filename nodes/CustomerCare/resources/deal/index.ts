import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { createDeal, createDealFields } from './create';
import { getDeal, getDealFields } from './get';
import { getAllDeals, getAllDealsFields } from './getAll';
import {
	getDealLabelsOperation,
	getDealLostReasonsOperation,
	getDealPipelinesOperation,
	getDealUnqualifiedReasonsOperation,
} from './getReferences';
import { updateDeal, updateDealFields } from './update';

export const dealDescription: INodeProperties[] = [
	operationSelector(
		'deal',
		[
			createDeal,
			getDeal,
			getDealLabelsOperation,
			getDealLostReasonsOperation,
			getAllDeals,
			getDealPipelinesOperation,
			getDealUnqualifiedReasonsOperation,
			updateDeal,
		],
		'create',
	),
	...createDealFields,
	...getDealFields,
	...getAllDealsFields,
	...updateDealFields,
];
