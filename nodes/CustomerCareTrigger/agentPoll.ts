/**
 * One poll of Agent Status Changed: the agent list read once (`GET /api/v1/agents`,
 * docs/api.md#agents: not paged, so one request per poll), compared with the states the last
 * poll kept (agentStatus.ts). Like the heartbeat, the list is a snapshot: no cursor, no window.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { AGENT } from '../CustomerCare/api/endpoints';
import { toOffsetIso } from '../CustomerCare/basics/dates';
import { fetchList, getAccount } from '../CustomerCare/transport';
import { commaSeparated, isPlainObject, ownEntry } from '../CustomerCare/basics/looseValues';
import {
	AGENT_CHANNELS,
	agentKeyOf,
	compareAgents,
	passesAgentFilters,
	stateOf,
	type AgentChange,
	type AgentChannel,
	type AgentStates,
} from './agentStatus';
import type { PollState } from './cursor';
import { moveTo } from './staticData';

/** Fetch Test Event shows at most this many agents' states. */
const SAMPLE_SIZE = 3;

const textOrNull = (value: IDataObject[string]) => (value === undefined || value === '' ? null : value);

/** The item of one change, `seenAt` being when the poll read the list (docs/operations.md#customer-care-trigger). */
function itemOf(change: AgentChange, seenAt: string): IDataObject {
	const { agent } = change;
	return {
		agent_id: agent.id,
		agent_name: textOrNull(agent.username),
		email: textOrNull(agent.email),
		group_name: textOrNull(agent.group_name),
		channel: change.channel,
		previous_status: change.previous,
		status: change.status,
		seen_at: seenAt,
	};
}

/**
 * Fetch Test Event: up to 3 of the agents' current states that pass the filters, each with the
 * last state the trigger kept as previous_status (null when it kept none). The state is not
 * touched (docs/operations.md#customer-care-trigger).
 */
function sample(ctx: IPollFunctions, agents: IDataObject[], kept: AgentStates | undefined, keep: (change: AgentChange) => boolean) {
	const items: AgentChange[] = [];
	for (const agent of agents) {
		if (!isPlainObject(agent)) continue;
		const key = agentKeyOf(agent);
		const before: unknown = key === undefined ? undefined : ownEntry(kept, key);
		for (const channel of Object.keys(AGENT_CHANNELS) as AgentChannel[]) {
			const status = stateOf(agent[AGENT_CHANNELS[channel]]);
			if (status === undefined || items.length === SAMPLE_SIZE) continue;
			const previous = isPlainObject(before) ? stateOf(ownEntry(before, channel)) : undefined;
			const change = { agent, channel, previous: previous ?? null, status };
			if (keep(change)) items.push(change);
		}
	}
	if (items.length > 0) return items;
	throw new NodeOperationError(ctx.getNode(), 'No agent is in a chosen state on a chosen channel now', {
		description: "Change the filters, or an agent's state in the platform, then fetch a test event again.",
	});
}

/** The states of spec §2.1 (docs/api.md#agents), as the Statuses filter offers them. */
const KNOWN_STATES = ['AVAILABLE', 'NOT AVAILABLE', 'NO ANSWER', 'LOGOUT'];

/**
 * A multi-select filter's choice (a list; from an expression also comma-separated text), each
 * value read as `read` reads it and refused, before any request, when it is not among `allowed`.
 */
function chosenOf(
	ctx: IPollFunctions,
	name: string,
	label: string,
	allowed: string[],
	read: (value: unknown) => string | undefined,
): string[] {
	const raw = ctx.getNodeParameter(name, []) as unknown;
	const values = Array.isArray(raw) ? (raw as unknown[]) : typeof raw === 'string' ? commaSeparated(raw) : [raw];
	return values.map((value) => {
		const chosen = read(value);
		if (chosen === undefined || !allowed.includes(chosen))
			throw new NodeOperationError(
				ctx.getNode(),
				`${label} (${name}) must be among ${allowed.join(', ')}; got "${String(value)}"`,
			);
		return chosen;
	});
}

/** `state`: the poll's own copy of the static data (staticData.ts `startPoll`), moved in place. */
export async function pollAgents(ctx: IPollFunctions, state: PollState): Promise<INodeExecutionData[][] | null> {
	const channelNames = Object.keys(AGENT_CHANNELS);
	const channels = chosenOf(ctx, 'channels', 'Channels', channelNames, (value) =>
		typeof value === 'string' ? value.trim().toLowerCase() : undefined,
	);
	const statuses = chosenOf(ctx, 'statuses', 'Statuses', KNOWN_STATES, stateOf);
	const keep = (change: AgentChange) => passesAgentFilters(change, channels, statuses);
	const account = await getAccount.call(ctx);
	const agents = await fetchList.call(ctx, { method: AGENT.list.method, path: AGENT.list.path, account }, AGENT.list);
	const seenAt = toOffsetIso(Date.now(), account.clock.zone);
	const emit = (changes: AgentChange[]) => [ctx.helpers.returnJsonArray(changes.map((change) => itemOf(change, seenAt)))];

	if (ctx.getMode() === 'manual') return emit(sample(ctx, agents, state.agentStates, keep));

	const { changes, next } = compareAgents(state.agentStates, agents);
	const chosen = changes.filter(keep);
	// The output is built before the state moves, as for the other events.
	const result = chosen.length === 0 ? null : emit(chosen);
	moveTo(state, { ...state, agentStates: next });
	return result;
}
