/**
 * One poll of New Chat Message: for each channel asked, the conversations started within the
 * lookback are read again, every page, within the poll's budget (boundedRead.ts); the messages
 * not recorded before are emitted once, oldest first (chatCursor.ts), and only then the state
 * moves, in the poll's own copy of the static data, which `poll()` commits (staticData.ts).
 * Cost: docs/operations.md#new-chat-message.
 */
import type { IDataObject, INodeExecutionData, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CHAT_CHANNEL_OPTIONS, CHAT_CHANNEL_TYPES } from '../CustomerCare/api/codes';
import { CHAT } from '../CustomerCare/api/endpoints';
import { messageOnTwoChannels, messageOnTwoChannelsText, otherChannelText } from '../CustomerCare/api/records';
import { readDefinitions } from '../CustomerCare/definitions/accountDefinitions';
import { simplifyDefinitionsOf, simplifyRecords } from '../CustomerCare/output/simplify';
import { readApiTime, toQueryTime } from '../CustomerCare/basics/clock';
import { MAX_PAGE_SIZE, getAccount, readAllPages, type Account } from '../CustomerCare/transport';
import { boundedRead } from './boundedRead';
import {
	compareMessages,
	completeChatRead,
	planChatPoll,
	readChannelParts,
	type ChannelRead,
	type ChatMessage,
	type ChatState,
} from './chatCursor';
import type { PollState, ReadWindow } from './cursor';
import { pollBudgetMsOf } from './pollBudget';
import { CHAT_EVENT } from './events';
import { moveTo } from './staticData';

const CHAT_EVENT_VALUE = CHAT_EVENT.value;

/** The channels of the Channel parameter, by their conversation_type (the action node's Chat resource reads the same). */
const channelTypesOf = (channel: string): number[] =>
	channel in CHAT_CHANNEL_TYPES ? [CHAT_CHANNEL_TYPES[channel as keyof typeof CHAT_CHANNEL_TYPES]] : Object.values(CHAT_CHANNEL_TYPES);

/**
 * The Lookback option's default: a day. At 2,000 messages a day over three channels it is one
 * or two pages of 500 per channel and poll; a conversation still written in after a day is rare
 * on live chat, and a longer lookback costs a page per 500 more messages it holds.
 */
export const DEFAULT_LOOKBACK_HOURS = 24;
/** The list takes conversation starts at most 30 days apart (docs/api.md#chats): one window per channel. */
export const MAX_LOOKBACK_HOURS = 720;
const LOOKBACK_SPAN_MS = MAX_LOOKBACK_HOURS * 3_600_000 - 1000;

/** New Chat Message: its channel, and how far back conversations are read again (docs/operations.md#new-chat-message). */
export const chatEventProperties = (simplifyOption: INodeProperties): INodeProperties[] => [
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		options: CHAT_CHANNEL_OPTIONS,
		default: 'all',
		description: 'The channel whose messages start the workflow; All Channels asks each channel',
		displayOptions: { show: { event: [CHAT_EVENT_VALUE] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { event: [CHAT_EVENT_VALUE] } },
		options: [
			{
				displayName: 'Lookback (Hours)',
				name: 'lookbackHours',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_LOOKBACK_HOURS },
				default: DEFAULT_LOOKBACK_HOURS,
				description:
					'Conversations started this many hours back are read again at each poll: a message written later in an older conversation is missed. Each poll costs a request per 500 messages these conversations hold, per channel.',
			},
			simplifyOption,
		],
	},
];

/** List requests one channel may make in a poll (as a list event's poll): 20 pages of 500. */
const MAX_REQUESTS_PER_CHANNEL = 20;
/** Fetch Test Event: the latest messages. */
const SAMPLE_SIZE = 3;

