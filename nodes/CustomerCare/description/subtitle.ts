import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * Canvas subtitles in the words of the editor ("Get Many: Call"), not the parameters' values
 * ("getAll: call"). n8n evaluates the subtitle as an expression with `$parameter`; an object
 * literal maps each value to its display name, as in n8n's own and community nodes.
 */

type Named = Pick<INodePropertyOptions, 'name' | 'value'>;

function lookup(options: Named[]): string {
	return JSON.stringify(
		Object.fromEntries(options.map((option) => [String(option.value), option.name])),
	);
}

/** The display name of one options parameter's value, e.g. an event. */
export function optionsSubtitle(parameter: string, options: Named[]): string {
	const value = `$parameter[${JSON.stringify(parameter)}]`;
	return `={{ ${lookup(options)}[${value}] || ${value} }}`;
}

/**
 * "Operation: Resource" by display names, each resource's own ("Get Conversation: Chat" beside
 * "Get: Ticket"; test/engine/simplify/simplify.test.ts checks every pair).
 */
export function operationSubtitle(properties: INodeProperties[]): string {
	const resources = (properties.find((property) => property.name === 'resource')?.options ??
		[]) as Named[];
	const operations = properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			((property.displayOptions?.show?.resource ?? []) as string[]).flatMap((resource) =>
				((property.options ?? []) as Named[]).map((option) => ({
					name: option.name,
					value: `${resource} ${String(option.value)}`,
				})),
			),
		);
	const resource = '$parameter["resource"]';
	const operation = '$parameter["operation"]';
	return `={{ (${lookup(operations)}[${resource} + " " + ${operation}] || ${operation}) + ": " + (${lookup(resources)}[${resource}] || ${resource}) }}`;
}
