/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * The node as an AI agent sees it. n8n titles a node with its operation's action
 * (n8n-workflow makeNodeName), so actions are short like n8n's; the Tool variant hands the model
 * the operation's description instead (description/toolDescription.ts, n8n's getToolDescriptionForNode),
 * and a model fills fields through `$fromAI`, without the editor's dropdowns and pickers. So every
 * field that takes an ID, a choice or a date says what value it takes and where it comes from.
 *
 * Expected texts are written here from docs/api.md and the README, not read from the node.
 */
import type { INode, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CustomerCare } from '../../../nodes/CustomerCare/CustomerCare.node';

const description = new CustomerCare().description;

/** Every property, inside collections and fixed collections too, with where it sits. */
function allProperties(
	properties: INodeProperties[],
	path = '',
): Array<{ path: string; property: INodeProperties }> {
	return properties.flatMap((property) => {
		const here = `${path}${property.displayName}`;
		const own = [{ path: here, property }];
		if (property.type === 'collection')
			return [
				...own,
				...allProperties((property.options ?? []) as INodeProperties[], `${here} › `),
			];
		if (property.type === 'fixedCollection') {
			const groups = (property.options ?? []) as Array<{ values?: INodeProperties[] }>;
			return [
				...own,
				...groups.flatMap((group) => allProperties(group.values ?? [], `${here} › `)),
			];
		}
		return own;
	});
}

const fields = allProperties(description.properties);
const operations = description.properties
	.filter((property) => property.name === 'operation')
	.flatMap((property) =>
		(property.options as Array<{ name: string; value: string; action?: string; description?: string }>).map((option) => ({
			resource: String(property.displayOptions?.show?.resource?.[0]),
			...option,
		})),
	);

describe('what a model reads of each operation', () => {
	it("covers the README's operations table, operation by operation", () => {
		// The README's table: `| Lead | Create, Get, … |`, a row may name several resources.
		const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
		const from = readme.indexOf('| Resource | Operations |');
		const table = readme.slice(from, readme.indexOf('\n\n', from));
		const listed = [...table.matchAll(/^\| ([^|]+) \| ([^|]+) \|$/gm)]
			.slice(1)
			.flatMap(([, resources, names]) =>
				resources.split(', ').flatMap((resource) =>
					names
						.replace(/ \([^)]*\)/g, '')
						.split(', ')
						.map((name) => `${resource.trim()} → ${name.trim()}`),
				),
			);
		const resourceNames = Object.fromEntries(
			(description.properties.find((property) => property.name === 'resource')!.options as Array<{ name: string; value: string }>).map(
				({ name, value }) => [value, name],
			),
		);
		expect(operations.map(({ resource, name }) => `${resourceNames[resource]} → ${name}`).sort()).toEqual(listed.sort());
	});

	it.each(
		operations.map((operation) => [`${operation.resource} ${operation.value}`, operation] as const),
	)('%s: its action is a short name, like n8n\'s own nodes', (_name, operation) => {
		// n8n titles a node added from the picker with the action (makeNodeName), on the canvas and in every error.
		expect(operation.action).toMatch(/^(Create|Get|Update|Send|Find|Find or create) (a |an |many |the )?[a-z]/);
		expect(operation.action!.length).toBeLessThanOrEqual(30);
		expect(NodeHelpers.makeNodeName({ resource: operation.resource, operation: operation.value }, description)).toBe(operation.action);
	});

	// n8n's Tool variant of the node: the same description under a name ending in "Tool" (what @tool reads).
	const asTool = { ...description, name: `${description.name}Tool` } as INodeTypeDescription;

	it.each(
		operations.map((operation) => [`${operation.resource} ${operation.value}`, operation] as const),
	)('%s: as a tool, the model reads the operation\'s description, not the action', (_name, operation) => {
		const parameters = NodeHelpers.getNodeParameters(
			asTool.properties,
			{ resource: operation.resource, operation: operation.value },
			true,
			false,
			{ typeVersion: 1 },
			asTool,
		)!;
		const node = { id: '1', name: operation.action!, type: asTool.name, typeVersion: 1, position: [0, 0], parameters } as INode;
		const told = NodeHelpers.getToolDescriptionForNode(node, { description: asTool } as INodeType);
		expect(told).toBe(operation.description);
		// Reads say what the records carry; writes say what comes back.
		expect(told.length).toBeGreaterThan(operation.action!.length + 20);
	});

	it('the node without the tool shows no Tool Description', () => {
		const parameters = NodeHelpers.getNodeParameters(description.properties, { resource: 'ticket', operation: 'create' }, true, false, { typeVersion: 1 }, description)!;
		expect(parameters).not.toHaveProperty('toolDescription');
	});
});

