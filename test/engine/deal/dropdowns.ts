/** Deal dropdowns: registered by deal.test.ts, which starts the fake platform once for the folder. */
import { loadOptions } from '../../../tools/engine-harness/harness';
import { platform, account, deal, enterprise, retail } from './helpers/context';

describe('Deal dropdowns', () => {
	test('getDealPipelines lists the pipelines with their stages', async () => {
		const options = await loadOptions('getDealPipelines', account(), deal({ operation: 'create' }), { path: 'parameters.pipelineId' });
		expect(options.map((option) => [option.name, option.value])).toEqual(platform.store.dealPipelines.map((pipeline) => [pipeline.name, pipeline.id]));
		expect(options[0].description).toBe(`Stages: ${retail().stages.map((stage) => stage.name).join(' → ')}`);
	});

	test('getDealStages follows the chosen pipeline', async () => {
		const options = await loadOptions('getDealStages', account(), deal({ operation: 'create', pipelineId: enterprise().id }), {
			path: 'parameters.stageId',
		});
		expect(options.map((option) => [option.name, option.value])).toEqual(enterprise().stages.map((stage) => [stage.name, stage.id]));
		expect(options[0].description).toBe(`Probability ${enterprise().stages[0].probability}%`);
		expect(options[options.length - 1].description).toBeUndefined();
	});

	test('getDealStages without a pipeline: every stage, named after its pipeline', async () => {
		const options = await loadOptions('getDealStages', account(), deal({ operation: 'update' }), { path: 'parameters.stageId' });
		expect(options.map((option) => option.value)).toEqual(platform.store.dealPipelines.flatMap((pipeline) => pipeline.stages.map((stage) => stage.id)));
		expect(options[0].name).toBe(`${retail().name} › ${retail().stages[0].name}`);
	});

	test('getDealStages of the Get Many filter follows the Pipelines filter', async () => {
		const options = await loadOptions(
			'getDealStages',
			account(),
			deal({ operation: 'getAll', filters: { pipeline_ids: [retail().id] } }),
			{ path: 'parameters.filters.stage_ids' },
		);
		expect(options.map((option) => option.value)).toEqual(retail().stages.map((stage) => stage.id));
	});

	test('getDealLabels and getDealUnqualifiedReasons', async () => {
		const labels = await loadOptions('getDealLabels', account(), deal({ operation: 'create' }));
		expect(labels).toEqual(platform.store.dealLabels.map((label) => ({ name: label.name, value: label.id })));
		const reasons = await loadOptions('getDealUnqualifiedReasons', account(), deal({ operation: 'create' }));
		expect(reasons).toEqual(platform.store.dealUnqualifiedReasons.map((reason) => ({ name: reason.name, value: reason.id })));
	});
});
