/**
 * Chat → Get Many (docs/operations.md#chat): the messages of the conversations that
 * started in a range, on one channel or all, read channel by channel and window by window
 * (30 days each, docs/api.md#chats).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CHAT } from '../../api/endpoints';
import { messageOnTwoChannels, messageOnTwoChannelsText } from '../../api/records';
import { checkDateRanges } from '../../checks/dateRanges';
import { checkLimit, checked } from '../../checks/declared';
import { asQuery, requesterContactFilter } from '../../description/filters';
import { collection, dynamicOptions, returnAllAndLimit, simplifyProperty } from '../../description/properties';
import { operation } from '../../engine/operation';
import { requesterFilterSteps } from '../contact/requester';
import { channelProperty, channelTypesOf, mergedByConversation, readChannel } from './channels';

const show = { resource: ['chat'], operation: ['getAll'] };
const START = CHAT.messages.dates.start_time;

export const getAllChatMessagesFields: INodeProperties[] = [
	channelProperty(
		'getAll',
		'Which channel to read. The platform lists one channel per request: All Channels asks each of them in turn (three requests per 30-day window).',
	),
	{
		displayName: 'From',
		name: 'since',
		type: 'dateTime',
		required: true,
		default: '',
		displayOptions: { show },
		description:
			'Conversations that started at or after this time, with all their messages (also those written later). Ranges longer than 30 days are read in 30-day windows.',
		routing: { send: { type: 'query', property: START.since } },
	},
	{
		displayName: 'To',
		name: 'to',
		type: 'dateTime',
		default: '',
		displayOptions: { show },
		description: 'Conversations that started at or before this time (inclusive); empty means now',
		routing: { send: { type: 'query', property: START.to } },
	},
	...returnAllAndLimit('chat', 'getAll', CHAT.messages.windowDays),
	collection('filters', show, [
		asQuery(
			dynamicOptions('Agent', 'last_agent_user_id', 'getAgents', 'Only conversations whose last agent is this one'),
		),
		checked(
			{
				displayName: 'Conversation ID',
				name: 'conversation_id',
				type: 'string',
				default: '',
				placeholder: 'e.g. 500012',
				description: 'Only the messages of this conversation (it must have started in the range)',
				// Sent as checked: its digits alone (a pasted ID or an expression may carry spaces).
				routing: { send: { type: 'query', property: 'conversation_id', value: '={{ String($value).trim() }}' } },
			},
			{ id: true, maxLength: 20, text: true },
		),
		requesterContactFilter('conversations'),
		checked(
			{
				displayName: 'Service Names or IDs',
				name: 'services',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getChatServices' },
				default: [],
				description:
					'Only conversations of these chat services. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				routing: { send: { type: 'query', property: 'services' } },
			},
			{ idList: true },
		),
	]),
	simplifyProperty('chat', ['getAll']),
];

export const getAllChatMessages = operation(
	{
		// n8n's lint wants every getAll named "Get Many"; the action and the resource say messages.
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many chat messages',
		description:
			"List the chat messages (Live Chat, Messenger/Instagram, Zalo) of the conversations that started in a date range of any length, filtered by conversation, customer, last agent or service; each message says who wrote it, the text, the channel and the time",
	},
	CHAT.messages,
	{
		fields: getAllChatMessagesFields,
		simplify: 'chatMessage',
		checks: [checkDateRanges([{ since: START.since, to: START.to }], { required: true }), requesterFilterSteps.check],
		resolve: [requesterFilterSteps.resolve],
		async answer(request, item) {
			const limit = this.getNodeParameter('returnAll', false) === true ? undefined : checkLimit(this);
			const types = channelTypesOf(this);
			const reads: Array<{ channel: number; records: IDataObject[] }> = [];
			// One channel after another: the request log (and the budget) reads in the order asked.
			for (const type of types) reads.push({ channel: type, records: await readChannel(this, request, type, item, { limit }) });
			// Messages without a type that several channels answered alike: the filter was not applied.
			const shared = messageOnTwoChannels(reads);
			if (shared) {
				throw new NodeApiError(this.getNode(), { id: shared.id }, {
					message: `${messageOnTwoChannelsText(shared)} [item ${item.itemIndex}]`,
					description: 'These are not the messages asked for, so none is returned (docs/api.md#chats).',
					itemIndex: item.itemIndex,
				});
			}
			const messages = reads.flatMap((read) => read.records);
			const merged = types.length > 1 ? mergedByConversation(messages, item) : messages;
			return limit === undefined ? merged : merged.slice(0, limit);
		},
	},
);
