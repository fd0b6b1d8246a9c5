// @modes: spec strict
/**
 * Lead → Create, Update, Get, Get Many, Get Statuses, Get Unqualified Reasons, Get Labels
 * through n8n's engine against the fake platform: the exact request sent (method, path,
 * query, body), the items returned, custom fields by label and code arriving as IDs, the
 * unqualify-reason rule, Return All over every seeded lead, Limit, validation before
 * sending, API errors carried through, the dropdowns.
 */
import type { IDataObject } from 'n8n-workflow';

import { type FakePlatform, type LeadRec, type RecordedRequest } from '../../tools/fake-platform';
import { useFakePlatform } from './helpers/fake-platform-per-file';
import { accountOf, jsonOf, loadOptions, runNode } from '../../tools/engine-harness/harness';
import { expectReadable } from './helpers/readable';
import { fromUtcZ } from './helpers/platform-clock';
import { recordsOf } from './helpers/answer-lists';
import { CONVERTED_TYPE_WORDS } from './helpers/documented-records';

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

/** The account in Ho Chi Minh City time (+07:00), the fake's zone for zone-less times. */
function account() {
	return { ...accountOf(platform), timeZone: 'Asia/Ho_Chi_Minh' };
}

/** Requests other than the reads the node caches (custom-field definitions, lead statuses). */
function apiRequests(): RecordedRequest[] {
	return platform
		.requests()
		.filter((request) => !request.path.endsWith('/custom_fields') && !request.path.endsWith('/lead/status'));
}

function only(requests: RecordedRequest[]): RecordedRequest {
	expect(requests).toHaveLength(1);
	return requests[0];
}

const lead = (parameters: IDataObject) => ({ resource: 'lead', ...parameters });
const field = (label: string) => platform.store.ticketFields.find((definition) => definition.custom_field_lable === label)!;
const choice = (label: string, choiceLabel: string) => field(label).values!.find((value) => value.lable === choiceLabel)!.id;
const statusOfType = (type: number) => platform.store.leadStatuses.find((status) => status.status_type === type)!;
const finalStatus = () => statusOfType(3);
const middleStatus = () => statusOfType(0);

/** A seeded lead in a middle (non-final) status. */
function leadInMiddleStatus(): LeadRec {
	return platform.store.leads.find((entry) => entry.lead_status_id === middleStatus().id)!;
}

