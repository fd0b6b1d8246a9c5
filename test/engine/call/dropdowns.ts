/** Call dropdowns: registered by call.test.ts, which starts the fake platform once for the folder. */
import { accountOf, loadOptions } from '../../../tools/engine-harness/harness';
import { platform } from './helpers/context';

describe('Call dropdowns', () => {
	test('agents by IP-phone number', async () => {
		const options = await loadOptions('getCallAgents', accountOf(platform), {});
		expect(options.map((option) => option.value).sort()).toEqual(
			platform.store.agents.map((agent) => String(agent.agent_id)).sort(),
		);
		const agent = platform.store.agents[0];
		const option = options.find((candidate) => candidate.value === String(agent.agent_id))!;
		expect(option.name).toBe(`${agent.username} (IP phone ${String(agent.agent_id)})`);
		expect(options.map((candidate) => candidate.name)).toEqual([...options.map((candidate) => candidate.name)].sort((a, b) => a.localeCompare(b)));
	});

	test('voice services only', async () => {
		const options = await loadOptions('getCallServices', accountOf(platform), {});
		const voice = platform.store.services.filter((service) => [1, 11, 12].includes(service.type));
		expect(options.map((option) => option.value).sort()).toEqual(voice.map((service) => service.service_id).sort());
	});
});
