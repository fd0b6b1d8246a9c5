/** Lead dropdowns: registered by lead.test.ts, which starts the fake platform once for the folder. */
import { loadOptions } from '../../../tools/engine-harness/harness';
import { platform, account, lead, finalStatus } from './helpers/context';

describe('Lead dropdowns', () => {
	test('getLeadStatuses: every status in the account order, with its kind', async () => {
		const options = await loadOptions('getLeadStatuses', account(), lead({ operation: 'create' }), {
			path: 'parameters.additionalFields.lead_status_id',
		});
		expect(options.map((option) => [option.name, option.value])).toEqual(
			platform.store.leadStatuses.map((status) => [status.label, status.id]),
		);
		expect(options.find((option) => option.value === finalStatus().id)?.description).toBe('Final status: unqualified');
	});

	test('getLeadLabels and getLeadUnqualifiedReasons', async () => {
		const labels = await loadOptions('getLeadLabels', account(), lead({ operation: 'create' }));
		expect(labels).toEqual(platform.store.leadLabels.map((label) => ({ name: label.name, value: label.id })));
		const reasons = await loadOptions('getLeadUnqualifiedReasons', account(), lead({ operation: 'create' }));
		expect(reasons).toEqual(platform.store.leadUnqualifiedReasons.map((reason) => ({ name: reason.name, value: reason.id })));
		expect(platform.requests().map((request) => request.path)).toEqual(['/acme/lead/labels', '/acme/api/v1/lead/unqualified-reason']);
	});
});
