/** The parameters of Agent Status Changed: which channels and which new states to report. */
import type { INodeProperties } from 'n8n-workflow';

import { AGENT_EVENT } from './events';

const show = { show: { event: [AGENT_EVENT.value] } };

export const agentStatusFields: INodeProperties[] = [
	{
		displayName: 'Channels',
		name: 'channels',
		type: 'multiOptions',
		options: [
			{ name: 'Call', value: 'call' },
			{ name: 'Chat', value: 'chat' },
			{ name: 'Ticket', value: 'ticket' },
		],
		default: [],
		description:
			'Only changes on these channels; none chosen means all. Each agent has one state per channel.',
		displayOptions: show,
	},
	{
		displayName: 'Statuses',
		name: 'statuses',
		type: 'multiOptions',
		// The states of spec §2.1 (docs/api.md#agents); NO ANSWER is voice only.
		options: [
			{ name: 'AVAILABLE', value: 'AVAILABLE' },
			{ name: 'LOGOUT', value: 'LOGOUT' },
			{ name: 'NO ANSWER (Call Only)', value: 'NO ANSWER' },
			{ name: 'NOT AVAILABLE', value: 'NOT AVAILABLE' },
		],
		default: [],
		description:
			'Only changes into one of these states, e.g. NO ANSWER and LOGOUT; none chosen means any. The state before may be any.',
		displayOptions: show,
	},
];
