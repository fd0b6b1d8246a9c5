/**
 * The request/response contract of the Customer-Care Platform API, written once.
 *
 * - Request schemas (queries and bodies) are what the fake platform validates on arrival;
 *   the first violation answers 400 `{code:'errors', message:'invalid value: <field>'}`
 *   (see `invalidField`).
 * - Response schemas describe every envelope the fake platform answers; tests `parse()` them.
 *
 * Field names, codes and odd spellings (`custom_field_lable`, `lable`, `custom_filed`,
 * `meetAgent`) are the interface's, on purpose.
 */
import { z } from 'zod';
import { parseIsoZoned, parseLocal } from './time';

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** An int id: a JSON integer ≥ 0 or a string of digits; at most `maxDigits` digits. */
export const idInt = (maxDigits = 10) =>
	z
		.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)])
		.transform((v) => Number(v))
		.refine((n) => Number.isSafeInteger(n) && String(n).length <= maxDigits);

/** 0 or 1 (also '0'/'1'). */
export const flag01 = z
	.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
	.transform((v) => Number(v) as 0 | 1);

/** A finite number or a numeric string. */
export const numberLike = z
	.union([z.number().finite(), z.string().regex(/^-?\d+(\.\d+)?$/)])
	.transform((v) => Number(v));

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

const email = (max: number) => z.string().max(max).regex(EMAIL_RE);

/** 'YYYY-MM-DD HH:mm:ss' (zone-less, the account zone). */
export const localDateTime = z.string().refine((s) => parseLocal(s, 0) !== null);

/** Comma-separated ids in a string (a single number is accepted too). */
export const commaIds = z
	.union([z.string().regex(/^\s*\d+\s*(,\s*\d+\s*)*$/), z.number().int().nonnegative()])
	.transform((v) => String(v).split(',').map((s) => Number(s.trim())));

/** `{id, value}`: the value is checked against the field definition (see validate.ts). */
export const CustomFieldInput = z.object({ id: idInt(), value: z.unknown() });
/** At most 20 custom fields per object. */
export const customFieldsInput = z.array(CustomFieldInput).max(20);

export const TICKET_STATUSES_WRITE = ['new', 'open', 'pending', 'solved'] as const;
export const TICKET_STATUSES = ['new', 'open', 'pending', 'solved', 'closed'] as const;
export const CREATE_PRIORITIES = ['High', 'Low', 'Normal', 'Urgent'] as const;
export const UPDATE_PRIORITIES = ['Low', 'High', 'Normal'] as const;
export const CUSTOM_FIELD_TYPES = [
	'TEXT',
	'NUMBER',
	'NUMERIC',
	'DATE',
	'SINGLE DROP-DOWN LIST',
	'MULTIPLE DROP-DOWN LIST',
	'URL',
	'TEXTAREA',
	'STAGE',
] as const;
/**
 * The names as the real platform writes them (../shared/real-platform.md §2.3: "Single drop-down
 * list", "Date", "Numeric", "Text Area" seen; the others by the same sentence case).
 */
export const REAL_CUSTOM_FIELD_TYPES = [
	'Text',
	'Numeric',
	'Date',
	'Single drop-down list',
	'Multiple drop-down list',
	'URL',
	'Text Area',
	'Stage',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number] | (typeof REAL_CUSTOM_FIELD_TYPES)[number];
const customFieldType = z.enum([...CUSTOM_FIELD_TYPES, ...REAL_CUSTOM_FIELD_TYPES]);

/** What a type name means to the fake, however the platform spells it; no type: free text. */
export type CustomFieldKind = 'text' | 'textarea' | 'number' | 'date' | 'url' | 'single' | 'multiple';
const KIND_OF_TYPE: Record<CustomFieldType, CustomFieldKind> = {
	TEXT: 'text',
	Text: 'text',
	NUMBER: 'number',
	NUMERIC: 'number',
	Numeric: 'number',
	DATE: 'date',
	Date: 'date',
	'SINGLE DROP-DOWN LIST': 'single',
	'Single drop-down list': 'single',
	STAGE: 'single',
	Stage: 'single',
	'MULTIPLE DROP-DOWN LIST': 'multiple',
	'Multiple drop-down list': 'multiple',
	URL: 'url',
	TEXTAREA: 'textarea',
	'Text Area': 'textarea',
};
// The fields without a type are "Text Area" in the records that carry them (real-platform.md §2.3).
export const customFieldKind = (type: CustomFieldType | undefined): CustomFieldKind => (type ? KIND_OF_TYPE[type] : 'textarea');