/** The messages as the poll emits them: shaped as Get Many Messages shapes them (Simplify), or as the API gave them. */
async function chatOutput(ctx: IPollFunctions, account: Account, records: IDataObject[]): Promise<INodeExecutionData[][]> {
	if (!(ctx.getNodeParameter('options.simplify', true) as boolean)) return [ctx.helpers.returnJsonArray(records)];
	const definitions = await readDefinitions(ctx, account, simplifyDefinitionsOf('chatMessage', records));
	return [ctx.helpers.returnJsonArray(simplifyRecords(records, 'chatMessage', account.clock, definitions))];
}


/**
 * A message of another channel than asked is the platform not applying `conversation_type`
 * (docs/api.md#chats): the poll fails naming both, and its state stays. Recording it under the
 * channel asked would emit it again when its own channel is read.
 */
function otherChannelError(ctx: IPollFunctions, asked: number, message: IDataObject): NodeApiError {
	const got = message.conversation_type;
	return new NodeApiError(
		ctx.getNode(),
		{ conversation_type: String(got), asked: String(asked) },
		{
			message: otherChannelText(got, asked),
			description:
				'It did not apply the channel filter, so these are not the messages asked for; none is emitted and the trigger reads them again at its next poll. docs/api.md#chats: the platform lists one channel per request and Live Chat when none is named; the node always names it.',
		},
	);
}

/** The static data of New Chat Message: its messages recorded. */
type ChatPollState = PollState & { chats?: ChatState };

interface ChatPoll {
	ctx: IPollFunctions;
	account: Account;
}