describe('Create', () => {
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

describe('Update', () => {
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

describe('Get', () => {
	const withChoices = () =>
		platform.store.leads.find(
			(entry) =>
				entry.custom_fields.some((value) => value.id === 306 && Array.isArray(value.value) && value.value.length > 0) &&
				entry.custom_fields.some((value) => value.id === 305),
		)!;

	test('GET /api/v1/lead/{id}; Simplify maps custom field IDs and choices to labels', async () => {
		const target = withChoices();
		const run = await runNode({ parameters: lead({ operation: 'get', leadId: String(target.id) }), account: account() });
		expect(run.error).toBeUndefined();
		const get = only(apiRequests());
		expect(get.method).toBe('GET');
		expect(get.path).toBe(`/acme/api/v1/lead/${target.id}`);
		expect(get.query).toEqual({});

		const raw = (get.response as { lead: IDataObject }).lead;
		const expected: IDataObject = {};
		for (const value of target.custom_fields) {
			const definition = platform.store.ticketFields.find((candidate) => candidate.custom_field_id === value.id)!;
			const label = (id: unknown) => definition.values?.find((entry) => entry.id === id)?.lable;
			expected[definition.custom_field_lable] = Array.isArray(value.value)
				? value.value.map(label)
				: definition.values
					? label(value.value)
					: value.value;
		}
		const output = jsonOf(run);
		expect(output).toHaveLength(1);
		expect(output[0].custom_fields).toEqual(expected);
		expectReadable(platform, 'lead', output[0], raw);
		expect(expected.Product).toEqual(expect.any(String));
		expect(raw.id).toBe(target.id);
		expect(raw.comments).toEqual(expect.any(Array));
	});

	test('Simplify off returns the raw answer', async () => {
		const target = withChoices();
		const run = await runNode({
			parameters: lead({ operation: 'get', leadId: String(target.id), simplify: false }),
			account: account(),
		});
		const get = only(apiRequests());
		expect(jsonOf(run)).toEqual([(get.response as { lead: IDataObject }).lead]);
	});

	test('a lead that does not exist: named, it may have been deleted, with the API message', async () => {
		const run = await runNode({ parameters: lead({ operation: 'get', leadId: '999999' }), account: account() });
		expect(run.error?.message).toBe('Lead 999999 was not found: it may have been deleted, or the ID is wrong');
		expect(run.error?.description).toContain('Lead is not exist');
		expect(run.error?.httpCode).toBe('400');
	});
});

describe('Get Many', () => {
	test('Return All reads every lead in pages of 500, in the API order, as many as numFound', async () => {
		const run = await runNode({
			parameters: lead({ operation: 'getAll', returnAll: true, simplify: false }),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const requests = apiRequests();
		const numFound = (requests[0].response as { numFound: number }).numFound;
		expect(numFound).toBe(platform.store.leads.length);
		expect(numFound).toBeGreaterThan(2000);
		expect(requests).toHaveLength(Math.ceil(numFound / 500));
		expect(requests.every((request) => request.method === 'GET' && request.path === '/acme/api/v1/leads')).toBe(true);
		expect(requests.map((request) => request.query).sort((a, b) => Number(a.page) - Number(b.page))).toEqual(
			Array.from({ length: requests.length }, (_, index) => ({ page: String(index + 1), count: '500' })),
		);

		const output = jsonOf(run);
		expect(output).toHaveLength(numFound);
		const inApiOrder = [...platform.store.leads].sort((a, b) => a.id - b.id).map((entry) => entry.id);
		expect(output.map((entry) => entry.id)).toEqual(inApiOrder);
		const pages = [...requests].sort((a, b) => Number(a.query.page) - Number(b.query.page));
		expect(output).toEqual(pages.flatMap((request) => recordsOf(request.response, 'leads')));
	});

	test('Limit reads one page of that size', async () => {
		const run = await runNode({
			parameters: lead({ operation: 'getAll', returnAll: false, limit: 7, simplify: false }),
			account: account(),
		});
		const get = only(apiRequests());
		expect(get.query).toEqual({ page: '1', count: '7' });
		expect(jsonOf(run)).toEqual(recordsOf(get.response, 'leads'));
		expect(jsonOf(run)).toHaveLength(7);
	});

	test('every filter goes in the query: statuses comma-separated, dates as ISO with Z', async () => {
		const since = Date.parse('2020-01-01T00:00:00Z');
		const run = await runNode({
			parameters: lead({
				operation: 'getAll',
				returnAll: true,
				simplify: false,
				filters: {
					assignee_id: 1002,
					status_ids: [602, 603],
					created_since: '2020-01-01T07:00:00',
					created_to: '2099-12-31T00:00:00Z',
					updated_since: '2020-01-01T00:00:00Z',
				},
			}),
			account: account(),
		});
		expect(run.error).toBeUndefined();
		const get = only(apiRequests());
		expect(get.query).toEqual({
			assignee_id: '1002',
			status_ids: '602,603',
			created_since: fromUtcZ('2020-01-01T00:00:00Z', { platform }),
			created_to: fromUtcZ('2099-12-31T00:00:00Z', { platform }),
			updated_since: fromUtcZ('2020-01-01T00:00:00Z', { platform }),
			page: '1',
			count: '500',
		});
		const expected = platform.store.leads
			.filter((entry) => entry.assignee_id === 1002 && [602, 603].includes(entry.lead_status_id) && entry.created_at >= since)
			.map((entry) => entry.id);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(run).map((entry) => entry.id)).toEqual(expected);
	});

	test('conversion, requester, service and the converted window', async () => {
		const sample = platform.store.leads.find((entry) => entry.converted_type === 2)!;
		const run = await runNode({
			parameters: lead({
				operation: 'getAll',
				returnAll: true,
				simplify: false,
				filters: {
					requester_id: String(sample.requester_id),
					service_id: sample.service_id,
					convert_type: 2,
					convert_since: '2000-01-01T00:00:00Z',
					convert_to: '2099-01-01T00:00:00Z',
				},
			}),
			account: account(),
		});
		const get = only(apiRequests());
		expect(get.query).toEqual({
			requester_id: String(sample.requester_id),
			service_id: String(sample.service_id),
			convert_type: '2',
			convert_since: fromUtcZ('2000-01-01T00:00:00Z', { platform }),
			convert_to: fromUtcZ('2099-01-01T00:00:00Z', { platform }),
			page: '1',
			count: '500',
		});
		expect(jsonOf(run).map((entry) => entry.id)).toContain(sample.id);
		// Simplify off: converted_type as the platform answered it, 2 or its word (docs/api.md "Where the spec is unclear").
		const convertedAs = (value: unknown) => (typeof value === 'string' ? CONVERTED_TYPE_WORDS[value.toLowerCase() as keyof typeof CONVERTED_TYPE_WORDS] : value);
		expect(jsonOf(run).every((entry) => convertedAs(entry.converted_type) === 2 && entry.requester_id === sample.requester_id)).toBe(true);
		expect(jsonOf(run).every((entry) => platform.store.lead(Number(entry.id))?.converted_type === 2)).toBe(true);
	});

	test('Simplify keys the custom fields of every lead by label', async () => {
		const run = await runNode({ parameters: lead({ operation: 'getAll', limit: 50 }), account: account() });
		const output = jsonOf(run);
		expect(output).toHaveLength(50);
		expect(output.every((entry) => !Array.isArray(entry.custom_fields))).toBe(true);
	});

	test.each([
		['a range that ends before it starts', { created_since: '2025-02-01T00:00:00Z', created_to: '2025-01-01T00:00:00Z' }, `Created To (created_to) 2025-01-01T00:00:00Z must be after Created From (created_since) 2025-02-01T00:00:00Z, by at least a whole second: the platform stamps records to the second [item 0]`],
		['a status that is no ID', { status_ids: '602,new' }, 'Status (status_ids) must be a list of numeric IDs; "new" is not one [item 0]'],
		['a requester ID that is no number', { requester_id: 'Lan' }, 'Requester (requester_id) must be a contact ID, a whole number of at most 10 digits, or a phone given By Phone; got "Lan" [item 0]'],
	])('%s: a clear error and no request', async (_name, filters, message) => {
		const run = await runNode({ parameters: lead({ operation: 'getAll', filters }), account: account() });
		expect(run.error?.message).toBe(message);
		expect(platform.requests()).toHaveLength(0);
	});
});

describe('reference lists', () => {
	test.each([
		['getStatuses', '/acme/api/v1/lead/status', 'statuses', () => platform.store.leadStatuses],
		['getUnqualifiedReasons', '/acme/api/v1/lead/unqualified-reason', 'reasons', () => platform.store.leadUnqualifiedReasons],
		['getLabels', '/acme/lead/labels', 'labels', () => platform.store.leadLabels],
	])('%s: GET %s, one item per entry', async (operation, path, key, stored) => {
		const run = await runNode({ parameters: lead({ operation }), account: account() });
		expect(run.error).toBeUndefined();
		const get = only(platform.requests());
		expect(get.method).toBe('GET');
		expect(get.path).toBe(path);
		expect(get.query).toEqual({});
		expect(jsonOf(run)).toEqual(recordsOf(get.response, key));
		expect(jsonOf(run)).toEqual(stored().map((entry) => ({ ...entry })));
	});
});

describe('dropdowns', () => {
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
