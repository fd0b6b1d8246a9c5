import { operation } from '../../transport/declarative';

export const getDealPipelinesOperation = operation(
	{
		name: 'Get Pipelines',
		value: 'getPipelines',
		action: 'Get deal pipelines',
		description:
			'List the sales pipelines of the account, each with its stages (ID, name, probability); use the IDs to set or filter the pipeline and stage of a deal',
	},
	{ method: 'GET', path: '/api/v1/deal/pipelines' },
	{ rootProperty: 'pipelines' },
);

export const getDealUnqualifiedReasonsOperation = operation(
	{
		name: 'Get Unqualified Reasons',
		value: 'getUnqualifiedReasons',
		action: 'Get deal unqualified reasons',
		description: 'List the reasons a deal can be closed as unqualified',
	},
	{ method: 'GET', path: '/api/v1/deal/unqualified-reasons' },
	{ rootProperty: 'reasons' },
);

export const getDealLabelsOperation = operation(
	{
		name: 'Get Labels',
		value: 'getLabels',
		action: 'Get deal labels',
		description: 'List the labels a deal can carry; use the IDs as the Labels of a deal',
	},
	{ method: 'GET', path: '/api/v1/deal/labels' },
	{ rootProperty: 'labels' },
);

export const getDealLostReasonsOperation = operation(
	{
		name: 'Get Lost Reasons',
		value: 'getLostReasons',
		action: 'Get deal lost reasons',
		description: 'List the reasons a deal can be lost for',
	},
	// A POST with an empty object: the spec shows neither request nor response; the answer is read as {code, reasons}.
	{ method: 'POST', path: '/api/v1/deal/lost-reasons' },
	{ rootProperty: 'reasons' },
);
