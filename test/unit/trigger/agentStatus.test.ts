/**
 * Agent Status Changed's comparison (nodes/CustomerCareTrigger/agentStatus.ts) over random runs
 * of polls, against a simple model: for each agent and channel, the sequence of states the
 * answers gave. The model (docs/operations.md#customer-care-trigger):
 * - a change is reported when a state differs from the last state seen, both known;
 * - an answer without the agent forgets it (seen again: new, nothing reported);
 * - an answer without the channel's state (absent, null, empty, not text) keeps the last one.
 * States come in the spellings a platform may write (`no_answer`, ` Logout `, `NOTAVAILABLE`);
 * the generator knows what each means, the model compares meanings. Ids include what every
 * object inherits (`__proto__`, `constructor`). The kept state goes through JSON between polls,
 * as n8n saves static data.
 *
 * Replay: FC_SEED=… FC_PATH="…" npx jest test/unit/trigger/agentStatus.test.ts; FC_RUNS sets the count.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { compareAgents, type AgentStates } from '../../../nodes/CustomerCareTrigger/agentStatus';
import { propertyRuns } from '../helpers/property';

const CHANNELS = [
	['call', 'call_status'],
	['chat', 'chat_status'],
	['ticket', 'ticket_status'],
] as const;

/** A state's meaning and how an answer spells it. */
const SPELLINGS: Record<string, string[]> = {
	AVAILABLE: ['AVAILABLE', 'available', ' Available '],
	'NOT AVAILABLE': ['NOT AVAILABLE', 'not available', 'NOT_AVAILABLE', 'NOTAVAILABLE', 'NOT  AVAILABLE'],
	'NO ANSWER': ['NO ANSWER', 'no_answer', 'No Answer'],
	LOGOUT: ['LOGOUT', 'logout', ' LOGOUT'],
};
/** What an answer may hold instead of a state: nothing to read. */
const NO_STATE = [undefined, null, '', '   ', 5, true, { state: 'AVAILABLE' }];

type Slot = { meaning?: string; written: unknown };
const slot: fc.Arbitrary<Slot> = fc.oneof(
	{ weight: 4, arbitrary: fc.constantFrom(...Object.entries(SPELLINGS)).chain(([meaning, spellings]) => fc.constantFrom(...spellings).map((written) => ({ meaning, written }))) },
	{ weight: 1, arbitrary: fc.constantFrom(...NO_STATE).map((written) => ({ written })) },
);

/** Ids as the platform may give them: numbers, digit strings, and names every object inherits. */
const IDS: Array<[key: string, written: string | number]> = [
	['1001', 1001],
	['1002', '1002'],
	['1003', ' 1003 '],
	['__proto__', '__proto__'],
	['constructor', 'constructor'],
	['toString', 'toString'],
];

interface Listed {
	key: string;
	written: string | number;
	slots: Slot[];
}
const listedAgent = fc.record({ at: fc.nat(IDS.length - 1), slots: fc.tuple(slot, slot, slot) }).map(({ at, slots }): Listed => ({ key: IDS[at][0], written: IDS[at][1], slots }));
/** One answer: agents in any order, an id possibly twice (the first counts), some absent. */
const answer = fc.array(listedAgent, { maxLength: 8 });
/** Entries of a list that are no agent: never followed, never a failure. */
const NOT_AGENTS = [null, 5, 'agent', [], [{ id: 1001 }]] as unknown as IDataObject[];

const recordOf = (agent: Listed): IDataObject => {
	const record: IDataObject = { id: agent.written, username: `Agent ${agent.key}` };
	CHANNELS.forEach(([, field], n) => {
		if (agent.slots[n].written !== undefined) record[field] = agent.slots[n].written as IDataObject[string];
	});
	return record;
};

test('over random runs of polls, the changes are exactly the model\'s; the state holds only the agents of the last answer', () => {
	fc.assert(
		fc.property(fc.array(answer, { minLength: 1, maxLength: 8 }), (answers) => {
			// The model: (agent key, channel) → last meaning seen, in a Map (no inherited keys).
			const last = new Map<string, string>();
			let kept: AgentStates | undefined;
			answers.forEach((agents) => {
				const firsts = agents.filter((agent, n) => agents.findIndex((other) => other.key === agent.key) === n);
				const expected: string[] = [];
				const listedKeys = new Set(firsts.map((agent) => agent.key));
				for (const key of [...last.keys()]) if (!listedKeys.has(key.split('|')[0])) last.delete(key);
				for (const agent of firsts) {
					CHANNELS.forEach(([channel], n) => {
						const meaning = agent.slots[n].meaning;
						const before = last.get(`${agent.key}|${channel}`);
						if (meaning !== undefined && before !== undefined && meaning !== before) expected.push(`${agent.key} ${channel} ${before}→${meaning}`);
						if (meaning !== undefined) last.set(`${agent.key}|${channel}`, meaning);
					});
				}

				const { changes, next } = compareAgents(kept, [...agents.map(recordOf), ...NOT_AGENTS]);
				expect(changes.map((change) => `${String(change.agent.id).trim()} ${change.channel} ${change.previous}→${change.status}`)).toEqual(expected);
				// The change carries the agent's record as listed (its first listing).
				for (const change of changes) expect(change.agent.username).toBe(`Agent ${String(change.agent.id).trim()}`);
				expect(Object.keys(next).sort()).toEqual([...listedKeys].sort());
				// Saved and read back as n8n does between polls.
				kept = JSON.parse(JSON.stringify(next)) as AgentStates;
			});
			// Nothing leaked into what every object inherits.
			expect(({} as Record<string, unknown>).call).toBeUndefined();
			expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
		}),
		propertyRuns(1000),
	);
});

test('the first poll reports nothing, whatever the answer', () => {
	fc.assert(
		fc.property(answer, (agents) => {
			expect(compareAgents(undefined, agents.map(recordOf)).changes).toEqual([]);
		}),
		propertyRuns(200),
	);
});

test('an agent without an id is never followed', () => {
	const { changes, next } = compareAgents({ '': { call: 'AVAILABLE' } }, [
		{ username: 'no id', call_status: 'LOGOUT' },
		{ id: '', call_status: 'LOGOUT' },
		{ id: null, call_status: 'LOGOUT' },
		{ id: { nested: 1 }, call_status: 'LOGOUT' },
	]);
	expect(changes).toEqual([]);
	expect(next).toEqual({});
});