/**
 * The name reported in `invalid value: <field>` for a zod error: the last string key of the
 * first issue's path, except inside the array fields below, whose own name is reported.
 */
const ARRAY_FIELDS = new Set(['custom_fields', 'order_products', 'lead_label', 'deal_label']);
export function invalidField(error: z.ZodError, schema?: z.ZodTypeAny): string {
	const path = error.issues[0]?.path ?? [];
	for (const key of path) if (typeof key === 'string' && ARRAY_FIELDS.has(key)) return key;
	for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
	// A body that is not an object at all: name the wrapper key (`ticket`, `lead`, …).
	if (schema instanceof z.ZodObject) return Object.keys(schema.shape)[0] ?? 'body';
	return 'body';
}

// ---------------------------------------------------------------------------------------------
// Query schemas (values arrive as strings)
// ---------------------------------------------------------------------------------------------

const qInt = z.string().regex(/^\d{1,10}$/).transform(Number);
const qPage = qInt.refine((n) => n >= 1);
/** count ≥ 1; above 500 it is capped at 500. */
const qCount = qInt.refine((n) => n >= 1).transform((n) => Math.min(n, 500));
/** ISO 8601 with zone: 'YYYY-MM-DDTHH:mm:ssZ' or '…±HH:MM'. */
const qIso = z.string().refine((s) => parseIsoZoned(s) !== null);
/** Calls: ISO 8601 with zone, or 'YYYY-MM-DD HH:mm:ss' in the account zone. */
const qCallTime = z.string().refine((s) => parseIsoZoned(s) !== null || parseLocal(s, 0) !== null);
const qIdList = z
	.string()
	.regex(/^\s*\d+\s*(,\s*\d+\s*)*$/)
	.transform((s) => s.split(',').map((x) => Number(x.trim())));

export const PaginationQuery = z.object({ page: qPage.optional(), count: qCount.optional() });

export const ServicesQuery = z.object({ type: qInt.optional(), service_id: qInt.optional() });

/** GET /api/v1/tickets and /api/v2/tickets. */
export const TicketListQuery = PaginationQuery.extend({
	created_since: qIso.optional(),
	created_to: qIso.optional(),
	updated_since: qIso.optional(),
	updated_to: qIso.optional(),
	requester_id: qInt.optional(),
	assignee_id: qInt.optional(),
	service_id: qInt.optional(),
	filter_id: qInt.optional(),
});

export const LeadListQuery = PaginationQuery.extend({
	requester_id: qInt.optional(),
	assignee_id: qInt.optional(),
	service_id: qInt.optional(),
	created_since: qIso.optional(),
	created_to: qIso.optional(),
	updated_since: qIso.optional(),
	updated_to: qIso.optional(),
	convert_since: qIso.optional(),
	convert_to: qIso.optional(),
	status_ids: qIdList.optional(),
	convert_type: z.enum(['1', '2']).transform(Number).optional(),
});

export const DealListQuery = PaginationQuery.extend({
	requester_id: qInt.optional(),
	assignee_id: qInt.optional(),
	service_id: qInt.optional(),
	created_since: qIso.optional(),
	created_to: qIso.optional(),
	updated_since: qIso.optional(),
	updated_to: qIso.optional(),
	convert_since: qIso.optional(),
	convert_to: qIso.optional(),
	closed_since: qIso.optional(),
	closed_to: qIso.optional(),
	pipeline_ids: qIdList.optional(),
	stage_ids: qIdList.optional(),
	closed_type: z.enum(['1', '2', '3']).transform(Number).optional(),
	convert_type: z.enum(['1', '2']).transform(Number).optional(),
});

export const CALL_ORDER_BY = ['id', 'start_time', 'end_time', 'talk_time', 'wait_time', 'hold_time', 'call_id'] as const;

export const CallListQuery = PaginationQuery.extend({
	start_time_since: qCallTime.optional(),
	start_time_to: qCallTime.optional(),
	end_time_since: qCallTime.optional(),
	end_time_to: qCallTime.optional(),
	call_id: z.string().min(1).optional(),
	call_type: z.enum(['0', '1', '3']).transform(Number).optional(),
	call_status: z.enum(['miss', 'metAgent', 'meetAgent']).optional(),
	phone: z.string().min(1).optional(),
	agent_id: qInt.optional(),
	service_id: qInt.optional(),
	order_by: z.enum(CALL_ORDER_BY).optional(),
	order_type: z
		.string()
		.transform((s) => s.toUpperCase())
		.pipe(z.enum(['ASC', 'DESC']))
		.optional(),
});

