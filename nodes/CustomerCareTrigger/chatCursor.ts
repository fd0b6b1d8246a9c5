import type { IDataObject } from 'n8n-workflow';

import { secondOf, type ReadWindow } from './cursor';

/**
 * New Chat Message's exactly-once state and the steps of a poll, free of I/O so that the
 * property test drives the very functions the trigger uses (chatPoll.ts does the reading).
 *
 * The message list filters on the CONVERSATION's start time, not the message's (docs/api.md#chats),
 * so there is no cursor over message times: each poll reads again every conversation started
 * within the lookback, and the state says which of their messages were emitted. It is kept per
 * conversation, as ranges of message_index (a gap, or a message that reaches the API after a
 * later one, is one more range, never a lost message), and a conversation is forgotten once its
 * start has left the lookback (its later messages are no longer read: the event's limit).
 */
export interface ChatState {
	/** The activation second (epoch ms): a message stamped before it that the first poll did not list is history, not news. */
	from: number;
	/** Per conversation (`channel:conversation_id`), what was emitted or recorded of it. */
	conversations: Record<string, ConversationSeen>;
	/** Per channel code, the start second a read cut short by the poll's budget resumes from. */
	resume?: Record<string, number>;
	/**
	 * The longest lookback (ms) any poll read with, and the channel codes the last poll read. They
	 * change only when the user changes the options, so a quiet poll still writes nothing.
	 * A conversation is kept while it started within the longest lookback, so one not recorded
	 * that started before it (the lookback was raised past it) was read, if ever, only while it
	 * lay within it: of its messages, those stamped after its start plus that lookback were never
	 * read; the others are history. A channel added since the last poll is not watched yet: its
	 * first read records and emits nothing, as a first poll does.
	 */
	longestLookbackMs?: number;
	channels?: number[];
}

export interface ConversationSeen {
	/** Its start (epoch seconds), as the list gave it, or the end of the read that listed it when that was not a time. */
	s: number;
	/** The message_index values recorded, as inclusive ranges flattened: [from1, to1, from2, to2, …], sorted. */
	r?: number[];
	/** The ids of its messages that carry no message_index to record them by. */
	i?: string[];
}

/** One message as read: its conversation's key, its index (or id), its time and its conversation's start. */
export interface ChatMessage {
	/** `channel:conversation_id` (conversation ids are not known to be unique across channels). */
	conversation: string;
	/** The conversation_id alone, for the order. */
	conversationId: string;
	index?: number;
	id?: string;
	/** The message's time (epoch ms). */
	at: number;
	/** The conversation's start (epoch ms), or the end of the read that listed it when the list gave no time. */
	startedAt: number;
	record: IDataObject;
}

const SECOND = 1000;

/** Whether `n` lies in the flattened inclusive ranges. */
export function inRanges(ranges: number[] | undefined, n: number): boolean {
	if (!ranges) return false;
	for (let k = 0; k < ranges.length; k += 2) if (n >= ranges[k] && n <= ranges[k + 1]) return true;
	return false;
}

/** The flattened ranges with `n` added, merged with its neighbours. */
export function addToRanges(ranges: number[] | undefined, n: number): number[] {
	const pairs: Array<[number, number]> = [];
	for (let k = 0; k < (ranges?.length ?? 0); k += 2) pairs.push([ranges![k], ranges![k + 1]]);
	pairs.push([n, n]);
	pairs.sort((a, b) => a[0] - b[0]);
	const merged: Array<[number, number]> = [];
	for (const [low, high] of pairs) {
		const last = merged[merged.length - 1];
		if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
		else merged.push([low, high]);
	}
	return merged.flat();
}

/** Oldest first: by time, then conversation (numerically when both are numbers), then message_index (or id). */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
	if (a.at !== b.at) return a.at - b.at;
	if (a.conversationId !== b.conversationId) {
		const [x, y] = [Number(a.conversationId), Number(b.conversationId)];
		if (Number.isFinite(x) && Number.isFinite(y) && x !== y) return x - y;
		return a.conversationId < b.conversationId ? -1 : 1;
	}
	if (a.index !== undefined && b.index !== undefined && a.index !== b.index) return a.index - b.index;
	return (a.id ?? '') < (b.id ?? '') ? -1 : (a.id ?? '') > (b.id ?? '') ? 1 : 0;
}

/** One channel's read this poll: its parts, in the order to read them. */
export interface ChannelPlan {
	channel: number;
	parts: ReadWindow[];
}

export interface ChatPlan {
	/** The state to start from (a new one on the first poll). */
	state: ChatState;
	/** True on the first poll after activation: what it reads is recorded, nothing emitted. */
	first: boolean;
	/** The conversation starts re-read: [now − lookback, now], whole seconds, both included. */
	window: ReadWindow;
	lookbackMs: number;
	channels: ChannelPlan[];
}

/**
 * What a poll at `nowMs` reads: for each channel, the conversations started within the lookback.
 * A channel whose last read was cut short by the budget resumes where it stopped, and reads the
 * older part after it, so that a lookback holding more than one poll can read is still read in
 * full over the polls, not only its oldest part again and again.
 */