describe('what a model must give each field', () => {
	const dynamic = fields.filter(({ property }) => property.typeOptions?.loadOptionsMethod);
	const dates = fields.filter(({ property }) => property.type === 'dateTime');
	const pickers = fields.filter(({ property }) => property.type === 'resourceLocator');
	/** "Agent → Get Many" and the like, as the Resource and Operation selectors name them. */
	const named = new Set(
		operations.map((operation) => {
			const resource = (
				description.properties.find((p) => p.name === 'resource')!.options as Array<{
					name: string;
					value: string;
				}>
			).find((option) => option.value === operation.resource)!.name;
			return `${resource} → ${operation.name}`;
		}),
	);

	it('finds the fields it checks', () => {
		expect(dynamic.length).toBeGreaterThanOrEqual(20);
		expect(dates.length).toBeGreaterThanOrEqual(10);
		// Get and Update of tickets, leads, deals and contacts; the contact of Ticket, Lead and Deal
		// Create and the Requester filter of their Get Many and of Chat → Get Many.
		expect(pickers.length).toBe(15);
	});

	it.each(dynamic.map(({ path, property }) => [path, property] as const))(
		'%s names the operation its IDs come from',
		(_path, property) => {
			const hint =
				(property.description ?? '').split('From an AI agent or an expression: ')[1] ?? '';
			const source = /([A-Z][a-z]+(?: [A-Z][a-z]+)*) → ([A-Z][a-z]+(?: [A-Z][a-z]+)*)/.exec(hint);
			expect(source).not.toBeNull();
			expect(named).toContain(source![0]);
		},
	);

	it.each(dates.map(({ path, property }) => [path, property] as const))(
		'%s says it takes ISO 8601',
		(_path, property) => {
			expect(property.description).toContain('ISO 8601');
			expect(property.description).toContain('2026-11-25T09:00:00Z');
		},
	);

	it.each(pickers.map(({ path, property }) => [path, property] as const))(
		'%s says an ID is digits',
		(_path, property) => {
			expect(property.description).toContain('digits only');
		},
	);

	it('lists the values of a choice a model cannot pick from a dropdown', () => {
		const ticketStatuses = fields.filter(
			({ path }) => /Status$/.test(path) && path.includes('Fields'),
		);
		expect(ticketStatuses.length).toBeGreaterThan(0);
		for (const { property } of ticketStatuses) {
			// docs/api.md, Tickets: the statuses a write takes.
			expect(property.description).toContain('one of new, open, pending, solved');
		}
		const closedAs = fields.find(({ path }) => path.endsWith('Closed As'))!.property;
		// docs/api.md, Deals: closed_type 1 won, 2 lost, 3 unqualified.
		expect(closedAs.description).toContain('1 (Won), 2 (Lost), 3 (Unqualified)');
	});

	it('leaves no field a person or a model can fill without a description', () => {
		const silent = fields
			// The Resource and Operation selectors speak through their options' actions (above).
			.filter(({ property }) => !['resource', 'operation'].includes(property.name))
			.filter(
				({ property }) =>
					!['hidden', 'notice', 'collection', 'fixedCollection'].includes(property.type),
			)
			.filter(({ property }) => !(property.description ?? '').trim())
			.map(({ path }) => path);
		expect(silent).toEqual([]);
	});
});

describe('the Tool variant can run', () => {
	// n8n (packages/cli src/utils.ts shouldAssignExecuteMethod, 2.40.7 and 1.123) gives a node
	// with `methods` the RoutingNode's `execute`, which an AI Agent calls, only when the node
	// declares `requestDefaults`: without it the tool answers nothing.
	it('declares requestDefaults beside its methods, so n8n treats it as declarative', () => {
		const node = new CustomerCare();
		expect(node.methods).toBeDefined();
		expect(node.description.requestDefaults).toBeDefined();
	});
});
