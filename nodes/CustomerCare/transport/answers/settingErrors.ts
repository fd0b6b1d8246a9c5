/**
 * A field of the credential or a Request Option of the node that stops the request from being
 * sent at all (account.ts, settings.ts): a person must change it.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export function credentialError(node: INode, field: string, allowed: string) {
	return new NodeOperationError(node, `Customer Care credential: "${field}" ${allowed}`, {
		failure: { cause: 'credential-invalid' },
	});
}

/** A setting of the node or the credential that stops the request from being sent at all. */
export function configurationError(
	node: INode,
	message: string,
	description: string,
	itemIndex?: number,
) {
	return new NodeOperationError(node, message, {
		description,
		itemIndex,
		failure: { cause: 'configuration-invalid' },
	});
}