/**
 * GET /api/v1/chats/messages (docs/api.md#chats, R8's reading of the vendor's page): a start-time
 * pair like the calls' (ISO with a zone, or 'YYYY-MM-DD HH:mm:ss' in the account zone);
 * `services` one id or several separated by commas.
 */
export const ChatMessagesQuery = PaginationQuery.extend({
	start_time_since: qCallTime.optional(),
	start_time_to: qCallTime.optional(),
	conversation_type: z.enum(['0', '1', '3']).transform((v) => Number(v) as 0 | 1 | 3).optional(),
	conversation_id: qInt.optional(),
	requester_id: qInt.optional(),
	last_agent_user_id: qInt.optional(),
	services: qIdList.optional(),
});

export const HeartbeatQuery = z.object({ pretty: z.string().optional() });

/**
 * What strict mode (`--strict`) checks of a request besides its schema: a server that enforces
 * every mark of the spec. A route without rules takes no query parameter at all.
 */
export interface StrictRules {
	/** The query the spec lists for the route: any other parameter is refused. */
	query?: z.AnyZodObject;
	/** Query parameters the spec marks required (the default mode follows the window rules instead). */
	required?: string[];
	/** Date pairs `[since, to]` limited to `windowDays` (31 when not given): a span of that many days or more is refused. */
	windows?: Array<[string, string]>;
	windowDays?: number;
}

const TICKET_WINDOWS: Array<[string, string]> = [
	['created_since', 'created_to'],
	['updated_since', 'updated_to'],
];

export const STRICT = {
	services: { query: ServicesQuery },
	tickets: { query: TicketListQuery, windows: TICKET_WINDOWS },
	leads: { query: LeadListQuery },
	deals: { query: DealListQuery },
	/** docs/api.md#calls: start_time_since is "marked required". */
	calls: {
		query: CallListQuery,
		required: ['start_time_since'],
		windows: [
			['start_time_since', 'start_time_to'],
			['end_time_since', 'end_time_to'],
		],
	},
	/** docs/api.md#chats: start_time_since is required, 30 days at most. */
	chats: {
		query: ChatMessagesQuery,
		required: ['start_time_since'],
		windows: [['start_time_since', 'start_time_to']],
		windowDays: 30,
	},
} satisfies Record<string, StrictRules>;

// ---------------------------------------------------------------------------------------------
// Body schemas
// ---------------------------------------------------------------------------------------------

const stringId4 = z
	.union([z.string(), z.number().int().nonnegative()])
	.transform(String)
	.refine((s) => s.length <= 4);

export const TicketCreateFields = z.object({
	username: z.string().max(255).optional(),
	phone: z.string().min(1).max(50).optional(),
	email: email(255).optional(),
	city_id: stringId4.optional(),
	district_id: stringId4.optional(),
	address: z.string().max(255).optional(),
	ticket_subject: z.string().max(255).optional(),
	ticket_comment: z.string().optional(),
	assignee_id: idInt().optional(),
	group_id: idInt().optional(),
	service_id: idInt().optional(),
	custom_fields: customFieldsInput.optional(),
	requester_id: idInt().optional(),
	ref_url: z.string().max(500).regex(URL_RE).optional(),
	is_public: flag01.optional(),
	duedate: localDateTime.optional(),
	follow_user: commaIds.optional(),
	ticket_status: z.enum(TICKET_STATUSES_WRITE).optional(),
	ticket_priority: z.enum(CREATE_PRIORITIES).optional(),
	cc_user: commaIds.optional(),
	campaign_id: idInt().optional(),
	member_status_id: idInt().optional(),
});
export const TicketCreateBody = z.object({ ticket: TicketCreateFields });
export type TicketCreateInput = z.infer<typeof TicketCreateFields>;

export const TicketCommentInput = z.object({
	body: z.string().min(1),
	is_public: flag01.optional(),
	author_id: idInt(),
});

export const TicketUpdateFields = z.object({
	ticket_subject: z.string().max(255).optional(),
	ticket_comment: TicketCommentInput,
	ticket_priority: z.enum(UPDATE_PRIORITIES).optional(),
	custom_fields: customFieldsInput.optional(),
	assignee_id: idInt().optional(),
	solved_incidents: z.boolean().optional(),
	ticket_status: z.enum(TICKET_STATUSES_WRITE).optional(),
	member_status_id: idInt().optional(),
	ticket_source: z.string().max(255).optional(),
});
export const TicketUpdateBody = z.object({ ticket: TicketUpdateFields });
export type TicketUpdateInput = z.infer<typeof TicketUpdateFields>;

