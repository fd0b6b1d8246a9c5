import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { MONITOR_STATUSES } from '../../api/records';
import { returnAllAndLimit } from '../../shared/descriptions';
import { simplifyIsOn } from '../../shared/simplify';
import { checked } from '../../shared/validation';
import { checkLimit, operation } from '../../transport/declarative';

/**
 * Each monitor becomes one item; with Simplify, with the heartbeat's generation time (the
 * labels and times follow in shared/simplify.ts).
 */
function monitorsOf(answer: IDataObject, simplify: boolean): IDataObject[] {
	const monitors = Array.isArray(answer.monitors) ? (answer.monitors as IDataObject[]) : [];
	return simplify ? monitors.map((monitor) => ({ ...monitor, generated_at: answer.generated_at })) : monitors;
}

export const getAllMonitors = operation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many monitors',
		description:
			'Read the public status heartbeat: every monitored service with status UP or DOWN, last ping and 24-hour uptime',
	},
	{ method: 'GET', path: '/api/v1/heartbeat' },
	{
		target: 'status',
		fields: () => getAllMonitorsFields,
		transform(this, answers) {
			const status = this.getNodeParameter('status', 'all') as string;
			const returnAll = this.getNodeParameter('returnAll', false) as boolean;
			const simplify = simplifyIsOn(this);
			const monitors = answers
				.flatMap((answer) => monitorsOf(answer, simplify))
				.filter((monitor) => status === 'all' || MONITOR_STATUSES[String(monitor.status)] === status);
			return returnAll ? monitors : monitors.slice(0, checkLimit(this));
		},
	},
	{
		preSend: [
			// The limit applies to the monitors of one answer; it is checked before asking.
			async function (this, requestOptions) {
				if (!(this.getNodeParameter('returnAll', false) as boolean)) checkLimit(this);
				return requestOptions;
			},
		],
	},
);

export const getAllMonitorsFields: INodeProperties[] = [
	checked({
		displayName: 'Status',
		name: 'status',
		type: 'options',
		displayOptions: { show: { resource: ['monitor'], operation: ['getAll'] } },
		options: [
			{ name: 'All', value: 'all' },
			{ name: 'Up', value: 'UP' },
			{ name: 'Down', value: 'DOWN' },
		],
		default: 'all',
		description: 'Only monitors in this state',
	}, {}),
	...returnAllAndLimit('monitor'),
];
