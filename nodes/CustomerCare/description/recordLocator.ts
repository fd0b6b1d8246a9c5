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

/**
 * A picker (n8n's resource locator) of a record, nothing picked: *From List* (its search method,
 * searchable) and *By ID* (an ID as the API takes it, checked as it is typed). `placed`: where
 * it shows and whether it is required.
 */
function picker(
	record: string,
	idPlaceholder: string,
	displayName: string,
	name: string,
	description: string,
	placed: Pick<INodeProperties, 'required' | 'displayOptions'> = {},
): INodeProperties & { modes: INodePropertyMode[] } {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		...placed,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${record}...`,
				typeOptions: { searchListMethod: SEARCH_METHODS[record], searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: idPlaceholder,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: RECORD_ID_PATTERN,
							errorMessage: `A ${record} ID is a whole number of at most 10 digits`,
						},
					},
				],
			},
		],
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
	const contact = picker('contact', 'e.g. 50012', displayName, name, description);
	return {
		...contact,
		modes: [
			...contact.modes,
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
	return picker(resource, 'e.g. 100245', displayName, name, description, {
		required: true,
		displayOptions: { show: { resource: [resource], operation: [operation] } },
	});
}
