/**
 * What a lead's or deal's request is checked and completed with before it is sent
 * (docs/api.md#leads, #deals): the customer's keys or a picked contact, the comment, the
 * unqualify reason against the account's lead statuses. The fields themselves are in fields.ts.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { LeadStatus } from '../../definitions/accountDefinitions';
import type { ItemContext, DefinitionStep } from '../../engine/spec';
import { contactKeySteps } from '../contact/requester';
import { isEmpty } from '../../basics/looseValues';
import type { SalesRecord } from './fields';

/** The record object inside the body (`lead` or `deal`), created when missing. */
export function recordOf(requestOptions: IHttpRequestOptions, root: SalesRecord): IDataObject {
	const body = ((requestOptions.body as IDataObject | undefined) ??= {}) as IDataObject;
	return ((body[root] as IDataObject | undefined) ??= {}) as IDataObject;
}

/** The contact a new lead or deal is for, picked instead of typing its phone and e-mail. */
const PICKED_CONTACT = { parameter: 'additionalFields.contact', label: 'Contact' };

/** Its phone and e-mail, from the picked contact (resources/contact/requester.ts). */
export const pickedContactSteps = (root: SalesRecord) => contactKeySteps(PICKED_CONTACT, root);

/**
 * Phone and e-mail are the customer's keys (docs/api.md#leads): a lead or
 * deal without either has no customer to attach to, and the API refuses it. A picked Contact
 * gives them.
 */
export function requireContact(root: SalesRecord) {
	return function (
		this: IExecuteSingleFunctions,
		request: IHttpRequestOptions,
		{ fail }: ItemContext,
	) {
		const picked = this.getNodeParameter(PICKED_CONTACT.parameter, '', { extractValue: true });
		if (!isEmpty(picked)) return;
		const record = recordOf(request, root);
		if (isEmpty(record.phone) && isEmpty(record.email)) {
			fail(
				`Phone (phone), Email (email) or a Contact (contact) is required: it finds or creates the customer of the ${root}`,
			);
		}
	};
}

/**
 * The comment of an update or of a deal create: `{body, is_public, author_id}`. Without a body
 * there is no comment (a lone "public" flag is dropped); with a body, the author is required.
 */
export function checkComment(root: SalesRecord, required: boolean) {
	return function (
		this: IExecuteSingleFunctions,
		request: IHttpRequestOptions,
		{ fail }: ItemContext,
	) {
		const record = recordOf(request, root);
		const comment = record.comment as IDataObject | undefined;
		if (!comment || isEmpty(comment.body)) {
			if (required) fail('Comment (comment.body) is required: every update adds a comment');
			if (comment && !isEmpty(comment.author_id)) {
				fail('Comment (comment.body) is required when a Comment Author is chosen');
			}
			delete record.comment;
			return;
		}
		if (isEmpty(comment.author_id))
			fail('Comment Author (comment.author_id) is required with a comment');
	};
}

/** Final states: only there does an unqualify reason apply (docs/api.md#leads). */
export function isFinal(status: LeadStatus): boolean {
	return Number(status.status_type) === 2 || Number(status.status_type) === 3;
}

/**
 * An unqualify reason applies only with a final lead status (docs/api.md#leads). On create
 * without a status the lead gets the first status, which is not final, so the reason is
 * refused without asking anything. With a status, the account's status list tells; on update
 * without a status the lead's current status decides, which only the API knows.
 */
export const checkUnqualifyReason: DefinitionStep = {
	needs(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const lead = recordOf(request, 'lead');
		return isEmpty(lead.unqualify_reason) || isEmpty(lead.lead_status_id) ? [] : ['leadStatuses'];
	},
	run(this: IExecuteSingleFunctions, request: IHttpRequestOptions, { fail, definitions }: ItemContext) {
		const lead = recordOf(request, 'lead');
		if (isEmpty(lead.unqualify_reason)) return;
		if (isEmpty(lead.lead_status_id)) {
			if (request.method === 'POST') {
				fail(
					'Unqualify Reason (unqualify_reason) needs a final Lead Status (converted or unqualified): without one a new lead gets the first status',
				);
			}
			return;
		}
		const status = definitions.leadStatuses?.find(
			(entry) => String(entry.id) === String(lead.lead_status_id).trim(),
		);
		if (status && !isFinal(status)) {
			fail(
				`Unqualify Reason (unqualify_reason) applies only with a final Lead Status (converted or unqualified); "${status.label}" (${status.id}) is not final`,
			);
		}
	},
};
