/** Lead → Update: registered by lead.test.ts, which starts the fake platform once for the folder. */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, account, apiRequests, only, lead, choice, leadInMiddleStatus } from './helpers/context';

describe('Lead → Update', () => {
	test('PUT /api/v1/lead/{id} with the comment object, changed fields and a custom field by code', async () => {
		const target = leadInMiddleStatus();
		const run = await runNode({
			parameters: lead({
				operation: 'update', simplify: false,
				leadId: String(target.id),
				commentBody: 'Called back, moving on.',
				commentAuthorId: 1003,
				commentIsPublic: true,
				updateFields: {
					subject: 'Renamed lead',
					assignee_id: 1003,
					lead_status_id: 603,
					estimated_closed_date: '2026-04-01 10:00:00',
					lead_label: [802],
				},
				customFieldsJson: { channels: 'FB, Website' },
			}),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const put = only(apiRequests());
		expect(put.method).toBe('PUT');
		expect(put.path).toBe(`/acme/api/v1/lead/${target.id}`);
		expect(put.body).toEqual({
			lead: {
				comment: { body: 'Called back, moving on.', author_id: 1003, is_public: 1 },
				subject: 'Renamed lead',
				assignee_id: 1003,
				lead_status_id: 603,
				estimated_closed_date: '2026-04-01 10:00:00',
				lead_label: [802],
				custom_fields: [{ id: 306, value: [choice('Contact channels', 'Facebook'), choice('Contact channels', 'Website')] }],
			},
		});
		const answer = (put.response as { lead: IDataObject }).lead;
		expect(jsonOf(run)).toEqual([answer]);
		const stored = platform.store.lead(target.id)!;
		expect(stored.subject).toBe('Renamed lead');
		expect(stored.lead_status_id).toBe(603);
		expect(stored.comments[stored.comments.length - 1]).toMatchObject({ body: 'Called back, moving on.', author_id: 1003, is_public: 1 });
	});

	test('an unqualify reason on a lead whose current status is not final: the API message is carried through', async () => {
		const target = leadInMiddleStatus();
		const run = await runNode({
			parameters: lead({
				operation: 'update',
				leadId: String(target.id),
				commentBody: 'Not interested.',
				commentAuthorId: 1002,
				updateFields: { unqualify_reason: 703 },
			}),
			account: account(),
		});
		const put = only(platform.requests());
		expect(put.body).toEqual({ lead: { comment: { body: 'Not interested.', author_id: 1002, is_public: 0 }, unqualify_reason: 703 } });
		expect(put.status).toBe(400);
		expect(run.error?.message).toBe('invalid value: unqualify_reason');
		expect(run.error?.httpCode).toBe('400');
	});

	test('a lead that does not exist: the API message', async () => {
		const run = await runNode({
			parameters: lead({ operation: 'update', leadId: '999999', commentBody: 'Hello', commentAuthorId: 1002 }),
			account: account(),
		});
		expect(platform.requests()[0].path).toBe('/acme/api/v1/lead/999999');
		expect(run.error?.message).toBe('Lead is not exist');
		expect(run.error?.httpCode).toBe('400');
	});

	test.each([
		['no comment', { commentBody: '={{ "" }}', commentAuthorId: 1002 }, 'Comment (comment.body) is required: every update adds a comment [item 0]'],
		['no comment author', { commentBody: 'Hi', commentAuthorId: '={{ "" }}' }, 'Comment Author (comment.author_id) is required with a comment [item 0]'],
		['a comment over 5000 characters', { commentBody: 'c'.repeat(5001), commentAuthorId: 1002 }, 'Comment (body) is 5001 characters long; at most 5000 are allowed [item 0]'],
		['a lead ID that is no number', { leadId: 'abc', commentBody: 'Hi', commentAuthorId: 1002 }, 'Lead ID (leadId) must be a whole number of at most 10 digits; got "abc" [item 0]'],
	])('%s: a clear error and no request', async (_name, parameters, message) => {
		const run = await runNode({
			parameters: lead({ operation: 'update', leadId: String(leadInMiddleStatus().id), ...parameters }),
			account: account(),
		});
		expect(run.error?.message).toBe(message);
		expect(platform.requests()).toHaveLength(0);
	});
});
