/**
 * Chat → Get Conversation (docs/operations.md#chat): one conversation's messages in order, by
 * its ID. The list takes a conversation ID only beside a start-time range of at most 30 days
 * (docs/api.md#chats), so the conversation is looked for in the last Started Within days,
 * newest 30-day window first, and the search stops at the window that holds it.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CHAT, type ListSpec } from '../../api/endpoints';
import { toQueryTime } from '../../basics/clock';
import { checked } from '../../checks/declared';
import { simplifyProperty } from '../../description/properties';
import { operation } from '../../engine/operation';
import { maxWindowMs, windowsBackFrom } from '../../transport';
import { channelProperty, channelTypesOf, readChannel } from './channels';

const show = { resource: ['chat'], operation: ['get'] };
export const DEFAULT_STARTED_WITHIN_DAYS = 30;
const START = CHAT.messages.dates.start_time;

export const getChatConversationFields: INodeProperties[] = [
	checked(
		{
			displayName: 'Conversation ID',
			name: 'conversationId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 500012',
			displayOptions: { show },
			description: 'The conversation_id of a message (Chat → Get Many or the trigger gives it)',
			// Sent as checked: its digits alone (a pasted ID or an expression may carry spaces).
				routing: { send: { type: 'query', property: 'conversation_id', value: '={{ String($value).trim() }}' } },
		},
		{ required: true, id: true, maxLength: 20, text: true },
	),
	checked({
		displayName: 'Started Within (Days)',
		name: 'startedWithinDays',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 365 },
		default: DEFAULT_STARTED_WITHIN_DAYS,
		displayOptions: { show },
		description:
			'How far back the conversation may have started. The platform finds a conversation only within a start-time range of 30 days: each further 30 days costs a request more when the conversation is older or not found.',
	}, { required: true }),
	channelProperty(
		'get',
		"The conversation's channel, if known. With All Channels the channels are tried in turn until one answers the conversation; the platform's documentation says it ignores the channel when given a conversation ID, so the first request usually finds it.",
	),
	simplifyProperty('chat', ['get']),
];

/** The messages in the order written; messages without an index keep their place after the others. */
function inOrder(messages: IDataObject[]): IDataObject[] {
	const index = (message: IDataObject) => {
		const value = Number(message.message_index);
		return Number.isFinite(value) ? value : Number.MAX_SAFE_INTEGER;
	};
	return [...messages].sort((a, b) => index(a) - index(b));
}

export const getChatConversation = operation(
	{
		name: 'Get Conversation',
		value: 'get',
		action: "Get a conversation's messages",
		description:
			"Get every message of one chat conversation (Live Chat, Messenger/Instagram or Zalo) in the order written, by its conversation ID, looked for among the conversations that started in the last days you choose",
	},
	CHAT.messages,
	{
		fields: getChatConversationFields,
		simplify: 'chatMessage',
		async answer(request, item) {
			const days = Number(this.getNodeParameter('startedWithinDays', DEFAULT_STARTED_WITHIN_DAYS));
			const id = String(request.qs?.conversation_id);
			const spec: ListSpec = CHAT.messages;
			// Newest first: a conversation has one start, so it is in exactly one window.
			for (const [start, end] of windowsBackFrom(Date.now(), days, maxWindowMs(spec.windowDays))) {
				const qs = {
					...request.qs,
					[START.since]: toQueryTime(start, item.account.clock),
					[START.to]: toQueryTime(end, item.account.clock),
				};
				for (const type of channelTypesOf(this)) {
					const messages = await readChannel(this, { ...request, qs }, type, item, { keepAnyChannel: true });
					if (messages.length > 0) return inOrder(messages);
				}
			}
			throw new NodeOperationError(
				this.getNode(),
				`No conversation ${id} started in the last ${days} days [item ${item.itemIndex}]`,
				{
					itemIndex: item.itemIndex,
					description: `The platform lists a conversation's messages by the conversation's start (docs/api.md#chats). If it started earlier, raise Started Within (Days) (up to 365); check the Conversation ID and the Channel.`,
				},
			);
		},
	},
);
