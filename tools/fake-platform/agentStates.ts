/**
 * An agent's state per channel, changed through `POST /__control/agents/:id` (README, control
 * API): the states the spec allows on each channel (§2.1, §3: NO ANSWER is voice only), and the
 * older `login_status` kept coherent with them (§2.1 rule 2: logging out of all devices sets
 * the three channels to LOGOUT, so all three LOGOUT reads "not logged in").
 */
import type { AgentRec } from './store';

/** The states each channel's status may hold (spec §2.1). */
export const CHANNEL_STATES = {
	call_status: ['AVAILABLE', 'NO ANSWER', 'NOT AVAILABLE', 'LOGOUT'],
	chat_status: ['AVAILABLE', 'NOT AVAILABLE', 'LOGOUT'],
	ticket_status: ['AVAILABLE', 'NOT AVAILABLE', 'LOGOUT'],
} as const;

type ChannelField = keyof typeof CHANNEL_STATES;
export type AgentStates = Partial<Pick<AgentRec, ChannelField>>;

const isChannelField = (key: string): key is ChannelField => Object.hasOwn(CHANNEL_STATES, key);

/** Why a control body is not a change of channel states (400), or undefined when it is one. */
export function agentStatesProblem(body: Record<string, unknown>): string | undefined {
	const keys = Object.keys(body);
	if (keys.length === 0) return 'give at least one of call_status, chat_status, ticket_status';
	for (const key of keys) {
		if (!isChannelField(key)) return `invalid key: ${key} (call_status, chat_status or ticket_status)`;
		const allowed: readonly string[] = CHANNEL_STATES[key];
		if (typeof body[key] !== 'string' || !allowed.includes(body[key] as string)) {
			return `invalid value: ${key} (one of ${allowed.join(', ')})`;
		}
	}
	return undefined;
}

/** Applies checked states to the agent, in place; `login_status` follows rule 2. */
export function applyAgentStates(agent: AgentRec, states: AgentStates): AgentRec {
	Object.assign(agent, states);
	const loggedOut = agent.call_status === 'LOGOUT' && agent.chat_status === 'LOGOUT' && agent.ticket_status === 'LOGOUT';
	agent.login_status = loggedOut ? 'NOTAVAILABLE' : 'AVAILABLE';
	return agent;
}
