import type { INodeProperties } from 'n8n-workflow';

/**
 * A record ID as the API takes it (int 10, docs/api.md#conventions), spaces around it allowed.
 * The editor anchors a mode's regex itself (`^…$`); our own check before sending
 * (RECORD_ID in checks/checks.ts) allows the same, also for values from expressions.
 */
export const RECORD_ID_PATTERN = '\\s*[0-9]{1,10}\\s*';

/** The list-search method of each record picker (methods/listSearch.ts). */
const SEARCH_METHODS: Record<string, string> = {
	ticket: 'searchTickets',
	lead: 'searchLeads',
	deal: 'searchDeals',
	contact: 'searchContacts',
};

/**
 * A contact wherever one is asked for (a ticket's requester, a list's customer): From List
 * (searched by name or phone), By ID, or By Phone, which the node resolves to the contact's ID
 * with one request (resources/contact/requester.ts). Not required; nothing picked sends nothing.
 */
export function contactLocatorProperty(
	displayName: string,
	name: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a contact...',
				typeOptions: { searchListMethod: 'searchContacts', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 50012',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: RECORD_ID_PATTERN,
							errorMessage: 'A contact ID is a whole number of at most 10 digits',
						},
					},
				],
			},
			{
				displayName: 'By Phone',
				name: 'phone',
				type: 'string',
				placeholder: 'e.g. 0901234567',
			},
		],
	};
}

/**
 * The record picker (n8n's resource locator) of a ticket, lead or deal: *From List* (newest
 * first, searchable) or *By ID*. The platform has no record URLs, so there is no *By URL*.
 *
 * Routing reads it as `$parameter.<name>`, which n8n resolves to the picked value (the ID),
 * also for a workflow saved when the ID was a plain string; `checkFields` reads it with
 * `extractValue`, so every shape is checked the same way before anything is sent.
 */
export function recordLocatorProperty(
	resource: string,
	operation: string,
	displayName: string,
	name: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		displayOptions: { show: { resource: [resource], operation: [operation] } },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${resource}...`,
				typeOptions: { searchListMethod: SEARCH_METHODS[resource], searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 100245',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: RECORD_ID_PATTERN,
							errorMessage: `A ${resource} ID is a whole number of at most 10 digits`,
						},
					},
				],
			},
		],
	};
}