/** Lead/deal comment object (update: required). */
export const CommentInput = z.object({
	body: z.string().min(1).max(5000),
	is_public: flag01.optional(),
	author_id: idInt(),
});

export const LeadCreateFields = z.object({
	username: z.string().max(250).optional(),
	subject: z.string().max(250).optional(),
	phone: z.string().min(1).max(50).optional(),
	email: email(50).optional(),
	service_id: idInt().optional(),
	group_id: idInt().optional(),
	assignee_id: idInt().optional(),
	lead_status_id: idInt().optional(),
	estimated_closed_date: localDateTime.optional(),
	lead_label: z.array(idInt()).optional(),
	custom_fields: customFieldsInput.optional(),
	comment: z.string().max(5000).optional(),
	unqualify_reason: idInt().optional(),
});
export const LeadCreateBody = z.object({ lead: LeadCreateFields });
export type LeadCreateInput = z.infer<typeof LeadCreateFields>;

export const LeadUpdateFields = z.object({
	subject: z.string().max(250).optional(),
	assignee_id: idInt().optional(),
	lead_status_id: idInt().optional(),
	estimated_closed_date: localDateTime.optional(),
	lead_label: z.array(idInt()).optional(),
	custom_fields: customFieldsInput.optional(),
	comment: CommentInput,
	unqualify_reason: idInt().optional(),
});
export const LeadUpdateBody = z.object({ lead: LeadUpdateFields });
export type LeadUpdateInput = z.infer<typeof LeadUpdateFields>;

export const OrderProductInput = z.object({
	name: z.string().min(1).max(255),
	sku: z.string().max(100).optional(),
	is_free: flag01.optional(),
	unit_price: numberLike.refine((n) => n >= 0),
	quantity: numberLike.refine((n) => Number.isInteger(n) && n >= 1),
	discount_markup: numberLike.refine((n) => n >= 0 && n <= 100).optional(),
	discount_value: numberLike.refine((n) => n >= 0).optional(),
	total_amount: numberLike.refine((n) => n >= 0).optional(),
});
export type OrderProductIn = z.infer<typeof OrderProductInput>;

const orderFields = {
	order_address_detail: z.string().max(255).optional(),
	order_buyer_note: z.string().max(500).optional(),
	order_city_id: z.string().max(10).optional(),
	order_district_id: z.string().max(10).optional(),
	order_ward_id: z.string().max(10).optional(),
	order_receiver_name: z.string().max(200).optional(),
	order_receiver_phone: z.string().max(20).optional(),
	order_shipping_fee: numberLike.refine((n) => n >= 0).optional(),
	order_payment: z.string().max(50).optional(),
	order_status: z.string().max(50).optional(),
	order_tracking_code: z.string().max(50).optional(),
	order_tracking_url: z.string().max(500).optional(),
	order_products: z.array(OrderProductInput).optional(),
};

const probability = z
	.union([z.number().int(), z.string().regex(/^\d+$/)])
	.transform(Number)
	.refine((n) => n >= 0 && n <= 100);

export const DealCreateFields = z.object({
	username: z.string().max(250).optional(),
	subject: z.string().max(250).optional(),
	phone: z.string().min(1).max(50).optional(),
	email: email(50).optional(),
	service_id: idInt().optional(),
	group_id: idInt().optional(),
	assignee_id: idInt().optional(),
	pipeline_id: idInt().optional(),
	estimated_closed_date: localDateTime.optional(),
	deal_label: z.array(idInt()).optional(),
	pipeline_stage_id: idInt().optional(),
	custom_fields: customFieldsInput.optional(),
	probability: probability.optional(),
	value: idInt().optional(),
	comment: CommentInput.optional(),
	...orderFields,
});
export const DealCreateBody = z.object({ deal: DealCreateFields });
export type DealCreateInput = z.infer<typeof DealCreateFields>;

export const DealUpdateFields = z.object({
	subject: z.string().max(250).optional(),
	assignee_id: idInt().optional(),
	pipeline_id: idInt().optional(),
	estimated_closed_date: localDateTime.optional(),
	deal_label: z.array(idInt()).optional(),
	pipeline_stage_id: idInt().optional(),
	custom_fields: customFieldsInput.optional(),
	probability: probability.optional(),
	value: idInt().optional(),
	comment: CommentInput,
	...orderFields,
});
export const DealUpdateBody = z.object({ deal: DealUpdateFields });
export type DealUpdateInput = z.infer<typeof DealUpdateFields>;

