/**
 * The request of one item before it is sent: n8n built it from the routing; here its empty
 * values are dropped, its fields and cross-field checks run, the account's definitions its
 * steps need are read (again, when the platform refused what stale ones allowed), and what it
 * names by another key is resolved (a requester's phone to its contact's ID).
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { checkFields } from '../checks/declared';
import { isPlainObject } from '../basics/looseValues';
import { forgetDefinitions, readDefinitions, readSince } from '../definitions/accountDefinitions';
import type { ItemContext, DefinitionStep, OperationSpec } from './spec';

/** Optional fields left empty in the editor are not sent (the API reads '' as a value). The one place for empty values. */
export function withoutEmpty(value: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, entry] of Object.entries(value)) {
		if (entry === '' || entry === undefined || entry === null) continue;
		// Only plain objects are walked: a date from an expression (Luxon, Date) is a value.
		result[key] = isPlainObject(entry) ? withoutEmpty(entry as IDataObject) : entry;
	}
	return result;
}

/** The request n8n built, without empty values, checked and completed by the operation's steps. */
export async function prepare(
	ctx: IExecuteSingleFunctions,
	spec: OperationSpec,
	built: IHttpRequestOptions,
	item: ItemContext,
): Promise<IHttpRequestOptions> {
	const request: IHttpRequestOptions = {
		...built,
		qs: built.qs ? withoutEmpty(built.qs as IDataObject) : undefined,
		body:
			built.method === 'GET' || built.method === undefined
				? undefined
				: withoutEmpty((built.body as IDataObject | undefined) ?? {}),
	};
	if (spec.fields) checkFields.call(ctx, spec.fields, request, item);
	for (const check of spec.checks ?? []) await check.call(ctx, request, item);
	const steps = spec.definitionSteps ?? [];
	item.definitionNames = [...new Set(steps.flatMap((step) => step.needs.call(ctx, request)))];
	const readFrom = Date.now();
	await runDefinitionSteps(ctx, steps, request, item, {}).catch(async (refusal: unknown) => {
		if (readSince(item.account, item.definitionNames, readFrom)) return await Promise.reject(refusal);
		// Refused by definitions kept from an earlier read: read them again before the refusal
		// stands (a field or a choice an admin just added).
		return await runDefinitionSteps(ctx, steps, request, item, { fresh: true });
	});
	for (const step of spec.resolve ?? []) await step.call(ctx, request, item);
	return request;
}

/** The definitions step: the definitions the item needs (shared by the process a short while), then its steps. */
async function runDefinitionSteps(
	ctx: IExecuteSingleFunctions,
	steps: DefinitionStep[],
	request: IHttpRequestOptions,
	item: ItemContext,
	options: { fresh?: boolean },
) {
	if (item.definitionNames.length) {
		item.definitions = await readDefinitions(ctx, item.account, item.definitionNames, options);
	}
	for (const step of steps) await step.run?.call(ctx, request, item);
}


/**
 * The platform refused a request its definitions allowed: they may be stale (a field or choice
 * an admin deleted). They are read again and the item's steps run on them, so that the item's
 * own check names what is wrong; if they pass, the platform's refusal stands.
 */
export async function recheckAfterRefusal(
	ctx: IExecuteSingleFunctions,
	spec: OperationSpec,
	request: IHttpRequestOptions,
	item: ItemContext,
) {
	forgetDefinitions(item.account, item.definitionNames);
	await runDefinitionSteps(ctx, spec.definitionSteps ?? [], request, item, { fresh: true });
}
