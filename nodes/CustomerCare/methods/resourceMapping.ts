import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { formFieldsOf } from '../customFields/form';
import { readDefinitions, type FieldDefinitionsName } from '../definitions/accountDefinitions';
import { getAccount } from '../transport';

/**
 * The "Custom Fields" form of Create and Update (tickets, leads and deals share the ticket
 * definitions). Read fresh, never from the run-time cache: n8n calls this when the node opens
 * and on "Refresh Custom Field List", which is how a renamed, retyped, added or deleted field
 * reaches the form. A failed read throws, so that the editor keeps the values already entered.
 */
export async function getCustomFieldColumns(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	return await columnsOf(this, 'fieldDefinitions');
}

/** The same form for a contact, from the contact definitions (docs/api.md#contacts). */
export async function getContactCustomFieldColumns(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	return await columnsOf(this, 'contactFieldDefinitions');
}

async function columnsOf(
	ctx: ILoadOptionsFunctions,
	name: FieldDefinitionsName,
): Promise<ResourceMapperFields> {
	const account = await getAccount.call(ctx);
	const definitions = await readDefinitions(ctx, account, [name], { fresh: true });
	return { fields: formFieldsOf(definitions[name] ?? []) };
}