export const SmsBody = z.object({
	sms: z.object({
		service_id: idInt(),
		content: z.string().min(1).max(1000),
		phone: z.string().min(1).max(50),
		ticket_id: idInt().optional(),
	}),
});
export type SmsInput = z.infer<typeof SmsBody>['sms'];

/** POST /api/v1/deal/lost-reasons: the body may be absent or `{}`; anything is ignored. */
export const LostReasonsBody = z.union([z.undefined(), z.record(z.unknown())]);

// ---------------------------------------------------------------------------------------------
// Response schemas
// ---------------------------------------------------------------------------------------------

const int = z.number().int();
const LocalDT = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const IsoZ = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
const Rfc3339 = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/);
const HMS = z.string().regex(/^\d{2,}:\d{2}:\d{2}$/);

export const ErrorEnvelope = z.object({
	code: z.literal('errors'),
	message: z.string(),
	/** The spec's key for an error's details. */
	extraDataJson: z.record(z.unknown()).optional(),
	/** The real platform's key for them (docs/api.md#answers-and-errors). */
	extra_data: z.record(z.unknown()).optional(),
});
export type ErrorEnvelopeT = z.infer<typeof ErrorEnvelope>;

export const NokEnvelope = z.object({ code: z.literal('nok'), message: z.string() });

const UnsolvedIncidentsIds = z.object({ unsolved_incidents_ticket_id: z.array(int).min(1) });
/** With its details under `extraDataJson` (spec) or `extra_data` (real). */
export const UnsolvedIncidentsError = z.union([
	ErrorEnvelope.extend({ message: z.literal('unsolved_incidents_ticket'), extraDataJson: UnsolvedIncidentsIds }),
	ErrorEnvelope.extend({ message: z.literal('unsolved_incidents_ticket'), extra_data: UnsolvedIncidentsIds }),
]);

export const AGENT_ROLES = [1, 2, 4, 5, 6, 7, 8, 9] as const;
export const Agent = z.object({
	id: int,
	username: z.string(),
	email: z.string(),
	phone_no: z.string().nullable(),
	agent_id: z.union([z.string(), int]),
	created_at: LocalDT,
	updated_at: LocalDT,
	group_id: int.nullable(),
	group_name: z.string().nullable(),
	role_id: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(5), z.literal(6), z.literal(7), z.literal(8), z.literal(9)]),
	login_status: z.enum(['AVAILABLE', 'NOTAVAILABLE']),
	ticket_status: z.enum(['AVAILABLE', 'NOT AVAILABLE', 'LOGOUT']),
	call_status: z.enum(['AVAILABLE', 'NO ANSWER', 'NOT AVAILABLE', 'LOGOUT']),
	chat_status: z.enum(['AVAILABLE', 'NOT AVAILABLE', 'LOGOUT']),
});
export type AgentT = z.infer<typeof Agent>;
export const AgentsResponse = z.object({ code: z.literal('ok'), agents: z.array(Agent) });

export const Group = z.object({ group_id: int, group_name: z.string(), created_at: LocalDT });
export const GroupsResponse = z.object({ code: z.literal('OK'), groups: z.array(Group) });

export const ServiceDetailVoice = z.object({
	line: z.string(),
	number: z.string(),
	description: z.string(),
	created_at: LocalDT,
	updated_at: LocalDT,
	status: z.union([z.literal(0), z.literal(1)]),
});
export const ServiceDetailChat = z.object({
	domain: z.string(),
	status: z.union([z.literal(0), z.literal(1)]),
	description: z.string(),
});
export const ServiceDetailEmail = z.object({
	in_email_address: z.string(),
	out_email_address: z.string(),
	status: z.union([z.literal(0), z.literal(1)]),
	description: z.string(),
	last_update: LocalDT,
});
const serviceBase = { service_id: int, service_name: z.string(), service_type: z.string() };
export const Service = z.union([
	z.object({ ...serviceBase, type: z.union([z.literal(1), z.literal(12)]), detail: ServiceDetailVoice }),
	z.object({ ...serviceBase, type: z.literal(2), detail: ServiceDetailChat }),
	z.object({ ...serviceBase, type: z.literal(3), detail: ServiceDetailEmail }),
	z.object({
		...serviceBase,
		type: int.refine((n) => [4, 6, 7, 8, 9, 10, 11, 13, 14].includes(n)),
		detail: z.record(z.unknown()),
	}),
]);
export const ServicesResponse = z.object({ code: z.literal('ok'), services: z.array(Service) });

