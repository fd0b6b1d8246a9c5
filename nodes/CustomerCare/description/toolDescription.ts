import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * What an AI agent reads of each operation, apart from the node's name.
 *
 * n8n names a node added from the picker after its operation's `action` (n8n-workflow
 * makeNodeName), so the actions are short, like n8n's own ("Create a ticket"). Without more, n8n
 * would also describe the tool to the model as "<action> in Customer Care" (makeDescription). But
 * when a node has its own `toolDescription` parameter, n8n adds no Tool Description of its own
 * (packages/cli tool-generation convertNodeToAiTool) and hands the model that parameter's value
 * (getToolDescriptionForNode). So the Tool variant gets one `toolDescription` per operation,
 * shown only there (`@tool`), its default the operation's `description`, written for a model:
 * a user may rewrite it; switching the operation brings the new operation's text.
 */
export function toolDescriptionProperties(properties: INodeProperties[]): INodeProperties[] {
	return properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			((property.options ?? []) as INodePropertyOptions[]).map((option) => {
				const toolDescription: INodeProperties = {
					displayName: 'Tool Description',
					name: 'toolDescription',
					type: 'string',
					typeOptions: { rows: 3 },
					default: '',
					description:
						'What the AI agent reads about this tool; a good, specific description lets the model call it when it should',
					displayOptions: {
						show: {
							'@tool': [true],
							resource: property.displayOptions?.show?.resource ?? [],
							operation: [option.value],
						},
					},
				};
				// The operation's own description, for the model (n8n's lint wants a literal default above).
				return { ...toolDescription, default: option.description ?? '' };
			}),
		);
}
