import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INode,
	INodeCredentialTestResult,
	NodeApiError,
} from 'n8n-workflow';

import { AGENT } from '../api/endpoints';
import {
	accountOf,
	type Account,
	listRecordsOf,
	exchange,
	type FinalAnswer,
	isLow,
	type QuotaSnapshot,
	quotaOf,
	type FullResponse,
	type Send,
} from '../transport';

/** Who the errors of the test are from (the test runs outside any workflow). */
const TEST_NODE: INode = {
	id: 'credential-test',
	name: 'Customer Care credential test',
	type: 'n8n-nodes-customer-care.customerCare',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/**
 * n8n's credential test offers only its legacy `request` helper: the token is put in the header
 * here, as the credential's authenticate does for every other request.
 */
function sendWithLegacyRequest(helpers: ICredentialTestFunctions['helpers'], token: string): Send {
	return async (options, authenticated) =>
		(await helpers.request({
			method: options.method,
			uri: `${options.baseURL}${options.url}`,
			qs: options.qs,
			headers: authenticated
				? { ...options.headers, Authorization: `Bearer ${token}` }
				: options.headers,
			json: true,
			resolveWithFullResponse: true,
			simple: false,
			followRedirect: false,
			followAllRedirects: false,
			timeout: options.timeout,
		})) as FullResponse;
}

function messageOf(answer: FinalAnswer, account: Account): string | undefined {
	if (answer.kind === 'ok') {
		// A 200 "ok" that lacks the agents list is not the platform's agents answer (a portal or
		// proxy page, another API): the same error a list read would give, never "successful".
		try {
			listRecordsOf(TEST_NODE, answer.body ?? {}, {
				path: AGENT.list.path,
				root: AGENT.list.rootProperty,
			});
			return undefined;
		} catch (error) {
			const failed = error as NodeApiError;
			return `${failed.message}. ${failed.description ?? ''} Check the Base URL.`;
		}
	}
	if (answer.kind === 'lockedOut')
		return `The platform has locked this domain out: ${answer.message}`;
	// notFound only answers a record read (exchange.ts), which the test is not.
	const body: IDataObject = (answer.kind === 'rejected' ? answer.body : undefined) ?? {};
	const apiMessage = typeof body.message === 'string' ? body.message : '';
	if (answer.status === 401) {
		return `The API Token was refused (401 "${apiMessage}"). Copy it again from Admin → Api → Api token.`;
	}
	if (answer.status === 404 && apiMessage === 'Domain not found') {
		return `The platform does not know the Domain "${account.domain}" (404 "Domain not found"). Check the Domain field and the Base URL.`;
	}
	if (answer.status < 300) {
		return `The platform answered the test with code "${String(body.code)}": ${apiMessage || 'no message'}`;
	}
	return `The platform answered the test with HTTP ${answer.status}: ${apiMessage || 'no message'}`;
}

/** The hourly quota the test's own answer told (its rate headers), for the success message. */
function quotaText(quota: QuotaSnapshot | undefined, since: number): string {
	if (!quota || quota.readAt < since) return '';
	const of = quota.limit !== undefined ? ` of ${quota.limit.toLocaleString('en-US')}` : '';
	const low = isLow(quota) ? ' That is low: every tool on the account shares them.' : '';
	return ` ${quota.remaining.toLocaleString('en-US')}${of} requests are left in the account's hour.${low}`;
}

/**
 * The credential test, through the transport like every request (throttle, lock-out, failover):
 * the Domain checked as every request checks it, then the agents list, the lightest call that
 * proves token and domain together (401 and 404 "Domain not found", docs/api.md), its body's
 * code checked too (a failure can come as a 200).
 */
export async function customerCareApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	let account: Account | undefined;
	try {
		account = accountOf(TEST_NODE, credential.data ?? {});
		const channel = {
			node: TEST_NODE,
			send: sendWithLegacyRequest(this.helpers, account.token),
			settings: {},
		};
		const sentAt = Date.now();
		const answer = await exchange(channel, account, { path: AGENT.list.path });
		const message = messageOf(answer, account);
		return message
			? { status: 'Error', message }
			: { status: 'OK', message: `Connection successful!${quotaText(quotaOf(account), sentAt)}` };
	} catch (error) {
		const failed = error as NodeApiError;
		const noAnswer = failed.failure?.cause === 'temporarily-unavailable' && !failed.httpCode;
		if (account && noAnswer) {
			return {
				status: 'Error',
				message: `The platform could not be reached at ${account.baseUrl}. ${failed.description ?? ''} Check the Base URL.`,
			};
		}
		return { status: 'Error', message: failed.message ?? String(error) };
	}
}
