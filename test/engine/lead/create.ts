/** Lead → Create: registered by lead.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, account, apiRequests, only, lead, choice, finalStatus, middleStatus } from './helpers/context';

describe('Lead → Create', () => {
	test('POST /api/v1/lead with every field; custom fields by label and code arrive as IDs', async () => {
		const run = await runNode({
			parameters: lead({
				operation: 'create', simplify: false,
				subject: 'Laptops for 40 staff',
				phone: '0912000211',
				email: 'mai.lead@example.com',
				additionalFields: {
					username: 'Mai Tran',
					assignee_id: 1002,
					group_id: 11,
					service_id: 207,
					lead_status_id: middleStatus().id,
					estimated_closed_date: '2026-03-10T02:30:00Z',
					lead_label: [801, 803],
					comment: 'Asked for a quote.',
				},
				customFields: { field: [{ fieldId: 'Product', value: 'laptop' }] },
				customFieldsJson: '{"care_stage": "In progress", "Region": "SOUTH", "Quantity": "40"}',
			}),
			account: account(),
		});
		expect(run.error).toBeUndefined();

		const post = only(apiRequests());
		expect(post.method).toBe('POST');
		expect(post.path).toBe('/acme/api/v1/lead');
		expect(post.query).toEqual({});
		expect(post.body).toEqual({
			lead: {
				subject: 'Laptops for 40 staff',
				phone: '0912000211',
				email: 'mai.lead@example.com',
				username: 'Mai Tran',
				assignee_id: 1002,
				group_id: 11,
				service_id: 207,
				lead_status_id: middleStatus().id,
				estimated_closed_date: '2026-03-10 09:30:00',
				lead_label: [801, 803],
				comment: 'Asked for a quote.',
				custom_fields: [
					{ id: 305, value: choice('Product', 'Laptop') },
					{ id: 309, value: choice('Care stage', 'In progress') },
					{ id: 310, value: choice('Region', 'South') },
					{ id: 303, value: 40 },
				],
			},
		});
		expect(post.status).toBe(200);

		const answer = (post.response as { lead: IDataObject }).lead;
		expect(jsonOf(run)).toEqual([answer]);
		const stored = platform.store.lead(answer.id as number)!;
		expect(stored.subject).toBe('Laptops for 40 staff');
		expect(stored.labels).toEqual([801, 803]);
		expect(stored.lead_status_id).toBe(middleStatus().id);
		expect(answer.estimated_closed_date).toBe('2026-03-10 09:30:00');
		expect(stored.custom_fields).toEqual(
			expect.arrayContaining([
				{ id: 305, value: choice('Product', 'Laptop') },
				{ id: 309, value: choice('Care stage', 'In progress') },
			]),
		);
	});

	test('only a phone: the body holds nothing else', async () => {
		const run = await runNode({ parameters: lead({ operation: 'create', simplify: false, phone: '0912000212' }), account: account() });
		expect(run.error).toBeUndefined();
		const post = only(platform.requests());
		expect(post.body).toEqual({ lead: { phone: '0912000212' } });
		expect(jsonOf(run)).toEqual([(post.response as { lead: IDataObject }).lead]);
	});

	test('an unqualify reason with a final status: the status list is checked, then the lead is created unqualified', async () => {
		const reason = platform.store.leadUnqualifiedReasons[1];
		const run = await runNode({
			parameters: lead({
				operation: 'create',
				email: 'gone@example.com',
				additionalFields: { lead_status_id: finalStatus().id, unqualify_reason: reason.id },
			}),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const post = only(platform.requests({ method: 'POST' }));
		expect(post.body).toEqual({
			lead: { email: 'gone@example.com', lead_status_id: finalStatus().id, unqualify_reason: reason.id },
		});
		const stored = platform.store.lead((post.response as { lead: { id: number } }).lead.id)!;
		expect(stored.unqualified_reasons).toEqual([reason.id]);
		expect(stored.converted_type).toBe(2);
	});

	test('an unqualify reason with a middle status is refused before the lead is sent', async () => {
		const run = await runNode({
			parameters: lead({
				operation: 'create',
				phone: '0912000213',
				additionalFields: { lead_status_id: middleStatus().id, unqualify_reason: 701 },
			}),
			account: account(),
		});
		expect(run.error?.message).toBe(
			`Unqualify Reason (unqualify_reason) applies only with a final Lead Status (converted or unqualified); "${middleStatus().label}" (${middleStatus().id}) is not final [item 0]`,
		);
		expect(platform.requests({ method: 'POST' })).toHaveLength(0);
	});

	test('an unqualify reason without a status is refused without any request (a new lead gets the first status)', async () => {
		const run = await runNode({
			parameters: lead({ operation: 'create', phone: '0912000214', additionalFields: { unqualify_reason: 701 } }),
			account: account(),
		});
		expect(run.error?.message).toContain('Unqualify Reason (unqualify_reason) needs a final Lead Status');
		expect(platform.requests()).toHaveLength(0);
	});

	test.each([
		['a subject over 250 characters', { subject: 's'.repeat(251) }, 'Subject (subject) is 251 characters long; at most 250 are allowed [item 0]'],
		['a phone over 50 characters', { phone: '9'.repeat(51) }, 'Phone (phone) is 51 characters long; at most 50 are allowed [item 0]'],
		['an e-mail over 50 characters', { email: `${'a'.repeat(40)}@example.com` }, 'Email (email) is 52 characters long; at most 50 are allowed [item 0]'],
		['an e-mail that is none', { email: 'not-an-email' }, 'Email (email) must be an e-mail address; got "not-an-email" [item 0]'],
		['a comment over 5000 characters', { additionalFields: { comment: 'c'.repeat(5001) } }, 'Comment (comment) is 5001 characters long; at most 5000 are allowed [item 0]'],
		['labels that are no IDs', { additionalFields: { lead_label: '={{ ["VIP"] }}' } }, 'Labels (lead_label) must be a list of numeric IDs; "VIP" is not one [item 0]'],
		['an estimated close date that is none', { additionalFields: { estimated_closed_date: 'next week' } }, 'Estimated Closed Date (estimated_closed_date) must be a date, such as 2026-01-31T08:00:00Z, 2026-01-31 08:00:00 or {{ $now }}; got "next week" [item 0]'],
		['an assignee of 11 digits', { additionalFields: { assignee_id: '={{ 12345678901 }}' } }, 'Assignee (assignee_id) is 11 characters long; at most 10 are allowed [item 0]'],
	])('%s: a clear error and no request', async (_name, parameters, message) => {
		const run = await runNode({
			parameters: lead({ operation: 'create', phone: '0912000215', ...parameters }),
			account: account(),
		});
		expect(run.error?.message).toBe(message);
		expect(platform.requests()).toHaveLength(0);
	});

	test('neither phone nor e-mail: refused before sending', async () => {
		const run = await runNode({ parameters: lead({ operation: 'create', subject: 'Anonymous' }), account: account() });
		expect(run.error?.message).toBe(
			'Phone (phone), Email (email) or a Contact (contact) is required: it finds or creates the customer of the lead [item 0]',
		);
		expect(platform.requests()).toHaveLength(0);
	});

	test('with Continue On Fail the bad item is named by index and the good one is sent', async () => {
		const run = await runNode({
			parameters: lead({ operation: 'create', phone: '={{ $json.phone }}', subject: '={{ $json.subject }}' }),
			account: account(),
			input: [
				{ phone: '0912000216', subject: 'Fine' },
				{ phone: '0912000217', subject: 'x'.repeat(300) },
			],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		const posts = platform.requests({ method: 'POST' });
		expect(posts.map((request) => request.body)).toEqual([{ lead: { phone: '0912000216', subject: 'Fine' } }]);
		const failed = run.items.filter((item) => item.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].error?.message).toBe('Subject (subject) is 300 characters long; at most 250 are allowed [item 1]');
	});

	test('a custom field that does not exist: named, with the known fields, and no lead is sent', async () => {
		const run = await runNode({
			parameters: lead({ operation: 'create', phone: '0912000218', customFieldsJson: { 'Shoe size': 42 } }),
			account: account(),
		});
		expect(run.error?.message).toMatch(/^Custom field "Shoe size" does not exist; the account has: .*Product \(305\)/);
		expect(platform.requests({ method: 'POST' })).toHaveLength(0);
	});
});
