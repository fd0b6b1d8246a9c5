import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { formFieldsOf } from '../shared/customFieldMapper';
import { getFieldDefinitions } from '../shared/customFields';

/**
 * The "Custom Fields" form of Create and Update (tickets, leads and deals share the ticket
 * definitions). Read fresh, never from the run-time cache: n8n calls this when the node opens
 * and on "Refresh Custom Field List", which is how a renamed, retyped, added or deleted field
 * reaches the form. A failed read throws, so that the editor keeps the values already entered.
 */
export async function getCustomFieldColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const definitions = await getFieldDefinitions.call(this, 'tickets', { fresh: true });
	return { fields: formFieldsOf(definitions) };
}
