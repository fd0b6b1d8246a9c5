/**
 * The chat message list read channel by channel (docs/api.md#chats): the platform lists one
 * channel per request (`conversation_type`, Live chat when absent), so the node always names it,
 * and "All Channels" asks each in turn. What it does with an answer holding another channel's
 * messages is said here once, for Get Many and Get Conversation.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CHAT } from '../../api/endpoints';
import { CHAT_CHANNEL_OPTIONS, CHAT_CHANNEL_TYPES, type ChatChannel } from '../../api/codes';
import { otherChannelText } from '../../api/records';
import { readApiTime } from '../../basics/clock';
import { checked } from '../../checks/declared';
import { isEmpty } from '../../basics/looseValues';
import { fetchList, type ApiRequest } from '../../transport';
import type { ItemContext } from '../../engine/spec';

/** The Channel parameter of both operations. */
export function channelProperty(operation: string, description: string): INodeProperties {
	// Not sent as a field (each read names its conversation_type), so declared to be checked.
	return checked({
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		options: CHAT_CHANNEL_OPTIONS,
		default: 'all',
		displayOptions: { show: { resource: ['chat'], operation: [operation] } },
		description,
	}, { oneOf: CHAT_CHANNEL_OPTIONS.map((option) => option.value) });
}

/** The `conversation_type` of each channel the item asks, in the order asked. */
export function channelTypesOf(ctx: IExecuteSingleFunctions): number[] {
	const channel = ctx.getNodeParameter('channel', 'all') as ChatChannel;
	return channel === 'all' ? Object.values(CHAT_CHANNEL_TYPES) : [CHAT_CHANNEL_TYPES[channel]];
}

/**
 * A page whose messages belong to another channel than asked, without a conversation ID to
 * explain it, is the platform not applying `conversation_type`. The item fails, naming both:
 * dropping them would return nothing for the channel asked and hide that it was never read;
 * keeping them would return Live Chat messages for a Zalo read.
 */
export function otherChannelError(
	ctx: IExecuteSingleFunctions,
	asked: number,
	message: IDataObject,
	item: ItemContext,
): NodeApiError {
	const got = message.conversation_type;
	return new NodeApiError(
		ctx.getNode(),
		{ conversation_type: got as string, asked: String(asked) },
		{
			message: `${otherChannelText(got, asked)} [item ${item.itemIndex}]`,
			description:
				'It did not apply the channel filter, so these are not the messages asked for and none are returned. docs/api.md#chats: the platform lists one channel per request and Live Chat when none is named; the node always names it.',
			itemIndex: item.itemIndex,
		},
	);
}

/**
 * One channel's messages of the request's range: its windows and pages (CHAT.messages), each
 * page checked as it arrives. With a conversation ID the platform ignores the channel
 * (docs/api.md#chats): another channel's messages are then that conversation's, and only those
 * of the channel asked are kept. `keepAnyChannel`: Get Conversation keeps them all.
 */
export async function readChannel(
	ctx: IExecuteSingleFunctions,
	request: ApiRequest,
	type: number,
	item: ItemContext,
	{ limit, keepAnyChannel = false }: { limit?: number; keepAnyChannel?: boolean } = {},
): Promise<IDataObject[]> {
	const qs: IDataObject = { ...request.qs, conversation_type: type };
	const byConversation = !isEmpty(qs.conversation_id);
	const records = await fetchList.call(ctx, { ...request, qs }, CHAT.messages, limit, async (page) => {
		const stray = page.find((message) => !isEmpty(message.conversation_type) && Number(message.conversation_type) !== type);
		if (stray && !byConversation) throw otherChannelError(ctx, type, stray, item);
		if (byConversation) {
			const other = page.find((message) => idText(message.conversation_id) !== idText(qs.conversation_id));
			if (other) throw otherConversationError(ctx, String(qs.conversation_id), other, item);
		}
		return page;
	});
	if (!byConversation || keepAnyChannel) return records;
	return records.filter((message) => isEmpty(message.conversation_type) || Number(message.conversation_type) === type);
}

/** An ID as digits without leading zeros, however it was written (a number, text, `007`). */
const idText = (id: unknown) => String(id).trim().replace(/^0+(?=\d)/, '');

/** A page holding another conversation's messages than the one asked: the platform ignored `conversation_id`. */
function otherConversationError(
	ctx: IExecuteSingleFunctions,
	asked: string,
	message: IDataObject,
	item: ItemContext,
): NodeApiError {
	return new NodeApiError(
		ctx.getNode(),
		{ conversation_id: String(message.conversation_id), asked },
		{
			message: `The platform answered messages of conversation ${String(message.conversation_id)} to a request for conversation ${asked} [item ${item.itemIndex}]`,
			description:
				'It did not apply the conversation_id filter, so these are not the messages asked for and none are returned (docs/api.md#chats).',
			itemIndex: item.itemIndex,
		},
	);
}

/**
 * The messages of several channels as one list: by conversation start (the list's own order,
 * as docs/api.md#chats assumes it), then conversation, then message index. The channels hold
 * no message in common (readChannel keeps each channel's own), so none is dropped.
 */
export function mergedByConversation(messages: IDataObject[], item: ItemContext): IDataObject[] {
	const start = (message: IDataObject) => readApiTime(message.start_time, item.account.clock) ?? Number.MAX_SAFE_INTEGER;
	return messages
		.map((message) => ({ message, start: start(message) }))
		.sort(
			(a, b) =>
				a.start - b.start ||
				Number(a.message.conversation_id) - Number(b.message.conversation_id) ||
				Number(a.message.message_index) - Number(b.message.message_index),
		)
		.map(({ message }) => message);
}
