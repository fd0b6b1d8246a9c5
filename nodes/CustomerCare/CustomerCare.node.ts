import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getAgents, getGroups, getServices } from './methods/loadOptions';
import { getCustomFieldColumns } from './methods/resourceMapping';
import { getCustomFields, getCustomFieldValues } from './shared/customFields';
import { agentDescription } from './resources/agent';
import { callDescription, callLoadOptions } from './resources/call';
import { customFieldDescription } from './resources/customField';
import { dealDescription, dealLoadOptions } from './resources/deal';
import { groupDescription } from './resources/group';
import { leadDescription, leadLoadOptions } from './resources/lead';
import { monitorDescription } from './resources/monitor';
import { serviceDescription } from './resources/service';
import { smsDescription, smsLoadOptions } from './resources/sms';
import { ticketDescription } from './resources/ticket';

export class CustomerCare implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Customer Care',
		name: 'customerCare',
		icon: { light: 'file:../../icons/customercare.svg', dark: 'file:../../icons/customercare.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Work with the Customer Care platform: tickets, leads, deals, calls, SMS, agents, groups, services, custom fields and the status monitor',
		defaults: { name: 'Customer Care' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'customerCareApi', required: true }],
		// Requests are built here declaratively and sent by our transport (see transport/declarative.ts).
		requestDefaults: {
			baseURL: '={{$credentials.baseUrl}}',
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Agent', value: 'agent' },
					{ name: 'Call', value: 'call' },
					{ name: 'Custom Field', value: 'customField' },
					{ name: 'Deal', value: 'deal' },
					{ name: 'Group', value: 'group' },
					{ name: 'Lead', value: 'lead' },
					{ name: 'Monitor', value: 'monitor' },
					{ name: 'Service', value: 'service' },
					{ name: 'SMS', value: 'sms' },
					{ name: 'Ticket', value: 'ticket' },
				],
				default: 'ticket',
			},
			...agentDescription,
			...callDescription,
			...customFieldDescription,
			...dealDescription,
			...groupDescription,
			...leadDescription,
			...monitorDescription,
			...serviceDescription,
			...smsDescription,
			...ticketDescription,
		],
	};

	methods = {
		loadOptions: {
			getAgents,
			getCustomFields,
			getCustomFieldValues,
			getGroups,
			getServices,
			...callLoadOptions,
			...dealLoadOptions,
			...leadLoadOptions,
			...smsLoadOptions,
		},
		resourceMapping: { getCustomFieldColumns },
	};
}
