// @modes: spec
/**
 * The fake's strict mode (--strict, `strict: true`, CC_FAKE_STRICT=1): a server that enforces every
 * mark of the spec (docs/api.md#where-the-spec-is-unclear). It refuses an unknown query parameter
 * (400), a missing parameter the spec marks required (422, the spec's "missing input") and a window
 * of 31 days or more (400); the default mode takes all three as before.
 */
import type { FakePlatform } from '../../../tools/fake-platform';
import { FakePlatformProcess } from '../../../tools/fake-platform/process';
import { DAY, NOW, client, expectError, isoZ, startPlatform } from './helpers';

const now = NOW.getTime();
const SECOND = 1000;

describe('strict mode', () => {
	let strict: FakePlatform;
	let lenient: FakePlatform;
	let api: ReturnType<typeof client>;
	let defaultApi: ReturnType<typeof client>;
	beforeAll(async () => {
		[strict, lenient] = await Promise.all([startPlatform({ strict: true }), startPlatform({ strict: false })]);
		api = client(strict);
		defaultApi = client(lenient);
	});
	afterAll(async () => await Promise.all([strict.close(), lenient.close()]));

	const endWindow = { end_time_since: isoZ(now - 2 * DAY), end_time_to: isoZ(now - DAY) };
	const startWindow = { start_time_since: isoZ(now - 3 * DAY), start_time_to: isoZ(now - DAY) };

	it('calls: start_time_since is marked required (422); the default mode takes end_time_* alone', async () => {
		expectError(await api.get('/api/v1/calls', endWindow), 422, 'Request required [start_time_since]');
		expect((await defaultApi.get('/api/v1/calls', endWindow)).status).toBe(200);
		expect((await api.get('/api/v1/calls', { ...endWindow, ...startWindow })).status).toBe(200);
	});

	it('refuses a query parameter the spec does not list for the endpoint, also an empty one', async () => {
		expectError(await api.get('/api/v1/calls', { ...startWindow, sort: 'id' }), 400, 'Unknown parameter: sort');
		expectError(await api.get('/api/v1/agents', { page: 1 }), 400, 'Unknown parameter: page');
		expectError(
			await api.get('/api/v2/tickets', { updated_since: isoZ(now - DAY), updated_to: isoZ(now), status: '' }),
			400,
			'Unknown parameter: status',
		);
		expect((await defaultApi.get('/api/v1/calls', { ...startWindow, sort: 'id' })).status).toBe(200);
		expect((await defaultApi.get('/api/v1/agents', { page: 1 })).status).toBe(200);
		// Every parameter the spec lists is taken.
		const leads = await api.get('/api/v1/leads', {
			requester_id: 1,
			assignee_id: 1,
			service_id: 1,
			page: 1,
			count: 10,
			created_since: isoZ(now - 40 * DAY),
			created_to: isoZ(now),
			status_ids: '1,2',
			convert_type: 1,
		});
		expect(leads.status).toBe(200);
	});

	it('refuses a window of exactly 31 days, on each pair; a second less is taken', async () => {
		const since = now - 40 * DAY;
		const full = { updated_since: isoZ(since), updated_to: isoZ(since + 31 * DAY) };
		const less = { updated_since: isoZ(since), updated_to: isoZ(since + 31 * DAY - SECOND) };
		expectError(await api.get('/api/v2/tickets', full), 400, 'updated_since must older than updated_to and max 31 days');
		expect((await api.get('/api/v2/tickets', less)).status).toBe(200);
		expect((await defaultApi.get('/api/v2/tickets', full)).status).toBe(200);

		const calls = { start_time_since: isoZ(since), start_time_to: isoZ(since + 31 * DAY - SECOND) };
		expect((await api.get('/api/v1/calls', calls)).status).toBe(200);
		expectError(
			await api.get('/api/v1/calls', { ...calls, end_time_since: isoZ(since), end_time_to: isoZ(since + 31 * DAY) }),
			400,
			'end_time_since must older than end_time_to and max 31 days',
		);
		// Only a start: the window runs to now (the spec's V1 rule), so 31 days back is refused too.
		expectError(await api.get('/api/v1/calls', { start_time_since: isoZ(now - 31 * DAY) }), 400, 'start_time_since must older than start_time_to and max 31 days');
		expect((await defaultApi.get('/api/v1/calls', { start_time_since: isoZ(now - 31 * DAY) })).status).toBe(200);
	});

	it('chat messages: start_time_since required (422), a range of 30 days or more refused, unknown parameters refused', async () => {
		const since = now - 40 * DAY;
		expectError(await api.get('/api/v1/chats/messages', { conversation_type: 1 }), 422, 'Request required [start_time_since]');
		expectError(await defaultApi.get('/api/v1/chats/messages', { conversation_type: 1 }), 400, 'Request required [start_time_since]');
		const full = { start_time_since: isoZ(since), start_time_to: isoZ(since + 30 * DAY), conversation_type: 3 };
		expectError(await api.get('/api/v1/chats/messages', full), 400, 'start_time_since must older than start_time_to and max 30 days');
		expect((await defaultApi.get('/api/v1/chats/messages', full)).status).toBe(200);
		const less = { ...full, start_time_to: isoZ(since + 30 * DAY - SECOND) };
		expect((await api.get('/api/v1/chats/messages', less)).status).toBe(200);
		expectError(await api.get('/api/v1/chats/messages', { ...less, channel: 'zalo' }), 400, 'Unknown parameter: channel');
		const every = { ...less, conversation_id: 500001, requester_id: 1, last_agent_user_id: 1, services: '204,209', page: 1, count: 500 };
		expect((await api.get('/api/v1/chats/messages', every)).status).toBe(200);
	});

	it('the standalone fake takes CC_FAKE_STRICT=1 (npm run test:strict) and says so in its control info', async () => {
		const child = await FakePlatformProcess.start({ CC_FAKE_STRICT: '1' });
		try {
			const info = (await (await fetch(`${child.baseUrl}/__control/info`)).json()) as { strict?: boolean };
			expect(info.strict).toBe(true);
			const answer = await fetch(`${child.baseUrl}/${child.domain}/api/v1/calls?end_time_since=${isoZ(Date.now() - DAY)}`, {
				headers: { Authorization: `Bearer ${child.token}`, 'Content-Type': 'application/json' },
			});
			expect(answer.status).toBe(422);
		} finally {
			await child.close();
		}
	});
});
