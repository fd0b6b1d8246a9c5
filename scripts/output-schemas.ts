/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * `npm run schemas`: writes output-schemas/CustomerCare/__schema__/v1.0.0/<resource>/<operation>.json
 * from real runs of the node (n8n's engine, the fake platform). The build copies them next to the
 * compiled node (dist/nodes/CustomerCare/__schema__/), where n8n serves them to the editor as the
 * schema preview of a node that has not run (docs/output-schemas.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { FakePlatform } from '../tools/fake-platform';
import { generatedSchema, schemaFile, SCHEMA_OPERATIONS } from '../tools/output-schemas/operations';

export const OUTPUT_SCHEMAS_DIR = resolve(__dirname, '..', 'output-schemas');

async function main(): Promise<void> {
	// Both platforms the fake plays: the schema holds what either answers.
	const rateLimit = { perSecond: 1_000_000, perHour: 100_000_000 };
	const platforms = [await FakePlatform.start({ rateLimit, platform: 'real' }), await FakePlatform.start({ rateLimit, platform: 'spec' })];
	try {
		for (const operation of SCHEMA_OPERATIONS) {
			const file = join(OUTPUT_SCHEMAS_DIR, schemaFile(operation));
			mkdirSync(dirname(file), { recursive: true });
			const schema = await generatedSchema(operation, platforms);
			writeFileSync(file, `${JSON.stringify(schema, null, '\t')}\n`);
			process.stdout.write(`${file} (${Object.keys(schema.properties ?? {}).length} fields)\n`);
		}
	} finally {
		for (const platform of platforms) await platform.close();
	}
}

main().catch((error) => {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});