/** The real platform leaves out the keys it has nothing for (a `Date` without `code`, choices as `{id, lable}`, no `type`). */
export const CustomFieldValue = z.object({
	id: int,
	lable: z.string(),
	code: z.string().nullable().optional(),
	parent_value_id: int.optional(),
});
export const CustomFieldDefinition = z.object({
	custom_field_id: int,
	custom_field_lable: z.string(),
	type: customFieldType.optional(),
	code: z.string().nullable().optional(),
	values: z.array(CustomFieldValue).optional(),
});
export const CustomFieldsResponse = z.object({ code: z.literal('ok'), custom_fields: z.array(CustomFieldDefinition) });

/** A custom-field value on a record: choice fields carry value ids (multi: an array of ids). */
export const CustomFieldItem = z.object({
	id: int,
	lable: z.string(),
	type: customFieldType,
	value: z.union([z.string(), z.number(), z.array(int), z.null()]),
});

export const AssigneeObject = z.object({
	id: int,
	username: z.string(),
	email: z.string(),
	phone_no: z.string().nullable(),
	agent_id: z.union([z.string(), int]),
	role_id: int,
	group_id: int.nullable(),
	group_name: z.string().nullable(),
});
export const RequesterObject = z.object({
	id: int,
	username: z.string(),
	email: z.string().nullable(),
	phone_no: z.string().nullable(),
	organization_id: int.nullable(),
});

export const TicketListItem = z.object({
	ticket_no: int,
	ticket_status: z.enum(TICKET_STATUSES),
	ticket_subject: z.string(),
	created_at: IsoZ,
	updated_at: IsoZ,
	ticket_source_end_status: int.nullable(),
	ticket_source: z.string(),
	ticket_priority: z.enum(CREATE_PRIORITIES),
	service_id: int.nullable(),
	ticket_id: int,
	requester_id: int,
	assignee_id: int.nullable(),
	custom_fields: z.array(CustomFieldItem),
	assignee: AssigneeObject.nullable(),
	requester: RequesterObject,
	tags: z.array(z.string()),
	ccs: z.array(int),
	follows: z.array(int),
});
export const TicketListResponse = z.object({ code: z.literal('ok'), numFound: int, tickets: z.array(TicketListItem) });

export const TicketComment = z.object({
	id: int,
	body: z.string(),
	is_public: z.union([z.literal(0), z.literal(1)]),
	author_id: int.nullable(),
	created_at: LocalDT,
});

export const TicketDetail = z.object({
	ticket_no: int,
	ticket_status: z.enum(TICKET_STATUSES),
	ticket_subject: z.string(),
	ticket_priority: z.enum(CREATE_PRIORITIES),
	ticket_id: int,
	requester_id: int,
	assignee_id: int.nullable(),
	created_at: LocalDT,
	updated_at: LocalDT,
	group_id: int.nullable(),
	ticket_source: z.string(),
	ticket_source_end_status: int.nullable(),
	ticket_source_detail_id: int.nullable(),
	duedate: LocalDT.nullable(),
	satisfaction: int.nullable(),
	satisfaction_at: LocalDT.nullable(),
	satisfaction_send: LocalDT.nullable(),
	satisfaction_content: z.string().nullable(),
	campaign_id: int.nullable(),
	automessage_id: int.nullable(),
	is_overdue: z.union([z.literal(0), z.literal(1)]),
	incident_id: int.nullable(),
	service_id: int.nullable(),
	comments: z.array(TicketComment),
	custom_filed: z.array(CustomFieldItem),
	assignee: AssigneeObject.nullable(),
	requester: RequesterObject,
	tags: z.array(z.string()),
	ccs: z.array(int),
	follows: z.array(int),
	ticket_type: z.enum(['COMMENT', 'CALLED', 'ANSWERED_CALL', 'EMAIL', 'SMS', 'CHAT', 'ZNS', 'NULL']),
});
export const TicketDetailResponse = z.object({ code: z.literal('ok'), ticket: TicketDetail });

export const TicketCreateResponse = z.object({
	code: z.literal('ok'),
	ticket: z.object({
		updated_at: LocalDT,
		ticket_subject: z.string(),
		ticket_no: int,
		created_at: LocalDT,
		ticket_id: int,
		requester_id: int,
	}),
});
export const TicketUpdateResponse = z.object({
	code: z.literal('ok'),
	ticket: z.object({
		updated_at: LocalDT,
		ticket_subject: z.string(),
		ticket_no: int,
		created_at: LocalDT,
		ticket_id: int,
	}),
});

export const RecordComment = z.object({
	id: int,
	body: z.string(),
	is_public: z.union([z.literal(0), z.literal(1)]),
	author_id: int.nullable(),
	created_at: IsoZ,
});

