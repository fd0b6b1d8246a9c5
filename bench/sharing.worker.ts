/**
 * One process sharing the account with others (started by sharing.ts): the engine harness runs
 * Group → Get Many for batches of items, back to back, with the default settings (the
 * credential's 15/s, as every queue-mode worker has unless an admin splits it), until the time
 * is up. It reports how many requests it got answered and how many items failed.
 */
import { runNode, type Account } from '../tools/engine-harness/harness';
import { parent } from './lib/child';

export interface SharingInput {
	account: Account;
	durationMs: number;
	itemsPerExecution: number;
}

export interface SharingResult {
	executions: number;
	answered: number;
	failedExecutions: number;
	firstError?: string;
}

const input = parent.input<SharingInput>();
const listGroups = { resource: 'group', operation: 'getAll', returnAll: true };

parent.run(async () => {
	// Warm up: modules, the engine and the HTTP client, one request.
	await runNode({ parameters: listGroups, account: input.account });
	await parent.send({ type: 'ready' });
	const { at } = (await parent.next('go')) as unknown as { at: number };
	const result: SharingResult = { executions: 0, answered: 0, failedExecutions: 0 };
	while (Date.now() < at + input.durationMs) {
		const run = await runNode({
			parameters: listGroups,
			account: input.account,
			input: Array.from({ length: input.itemsPerExecution }, (_, index) => ({ index })),
		});
		result.executions++;
		if (run.error) {
			result.failedExecutions++;
			result.firstError ??= run.error.message;
		} else result.answered += input.itemsPerExecution;
	}
	await parent.send({ type: 'result', ...result });
});
