/** Chat dropdowns: registered by chat.test.ts, which starts the fake platform once for the folder. */
import { accountOf, loadOptions } from '../../../tools/engine-harness/harness';
import { platform } from './helpers/context';

describe('Chat dropdowns', () => {
	test('chat services only: live chat, social page, social inbox, messaging app (by type id, or by label where the platform sends none)', async () => {
		const options = await loadOptions('getChatServices', accountOf(platform), { resource: 'chat', operation: 'getAll' });
		// docs/api.md#services: types 2 Live chat, 4 Social page, 8 Social inbox, 10 Messaging app.
		const chat = platform.store.services.filter((service) => [2, 4, 8, 10].includes(service.type));
		expect(chat.length).toBeGreaterThan(1);
		expect(options.map((option) => option.value).sort()).toEqual(chat.map((service) => service.service_id).sort());
	});
});
