/**
 * The catalogue of the platform's API (docs/api.md): every endpoint the package calls, with
 * the shape of its answer. The action node's operations, the load-options methods and the
 * trigger all read it, so a path or a root property is written here and nowhere else.
 *
 * Paths are what follows `{Base URL}/{domain}`. A `{id}` in a path is the record's ID, filled
 * in by `pathWithId`.
 */
import type { Endpoint, DateFilter, ListEndpoint } from './endpointShapes';

export type { Endpoint, DateFilter, ListSpec, ListEndpoint } from './endpointShapes';

function list<Spec extends Omit<ListEndpoint, 'method' | 'path'>>(
	path: string,
	spec: Spec,
): Spec & ListEndpoint {
	return { method: 'GET', path, answers: 'list', ...spec };
}

/** The windowed query pairs of a list's date filters (the 31-day limit, docs/api.md#times). */
function windowPairs(dates: Record<string, DateFilter>): Array<[string, string]> {
	return Object.values(dates).map(({ since, to }) => [since, to]);
}

const dateFilter = (name: string, field = `${name}_at`): DateFilter => ({
	since: `${name}_since`,
	to: `${name}_to`,
	field,
});

/** When both pairs are given the updated pair wins (docs/api.md#tickets). */
const TICKET_DATES = {
	updated: dateFilter('updated'),
	created: dateFilter('created'),
};
const LEAD_DATES = {
	created: dateFilter('created'),
	updated: dateFilter('updated'),
	converted: dateFilter('convert', 'converted_at'),
};
/** When both pairs are given the API filters on end_time (docs/api.md#calls). */
const CALL_DATES = {
	end_time: dateFilter('end_time', 'end_time'),
	start_time: dateFilter('start_time', 'start_time'),
};
const SALES_FILTERS = ['requester_id', 'assignee_id', 'service_id', 'convert_type'];

/** docs/api.md#tickets */
export const TICKET = {
	create: { method: 'POST', path: '/api/v1/tickets', rootProperty: 'ticket' },
	get: { method: 'GET', path: '/api/v1/tickets/{id}', rootProperty: 'ticket', record: 'ticket' },
	update: {
		method: 'PUT',
		path: '/api/v1/tickets/{id}',
		rootProperty: 'ticket',
	},
	list: list('/api/v2/tickets', {
		rootProperty: 'tickets',
		paged: true,
		idProperty: 'ticket_id',
		dates: TICKET_DATES,
		windowPairs: windowPairs(TICKET_DATES),
		// conversation_type: not in the spec, sent by a production client (docs/api.md#tickets).
		filters: ['requester_id', 'assignee_id', 'service_id', 'filter_id', 'conversation_type'],
	}),
	/** The v1 list takes the same query; the answer's shape is the same. */
	listV1Path: '/api/v1/tickets',
} as const satisfies Record<string, Endpoint | string>;

/** docs/api.md#leads */
export const LEAD = {
	create: { method: 'POST', path: '/api/v1/lead', rootProperty: 'lead' },
	get: { method: 'GET', path: '/api/v1/lead/{id}', rootProperty: 'lead', record: 'lead' },
	update: { method: 'PUT', path: '/api/v1/lead/{id}', rootProperty: 'lead' },
	list: list('/api/v1/leads', {
		rootProperty: 'leads',
		paged: true,
		idProperty: 'id',
		dates: LEAD_DATES,
		filters: [...SALES_FILTERS, 'status_ids'],
	}),
	statuses: list('/api/v1/lead/status', {
		rootProperty: 'statuses',
		idProperty: 'id',
	}),
	unqualifiedReasons: list('/api/v1/lead/unqualified-reason', {
		rootProperty: 'reasons',
		idProperty: 'id',
	}),
	/** The spec gives this path without the api/v1 segment (docs/api.md#reference-lists). */
	labels: list('/lead/labels', { rootProperty: 'labels', idProperty: 'id' }),
} as const satisfies Record<string, Endpoint>;

/** docs/api.md#deals */
export const DEAL = {
	create: { method: 'POST', path: '/api/v1/deal', rootProperty: 'deal' },
	get: { method: 'GET', path: '/api/v1/deal/{id}', rootProperty: 'deal', record: 'deal' },
	update: { method: 'PUT', path: '/api/v1/deal/{id}', rootProperty: 'deal' },
	list: list('/api/v1/deals', {
		rootProperty: 'deals',
		paged: true,
		idProperty: 'id',
		dates: { ...LEAD_DATES, closed: dateFilter('closed') },
		filters: [...SALES_FILTERS, 'pipeline_ids', 'stage_ids', 'closed_type'],
	}),
	pipelines: list('/api/v1/deal/pipelines', {
		rootProperty: 'pipelines',
		idProperty: 'id',
	}),
	unqualifiedReasons: list('/api/v1/deal/unqualified-reasons', {
		rootProperty: 'reasons',
		idProperty: 'id',
	}),
	labels: list('/api/v1/deal/labels', {
		rootProperty: 'labels',
		idProperty: 'id',
	}),
	/** A POST with an empty object: the spec shows neither request nor response; read as {code, reasons}. */
	lostReasons: {
		method: 'POST',
		path: '/api/v1/deal/lost-reasons',
		rootProperty: 'reasons',
		answers: 'list',
		readOnly: true,
	},
} as const satisfies Record<string, Endpoint>;

