/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The output schemas the package ships (output-schemas/ → dist/nodes/CustomerCare/__schema__/)
 * still describe what each operation returns: every field of every item of a real run (n8n's
 * engine, the fake platform) is in the shipped schema with its type, and every field of the
 * schema is returned. When a test here fails after an output change, `npm run schemas` rewrites them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';

import type { FakePlatform } from '../../../tools/fake-platform';
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { departures, schemaOf, type JsonSchema } from '../../../tools/output-schemas/json-schema';
import { itemsOf, schemaFile, SCHEMA_OPERATIONS } from '../../../tools/output-schemas/operations';

const OUTPUT_SCHEMAS_DIR = resolve(__dirname, '..', '..', '..', 'output-schemas');
const SEED = Number(process.env.FC_SEED ?? 1311);

// Both platforms the fake plays, whatever CC_FAKE_PLATFORM says: one schema describes both.
const rateLimit = { perSecond: 1_000_000, perHour: 100_000_000 };
let real: FakePlatform;
let spec: FakePlatform;
useFakePlatform((started) => (real = started), { rateLimit, platform: 'real' });
useFakePlatform((started) => (spec = started), { rateLimit, platform: 'spec' });

describe('shipped output schemas', () => {
	test('Call → Get Many and Ticket → Get are among them (the issue asks for these at least)', () => {
		const shipped = SCHEMA_OPERATIONS.map((operation) => `${operation.resource}/${operation.operation}`);
		expect(shipped).toEqual(expect.arrayContaining(['call/getAll', 'ticket/get']));
	});

	test.each(SCHEMA_OPERATIONS.map((operation) => [`${operation.resource} → ${operation.operation}`, operation] as const))(
		'%s: the shipped schema describes every item of a real run against either platform, and nothing more',
		async (_name, operation) => {
			const file = join(OUTPUT_SCHEMAS_DIR, schemaFile(operation));
			expect(existsSync(file)).toBe(true);
			const shipped = JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
			// What n8n's editor accepts as a preview (schemaPreview.api.ts: type, non-empty properties).
			expect(shipped.type).toBe('object');
			expect(Object.keys(shipped.properties ?? {}).length).toBeGreaterThan(0);

			const returned = new Set<string>();
			for (const [mode, platform] of [['real', real], ['spec', spec]] as const) {
				const items = await itemsOf(operation, platform);
				expect(items.flatMap((item, index) => departures(shipped, item, `${mode} item ${index}`))).toEqual([]);
				for (const item of items) for (const key of Object.keys(item)) returned.add(key);
			}
			expect(Object.keys(shipped.properties ?? {}).filter((key) => !returned.has(key))).toEqual([]);
		},
	);
});

describe('schemaOf (pure)', () => {
	const params = { seed: SEED, numRuns: 200, verbose: 1 } as const;
	// fast-check prints the seed and the counterexample on failure; FC_SEED=<seed> replays it.

	test('every field of every value is in the schema of them all; plain values of any types conform', () => {
		fc.assert(
			fc.property(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 6 }), (values) => {
				const schema = schemaOf(values);
				for (const value of values) {
					expect(departures(schema, value).filter((d) => d.endsWith('not in the schema'))).toEqual([]);
				}
				const plain = values.map((value) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value));
				for (const value of plain) expect(departures(schemaOf(plain), value)).toEqual([]);
			}),
			params,
		);
	});

	test('records of plain fields, lists and nested records conform fully, nulls and missing fields included', () => {
		const record = fc.record(
			{
				text: fc.option(fc.string(), { nil: null }),
				count: fc.option(fc.integer(), { nil: null }),
				flags: fc.array(fc.boolean(), { maxLength: 3 }),
				comments: fc.array(fc.record({ id: fc.integer(), body: fc.string() }, { requiredKeys: ['id'] }), { maxLength: 3 }),
				nested: fc.record({ at: fc.string() }),
			},
			{ requiredKeys: [] },
		);
		fc.assert(
			fc.property(fc.array(record, { minLength: 1, maxLength: 8 }), (values) => {
				const schema = schemaOf(values);
				expect(schema.type).toBe('object');
				for (const value of values) expect(departures(schema, value)).toEqual([]);
			}),
			params,
		);
	});

	test('types of plain fields in the order seen, null last; a field always null is null; containers keep one type', () => {
		expect(schemaOf([{ a: null, b: null, c: 1 }, { a: 'x', b: null, c: '2' }, { a: 'y', c: 3 }])).toEqual({
			type: 'object',
			properties: { a: { type: ['string', 'null'] }, b: { type: 'null' }, c: { type: ['number', 'string'] } },
		});
		expect(departures({ type: 'object', properties: { a: { type: 'string' }, b: { type: ['number', 'null'] } } }, { a: 1, b: null, c: true })).toEqual([
			'$.a: number, the schema says string',
			'$.c: not in the schema',
		]);
		expect(departures({ type: 'object', properties: { list: { type: 'array', items: { type: 'number' } } } }, { list: [1, 'x'] })).toEqual([
			'$.list[1]: string, the schema says number',
		]);
	});
});
