/** Contact: found only for the phone looked for, a lost refusal, odd answers: registered by contact.test.ts, which starts the fake platform once for the folder. */
import { jsonOf, runNode } from '../../../tools/engine-harness/harness';
import { platform, account, contact, seededWithMobile, newPhone, contactsWithPhone } from './helpers/context';

describe('Contact: found only for the phone looked for, a lost refusal, odd answers', () => {
	test('RT1: the new contact\'s Second Phone is someone\'s: an error naming them, not "found"', async () => {
		const phone = newPhone();
		const someone = seededWithMobile();
		const run = await runNode({
			parameters: contact({ operation: 'findOrCreate', phone_no: phone, additionalFields: { phone_no2: someone.phone_no } }),
			account: account(),
		});
		expect(run.error?.message).toBe(`phone_no already exist: contact ${someone.id} has one of the new contact's phones`);
		expect(contactsWithPhone(phone)).toHaveLength(0);
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
	});

	test('RT2: a contact stored as 84…: Find or Create finds it, creates none', async () => {
		const phone = newPhone();
		const stored = platform.store.createContact({ phone_no: `84${phone.slice(1)}`, username: 'Stored international' });
		const run = await runNode({ parameters: contact({ operation: 'findOrCreate', phone_no: phone, simplify: false }), account: account() });
		expect(jsonOf(run)).toEqual([expect.objectContaining({ id: stored.id, found: true })]);
		expect(platform.requests({ method: 'POST' })).toHaveLength(0);
	});

	test('RT14: Create\'s answer lost, the phone someone\'s long before: the refusal, naming them', async () => {
		const someone = seededWithMobile();
		platform.inject({ kind: 'lostAnswer', method: 'POST', path: '/api/v1/contacts', times: 1 });
		const run = await runNode({ parameters: contact({ operation: 'create', phone_no: someone.phone_no }), account: account() });
		expect(run.error?.message).toBe(`phone_no already exist: contact ${someone.id} has the phone ${someone.phone_no}`);
		expect(platform.requests({ method: 'POST' })).toHaveLength(1);
	});

	test('RT33: By ID with a leading 0 is a phone given by mistake: refused before any request', async () => {
		const run = await runNode({
			parameters: { resource: 'ticket', operation: 'create', subject: 'S', additionalFields: { requester_id: { __rl: true, mode: 'id', value: '0901234567' } } },
			account: account(),
		});
		expect(run.error?.message).toBe('Requester (requester_id) "0901234567" looks like a phone, not a contact ID: give it By Phone [item 0]');
		expect(platform.requests()).toHaveLength(0);
	});
});
