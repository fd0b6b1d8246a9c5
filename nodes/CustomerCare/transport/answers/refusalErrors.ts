/**
 * The platform said no: an error answer of the API as a NodeApiError carrying the API's own
 * message (apiError), and a Get of a record the platform does not have (notFoundError).
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { extraDataOf, messageOrStatus } from './answerMessage';
import { idsOf } from '../../basics/looseValues';
import { classified } from './failureCause';

export interface ApiFailure {
	status: number;
	body: IDataObject | undefined;
	method: string;
	path: string;
	/** The base URL that answered. */
	host: string;
	itemIndex?: number;
}

/**
 * An error answer of the API as a NodeApiError carrying the API's own message. Only the
 * answer's code, message and extra data go in: never the request (it holds the token).
 */
export function apiError(node: INode, failure: ApiFailure): NodeApiError {
	const { status, body, itemIndex } = failure;
	const apiMessage = messageOrStatus(body, status, failure.host);
	const { extra, kept } = extraDataOf(body);
	let description = `${failure.method} ${failure.path} answered ${status}: ${apiMessage}`;

	if (status === 401) {
		description =
			'The API Token or the Domain in the Customer Care credential is wrong, or the token was reset by an admin (Admin → Api → Api token).';
	} else if (apiMessage === 'unsolved_incidents_ticket') {
		const ids = idsOf(extra.unsolved_incidents_ticket_id);
		description = `The ticket has unsolved child tickets${ids.length ? `: ${ids.join(', ')}` : ''}. Solve them first, or turn on "Solve Child Tickets" so they are solved with it.`;
	} else if (extra.duplicate_id !== undefined && extra.duplicate_id !== null) {
		description += `. The existing record's ID is ${String(extra.duplicate_id)}.`;
	} else if (status === 404 && apiMessage === 'Domain not found') {
		description = 'Check the Domain in the Customer Care credential.';
	}

	const response: JsonObject = { code: (body?.code as string) ?? null, message: apiMessage };
	Object.assign(response, kept);
	// A wrong token or domain needs a person to fix the credential; n8n stops retrying on it.
	const credentialInvalid = status === 401 || (status === 404 && apiMessage === 'Domain not found');
	return new NodeApiError(
		node,
		response,
		classified(
			{ message: apiMessage, description, httpCode: String(status), itemIndex },
			credentialInvalid ? { cause: 'credential-invalid' } : undefined,
		),
	);
}

const RESOURCE_NAMES = { ticket: 'Ticket', lead: 'Lead', deal: 'Deal', contact: 'Contact' };

/**
 * A Get of a record the platform does not have: 404, 400 "... is not exist", or the real
 * platform's 500 once a probe showed the platform up (retry.ts, rule 4). `configuration-invalid`:
 * the node points at a record that no longer exists; waiting cannot help, a person must change
 * the ID (n8n-workflow's failure causes).
 */
export function notFoundError(
	node: INode,
	record: { resource: keyof typeof RESOURCE_NAMES; id: string } | undefined,
	failure: Omit<ApiFailure, 'body'> & {
		body?: IDataObject;
		/** The 500's text and the probe that the platform answered. */
		probed?: { message: string; path: string };
	},
) {
	const { status, body, probed } = failure;
	const name = record ? `${RESOURCE_NAMES[record.resource]} ${record.id}` : 'The record';
	const answered = probed
		? `${probed.message} (the platform answers 500 to a record it does not have; it answered GET ${probed.path} at the same time, so it is not down)`
		: `${status}: ${messageOrStatus(body, status, failure.host)}`;
	return new NodeApiError(
		node,
		{ code: (body?.code as string) ?? null, message: `${name} was not found` },
		classified(
			{
				message: `${name} was not found: it may have been deleted, or the ID is wrong`,
				description: `${failure.method} ${failure.path} answered ${answered}. Check the ID; a deleted record cannot be read.`,
				httpCode: String(status),
				itemIndex: failure.itemIndex,
			},
			{ cause: 'configuration-invalid' },
		),
	);
}
