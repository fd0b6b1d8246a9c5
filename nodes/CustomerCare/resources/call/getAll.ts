import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { CALL } from '../../api/endpoints';
import {
	collection,
	dateRangeFields,
	returnAllAndLimit,
	simplifyProperty,
} from '../../description/properties';
import { asQuery, callAgentFilter, callTypeFilter, serviceFilter } from '../../description/filters';
import { operation } from '../../engine/operation';
import type { ItemContext } from '../../engine/spec';
import { checkDateRanges } from '../../checks/dateRanges';
import { checked } from '../../checks/declared';
import { recordingFieldOf, recordingOptions, withRecording } from './recording';

/** A sortable value of a call: times as text sort as written (`YYYY-MM-DD HH:mm:ss`), durations in seconds. */
function sortKey(call: IDataObject, orderBy: string): string | number {
	const value = call[orderBy];
	if (value === null || value === undefined) return '';
	if (orderBy.endsWith('_time') && /^\d+:\d{2}:\d{2}$/.test(String(value))) {
		const [hours, minutes, seconds] = String(value).split(':').map(Number);
		return hours * 3600 + minutes * 60 + seconds;
	}
	return typeof value === 'number' ? value : String(value);
}

/**
 * The API's order of calls (default start_time, newest first; ties by record id in the same
 * direction), so the windows of a long range merge into one list in that order.
 */
function callOrder(qs: IDataObject) {
	const orderBy = String(qs.order_by ?? 'start_time');
	const direction = String(qs.order_type ?? 'DESC').toUpperCase() === 'ASC' ? 1 : -1;
	return (a: IDataObject, b: IDataObject) => {
		const ka = sortKey(a, orderBy);
		const kb = sortKey(b, orderBy);
		const byKey = ka < kb ? -1 : ka > kb ? 1 : 0;
		return direction * (byKey || Number(a.id) - Number(b.id));
	};
}

/**
 * Filters as the API takes them: the agent is an IP-phone number (digits, kept as written:
 * it may start with 0); the status the list shows as `meetAgent` is filtered as `metAgent`;
 * the sort direction in capitals.
 */
function normalizeFilters(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
	{ fail }: ItemContext,
) {
	const qs = (request.qs ?? {}) as IDataObject;
	if (qs.agent_id !== undefined) {
		const text = String(qs.agent_id).trim();
		if (!/^\d+$/.test(text)) {
			fail(
				`Agent (agent_id) must be the IP-phone number of an agent (digits only); got "${String(qs.agent_id)}"`,
			);
		}
		qs.agent_id = text;
	}
	if (qs.call_status === 'meetAgent') qs.call_status = 'metAgent';
	if (typeof qs.order_type === 'string') qs.order_type = qs.order_type.toUpperCase();
}

const show = { resource: ['call'], operation: ['getAll'] };

export const getAllCallsFields: INodeProperties[] = [
	...dateRangeFields(
		'call',
		[
			{
				name: 'Start Time',
				value: 'start_time',
				description: 'Calls that started in the range',
			},
			{
				name: 'End Time',
				value: 'end_time',
				description: 'Calls that ended in the range',
			},
		],
		'Which time of the call the range applies to',
	),
	...returnAllAndLimit('call'),
	collection('filters', show, [
		asQuery(callAgentFilter),
		{
			displayName: 'Call ID',
			name: 'call_id',
			type: 'string',
			default: '',
			description: 'Only the call with this unique call ID',
			routing: { send: { type: 'query', property: 'call_id' } },
		},
		checked(
			{
				displayName: 'Call Status',
				name: 'call_status',
				type: 'options',
				description: 'Only missed calls, or only calls an agent answered',
				options: [
					{
						name: 'Missed',
						value: 'miss',
						description: 'Calls that reached no agent',
					},
					{
						name: 'Met Agent',
						value: 'metAgent',
						description: 'Calls answered by an agent (listed as meetAgent)',
					},
				],
				default: 'miss',
				routing: { send: { type: 'query', property: 'call_status' } },
			},
			// An expression may spell it as the list writes it; normalizeFilters sends metAgent.
			{ oneOf: ['miss', 'metAgent', 'meetAgent'] },
		),
		asQuery(callTypeFilter),
		{
			displayName: 'Customer Phone',
			name: 'phone',
			type: 'string',
			default: '',
			description: "Only calls with this customer's phone number",
			routing: { send: { type: 'query', property: 'phone' } },
		},
		asQuery(serviceFilter('calls', 'getCallServices', 'voice service')),
	]),
	collection('options', show, [
		recordingOptions[0],
		recordingOptions[1],
		{
			displayName: 'Order',
			name: 'order_type',
			type: 'options',
			options: [
				{ name: 'Descending', value: 'DESC' },
				{ name: 'Ascending', value: 'ASC' },
			],
			default: 'DESC',
			description: 'Sort direction; the API default is descending',
			routing: { send: { type: 'query', property: 'order_type' } },
		},
		{
			displayName: 'Order By',
			name: 'order_by',
			type: 'options',
			options: [
				{ name: 'Call ID', value: 'call_id' },
				{ name: 'End Time', value: 'end_time' },
				{ name: 'Hold Time', value: 'hold_time' },
				{ name: 'Record ID', value: 'id' },
				{ name: 'Start Time', value: 'start_time' },
				{ name: 'Talk Time', value: 'talk_time' },
				{ name: 'Wait Time', value: 'wait_time' },
			],
			default: 'start_time',
			description: 'Field the calls are sorted by; the API default is start time',
			routing: { send: { type: 'query', property: 'order_by' } },
		},
		recordingOptions[2],
	]),
	simplifyProperty('call', ['getAll']),
];

export const getAllCalls = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many calls',
		description:
			'List the call history of a date range (by start or end time, any length) filtered by call ID, direction, missed or answered, customer phone, agent or voice service; each call carries its recording links (available from 5 minutes after the call ends), and with Download Recording its file as binary data',
	},
	CALL.list,
	{
		fields: getAllCallsFields,
		simplify: 'call',
		checks: [normalizeFilters, checkDateRanges(Object.values(CALL.list.dates), { required: true })],
		list: { ...CALL.list, order: callOrder },
		async binary(call, { account, itemIndex }) {
			const field = recordingFieldOf(this);
			if (!field) return { json: call };
			return await withRecording(this, call, { account, field, itemIndex });
		},
	},
);