export function planChatPoll(
	state: ChatState | undefined,
	nowMs: number,
	lookbackMs: number,
	channels: number[],
): ChatPlan {
	const to = secondOf(nowMs);
	const since = Math.min(secondOf(nowMs - lookbackMs), to - SECOND);
	const current = state ?? { from: to, conversations: {} };
	const plans = channels.map((channel) => {
		const resume = current.resume?.[String(channel)];
		const parts =
			resume !== undefined && resume > since + SECOND && resume < to
				? [
						{ since: resume, to },
						{ since, to: resume - SECOND },
					]
				: [{ since, to }];
		return { channel, parts };
	});
	return { state: current, first: state === undefined, window: { since, to }, lookbackMs, channels: plans };
}

/** One channel's outcome: the messages of the parts read whole, and where a read cut short stopped. */
export interface ChannelRead {
	channel: number;
	messages: ChatMessage[];
	/** The start second the next poll resumes from; absent when every part was read whole. */
	resume?: number;
}

/** A part's read: the messages of what was read whole from its start, and where that ends. */
export interface PartRead {
	messages: ChatMessage[];
	/** The last start second read whole, from the part's start; absent when nothing was. */
	to?: number;
}

/**
 * One channel's parts, in order, each through `readPart` (chatPoll.ts: a bounded read). A part
 * cut short ends the channel's read: the next poll resumes after what was read whole. The newer
 * part read whole and the older one after it too: the next poll starts from the oldest again.
 */
export async function readChannelParts(
	plan: ChannelPlan,
	readPart: (part: ReadWindow) => Promise<PartRead>,
): Promise<ChannelRead> {
	const read: ChannelRead = { channel: plan.channel, messages: [] };
	for (const part of plan.parts) {
		const { messages, to } = await readPart(part);
		read.messages.push(...messages);
		if (to !== part.to) {
			read.resume = (to ?? part.since - SECOND) + SECOND;
			break;
		}
	}
	return read;
}

export interface ChatReadOutcome {
	/** The messages to emit, each once, oldest first. */
	emitted: ChatMessage[];
	state: ChatState;
}

/**
 * The outcome of a poll's reads (every message of the parts read whole, nothing of a part that
 * was not): the messages not recorded before are recorded, and emitted unless this is the first
 * poll or they are stamped before the activation. A conversation is forgotten once its start lies
 * before the window and this poll did not list it (a clock that reads starts off is then no reason
 * to forget, and emit again, a conversation the platform still lists). Call it only when the whole
 * poll succeeded: a failed one leaves the state as it was.
 */
export function completeChatRead(plan: ChatPlan, reads: ChannelRead[]): ChatReadOutcome {
	const { state, first, window } = plan;
	const conversations: Record<string, ConversationSeen> = {};
	const listed = new Set<string>();
	const emitted: ChatMessage[] = [];
	const longestBefore = state.longestLookbackMs ?? plan.lookbackMs;
	const longest = Math.max(longestBefore, plan.lookbackMs);
	/** Whether a message not recorded is news: its channel and its conversation were watched when it came. */
	const isNews = (read: ChannelRead, message: ChatMessage, known: boolean) =>
		!first &&
		message.at >= state.from &&
		(state.channels?.includes(read.channel) ?? true) &&
		(known ||
			message.startedAt >= window.to - longestBefore ||
			message.at > message.startedAt + longestBefore);
	for (const read of reads) for (const message of read.messages) {
		listed.add(message.conversation);
		const known = conversations[message.conversation] ?? state.conversations[message.conversation];
		const seen: ConversationSeen = known ? { ...known } : { s: message.startedAt / SECOND };
		const recorded = message.index !== undefined ? inRanges(seen.r, message.index) : (seen.i ?? []).includes(message.id ?? '');
		if (recorded) continue;
		if (message.index !== undefined) seen.r = addToRanges(seen.r, message.index);
		else seen.i = [...(seen.i ?? []), message.id ?? ''];
		conversations[message.conversation] = seen;
		// Known: recorded before this poll (not by an earlier message of this very read).
		if (isNews(read, message, Object.hasOwn(state.conversations, message.conversation))) emitted.push(message);
	}
	const kept: Record<string, ConversationSeen> = {};
	for (const [key, seen] of Object.entries({ ...state.conversations, ...conversations })) {
		if (seen.s * SECOND >= Math.min(window.since, window.to - longest) || listed.has(key)) kept[key] = seen;
	}
	const resume: Record<string, number> = {};
	for (const read of reads) if (read.resume !== undefined) resume[String(read.channel)] = read.resume;
	return {
		emitted: emitted.sort(compareMessages),
		state: {
			from: state.from,
			conversations: kept,
			...(Object.keys(resume).length > 0 ? { resume } : {}),
			longestLookbackMs: longest,
			channels: [...new Set([...reads.map((read) => read.channel)])].sort((a, b) => a - b),
		},
	};
}

/** How many messages the state records (for the docs' memory figure and the tests). */
export function recordedCount(state: ChatState): number {
	return Object.values(state.conversations).reduce((count, seen) => {
		let ranges = 0;
		for (let k = 0; k < (seen.r?.length ?? 0); k += 2) ranges += seen.r![k + 1] - seen.r![k] + 1;
		return count + ranges + (seen.i?.length ?? 0);
	}, 0);
}
