import type { INodeProperties } from 'n8n-workflow';

/** Return All and Limit, shown for one resource's list operation. */
export function returnAllAndLimit(resource: string, operation = 'getAll'): INodeProperties[] {
	const show = { resource: [resource], operation: [operation] };
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			displayOptions: { show },
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { show: { ...show, returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

/** The operation selector of one resource. */
export function operationSelector(
	resource: string,
	options: INodeProperties['options'],
	defaultOperation: string,
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options,
		default: defaultOperation,
	};
}

/** The Simplify switch of read operations: custom fields by label instead of IDs. */
export function simplifyProperty(resource: string, operations: string[]): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		displayOptions: { show: { resource: [resource], operation: operations } },
		default: true,
		description:
			'Whether to return custom fields as an object keyed by field label with choice labels as values, instead of the raw API shape with IDs',
	};
}

const EXPRESSION_HINT =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

/** A dropdown filled from the account (agents, groups, services ...) that also takes an ID by expression. */
export function dynamicOptions(
	displayName: string,
	name: string,
	loadOptionsMethod: string,
	description: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName: `${displayName} Name or ID`,
		name,
		type: 'options',
		typeOptions: { loadOptionsMethod },
		default: '',
		description: `${description}. ${EXPRESSION_HINT}.`,
		...extra,
	} as INodeProperties;
}
