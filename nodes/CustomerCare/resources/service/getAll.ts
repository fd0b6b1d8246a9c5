import { SERVICE_TYPES } from '../../api/codes';
import { SERVICE } from '../../api/endpoints';
import { collection } from '../../description/properties';
import { listOperation } from '../../engine/operation';

export const { operation: getAllServices, fields: getAllServicesFields } = listOperation(
	'service',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many services',
		description:
			'List the channels (services) of the account: phone lines, chat, e-mail, social pages, SMS; filter by type or ID, each with its ID',
	},
	SERVICE.list,
	'service',
	[
		collection('filters', { resource: ['service'], operation: ['getAll'] }, [
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
		]),
	],
);
