import type { INodeProperties } from 'n8n-workflow';

import { SERVICE_TYPES } from '../../shared/constants';
import { returnAllAndLimit } from '../../shared/descriptions';
import { operation } from '../../transport/declarative';

export const getAllServices = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many services',
		description:
			'List the channels (services) of the account: phone lines, chat, e-mail, social pages, SMS; filter by type or ID',
	},
	{ method: 'GET', path: '/api/v1/services' },
	{ list: { rootProperty: 'services', idProperty: 'service_id' }, fields: () => getAllServicesFields },
);

export const getAllServicesFields: INodeProperties[] = [
	...returnAllAndLimit('service'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { resource: ['service'], operation: ['getAll'] } },
		options: [
			{
				displayName: 'Service ID',
				name: 'service_id',
				type: 'number',
				default: 0,
				description: 'Only the service with this ID',
				routing: { send: { type: 'query', property: 'service_id' } },
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: SERVICE_TYPES,
				default: 1,
				description: 'Only services of this type',
				routing: { send: { type: 'query', property: 'type' } },
			},
		],
	},
];
