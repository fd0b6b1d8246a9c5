import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { recordLocatorProperty } from './recordLocator';
import { checked, RECORD_ID } from '../checks/declared';

/**
 * A text field sent in the body at `bodyProperty` (`contact.email`), as its file declares it
 * before its check: the one shape of the contact's, the order's and the sales records' texts.
 */
export function bodyTextProperty(
	displayName: string,
	name: string,
	description: string,
	bodyProperty: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		default: '',
		description,
		routing: { send: { type: 'body', property: bodyProperty } },
		...extra,
	} as INodeProperties;
}

/** Options of a collection in alphabetical order, as n8n's style wants them. */
export function alphabetical(options: INodeProperties[]): INodeProperties[] {
	return [...options].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

const COLLECTIONS = {
	additionalFields: {
		displayName: 'Additional Fields',
		placeholder: 'Add Field',
	},
	updateFields: { displayName: 'Update Fields', placeholder: 'Add Field' },
	filters: { displayName: 'Filters', placeholder: 'Add Filter' },
	options: { displayName: 'Options', placeholder: 'Add Option' },
};

/** One of an operation's collections of optional fields: Additional Fields, Update Fields, Filters or Options. */
export function collection(
	name: keyof typeof COLLECTIONS,
	show: IDisplayOptions['show'],
	options: INodeProperties[],
): INodeProperties {
	return {
		...COLLECTIONS[name],
		name,
		type: 'collection',
		default: {},
		displayOptions: { show },
		options,
	};
}

/** Return All and Limit, shown for one resource's list operation; `windowDays`: the list's date window (docs/api.md#limits). */
export function returnAllAndLimit(resource: string, operation = 'getAll', windowDays = 31): INodeProperties[] {
	const show = { resource: [resource], operation: [operation] };
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			displayOptions: { show },
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			// The cap of one read (transport/lists/pagePlan.ts MAX_PAGES_PER_READ, docs/api.md#pagination).
			hint: `At most 500,000 records (1,000 pages) per date window of up to ${windowDays} days; past it the item fails, naming the cap`,
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

/** The Simplify switch: times with the account's offset, labels beside codes, custom fields by label; or the API's answer as it is. */
export function simplifyProperty(resource: string, operations: string[]): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		displayOptions: { show: { resource: [resource], operation: operations } },
		default: true,
		description:
			"Whether to return readable records: times in ISO 8601 with the account's offset, labels beside coded values, custom fields keyed by label. Off: the API's answer as it is.",
	};
}

const EXPRESSION_HINT =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';
/** n8n's wording for a multi-select filled from the account. */
export const EXPRESSION_HINT_MANY =
	'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

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

/**
 * The comment every update adds (and a create may carry): text, author, public flag, sent
 * at `path` (`ticket.ticket_comment`, `lead.comment`, `deal.comment`).
 */
export function commentFields(
	path: string,
	options: {
		show?: IDisplayOptions['show'];
		required: boolean;
		description: string;
		maxLength?: number;
	},
): INodeProperties[] {
	// Inside a collection (a create's optional comment) the fields need no display options.
	const displayOptions = options.show ? { displayOptions: { show: options.show } } : {};
	return [
		checked(
			{
				displayName: 'Comment',
				name: 'commentBody',
				type: 'string',
				typeOptions: { rows: 4 },
				required: options.required,
				default: '',
				...displayOptions,
				description: options.description,
				routing: { send: { type: 'body', property: `${path}.body` } },
			},
			{ maxLength: options.maxLength },
		),
		dynamicOptions(
			'Comment Author',
			'commentAuthorId',
			'getAgents',
			'The agent who writes the comment',
			{
				required: options.required,
				...displayOptions,
				routing: { send: { type: 'body', property: `${path}.author_id` } },
			},
		),
		{
			displayName: 'Comment Is Public',
			name: 'commentIsPublic',
			type: 'boolean',
			default: false,
			...displayOptions,
			description:
				'Whether the comment is a public reply to the customer (true) or an internal note (false)',
			routing: {
				send: {
					type: 'body',
					property: `${path}.is_public`,
					value: '={{$value ? 1 : 0}}',
				},
			},
		},
	];
}

/**
 * The date range of a list that only reads ranges (tickets, calls): which date, From, To.
 * The chosen date names the query pair, e.g. `updated_since` / `updated_to`.
 */
export function dateRangeFields(
	resource: string,
	dates: Array<{ name: string; value: string; description: string }>,
	description: string,
): INodeProperties[] {
	const displayOptions = {
		show: { resource: [resource], operation: ['getAll'] },
	};
	const firstDate = dates[0].value;
	return [
		{
			displayName: 'Date Field',
			name: 'dateField',
			type: 'options',
			options: dates,
			default: firstDate,
			displayOptions,
			description,
		},
		{
			displayName: 'From',
			name: 'since',
			type: 'dateTime',
			required: true,
			default: '',
			displayOptions,
			description:
				'Start of the range (inclusive). Ranges longer than 31 days are read in 31-day windows.',
			routing: {
				send: { type: 'query', property: '={{$parameter.dateField}}_since' },
			},
		},
		{
			displayName: 'To',
			name: 'to',
			type: 'dateTime',
			default: '',
			displayOptions,
			description: 'End of the range (inclusive); empty means now',
			routing: {
				send: { type: 'query', property: '={{$parameter.dateField}}_to' },
			},
		},
	];
}

/**
 * The record an operation reads or changes (its ID goes in the path): a record picker, From
 * List or By ID, required, checked as a whole number before sending.
 */
export function recordIdProperty(
	...[resource, operation, displayName, name, description]: Parameters<typeof recordLocatorProperty>
): INodeProperties {
	// A picker is named after the record it picks ("Ticket", not "Ticket ID"), as in n8n's own nodes.
	const recordName = displayName.replace(/ ID$/, '');
	return checked(
		recordLocatorProperty(
			resource,
			operation,
			recordName,
			name,
			`${description}: pick it from the list (newest first, searchable) or give its ID`,
		),
		RECORD_ID,
	);
}
