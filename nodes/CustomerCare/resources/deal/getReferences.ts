import { DEAL } from '../../api/endpoints';
import { operation } from '../../engine/operation';

export const getDealPipelinesOperation = operation(
	{
		name: 'Get Pipelines',
		value: 'getPipelines',
		action: 'Get deal pipelines',
		description:
			'List the sales pipelines of the account, each with its stages (ID, name, probability); use the IDs to set or filter the pipeline and stage of a deal',
	},
	DEAL.pipelines,
);

export const getDealUnqualifiedReasonsOperation = operation(
	{
		name: 'Get Unqualified Reasons',
		value: 'getUnqualifiedReasons',
		action: 'Get deal unqualified reasons',
		description: 'List the reasons a deal can be closed as unqualified, with their IDs',
	},
	DEAL.unqualifiedReasons,
);

export const getDealLabelsOperation = operation(
	{
		name: 'Get Labels',
		value: 'getLabels',
		action: 'Get deal labels',
		description: 'List the labels a deal can carry, with their IDs; use the IDs as the Labels of a deal',
	},
	DEAL.labels,
);

export const getDealLostReasonsOperation = operation(
	{
		name: 'Get Lost Reasons',
		value: 'getLostReasons',
		action: 'Get deal lost reasons',
		description: 'List the reasons a deal can be lost for, with their IDs',
	},
	DEAL.lostReasons,
);