/** docs/api.md#calls */
export const CALL = {
	list: list('/api/v1/calls', {
		rootProperty: 'calls',
		paged: true,
		idProperty: 'id',
		dates: CALL_DATES,
		windowPairs: windowPairs(CALL_DATES),
		// The spec marks start_time_since required; beside end_time_* (which wins) it is sent as a
		// window holding the end_time one (docs/api.md#where-the-spec-is-unclear).
		coveringPair: { decides: ['end_time_since', 'end_time_to'], covers: ['start_time_since', 'start_time_to'] },
		filters: [
			'call_id',
			'call_type',
			'call_status',
			'phone',
			'agent_id',
			'service_id',
			'order_by',
			'order_type',
		],
	}),
} as const satisfies Record<string, Endpoint>;

/**
 * docs/api.md#contacts: from the real platform's clients, not in the spec. A lookup that finds
 * no one, and a create whose phone another contact has, answer a failure in a 200.
 */
export const CONTACT = {
	create: { method: 'POST', path: '/api/v1/contacts', rootProperty: 'contact' },
	get: { method: 'GET', path: '/api/v1/contacts/{id}', rootProperty: 'contact', record: 'contact' },
	update: { method: 'PUT', path: '/api/v1/contacts/{id}', rootProperty: 'contact' },
	/** `phoneNo`: one of the contact's three phones, as stored (national digits, docs/api.md#contacts). */
	byPhone: { method: 'GET', path: '/api/v1/contactsByPhone', rootProperty: 'contact' },
	list: list('/api/v1/contacts', {
		rootProperty: 'contacts',
		paged: true,
		idProperty: 'id',
		dates: { updated: dateFilter('updated') },
		filters: ['order_by', 'order_type'],
	}),
} as const satisfies Record<string, Endpoint>;

/** The answers of the contact endpoints that are results, not failures (docs/api.md#contacts). */
export const CONTACT_ANSWERS = {
	notFound: 'Not found user',
	duplicatePhone: 'phone_no already exist',
} as const;

/**
 * docs/api.md#chats: from the vendor's documentation as one public client read it (R8), not in
 * the spec. The start-time pair bounds the CONVERSATION's start, at most 30 days apart, and
 * `start_time_since` is required; `conversation_type` (0 Live chat, 1 Messenger/Instagram,
 * 3 Zalo) is Live chat when absent, so the node always sends it.
 */
export const CHAT = {
	messages: list('/api/v1/chats/messages', {
		rootProperty: 'chats',
		paged: true,
		idProperty: 'id',
		dates: { start_time: dateFilter('start_time', 'start_time') },
		windowPairs: [['start_time_since', 'start_time_to']],
		windowDays: 30,
		filters: ['conversation_type', 'conversation_id', 'requester_id', 'last_agent_user_id', 'services'],
	}),
} as const satisfies Record<string, Endpoint>;

/** docs/api.md#sms */
export const SMS = {
	send: { method: 'POST', path: '/api/v1/sms', rootProperty: 'ticket' },
} as const satisfies Record<string, Endpoint>;

/** docs/api.md#agents, #groups, #services */
export const AGENT = {
	list: list('/api/v1/agents', { rootProperty: 'agents', idProperty: 'id' }),
};
export const GROUP = {
	list: list('/api/v1/groups', {
		rootProperty: 'groups',
		idProperty: 'group_id',
	}),
};
/**
 * The account's hourly quota, as the platform's rate headers tell it on any answer (docs/api.md#limits,
 * docs/rate-budget.md): read from the smallest list every account answers, the groups.
 */
export const ACCOUNT = {
	quota: { method: 'GET', path: '/api/v1/groups' } satisfies Endpoint,
};
export const SERVICE = {
	list: list('/api/v1/services', {
		rootProperty: 'services',
		idProperty: 'service_id',
		filters: ['service_id', 'type'],
	}),
};

/** docs/api.md#custom-fields: one list per object; leads and deals use the tickets' definitions. */
export const CUSTOM_FIELD_OBJECTS = ['tickets', 'contacts', 'organizations'] as const;
export type CustomFieldObject = (typeof CUSTOM_FIELD_OBJECTS)[number];
export const CUSTOM_FIELD = {
	list: (object: CustomFieldObject) =>
		list(`/api/v1/${object}/custom_fields`, {
			rootProperty: 'custom_fields',
			idProperty: 'custom_field_id',
		}),
};

/** The heartbeat's property holding the monitors (docs/api.md#heartbeat-and-monitors). */
export const MONITOR_ROOT = 'monitors';

/** docs/api.md#heartbeat-and-monitors */
export const MONITOR = {
	heartbeat: { method: 'GET', path: '/api/v1/heartbeat', target: 'status' },
} as const satisfies Record<string, Endpoint>;

/**
 * A record endpoint's path as a routing expression, the ID taken from the node parameter
 * `parameter` (trimmed and URL-encoded, since an expression may give it with spaces).
 */
export function pathWithId(endpoint: Endpoint, parameter: string): string {
	return `=${endpoint.path.replace('{id}', `{{encodeURIComponent(String($parameter.${parameter}).trim())}}`)}`;
}