export const Lead = z.object({
	id: int,
	subject: z.string(),
	requester_id: int,
	username: z.string(),
	phone: z.string().nullable(),
	email: z.string().nullable(),
	service_id: int.nullable(),
	group_id: int.nullable(),
	assignee_id: int.nullable(),
	lead_status_id: int,
	last_lead_status_id: int.nullable(),
	estimated_closed_date: LocalDT.nullable(),
	labels: z.array(int),
	unqualified_reasons: z.array(int),
	custom_fields: z.array(CustomFieldItem),
	converted_at: IsoZ.nullable(),
	converted_by: int.nullable(),
	converted_type: z.union([z.literal(1), z.literal(2)]).nullable(),
	created_at: IsoZ,
	updated_at: IsoZ,
	comments: z.array(RecordComment).optional(),
});
export const LeadListResponse = z.object({ code: z.literal('ok'), numFound: int, leads: z.array(Lead) });
export const LeadResponse = z.object({ code: z.literal('ok'), lead: Lead.extend({ comments: z.array(RecordComment) }) });
export const LeadStatusesResponse = z.object({
	code: z.literal('ok'),
	statuses: z.array(z.object({ label: z.string(), id: int, status_type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]) })),
});
const IdName = z.object({ id: int, name: z.string() });
export const ReasonsResponse = z.object({ code: z.literal('ok'), reasons: z.array(IdName) });
export const LabelsResponse = z.object({ code: z.literal('ok'), labels: z.array(IdName) });

export const OrderProduct = z.object({
	name: z.string(),
	sku: z.string().nullable(),
	is_free: z.union([z.literal(0), z.literal(1)]),
	unit_price: z.number(),
	quantity: int,
	discount_markup: z.number(),
	discount_value: z.number(),
	total_amount: z.number(),
});

export const Deal = z.object({
	id: int,
	subject: z.string(),
	requester_id: int,
	username: z.string(),
	phone: z.string().nullable(),
	email: z.string().nullable(),
	service_id: int.nullable(),
	group_id: int.nullable(),
	assignee_id: int.nullable(),
	lead_id: int.nullable(),
	converted_at: IsoZ.nullable(),
	converted_by: int.nullable(),
	converted_type: z.union([z.literal(1), z.literal(2)]).nullable(),
	lead_status_id: int.nullable(),
	last_lead_status_id: int.nullable(),
	unqualified_reasons: z.array(int),
	labels: z.array(int),
	estimated_closed_date: LocalDT.nullable(),
	closed_at: IsoZ.nullable(),
	closed_by: int.nullable(),
	closed_type: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
	pipeline_id: int,
	pipeline_stage_id: int,
	last_deal_stage_id: int.nullable(),
	value: int,
	probability: int,
	custom_fields: z.array(CustomFieldItem),
	order_address_detail: z.string().nullable(),
	order_buyer_note: z.string().nullable(),
	order_city_id: z.string().nullable(),
	order_district_id: z.string().nullable(),
	order_ward_id: z.string().nullable(),
	order_receiver_name: z.string().nullable(),
	order_receiver_phone: z.string().nullable(),
	order_shipping_fee: z.number().nullable(),
	order_payment: z.string().nullable(),
	order_status: z.string().nullable(),
	order_tracking_code: z.string().nullable(),
	order_tracking_url: z.string().nullable(),
	order_products: z.array(OrderProduct),
	created_at: IsoZ,
	updated_at: IsoZ,
	comments: z.array(RecordComment).optional(),
});
export const DealListResponse = z.object({ code: z.literal('ok'), numFound: int, deals: z.array(Deal) });
export const DealResponse = z.object({ code: z.literal('ok'), deal: Deal.extend({ comments: z.array(RecordComment) }) });
export const PipelinesResponse = z.object({
	code: z.literal('ok'),
	pipelines: z.array(
		z.object({
			id: int,
			name: z.string(),
			stages: z.array(z.object({ id: int, name: z.string(), probability: int.optional() })),
		}),
	),
});

