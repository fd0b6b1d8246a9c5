import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import { MONITOR, MONITOR_ROOT } from '../../api/endpoints';
import { MONITOR_STATUSES } from '../../api/records';
import { ownEntry } from '../../basics/looseValues';
import { checked, checkLimit } from '../../checks/declared';
import { returnAllAndLimit, simplifyProperty } from '../../description/properties';
import { operation } from '../../engine/operation';
import { simplifyIsOn } from '../../output/simplify';
import { listRecordsOf } from '../../transport';

export const getAllMonitorsFields: INodeProperties[] = [
	checked(
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			displayOptions: {
				show: { resource: ['monitor'], operation: ['getAll'] },
			},
			options: [
				{ name: 'All', value: 'all' },
				{ name: 'Up', value: 'UP' },
				{ name: 'Down', value: 'DOWN' },
			],
			default: 'all',
			description: 'Only monitors in this state',
		},
		{},
	),
	...returnAllAndLimit('monitor'),
	simplifyProperty('monitor', ['getAll']),
];

/**
 * Each monitor becomes one item; with Simplify, with the heartbeat's generation time (the
 * labels and times follow in output/simplify.ts).
 */
function monitorsOf(node: INode, answer: IDataObject, simplify: boolean): IDataObject[] {
	const monitors = listRecordsOf(node, answer, { ...MONITOR.heartbeat, root: MONITOR_ROOT });
	return simplify
		? monitors.map((monitor) => ({ ...monitor, generated_at: answer.generated_at }))
		: monitors;
}

const returnAll = (ctx: { getNodeParameter(name: string, fallback: boolean): unknown }) =>
	ctx.getNodeParameter('returnAll', false) as boolean;

export const getAllMonitors = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many monitors',
		description:
			'Read the public status heartbeat: every monitored service with status UP or DOWN, last ping and 24-hour uptime',
	},
	MONITOR.heartbeat,
	{
		fields: getAllMonitorsFields,
		simplify: 'monitor',
		// The limit applies to the monitors of one answer; it is checked before asking.
		checks: [
			function () {
				if (!returnAll(this)) checkLimit(this);
			},
		],
		transform(answers) {
			const status = this.getNodeParameter('status', 'all') as string;
			const simplify = simplifyIsOn(this);
			const monitors = answers
				.flatMap((answer) => monitorsOf(this.getNode(), answer, simplify))
				.filter(
					(monitor) => status === 'all' || ownEntry(MONITOR_STATUSES, String(monitor.status)) === status,
				);
			return returnAll(this) ? monitors : monitors.slice(0, checkLimit(this));
		},
	},
);
