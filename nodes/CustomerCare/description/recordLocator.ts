import type { INodeProperties, INodePropertyMode } from 'n8n-workflow';

/**
 * A record ID as the API takes it (int 10, docs/api.md#conventions), spaces around it allowed.
 * The editor anchors a mode's regex itself (`^…$`); our own check before sending
 * (RECORD_ID in checks/declared.ts) allows the same, also for values from expressions.
 */
export const RECORD_ID_PATTERN = '\\s*[0-9]{1,10}\\s*';

/** The list-search method of each record picker (methods/listSearch.ts). */
const SEARCH_METHODS: Record<string, string> = {
	ticket: 'searchTickets',
	lead: 'searchLeads',
	deal: 'searchDeals',
	contact: 'searchContacts',
};

/** A picker's *From List* mode: the records its search method lists, searchable. */
function fromListMode(record: string): INodePropertyMode {
	return {
		displayName: 'From List',
		name: 'list',
		type: 'list',
		placeholder: `Select a ${record}...`,
		typeOptions: { searchListMethod: SEARCH_METHODS[record], searchable: true },
	};
}

/** A picker's *By ID* mode: an ID as the API takes it, checked as it is typed. */
function byIdMode(record: string, placeholder: string): INodePropertyMode {
	return {
		displayName: 'By ID',
		name: 'id',
		type: 'string',
		placeholder,
		validation: [
			{
				type: 'regex',
				properties: {
					regex: RECORD_ID_PATTERN,
					errorMessage: `A ${record} ID is a whole number of at most 10 digits`,
				},
			},
		],
	};
}

/** A picker (n8n's resource locator) with nothing picked, in these modes; `placed`: where it shows and whether it is required. */
function picker(
	displayName: string,
	name: string,
	description: string,
	modes: INodePropertyMode[],
	placed: Pick<INodeProperties, 'required' | 'displayOptions'> = {},
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		...placed,
		description,
		modes,
	};
}

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
	return picker(displayName, name, description, [
		fromListMode('contact'),
		byIdMode('contact', 'e.g. 50012'),
		{
			displayName: 'By Phone',
			name: 'phone',
			type: 'string',
			placeholder: 'e.g. 0901234567',
		},
	]);
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
	return picker(
		displayName,
		name,
		description,
		[fromListMode(resource), byIdMode(resource, 'e.g. 100245')],
		{
			required: true,
			displayOptions: { show: { resource: [resource], operation: [operation] } },
		},
	);
}