export const Call = z.object({
	id: int,
	customer_id: int.nullable(),
	call_id: z.string(),
	caller: z.string(),
	called: z.string(),
	user_id: int.nullable(),
	agent_id: z.string().nullable(),
	group_id: int.nullable(),
	call_type: z.union([z.literal(0), z.literal(1)]),
	start_time: LocalDT,
	end_time: LocalDT,
	call_status: z.enum(['miss', 'meetAgent']),
	wait_time: HMS,
	hold_time: HMS,
	talk_time: HMS,
	end_status: z.enum(['cus', 'system']),
	ticket_id: int.nullable(),
	missed_reason: z.enum(['missed_customer', 'missed_agent_device', 'missed_agent_reject', 'missed_agent_timeout']).nullable(),
	last_agent_id: int.nullable(),
	last_user_id: int.nullable(),
	path: z.string().url().nullable(),
	path_download: z.string().url().nullable(),
	service_id: int.nullable(),
	dtmf: z.string().nullable(),
	call_survey: z.string(),
	call_survey_result: z.string().nullable(),
});
export const CallListResponse = z.object({ code: z.literal('OK'), numFound: int, calls: z.array(Call) });

/** A chat message (docs/api.md#chats): its own fields and its conversation's; times zone-less local. */
export const ChatMessage = z
	.object({
		conversation_id: int,
		id: int,
		msg_id: z.string(),
		message_index: int,
		content: z.string(),
		time: LocalDT,
		start_time: LocalDT,
		service_id: int.nullable(),
		sender_agent_id: int.nullable(),
		sender_agent_name: z.string().nullable(),
		sender_visitor_id: z.string().nullable(),
		sender_visitor_name: z.string().nullable(),
		last_agent_user_id: int.nullable(),
		ticket_id: int.nullable(),
		type: z.enum(['text', 'image']),
		conversation_type: z.union([z.literal(0), z.literal(1), z.literal(3)]),
		requester_id: int.nullable(),
		oa_name: z.string().nullable(),
		oa_id: z.string().nullable(),
	})
	.strict();
export const ChatMessagesResponse = z.object({ code: z.literal('ok'), numFound: int, chats: z.array(ChatMessage) });

export const SmsResponse = z.object({
	code: z.literal('ok'),
	ticket: z.object({ ticket_id: int, ticket_no: int, requester_id: int, assignee_id: int.nullable() }),
});

export const Monitor = z.object({
	id: int,
	name: z.string(),
	status: z.union([z.literal(0), z.literal(1)]),
	last_ping_ms: int,
	last_heartbeat: LocalDT,
	uptime_24h: z.number().min(0).max(1),
});
export const HeartbeatResponse = z.object({ generated_at: Rfc3339, title: z.string(), monitors: z.array(Monitor) });

// --- The real platform's record shapes (platform 'real'; real-platform.md §2.3) ------------------

/** A ticket list item as the real platform answers: no service_id; an unassigned one has no assignee keys. */
export const RealTicketListItem = TicketListItem.omit({ service_id: true, assignee_id: true, assignee: true, ticket_source_end_status: true })
	.extend({ assignee_id: int.optional(), assignee: AssigneeObject.optional(), ticket_source_end_status: int.optional() })
	.strict();
export const RealTicketListResponse = z.object({ code: z.literal('ok'), numFound: int, tickets: z.array(RealTicketListItem) });
/** A real ticket comment: HTML text, the commentator and the channel; no body or author_id. */
export const RealTicketComment = z
	.object({
		id: int,
		comment: z.string(),
		commentator_id: int,
		commentator_name: z.string(),
		comment_source: z.enum(['Chat', 'Facebook', 'MissCall']),
		created_at: LocalDT,
		is_public: z.union([z.literal(0), z.literal(1)]),
	})
	.strict();
export const RealTicketDetailResponse = z.object({ code: z.literal('ok'), ticket: TicketDetail.extend({ comments: z.array(RealTicketComment) }) });
/** A real service: these three fields only. */
export const RealService = z.object({ service_id: int, service_name: z.string(), service_type: z.string() }).strict();
export const RealServicesResponse = z.object({ code: z.literal('ok'), services: z.array(RealService) });
/** A real missed call: user_id and agent_id "", no recording, service or dtmf keys. */
export const RealMissedCall = Call.omit({ path: true, path_download: true, service_id: true, dtmf: true, user_id: true, agent_id: true, call_status: true })
	.extend({ user_id: z.literal(''), agent_id: z.literal(''), call_status: z.literal('miss'), last_agent_id: z.null(), last_user_id: z.null() })
	.strict();
/** A real answered call: agent_id holds one IP-phone number or several separated by commas. */
export const RealAnsweredCall = Call.extend({ call_status: z.literal('meetAgent'), agent_id: z.string().regex(/^\d+(,\d+)*$/) }).strict();
export const RealCallListResponse = z.object({ code: z.literal('OK'), numFound: int, calls: z.array(z.union([RealMissedCall, RealAnsweredCall])) });
