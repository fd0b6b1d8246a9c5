import type { INodeProperties } from 'n8n-workflow';

import { CONTACT } from '../../api/endpoints';
import { checkDateRanges } from '../../checks/dateRanges';
import { labelledOutputOf } from '../../customFields/labels';
import { dateFilterOptions, labelledRanges } from '../../description/filters';
import {
	alphabetical,
	collection,
	returnAllAndLimit,
	simplifyProperty,
} from '../../description/properties';
import { operation } from '../../engine/operation';

const show = { resource: ['contact'], operation: ['getAll'] };
const dates = CONTACT.list.dates;

export const getAllContactsFields: INodeProperties[] = [
	...returnAllAndLimit('contact'),
	collection(
		'filters',
		show,
		alphabetical([
			...dateFilterOptions(dates, 'contacts'),
			{
				displayName: 'Sort By',
				name: 'order_by',
				type: 'options',
				default: 'updated_at',
				options: [
					{ name: 'Created At', value: 'created_at' },
					{ name: 'ID', value: 'id' },
					{ name: 'Updated At', value: 'updated_at' },
				],
				routing: { send: { type: 'query', property: 'order_by' } },
			},
			{
				displayName: 'Sort Direction',
				name: 'order_type',
				type: 'options',
				default: 'desc',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				routing: { send: { type: 'query', property: 'order_type' } },
			},
		]),
	),
	simplifyProperty('contact', ['getAll']),
];

export const getAllContacts = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many contacts',
		description:
			'List contacts (customers), optionally those updated in a date range and sorted by update, creation or ID; each with its ID, name and phone (Get reads a contact\'s e-mails and custom fields)',
	},
	CONTACT.list,
	{
		fields: getAllContactsFields,
		list: CONTACT.list,
		simplify: 'contact',
		checks: [checkDateRanges(labelledRanges(dates))],
		...labelledOutputOf('contactFieldDefinitions'),
	},
);
