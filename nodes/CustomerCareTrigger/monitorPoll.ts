/**
 * One poll of Monitor Status Changed: the status heartbeat read once (docs/api.md#heartbeat-and-monitors),
 * compared with the statuses the last poll saw. No cursor and no window: the heartbeat is a snapshot.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MONITOR, MONITOR_ROOT } from '../CustomerCare/api/endpoints';
import { ownEntry } from '../CustomerCare/basics/looseValues';
import { simplifyRecords } from '../CustomerCare/output/simplify';
import { listRecordsOf, customerCareRequest, getAccount } from '../CustomerCare/transport';
import type { PollState } from './cursor';
import { moveTo } from './staticData';

/** `state`: the poll's own copy of the static data (staticData.ts `startPoll`), moved in place. */
export async function pollMonitors(ctx: IPollFunctions, state: PollState): Promise<INodeExecutionData[][] | null> {
	const direction = ctx.getNodeParameter('direction', 'any') as string;
	const account = await getAccount.call(ctx);
	const answer = await customerCareRequest.call(ctx, { ...MONITOR.heartbeat, account });
	const monitors = listRecordsOf(ctx.getNode(), answer, {
		...MONITOR.heartbeat,
		root: MONITOR_ROOT,
	});
	const label = (status: unknown) => (Number(status) === 1 ? 'UP' : 'DOWN');
	const simplify = ctx.getNodeParameter('options.simplify', true) as boolean;
	// Simplify adds the heartbeat's generation time and the labels; off, the monitor as the API gave it.
	const describe = (monitor: IDataObject, previous?: number): IDataObject => ({
		...monitor,
		previous_status: previous ?? null,
		...(simplify ? { generated_at: answer.generated_at } : {}),
	});
	const emit = (events: IDataObject[]) => [
		ctx.helpers.returnJsonArray(
			simplify
				? simplifyRecords(events, 'monitor', account.clock, {})
				: events,
		),
	];

	if (ctx.getMode() === 'manual') {
		if (monitors.length === 0)
			throw new NodeOperationError(ctx.getNode(), 'The heartbeat lists no monitors');
		return emit(monitors.map((monitor) => describe(monitor)));
	}

	// Monitor ids come from the platform: only the map's own keys count (a monitor `constructor`
	// must not read Object's constructor as its earlier status).
	const previous = state.monitors;
	const before = (monitor: IDataObject) => ownEntry(previous, String(monitor.id));
	const next: PollState = {
		...state,
		monitors: Object.fromEntries(
			monitors.map((monitor) => [String(monitor.id), Number(monitor.status)]),
		),
	};
	const changed =
		previous === undefined
			? []
			: monitors.filter((monitor) => {
					const earlier = before(monitor);
					if (earlier === undefined || earlier === Number(monitor.status)) return false;
					return direction === 'any' || direction === label(monitor.status);
				});
	// The output is built before the state moves, as for the list events.
	const result =
		changed.length === 0
			? null
			: emit(changed.map((monitor) => describe(monitor, before(monitor))));
	moveTo(state, next);
	return result;
}
