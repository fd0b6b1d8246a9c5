/**
 * What leads and deals share (docs/api.md#leads, #deals): a deal is a lead that was converted,
 * and both endpoints take the same customer keys, comments, assignee, labels and filters.
 * Each field is declared once, with its check; the checks of a whole request are in checks.ts.
 */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { checked } from '../../checks/declared';
import { contactLocatorProperty } from '../../description/recordLocator';
import {
	bodyTextProperty,
	commentFields,
	dynamicOptions,
	EXPRESSION_HINT_MANY,
	recordIdProperty,
} from '../../description/properties';

export type SalesRecord = 'lead' | 'deal';

/** An int(10) ID of the account (docs/api.md#leads): a whole number of at most 10 characters. */
export const INT_10 = { id: false, integer: true, min: 0, maxLength: 10 };

const LABEL_METHOD: Record<SalesRecord, string> = {
	lead: 'getLeadLabels',
	deal: 'getDealLabels',
};

/** A text field of the record's body, with its length limit. */
function textField(
	root: SalesRecord,
	displayName: string,
	name: string,
	maxLength: number,
	description: string,
	extra: Partial<INodeProperties> = {},
) {
	return checked(bodyTextProperty(displayName, name, description, `${root}.${name}`, extra), {
		maxLength,
	});
}

/** The subject of a lead or deal, up to 250 characters. */
export function subjectProperty(
	root: SalesRecord,
	description: string,
	displayOptions?: IDisplayOptions,
): INodeProperties {
	return textField(
		root,
		'Subject',
		'subject',
		250,
		description,
		displayOptions ? { displayOptions } : {},
	);
}

/** Subject, phone and e-mail of a new lead or deal: what it is about and whose it is. */
export function customerKeyProperties(
	root: SalesRecord,
	show: IDisplayOptions['show'],
): INodeProperties[] {
	const displayOptions = { show };
	return [
		subjectProperty(root, `What the ${root} is about, up to 250 characters`, displayOptions),
		checked(
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				displayOptions,
				description:
					"The customer's phone, up to 50 characters. Phone and e-mail identify the customer; at least one is needed.",
				routing: { send: { type: 'body', property: `${root}.phone` } },
			},
			{ text: true, maxLength: 50 },
		),
		checked(
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				displayOptions,
				description: "The customer's e-mail address, up to 50 characters",
				routing: { send: { type: 'body', property: `${root}.email` } },
			},
			{ maxLength: 50, email: true },
		),
	];
}

/** An ID dropdown of the record's body; the API's ids are int(10), checked as a number of at most 10 characters. */
function idOption(
	root: SalesRecord,
	displayName: string,
	name: string,
	method: string,
	description: string,
) {
	return checked(
		dynamicOptions(displayName, name, method, description, {
			routing: { send: { type: 'body', property: `${root}.${name}` } },
		}),
		INT_10,
	);
}

/** Options that a lead's and a deal's create and update share: assignee, closing date, labels. */
export function sharedFieldOptions(root: SalesRecord): INodeProperties[] {
	return [
		idOption(root, 'Assignee', 'assignee_id', 'getAgents', `The agent who handles the ${root}`),
		checked(
			{
				displayName: 'Estimated Closed Date',
				name: 'estimated_closed_date',
				type: 'dateTime',
				default: '',
				description: `When the ${root} is expected to close; sent as YYYY-MM-DD HH:mm:ss in the account time zone`,
				routing: {
					send: { type: 'body', property: `${root}.estimated_closed_date` },
				},
			},
			{ date: 'zoneless' },
		),
		checked(
			{
				displayName: 'Label Names or IDs',
				name: `${root}_label`,
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: LABEL_METHOD[root] },
				default: [],
				description: `Labels of the ${root}. ${EXPRESSION_HINT_MANY}.`,
				routing: { send: { type: 'body', property: `${root}.${root}_label` } },
			},
			{ idArray: true },
		),
	];
}

/** Options of a create for the customer it may make and where the record goes: name, group, service. */
export function newRecordOptions(root: SalesRecord): INodeProperties[] {
	return [
		contactLocatorProperty(
			'Contact',
			'contact',
			`The customer of the ${root}, instead of Phone and Email: picked, by ID (its phone and e-mail are read, one request) or by phone (no request)`,
		),
		textField(
			root,
			'Customer Name',
			'username',
			250,
			'Name of a new customer, up to 250 characters; ignored when the phone or e-mail belongs to an existing customer',
		),
		idOption(root, 'Group', 'group_id', 'getGroups', `The department the ${root} goes to`),
		idOption(root, 'Service', 'service_id', 'getServices', `The channel the ${root} came from`),
	];
}

/** The Lead Status and Unqualify Reason of a lead's create and update. */
export function leadStatusOptions(): INodeProperties[] {
	return [
		idOption(
			'lead',
			'Lead Status',
			'lead_status_id',
			'getLeadStatuses',
			'The status of the lead; a new lead gets the first status when none is chosen',
		),
		idOption(
			'lead',
			'Unqualify Reason',
			'unqualify_reason',
			'getLeadUnqualifiedReasons',
			'Why the lead was disqualified. Only with a final Lead Status (converted or unqualified): with another status the request is refused.',
		),
	];
}

/** What every Update of a lead or deal starts with: the record's ID and the comment each update adds. */
export function updateHeadFields(resource: 'lead' | 'deal'): INodeProperties[] {
	const label = resource === 'lead' ? 'Lead' : 'Deal';
	return [
		recordIdProperty(resource, 'update', `${label} ID`, `${resource}Id`, `The ID of the ${resource} to update`),
		...commentFields(`${resource}.comment`, {
			show: { resource: [resource], operation: ['update'] },
			required: true,
			description: 'Every update adds a comment; this is its text, up to 5000 characters',
			maxLength: 5000,
		}),
	];
}