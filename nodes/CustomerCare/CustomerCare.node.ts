import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { customerCareApiTest } from './methods/credentialTest';
import { searchContacts, searchDeals, searchLeads, searchTickets } from './methods/listSearch';
import { loadOptions } from './methods/loadOptions';
import { getContactCustomFieldColumns, getCustomFieldColumns } from './methods/resourceMapping';
import { accountDescription } from './resources/account';
import { agentDescription } from './resources/agent';
import { callDescription } from './resources/call';
import { chatDescription } from './resources/chat';
import { contactDescription } from './resources/contact';
import { customFieldDescription } from './resources/customField';
import { dealDescription } from './resources/deal';
import { groupDescription } from './resources/group';
import { leadDescription } from './resources/lead';
import { monitorDescription } from './resources/monitor';
import { serviceDescription } from './resources/service';
import { smsDescription } from './resources/sms';
import { ticketDescription } from './resources/ticket';
import { operationSubtitle } from './description/subtitle';
import { withValueHints } from './description/valueHints';
import { toolDescriptionProperties } from './description/toolDescription';

const properties: INodeProperties[] = withValueHints([
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Account', value: 'account' },
			{ name: 'Agent', value: 'agent' },
			{ name: 'Call', value: 'call' },
			{ name: 'Chat', value: 'chat' },
			{ name: 'Contact', value: 'contact' },
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
	...accountDescription,
	...agentDescription,
	...callDescription,
	...chatDescription,
	...contactDescription,
	...customFieldDescription,
	...dealDescription,
	...groupDescription,
	...leadDescription,
	...monitorDescription,
	...serviceDescription,
	...smsDescription,
	...ticketDescription,
]);
// The Tool variant's description for the model, one per operation (description/toolDescription.ts).
properties.push(...toolDescriptionProperties(properties));

export class CustomerCare implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Customer Care',
		name: 'customerCare',
		icon: {
			light: 'file:../../icons/customercare.svg',
			dark: 'file:../../icons/customercare.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(properties),
		description:
			'Work with the Customer Care platform: tickets, contacts (customers), leads, deals, calls, chat messages (Live Chat, Messenger/Instagram, Zalo), SMS, agents, groups, services, custom fields, the status monitor and the account\'s request quota',
		defaults: { name: 'Customer Care' },
		// What n8n's AI workflow builder searches and reads about the node (n8n-workflow IBuilderHint).
		builderHint: {
			searchHint:
				'CareSoft customer care (call centre, help desk, CRM): find the customer who called or wrote by phone (Contact → Find by Phone), find or create a contact, create and update tickets, leads and deals, list calls with their recordings, send SMS. Phones in any Vietnamese form.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-customer-care.customerCareTrigger',
					relationHint: 'Starts the workflow on a missed call, an ended call, a new or changed ticket, contact, lead or deal',
				},
			],
		},
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'customerCareApi', required: true, testedBy: 'customerCareApiTest' }],
		// n8n knows a node with `methods` as declarative, and gives its AI Tool variant an
		// `execute` (RoutingNode), only when `requestDefaults` is defined (n8n's
		// shouldAssignExecuteMethod). The address and headers are the transport's
		// (engine/run.ts → transport/request/send.ts), with failover to the backup.
		requestDefaults: {},
		properties,
	};

	methods = {
		credentialTest: { customerCareApiTest },
		loadOptions,
		listSearch: { searchContacts, searchDeals, searchLeads, searchTickets },
		resourceMapping: { getContactCustomFieldColumns, getCustomFieldColumns },
	};
}