/** The Lookback (Hours) option in ms: more than 0, at most 720 h; refused otherwise. */
function lookbackMsOf(ctx: IPollFunctions, options: IDataObject): number {
	const hours = Number(options.lookbackHours ?? DEFAULT_LOOKBACK_HOURS);
	if (!Number.isFinite(hours) || hours <= 0 || hours > MAX_LOOKBACK_HOURS) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Lookback (Hours) is ${JSON.stringify(options.lookbackHours)}; a number of hours more than 0 and at most ${MAX_LOOKBACK_HOURS} is allowed`,
		);
	}
	return Math.min(Math.ceil(hours * 3_600_000), LOOKBACK_SPAN_MS);
}

/** Every page of the messages of one channel's conversations started within `window`. */
async function readChannel(
	{ ctx, account }: ChatPoll,
	channel: number,
	window: ReadWindow,
	morePages?: (numFound: number | undefined, requestsSoFar: number) => number,
) {
	const list = CHAT.messages;
	const qs = {
		conversation_type: channel,
		start_time_since: toQueryTime(window.since, account.clock),
		start_time_to: toQueryTime(window.to, account.clock),
	};
	return await readAllPages.call(
		ctx,
		{ method: list.method, path: list.path, account, qs },
		list,
		morePages ? { morePages, whenUnstable: 'drop' } : undefined,
	);
}

/**
 * The messages of records read from one channel's `window`. A message whose time is not a time
 * cannot be ordered nor told new from history: it is left out, and n8n's log says so.
 */
function messagesOf({ ctx, account }: ChatPoll, channel: number, records: IDataObject[], window: ReadWindow): ChatMessage[] {
	const messages: ChatMessage[] = [];
	const unread: IDataObject[] = [];
	for (const record of records) {
		const type = record.conversation_type;
		if (type !== undefined && type !== null && type !== '' && Number(type) !== channel) throw otherChannelError(ctx, channel, record);
		const at = readApiTime(record.time, account.clock);
		if (at === undefined) {
			unread.push(record);
			continue;
		}
		const index = Number(record.message_index);
		const id = record.id ?? record.msg_id;
		const conversationId = String(record.conversation_id ?? `message ${String(id)}`);
		messages.push({
			conversation: `${channel}:${conversationId}`,
			conversationId,
			...(record.message_index !== null && record.message_index !== '' && Number.isSafeInteger(index)
				? { index }
				: {}),
			...(id === undefined || id === null ? {} : { id: String(id) }),
			at,
			startedAt: readApiTime(record.start_time, account.clock) ?? window.to,
			record,
		});
	}
	if (unread.length > 0) {
		ctx.logger.warn(
			`Customer Care Trigger "${ctx.getNode().name}": ${unread.length} chat message(s) left out, their time not a time (e.g. message ${String(unread[0].id)}: ${JSON.stringify(unread[0].time)}).`,
			{ workflowId: ctx.getWorkflow().id, nodeName: ctx.getNode().name },
		);
	}
	return messages;
}

/**
 * One poll: from the state it is given to (output, next state). Each channel has its share of
 * the poll's read time, so that a busy channel cannot starve the others; a part is kept only
 * when read whole, and a read cut short resumes there next poll (chatCursor.ts planChatPoll).
 */
export async function pollChatMessages(
	ctx: IPollFunctions,
	/** The poll's own copy of the static data (staticData.ts `startPoll`), moved in place. */
	state: PollState,
	startedAt: number,
): Promise<INodeExecutionData[][] | null> {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const channels = channelTypesOf(ctx.getNodeParameter('channel', 'all') as string);
	const lookbackMs = lookbackMsOf(ctx, options);
	const poll: ChatPoll = { ctx, account: await getAccount.call(ctx) };
	if (ctx.getMode() === 'manual') return await sample(poll, channels, lookbackMs);

	// New Chat Message keeps its state under `chats` of the static data (chatCursor.ts).
	const plan = planChatPoll((state as ChatPollState).chats, Date.now(), lookbackMs, channels);
	const budgetMs = pollBudgetMsOf(ctx);
	const reads: ChannelRead[] = [];
	for (const [position, { channel, parts }] of plan.channels.entries()) {
		const budget = {
			startedAt,
			budgetMs: (budgetMs * (position + 1)) / plan.channels.length,
			maxRequests: MAX_REQUESTS_PER_CHANNEL,
			pageSize: MAX_PAGE_SIZE,
		};
		const read = await readChannelParts({ channel, parts }, async (part) => {
			const bounded = await boundedRead(part, budget, () => Date.now(), async (chunk, morePages) =>
				await readChannel(poll, channel, chunk, morePages),
			);
			return { messages: messagesOf(poll, channel, bounded.records, part), to: bounded.read?.to };
		});
		reads.push(read);
	}
	// Messages without a type that several channels answered alike: recorded under each, they would come twice.
	const shared = messageOnTwoChannels(reads.map((read) => ({ channel: read.channel, records: read.messages.map((message) => message.record) })));
	if (shared) {
		throw new NodeApiError(ctx.getNode(), { id: shared.id }, {
			message: messageOnTwoChannelsText(shared),
			description: 'None is emitted and the trigger reads them again at its next poll (docs/api.md#chats).',
		});
	}
	const { emitted, state: next } = completeChatRead(plan, reads);
	const result = emitted.length === 0 ? null : await chatOutput(ctx, poll.account, emitted.map((message) => message.record));
	moveTo(state, { ...state, chats: next } as ChatPollState);
	return result;
}

/** Fetch Test Event: the latest messages of the conversations started within the lookback; the state untouched. */
async function sample(poll: ChatPoll, channels: number[], lookbackMs: number) {
	const now = Date.now();
	const to = Math.floor(now / 1000) * 1000;
	const window = { since: Math.floor((now - lookbackMs) / 1000) * 1000, to };
	const messages: ChatMessage[] = [];
	for (const channel of channels) {
		const read = await readChannel(poll, channel, window);
		messages.push(...messagesOf(poll, channel, read.records ?? [], window));
	}
	const latest = messages.sort(compareMessages).slice(-SAMPLE_SIZE);
	if (latest.length === 0) {
		throw new NodeOperationError(
			poll.ctx.getNode(),
			`No chat message in the conversations started in the last ${Math.round(lookbackMs / 3_600_000)} hours`,
			{ description: 'Write a message in one of the channels chosen, or widen Lookback (Hours), then fetch a test event again.' },
		);
	}
	return await chatOutput(poll.ctx, poll.account, latest.map((message) => message.record));
}
