/**
 * Helpers of the Lead resource that the Deal resource shares: a deal is a lead that was
 * converted, and both endpoints take the same customer keys, comments, id lists and filters.
 */
import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { dynamicOptions } from '../../shared/descriptions';
import { failFor, isEmpty } from '../../shared/validation';

type PreSend = (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) => Promise<IHttpRequestOptions>;

/** The record object inside the body (`lead` or `deal`), created when missing. */
export function recordOf(requestOptions: IHttpRequestOptions, root: string): IDataObject {
	const body = ((requestOptions.body as IDataObject | undefined) ??= {}) as IDataObject;
	return ((body[root] as IDataObject | undefined) ??= {}) as IDataObject;
}

/**
 * Phone and e-mail are the customer's keys (docs/api.md#leads): a lead or
 * deal without either has no customer to attach to, and the API refuses it.
 */
export function requireContact(root: 'lead' | 'deal', label: string): PreSend {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const record = recordOf(requestOptions, root);
		if (isEmpty(record.phone) && isEmpty(record.email)) {
			failFor(this)(`Phone (phone) or Email (email) is required: it finds or creates the customer of the ${label}`);
		}
		return requestOptions;
	};
}

/**
 * The comment of an update or of a deal create: `{body, is_public, author_id}`. Without a body
 * there is no comment (a lone "public" flag is dropped); with a body, the author is required.
 * Runs after `validateRequest`, which leaves an empty `comment` object behind when it drops fields.
 */
export function checkComment(root: 'lead' | 'deal', required: boolean): PreSend {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const record = recordOf(requestOptions, root);
		const comment = record.comment as IDataObject | undefined;
		const fail = failFor(this);
		if (!comment || isEmpty(comment.body)) {
			if (required) fail('Comment (comment.body) is required: every update adds a comment');
			if (comment && !isEmpty(comment.author_id)) {
				fail('Comment (comment.body) is required when a Comment Author is chosen');
			}
			delete record.comment;
			return requestOptions;
		}
		if (isEmpty(comment.author_id)) fail('Comment Author (comment.author_id) is required with a comment');
		return requestOptions;
	};
}

/** The name of an entry of a reference list (labels, reasons): the spec does not show their shape. */
export function nameOf(entry: IDataObject): string {
	const name = entry.name ?? entry.label ?? entry.lable ?? entry.title;
	return typeof name === 'string' && name ? name : `#${String(entry.id)}`;
}

/** Date filters of the lead and deal lists: ISO 8601 with zone (GET /api/v1/leads, GET /api/v1/deals). */
export const DATE_FILTERS: Array<{ field: string; since: string; to: string }> = [
	{ field: 'Created', since: 'created_since', to: 'created_to' },
	{ field: 'Updated', since: 'updated_since', to: 'updated_to' },
	{ field: 'Converted', since: 'convert_since', to: 'convert_to' },
];

/** Options of a collection in alphabetical order, as n8n's style wants them. */
export function alphabetical(options: INodeProperties[]): INodeProperties[] {
	return [...options].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

type Root = 'lead' | 'deal';
const LABEL_METHOD: Record<Root, string> = { lead: 'getLeadLabels', deal: 'getDealLabels' };

/** Subject, phone and e-mail of a new lead or deal: what it is about and whose it is. */
export function customerKeyProperties(root: Root, show: IDisplayOptions['show']): INodeProperties[] {
	const displayOptions = { show };
	return [
		{
			displayName: 'Subject',
			name: 'subject',
			type: 'string',
			default: '',
			displayOptions,
			description: `What the ${root} is about, up to 250 characters`,
			routing: { send: { type: 'body', property: `${root}.subject` } },
		},
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
	];
}

/** Options that a lead's and a deal's create and update share: assignee, closing date, labels. */
export function sharedFieldOptions(root: Root): INodeProperties[] {
	return [
		dynamicOptions('Assignee', 'assignee_id', 'getAgents', `The agent who handles the ${root}`, {
			routing: { send: { type: 'body', property: `${root}.assignee_id` } },
		}),
		{
			displayName: 'Estimated Closed Date',
			name: 'estimated_closed_date',
			type: 'dateTime',
			default: '',
			description: `When the ${root} is expected to close; sent as YYYY-MM-DD HH:mm:ss in the account time zone`,
			routing: { send: { type: 'body', property: `${root}.estimated_closed_date` } },
		},
		{
			displayName: 'Label Names or IDs',
			name: `${root}_label`,
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: LABEL_METHOD[root] },
			default: [],
			description: `Labels of the ${root}. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
			routing: { send: { type: 'body', property: `${root}.${root}_label` } },
		},
	];
}

/** Options of a create for the customer it may make and where the record goes: name, group, service. */
export function newRecordOptions(root: Root): INodeProperties[] {
	return [
		{
			displayName: 'Customer Name',
			name: 'username',
			type: 'string',
			default: '',
			description:
				'Name of a new customer, up to 250 characters; ignored when the phone or e-mail belongs to an existing customer',
			routing: { send: { type: 'body', property: `${root}.username` } },
		},
		dynamicOptions('Group', 'group_id', 'getGroups', `The department the ${root} goes to`, {
			routing: { send: { type: 'body', property: `${root}.group_id` } },
		}),
		dynamicOptions('Service', 'service_id', 'getServices', `The channel the ${root} came from`, {
			routing: { send: { type: 'body', property: `${root}.service_id` } },
		}),
	];
}
