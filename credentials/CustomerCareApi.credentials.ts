import type { IAuthenticateGeneric, Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * One account of the platform: its base URL (and backup), its domain and its API token.
 * The token is sent as a Bearer header by n8n itself (generic authenticate), so it never
 * passes through our code's error paths.
 */
export class CustomerCareApi implements ICredentialType {
	name = 'customerCareApi';

	displayName = 'Customer Care API';

	icon: Icon = {
		light: 'file:../icons/customercare.svg',
		dark: 'file:../icons/customercare.dark.svg',
	};

	documentationUrl = 'https://github.com/customer-care/n8n-nodes-customer-care#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example.com',
			description:
				'The address of the platform API, without the domain (for example https://api.example.com)',
		},
		{
			displayName: 'Backup Base URL',
			name: 'backupBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://api-backup.example.com',
			description:
				'Optional second address serving the same API. Requests that fail with a network error or a 5xx answer are sent here instead.',
		},
		{
			displayName: 'Domain',
			name: 'domain',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'acme',
			description:
				'Your account identifier, issued by the platform operator; it is part of every API path',
		},
		{
			displayName: 'API Token',
			name: 'apiToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Created by an admin under Admin → Api → Api token. Resetting it there cuts off running workflows.',
		},
		{
			displayName: 'Status URL',
			name: 'statusUrl',
			type: 'string',
			default: '',
			placeholder: 'https://status.example.com',
			description:
				'Optional address of the public status monitor, used by the Monitor resource (heartbeat)',
		},
		{
			displayName: 'Account Time Zone',
			name: 'timeZone',
			type: 'string',
			default: '',
			placeholder: 'Asia/Ho_Chi_Minh',
			description:
				"The zone of the platform's clock: its times, and the filters it compares, are this zone's local time. Leave empty for Asia/Ho_Chi_Minh (UTC+7), the clock of every account seen. The workflow's time zone is never used for the platform's times.",
		},
		{
			displayName: 'Platform Clock',
			name: 'timeConvention',
			type: 'options',
			default: 'wallClock',
			options: [
				{
					name: 'Local Time, Even With "Z" (Real Platform)',
					value: 'wallClock',
					description:
						'The platform writes and compares local time in the Account Time Zone, even where it adds a "Z" (2021-06-01T00:05:58Z is 00:05:58 local). Every real account answers so.',
				},
				{
					name: '"Z" Means UTC (API Spec)',
					value: 'iso',
					description:
						'Times ending in "Z" are UTC, as ISO 8601 and the API spec read them. Choose this only for a server that converts "Z" to UTC.',
				},
			],
			description:
				'How the platform reads and writes times that end in "Z". If the trigger or Get Many warns that times fall outside the window asked for, check this and the Account Time Zone.',
		},
		{
			displayName: 'Max Requests per Second',
			name: 'maxRequestsPerSecond',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 15 },
			default: 15,
			description:
				'The account allows 15 requests per second and 54,000 per hour. When several n8n processes (queue-mode workers) share this account, give each a share so the shares add up to 15.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiToken}}',
			},
		},
	};

	// No declarative `test`: n8n would prefer it to the nodes' `testedBy`. The test runs through the
	// transport (methods/credentialTest.ts), which checks the Domain and the answer's body too.
}
