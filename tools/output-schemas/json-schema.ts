/**
 * The JSON Schema of a node's output items, in the shape n8n's own `__schema__` files have
 * (n8n-nodes-base: `{type: 'object', properties: {...}}`, one type per field, arrays by their
 * items): what the editor shows as the "schema preview" of a node that has not run.
 */

type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface JsonSchema {
	/** A list for a value of several types (e.g. an ID the API gives as a number or a string): n8n's editor shows the first. */
	type: JsonType | JsonType[];
	properties?: Record<string, JsonSchema>;
	items?: JsonSchema;
}

function typeOf(value: unknown): JsonType {
	if (value === null || value === undefined) return 'null';
	if (Array.isArray(value)) return 'array';
	const type = typeof value;
	if (type === 'string' || type === 'number' || type === 'boolean') return type;
	return 'object';
}

/**
 * The schema of all `values` together: an object's fields are the union over all of them. An
 * object or array field takes the first container type seen (n8n's editor reads `type` of a
 * container as one string); a plain field lists every type seen, in order, null last when some
 * values are null or missing (null alone when it is always null).
 */
export function schemaOf(values: readonly unknown[]): JsonSchema {
	const present = values.filter((value) => value !== null && value !== undefined);
	if (present.length === 0) return { type: 'null' };
	const type = typeOf(present[0]);
	const same = present.filter((value) => typeOf(value) === type);
	if (type === 'array') return { type, items: schemaOf(same.flatMap((value) => value as unknown[])) };
	if (type !== 'object') {
		const types = [...new Set(present.map(typeOf).filter((t) => t !== 'object' && t !== 'array'))];
		if (present.length < values.length) types.push('null');
		return { type: types.length === 1 ? types[0] : types };
	}
	const keys: string[] = [];
	for (const value of same) for (const key of Object.keys(value as object)) if (!keys.includes(key)) keys.push(key);
	const properties: Record<string, JsonSchema> = {};
	for (const key of keys) properties[key] = schemaOf(same.map((value) => (value as Record<string, unknown>)[key]));
	return { type, properties };
}

/**
 * Where `value` departs from `schema`, as readable paths (empty when it conforms): a field the
 * schema lacks, or a type other than the schema's (null or a missing field is accepted anywhere: optional values).
 */
export function departures(schema: JsonSchema, value: unknown, path = '$'): string[] {
	const type = typeOf(value);
	if (type === 'null') return [];
	const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
	if (!allowed.includes(type)) return [`${path}: ${type}, the schema says ${allowed.join(' or ')}`];
	if (type === 'array') return (value as unknown[]).flatMap((item, index) => departures(schema.items ?? { type: 'null' }, item, `${path}[${index}]`));
	if (type !== 'object') return [];
	return Object.entries(value as Record<string, unknown>).flatMap(([key, field]) =>
		schema.properties?.[key] ? departures(schema.properties[key], field, `${path}.${key}`) : [`${path}.${key}: not in the schema`],
	);
}
