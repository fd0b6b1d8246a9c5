import type { INodeProperties } from 'n8n-workflow';

import { checked, declaredCheckOf } from '../checks/declared';

/**
 * Where the value of each account-filled dropdown comes from, named by the operation that lists
 * it. An AI agent fills these fields with `$fromAI` and a person with an expression; neither
 * sees the dropdown, so the description must say where a valid ID is found (README "Use with AI agents").
 */
const VALUE_SOURCES: Record<string, string> = {
	getAgents: 'an agent ID, the id field of Agent → Get Many',
	getCallAgents: "an agent's IP-phone number, the agent_id field of Agent → Get Many",
	getGroups: 'a group ID, the group_id field of Group → Get Many',
	getServices: 'a service ID, the service_id field of Service → Get Many',
	getCallServices:
		'the service_id of a voice service (Type: incoming call, voice out or IVR) from Service → Get Many',
	getSmsServices: 'the service_id of an SMS service from Service → Get Many',
	getChatServices:
		'service_id values of chat services (Type: live chat, social page, social inbox or messaging app) from Service → Get Many',
	getLeadStatuses: 'a status ID from Lead → Get Statuses',
	getLeadLabels: 'label IDs from Lead → Get Labels',
	getLeadUnqualifiedReasons: 'a reason ID from Lead → Get Unqualified Reasons',
	getDealPipelines: 'a pipeline ID from Deal → Get Pipelines',
	getDealStages: 'a stage ID from Deal → Get Pipelines (each pipeline lists its stages)',
	getDealLabels: 'label IDs from Deal → Get Labels',
	getDealUnqualifiedReasons: 'a reason ID from Deal → Get Unqualified Reasons',
	getCustomFields: 'a field ID, label or code from Custom Field → Get Many',
	getCustomFieldValues: "choice IDs or labels, from the field's choices in Custom Field → Get Many",
};

/** The forms `toEpochMs` (basics/dates.ts) reads, said once for every date field. */
const DATE_HINT =
	'Takes ISO 8601, e.g. 2026-11-25T09:00:00Z or 2026-11-25 09:00; a time without an offset is in the Account Time Zone (Asia/Ho_Chi_Minh unless the credential sets another), not the workflow\'s.';

/** A record ID as RECORD_ID_PATTERN (recordLocator.ts) takes it. */
const RECORD_ID_HINT = 'By ID: digits only, e.g. 100245, as Get Many or a trigger returns it.';
const CONTACT_HINT =
	'By ID: digits only, e.g. 50012, as Contact → Find by Phone returns it; By Phone: the phone in any common form.';

function sentence(description: string | undefined, hint: string): string {
	const text = (description ?? '').trim().replace(/\.+$/, '');
	return text ? `${text}. ${hint}` : hint;
}

/** A choice as an expression must give it: its value, and its name when that differs. */
function choiceText(choice: { name: string; value?: unknown }): string {
	const value = String(choice.value);
	return value.toLowerCase() === choice.name.toLowerCase() ? value : `${value} (${choice.name})`;
}

function hintOf(property: INodeProperties): string | undefined {
	const method = property.typeOptions?.loadOptionsMethod;
	if (typeof method === 'string' && VALUE_SOURCES[method]) {
		return `From an AI agent or an expression: ${VALUE_SOURCES[method]}.`;
	}
	if (
		(property.type === 'options' || property.type === 'multiOptions') &&
		!property.noDataExpression
	) {
		const choices = (property.options ?? []) as Array<{ name: string; value?: unknown }>;
		if (choices.length > 0 && choices.every((choice) => choice.value !== undefined)) {
			return `From an AI agent or an expression: ${property.type === 'options' ? 'one' : 'any'} of ${choices.map(choiceText).join(', ')}.`;
		}
	}
	if (property.type === 'dateTime') return DATE_HINT;
	if (property.type === 'resourceLocator')
		return property.modes?.some((mode) => mode.name === 'phone') ? CONTACT_HINT : RECORD_ID_HINT;
	return undefined;
}

/**
 * The node's properties with each dropdown, date and record picker saying what value it takes
 * outside the editor, inside collections too. Applied once to the whole node, so fields of
 * one kind say the same thing.
 */
export function withValueHints(properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => {
		const hint = hintOf(property);
		const check = declaredCheckOf(property);
		const copy = {
			...property,
			description: hint ? sentence(property.description, hint) : property.description,
		};
		const described = check ? checked(copy, check) : copy;
		if (property.type === 'collection' && Array.isArray(property.options)) {
			return { ...described, options: withValueHints(property.options as INodeProperties[]) };
		}
		if (property.type === 'fixedCollection' && Array.isArray(property.options)) {
			return {
				...described,
				options: (property.options as Array<{ values?: INodeProperties[] }>).map((group) =>
					group.values ? { ...group, values: withValueHints(group.values) } : group,
				),
			} as INodeProperties;
		}
		return described;
	});
}
