/**
 * Agent Status Changed, the pure part: the agents' states per channel as one answer of the agent
 * list gives them (docs/api.md#agents), compared with the states the last poll kept. No I/O:
 * agentPoll.ts reads the list and shapes the items.
 *
 * What counts as a change of one agent on one channel (docs/operations.md#customer-care-trigger):
 * - its state now differs from the last state seen on that channel: one change, old → new;
 * - an agent seen for the first time (the first poll, or one added to the account since) has no
 *   state before: it is remembered, not reported;
 * - an agent the list no longer gives is forgotten (the state holds only the agents of the last
 *   answer, so it never grows beyond the account's agents); if it comes back, it is new again;
 * - a channel whose state the answer does not give (absent, null, empty, not text) is unknown:
 *   no change, and the last state seen is kept, so that the change is reported when a state
 *   comes again. The real platform's agents may lack the statuses (docs/api.md#agents).
 */
import type { IDataObject } from 'n8n-workflow';

import { isPlainObject, ownEntry } from '../CustomerCare/basics/looseValues';

/** The channels of an agent and the field of the agent list holding each one's state (spec §2.1). */
export const AGENT_CHANNELS = {
	call: 'call_status',
	chat: 'chat_status',
	ticket: 'ticket_status',
} as const;
export type AgentChannel = keyof typeof AGENT_CHANNELS;
const CHANNELS = Object.keys(AGENT_CHANNELS) as AgentChannel[];

/** An agent's last known state per channel; a channel never seen with a state is absent. */
export type ChannelStates = Partial<Record<AgentChannel, string>>;
/** Agent id (the user id, as text) → its channel states. Built with own keys only: ids come from the platform. */
export type AgentStates = Record<string, ChannelStates>;

export interface AgentChange {
	/** The agent's record as the list gave it. */
	agent: IDataObject;
	channel: AgentChannel;
	/** Null only in Fetch Test Event's sample, for a state the trigger has not kept (agentPoll.ts). */
	previous: string | null;
	status: string;
}

/**
 * A state as the platform may write it, in the spec's spelling: trimmed, upper case, one space
 * between words (`no_answer`, `NO  ANSWER` → `NO ANSWER`); the older login spelling
 * `NOTAVAILABLE` reads `NOT AVAILABLE`. Undefined when there is no state to read.
 */
export function stateOf(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const state = value.trim().toUpperCase().replace(/[\s_]+/g, ' ');
	if (state === '') return undefined;
	if (state === 'NOTAVAILABLE') return 'NOT AVAILABLE';
	if (state === 'NOANSWER') return 'NO ANSWER';
	return state;
}

/** The agent's id as a key: its user id as text, or undefined when it has none. */
export function agentKeyOf(agent: unknown): string | undefined {
	if (!isPlainObject(agent)) return undefined;
	const id = agent.id;
	if (typeof id !== 'number' && typeof id !== 'string') return undefined;
	const key = String(id).trim();
	return key === '' ? undefined : key;
}

/**
 * The agents of one answer, once each (the first of a repeated id counts), with the states
 * the answer gives. Agents without an id, and entries that are no record (null, a number), are
 * left out: they cannot be followed between polls.
 */
function listedAgents(agents: IDataObject[]): Array<{ key: string; agent: IDataObject; states: ChannelStates }> {
	const seen = new Set<string>();
	const listed: Array<{ key: string; agent: IDataObject; states: ChannelStates }> = [];
	for (const agent of agents) {
		// agentKeyOf gives a key only to a record, so `agent` is one below.
		const key = agentKeyOf(agent);
		if (key === undefined || seen.has(key)) continue;
		seen.add(key);
		const states: ChannelStates = {};
		for (const channel of CHANNELS) {
			const state = stateOf(agent[AGENT_CHANNELS[channel]]);
			if (state !== undefined) states[channel] = state;
		}
		listed.push({ key, agent, states });
	}
	return listed;
}

/**
 * Compares one answer of the agent list with the states kept by the last poll (`previous`,
 * undefined before the first poll). Returns the changes, in the answer's order of agents and
 * then call, chat, ticket, and the states to keep for the next poll.
 */
export function compareAgents(
	previous: AgentStates | undefined,
	agents: IDataObject[],
): { changes: AgentChange[]; next: AgentStates } {
	const changes: AgentChange[] = [];
	const next: Array<[string, ChannelStates]> = [];
	for (const { key, agent, states } of listedAgents(agents)) {
		const before: unknown = ownEntry(previous, key);
		const kept: ChannelStates = {};
		for (const channel of CHANNELS) {
			const was = isPlainObject(before) ? stateOf(ownEntry(before, channel)) : undefined;
			const now = states[channel];
			if (was !== undefined && now !== undefined && was !== now)
				changes.push({ agent, channel, previous: was, status: now });
			const state = now ?? was;
			if (state !== undefined) kept[channel] = state;
		}
		next.push([key, kept]);
	}
	// fromEntries defines own properties: an id `__proto__` is a key like any other.
	return { changes, next: Object.fromEntries(next) };
}

/** The change passes the event's filters: its channel and its new state among those chosen (none chosen: any). */
export function passesAgentFilters(change: AgentChange, channels: string[], statuses: string[]): boolean {
	if (channels.length > 0 && !channels.includes(change.channel)) return false;
	return statuses.length === 0 || statuses.includes(change.status);
}
