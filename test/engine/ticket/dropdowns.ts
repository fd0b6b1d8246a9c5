/** Ticket custom-field dropdowns: registered by ticket.test.ts, which starts the fake platform once for the folder. */
import { accountOf, loadOptions } from '../../../tools/engine-harness/harness';
import { platform, field } from './helpers/context';

describe('Ticket custom-field dropdowns', () => {
	test('getCustomFields lists the definitions with their type', async () => {
		const options = await loadOptions('getCustomFields', accountOf(platform), {});
		expect(options).toEqual(
			platform.store.ticketFields.map((definition) => ({
				name: `${definition.custom_field_lable} (${definition.type})`,
				value: definition.custom_field_id,
				description: definition.code ? `Code: ${definition.code}` : undefined,
			})),
		);
	});

	test('getCustomFieldValues lists the choices of the field chosen in the same row', async () => {
		const product = field('Product');
		const options = await loadOptions(
			'getCustomFieldValues',
			accountOf(platform),
			{ resource: 'ticket', operation: 'create', customFields: { field: [{ fieldId: product.custom_field_id }] } },
			{ path: 'parameters.customFields.field[0].choices' },
		);
		const byId = new Map(product.values!.map((value) => [value.id, value]));
		expect(options).toEqual(
			product.values!.map((value) => ({
				name: (value.parent_value_id ?? -1) > 0 ? `${byId.get(value.parent_value_id!)!.lable} › ${value.lable}` : value.lable,
				value: value.id,
				description: value.code ? `Code: ${value.code}` : undefined,
			})),
		);
		expect(options.map((option) => option.name)).toContain('Phone › iPhone');
	});

	test('getCustomFieldValues is empty before a field is chosen', async () => {
		const options = await loadOptions(
			'getCustomFieldValues',
			accountOf(platform),
			{ resource: 'ticket', operation: 'create', customFields: { field: [{ fieldId: '' }] } },
			{ path: 'parameters.customFields.field[0].choices' },
		);
		expect(options).toEqual([]);
	});
});
