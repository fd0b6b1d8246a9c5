/**
 * Deterministic seed data. Reference data (agents, groups, services, field definitions,
 * statuses, pipelines, monitors…) is written out by hand; bulk records (customers, tickets,
 * leads, deals, calls) come from a mulberry32 PRNG seeded with `options.seed`, placed relative
 * to the clock at start (`store.seededAt`), spread uniformly over the last `size.days` days.
 * The same seed and the same start instant always give the same data.
 */
import type {
	AgentRec,
	CallRec,
	ChatMessageRec,
	ConversationRec,
	ConversationType,
	CommentRec,
	CustomFieldDefRec,
	CustomValue,
	CustomerRec,
	DealRec,
	LeadRec,
	MissedReason,
	OrderProductRec,
	Store,
	TicketPriority,
	TicketRec,
	TicketStatus,
	TicketType,
} from './store';
import type { CustomFieldType } from './schemas';
import { DAY, MINUTE, SECOND, truncSec } from './time';

type Rnd = () => number;

const int = (rnd: Rnd, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
const chance = (rnd: Rnd, p: number) => rnd() < p;
function weighted<T>(rnd: Rnd, entries: readonly [T, number][]): T {
	const total = entries.reduce((s, [, w]) => s + w, 0);
	let r = rnd() * total;
	for (const [v, w] of entries) {
		r -= w;
		if (r < 0) return v;
	}
	return entries[entries.length - 1][0];
}
function subset<T>(rnd: Rnd, list: readonly T[], max: number): T[] {
	const n = int(rnd, 0, max);
	const out = new Set<T>();
	for (let i = 0; i < n; i++) out.add(pick(rnd, list));
	return [...out];
}

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Ngọc', 'Thanh', 'Hữu', 'Gia', 'Quốc'];
const GIVEN = ['An', 'Bình', 'Chi', 'Dũng', 'Giang', 'Hà', 'Hải', 'Hương', 'Khoa', 'Lan', 'Long', 'Mai', 'Nam', 'Phúc', 'Quân', 'Tâm', 'Thảo', 'Trung', 'Tú', 'Vy'];
const ASCII: Record<string, string> = { 'Nguyễn': 'nguyen', 'Trần': 'tran', 'Lê': 'le', 'Phạm': 'pham', 'Hoàng': 'hoang', 'Huỳnh': 'huynh', 'Phan': 'phan', 'Vũ': 'vu', 'Võ': 'vo', 'Đặng': 'dang', 'Bùi': 'bui', 'Đỗ': 'do' };

const SUBJECTS = [
	'Cannot log in to the customer portal',
	'Request for invoice copy',
	'Delivery delayed',
	'Wrong item received',
	'Warranty claim',
	'Change of shipping address',
	'Refund request',
	'Product inquiry',
	'Complaint about call-center wait time',
	'Upgrade subscription plan',
	'Cancel order',
	'Technical issue with the mobile app',
	'Missed call follow-up',
	'Feedback after purchase',
	'Password reset',
];
const TAGS = ['vip', 'urgent', 'follow-up', 'billing', 'shipping', 'app', 'complaint', 'feedback'];

// ---------------------------------------------------------------------------------------------

/**
 * How far before its start instant the seed reaches: no seeded instant is older than the start
 * less this (the reference data, 400 days; the contacts, `days` + 200). Store.seed copies a draw
 * only where every instant in it is above INSTANT_FLOOR.
 */
export const seedReachMs = (days: number): number => (Math.max(400, days + 200) + 1) * DAY;

function seedReference(store: Store): void {
	const t0 = store.seededAt - 400 * DAY;
	const at = (days: number, hours = 0) => truncSec(t0 + days * DAY + hours * 3600 * SECOND);

	store.groups = [
		{ group_id: 11, group_name: 'Sales', created_at: at(0) },
		{ group_id: 12, group_name: 'Support', created_at: at(1) },
		{ group_id: 13, group_name: 'Billing', created_at: at(2) },
		{ group_id: 14, group_name: 'Technical', created_at: at(3, 5) },
	];

	const agent = (
		id: number,
		username: string,
		login: string,
		group_id: number | null,
		role_id: AgentRec['role_id'],
		agent_id: string | number,
		statuses: [AgentRec['login_status'], AgentRec['ticket_status'], AgentRec['call_status'], AgentRec['chat_status']],
		phone: string | null,
		day: number,
	): AgentRec => ({
		id,
		username,
		email: `${login}@acme-care.example`,
		phone_no: phone,
		agent_id,
		created_at: at(day),
		updated_at: at(day + 30, 3),
		group_id,
		role_id,
		login_status: statuses[0],
		ticket_status: statuses[1],
		call_status: statuses[2],
		chat_status: statuses[3],
	});
	store.agents = [
		agent(1001, 'Nguyễn Văn An', 'an.nguyen', 11, 1, '101', ['AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE'], '0901000001', 0),
		agent(1002, 'Trần Thị Bình', 'binh.tran', 11, 4, '102', ['AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'NOT AVAILABLE'], '0901000002', 1),
		agent(1003, 'Lê Minh Chi', 'chi.le', 11, 2, '103', ['AVAILABLE', 'AVAILABLE', 'NO ANSWER', 'AVAILABLE'], '0901000003', 2),
		agent(1004, 'Phạm Quốc Dũng', 'dung.pham', 12, 4, '104', ['AVAILABLE', 'LOGOUT', 'AVAILABLE', 'NOT AVAILABLE'], '0901000004', 3),
		agent(1005, 'Hoàng Ngọc Giang', 'giang.hoang', 12, 2, 105, ['NOTAVAILABLE', 'LOGOUT', 'LOGOUT', 'LOGOUT'], '0901000005', 4),
		agent(1006, 'Huỳnh Thanh Hà', 'ha.huynh', 12, 2, '106', ['AVAILABLE', 'NOT AVAILABLE', 'AVAILABLE', 'AVAILABLE'], null, 5),
		agent(1007, 'Phan Hữu Hải', 'hai.phan', 13, 5, '107', ['AVAILABLE', 'AVAILABLE', 'NOT AVAILABLE', 'AVAILABLE'], '0901000007', 6),
		agent(1008, 'Vũ Thị Hương', 'huong.vu', 13, 2, '108', ['NOTAVAILABLE', 'NOT AVAILABLE', 'LOGOUT', 'NOT AVAILABLE'], '0901000008', 7),
		agent(1009, 'Võ Gia Khoa', 'khoa.vo', 14, 6, 109, ['AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'LOGOUT'], '0901000009', 8),
		agent(1010, 'Đặng Thị Lan', 'lan.dang', 14, 7, '110', ['AVAILABLE', 'LOGOUT', 'AVAILABLE', 'LOGOUT'], '0901000010', 9),
		agent(1011, 'Bùi Minh Long', 'long.bui', 14, 8, '111', ['AVAILABLE', 'AVAILABLE', 'NO ANSWER', 'NOT AVAILABLE'], '0901000011', 10),
		agent(1012, 'Đỗ Thanh Mai', 'mai.do', 12, 9, '112', ['AVAILABLE', 'NOT AVAILABLE', 'NOT AVAILABLE', 'AVAILABLE'], '0901000012', 11),
	];

	store.services = [
		{ service_id: 201, service_name: 'Hotline 1900', service_type: 'Incoming call', type: 1, detail: { line: '1', number: '19001234', description: 'Main hotline', created_at: at(0), updated_at: at(90), status: 1 } },
		{ service_id: 202, service_name: 'Hotline IVR', service_type: 'IVR', type: 12, detail: { line: '2', number: '19001234', description: 'IVR menu of the main hotline', created_at: at(0, 2), updated_at: at(120), status: 1 } },
		{ service_id: 203, service_name: 'Old hotline', service_type: 'Incoming call', type: 1, detail: { line: '1', number: '02838001234', description: 'Retired number', created_at: at(0, 4), updated_at: at(200), status: 0 } },
		{ service_id: 204, service_name: 'Website chat', service_type: 'Live chat', type: 2, detail: { domain: 'www.acme-shop.example', status: 1, description: 'Website live chat' } },
		{ service_id: 205, service_name: 'Support mailbox', service_type: 'Email', type: 3, detail: { in_email_address: 'support@acme-shop.example', out_email_address: 'no-reply@acme-shop.example', status: 1, description: 'Customer support mailbox', last_update: at(150) } },
		{ service_id: 206, service_name: 'Facebook page', service_type: 'Social page', type: 4, detail: {} },
		{ service_id: 207, service_name: 'CRM integration', service_type: 'Api', type: 9, detail: {} },
		{ service_id: 208, service_name: 'Outbound calls', service_type: 'Voice out', type: 11, detail: {} },
		{ service_id: 209, service_name: 'Zalo OA', service_type: 'Messaging app', type: 10, detail: {} },
		{ service_id: 210, service_name: 'Contact form', service_type: 'Ticket form', type: 13, detail: {} },
		{ service_id: 211, service_name: 'SMS Brandname', service_type: 'SMS', type: 14, detail: {} },
	];

	const values = (field: number, entries: [string, string | null, number?][]) =>
		entries.map(([lable, code, parent], i) => ({ id: field * 100 + i + 1, lable, code, parent_value_id: parent ?? -1 }));
	store.ticketFields = [
		{ custom_field_id: 301, custom_field_lable: 'Customer note', type: 'TEXT', code: 'note' },
		{ custom_field_id: 302, custom_field_lable: 'Order amount', type: 'NUMBER', code: 'order_amount' },
		{ custom_field_id: 303, custom_field_lable: 'Quantity', type: 'NUMERIC', code: null },
		{ custom_field_id: 304, custom_field_lable: 'Appointment date', type: 'DATE', code: 'appointment_date' },
		{
			custom_field_id: 305,
			custom_field_lable: 'Product',
			type: 'SINGLE DROP-DOWN LIST',
			code: 'product',
			values: values(305, [['Phone', 'PHONE'], ['Laptop', 'LAPTOP'], ['Tablet', null], ['iPhone', 'IPHONE', 30501], ['Galaxy', null, 30501], ['ThinkPad', 'THINKPAD', 30502]]),
		},
		{
			custom_field_id: 306,
			custom_field_lable: 'Contact channels',
			type: 'MULTIPLE DROP-DOWN LIST',
			code: 'channels',
			values: values(306, [['Facebook', 'FB'], ['Zalo', 'ZALO'], ['Website', null], ['Hotline', 'HOTLINE']]),
		},
		{ custom_field_id: 307, custom_field_lable: 'Landing page', type: 'URL', code: 'landing_page' },
		{ custom_field_id: 308, custom_field_lable: 'Description', type: 'TEXTAREA', code: null },
		{
			custom_field_id: 309,
			custom_field_lable: 'Care stage',
			type: 'STAGE',
			code: 'care_stage',
			values: values(309, [['Received', 'RECEIVED'], ['In progress', 'IN_PROGRESS'], ['Waiting for customer', null], ['Done', 'DONE']]),
		},
		{
			custom_field_id: 310,
			custom_field_lable: 'Region',
			type: 'SINGLE DROP-DOWN LIST',
			code: null,
			values: values(310, [['North', null], ['Central', 'CENTRAL'], ['South', 'SOUTH']]),
		},
	];
	store.contactFields = [
		{ custom_field_id: 401, custom_field_lable: 'Company', type: 'TEXT', code: 'company' },
		{ custom_field_id: 402, custom_field_lable: 'Age', type: 'NUMBER', code: null },
		{ custom_field_id: 403, custom_field_lable: 'Birthday', type: 'DATE', code: 'birthday' },
		{ custom_field_id: 404, custom_field_lable: 'Gender', type: 'SINGLE DROP-DOWN LIST', code: 'gender', values: values(404, [['Male', 'M'], ['Female', 'F'], ['Other', null]]) },
		{ custom_field_id: 405, custom_field_lable: 'Interests', type: 'MULTIPLE DROP-DOWN LIST', code: null, values: values(405, [['Electronics', 'ELEC'], ['Fashion', null], ['Books', 'BOOKS']]) },
	];
	store.organizationFields = [
		{ custom_field_id: 501, custom_field_lable: 'Tax code', type: 'TEXT', code: 'tax_code' },
		{ custom_field_id: 502, custom_field_lable: 'Employees', type: 'NUMERIC', code: null },
		{ custom_field_id: 503, custom_field_lable: 'Industry', type: 'SINGLE DROP-DOWN LIST', code: 'industry', values: values(503, [['Retail', 'RETAIL'], ['Manufacturing', null], ['Services', 'SERVICES']]) },
		{ custom_field_id: 504, custom_field_lable: 'Founded', type: 'DATE', code: null },
		{ custom_field_id: 505, custom_field_lable: 'Markets', type: 'MULTIPLE DROP-DOWN LIST', code: 'markets', values: values(505, [['Vietnam', 'VN'], ['Thailand', 'TH'], ['Singapore', null]]) },
	];

	store.leadStatuses = [
		{ id: 601, label: 'New', status_type: 1 },
		{ id: 602, label: 'Contacted', status_type: 0 },
		{ id: 603, label: 'Negotiating', status_type: 0 },
		{ id: 604, label: 'Converted', status_type: 2 },
		{ id: 605, label: 'Unqualified', status_type: 3 },
	];
	store.leadUnqualifiedReasons = [
		{ id: 701, name: 'No budget' },
		{ id: 702, name: 'Wrong phone number' },
		{ id: 703, name: 'Not interested' },
		{ id: 704, name: 'Duplicate lead' },
	];
	store.leadLabels = [
		{ id: 801, name: 'VIP' },
		{ id: 802, name: 'Hot' },
		{ id: 803, name: 'Cold' },
		{ id: 804, name: 'Referral' },
	];
	store.dealPipelines = [
		{
			id: 901,
			name: 'Retail',
			stages: [
				{ id: 911, name: 'Prospect', probability: 10 },
				{ id: 912, name: 'Proposal', probability: 40 },
				{ id: 913, name: 'Negotiation', probability: 70 },
				{ id: 914, name: 'Closing', probability: 90 },
			],
		},
		{
			id: 902,
			name: 'Enterprise',
			stages: [
				{ id: 921, name: 'Discovery', probability: 10 },
				{ id: 922, name: 'Demo', probability: 30 },
				{ id: 923, name: 'Contract' },
			],
		},
	];
	store.dealUnqualifiedReasons = [
		{ id: 1101, name: 'No decision maker' },
		{ id: 1102, name: 'Out of target market' },
		{ id: 1103, name: 'Duplicate deal' },
	];
	store.dealLabels = [
		{ id: 1201, name: 'Key account' },
		{ id: 1202, name: 'Upsell' },
		{ id: 1203, name: 'Renewal' },
	];
	store.dealLostReasons = [
		{ id: 1301, name: 'Price too high' },
		{ id: 1302, name: 'Chose a competitor' },
		{ id: 1303, name: 'No response' },
		{ id: 1304, name: 'Timing' },
	];
	const now = store.seededAt;
	store.monitors = [
		{ id: 1, name: 'API', status: 1, last_ping_ms: 42, last_heartbeat: now - 20 * SECOND, uptime_24h: 0.9995 },
		{ id: 2, name: 'Voice gateway', status: 1, last_ping_ms: 87, last_heartbeat: now - 35 * SECOND, uptime_24h: 0.998 },
		{ id: 3, name: 'Live chat', status: 0, last_ping_ms: 0, last_heartbeat: now - 12 * MINUTE, uptime_24h: 0.9312 },
	];
	store.savedFilters = [
		{ id: 1, name: 'New tickets', user_dependent: false, ticket_status: ['new'] },
		{ id: 2, name: 'Open or pending', user_dependent: false, ticket_status: ['open', 'pending'] },
		{ id: 3, name: 'Solved', user_dependent: false, ticket_status: ['solved', 'closed'] },
		{ id: 4, name: 'Urgent or high', user_dependent: false, ticket_priority: ['Urgent', 'High'] },
		{ id: 998, name: 'My group tickets', user_dependent: true },
		{ id: 999, name: 'My tickets', user_dependent: true },
	];
}

// ---------------------------------------------------------------------------------------------

function phoneOf(rnd: Rnd): string {
	return `09${String(int(rnd, 0, 99999999)).padStart(8, '0')}`;
}

/**
 * The contact fields no other record reads, derived from the contact's place so that the random
 * stream (and every record seeded after the contacts) stays as it was before contacts had them.
 * Every third contact was updated within the seeded days; a few have a second phone.
 */
function contactDetails(store: Store, i: number) {
	const created = truncSec(store.seededAt - (store.options.size.days + 200) * DAY + i * 3 * 3600 * SECOND);
	const updated = i % 3 === 0 ? truncSec(store.seededAt - ((i * 7919) % (store.options.size.days * 24)) * 3600 * SECOND) : created;
	return {
		created_at: created,
		updated_at: Math.max(created, updated),
		email2: null,
		phone_no2: i % 10 === 0 ? `08${String(10_000_000 + i).padStart(8, '0')}` : null,
		phone_no3: null,
		gender: i % 4 === 3 ? null : (i % 2) + 1,
		custom_fields: [],
	};
}

/**
 * The customer the examples and the AI example's questions name (examples/README.md, the fake
 * model's script in scripts/lib/ai-example.mjs): customer 50350, who exists from 1,400 tickets up
 * (the default size), has this name, e-mail and phone, so that "Who is the customer with phone
 * 0987654321?" has an answer on a fresh start. Its random draws are still made and then
 * overwritten: every other record stays as the seed draws it. No other customer is given its phone.
 */
const DEMO_CUSTOMER = { id: 50350, username: 'Trần Thị Mai', email: 'mai.tran@example.com', phone_no: '0987654321' } as const;

function seedCustomers(store: Store, rnd: Rnd, n: number): void {
	const customers: CustomerRec[] = [];
	const phones = new Set<string>([DEMO_CUSTOMER.phone_no]);
	for (let i = 0; i < n; i++) {
		const fam = pick(rnd, FAMILY);
		const mid = pick(rnd, MIDDLE);
		const given = pick(rnd, GIVEN);
		let phone = phoneOf(rnd);
		while (phones.has(phone)) phone = phoneOf(rnd);
		phones.add(phone);
		const id = 50001 + i;
		customers.push({
			id,
			username: `${fam} ${mid} ${given}`,
			email: chance(rnd, 0.85) ? `${ASCII[fam]}.${given.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace('đ', 'd').toLowerCase()}${id}@mail.example` : null,
			phone_no: phone,
			organization_id: chance(rnd, 0.3) ? 60001 + int(rnd, 0, 19) : null,
			...contactDetails(store, i),
			...(id === DEMO_CUSTOMER.id ? { username: DEMO_CUSTOMER.username, email: DEMO_CUSTOMER.email, phone_no: DEMO_CUSTOMER.phone_no } : {}),
		});
	}
	store.customers = customers;
}

/** Random value for one field definition, normalized as the store keeps it. */
function randomValue(rnd: Rnd, def: CustomFieldDefRec, now: number): CustomValue {
	const v = def.values ?? [];
	switch (def.type) {
		case 'TEXT':
			return { id: def.custom_field_id, value: pick(rnd, ['Called back twice', 'Prefers e-mail', 'Needs invoice', 'Loyal customer']) };
		case 'NUMBER':
		case 'NUMERIC':
			return { id: def.custom_field_id, value: int(rnd, 1, 500) * (def.type === 'NUMBER' ? 1000 : 1) };
		case 'DATE': {
			const d = new Date(now + int(rnd, -60, 60) * DAY).toISOString().slice(0, 10).replace(/-/g, '/');
			return { id: def.custom_field_id, value: d };
		}
		case 'URL':
			return { id: def.custom_field_id, value: `https://www.acme-shop.example/p/${int(rnd, 100, 999)}` };
		case 'TEXTAREA':
			return { id: def.custom_field_id, value: 'Customer described the issue in detail.\nSecond line.' };
		case 'MULTIPLE DROP-DOWN LIST':
			return { id: def.custom_field_id, value: subset(rnd, v.map((x) => x.id), 3).sort((a, b) => a - b) };
		default:
			return { id: def.custom_field_id, value: pick(rnd, v).id };
	}
}

function randomCustomValues(rnd: Rnd, defs: CustomFieldDefRec[], now: number, p: number): CustomValue[] {
	return defs.filter(() => chance(rnd, p)).map((d) => randomValue(rnd, d, now));
}

/** Sorted random instants spread uniformly over [now − days, now]. */
function instants(rnd: Rnd, n: number, now: number, days: number): number[] {
	const span = days * DAY;
	const out: number[] = [];
	for (let i = 0; i < n; i++) out.push(truncSec(now - rnd() * span));
	return out.sort((a, b) => a - b);
}

/** An update instant in [created, now], skewed towards `created`; 30% are never updated. */
function updatedAfter(rnd: Rnd, created: number, now: number): number {
	if (chance(rnd, 0.3)) return created;
	return truncSec(created + (now - created) * rnd() * rnd());
}

function seedTickets(store: Store, rnd: Rnd, n: number): void {
	const now = store.seededAt;
	const agents = store.agents.filter((a) => [1, 2, 4, 5].includes(a.role_id));
	const services = store.services;
	const created = instants(rnd, n, now, store.options.size.days);
	let commentId = 1;
	const tickets: TicketRec[] = created.map((c, i) => {
		const status = weighted<TicketStatus>(rnd, [['new', 1], ['open', 3], ['pending', 2], ['solved', 4], ['closed', 2]]);
		const assignee = status === 'new' && chance(rnd, 0.5) ? undefined : pick(rnd, agents);
		const service = pick(rnd, services);
		const updated = updatedAfter(rnd, c, now);
		const comments: CommentRec[] = [];
		const nComments = updated > c ? int(rnd, 1, 3) : int(rnd, 0, 1);
		for (let k = 0; k < nComments; k++) {
			comments.push({
				id: commentId++,
				body: pick(rnd, ['Called the customer.', 'Waiting for the warehouse.', 'Sent the invoice.', 'Issue reproduced.', 'Customer confirmed.']),
				is_public: chance(rnd, 0.4) ? 1 : 0,
				author_id: assignee?.id ?? pick(rnd, agents).id,
				created_at: truncSec(c + ((updated - c) * (k + 1)) / (nComments + 1)),
			});
		}
		const rated = (status === 'solved' || status === 'closed') && chance(rnd, 0.3);
		const ticketType: TicketType = comments.length === 0 ? 'NULL' : pick(rnd, ['COMMENT', 'CALLED', 'ANSWERED_CALL', 'EMAIL', 'SMS', 'CHAT', 'ZNS'] as const);
		return {
			ticket_id: 100001 + i,
			ticket_no: 1 + i,
			ticket_status: status,
			ticket_subject: `${pick(rnd, SUBJECTS)} #${1 + i}`,
			ticket_priority: weighted<TicketPriority>(rnd, [['Low', 2], ['Normal', 5], ['High', 2], ['Urgent', 1]]),
			requester_id: pick(rnd, store.customers).id,
			assignee_id: assignee?.id ?? null,
			group_id: assignee?.group_id ?? null,
			service_id: service.service_id,
			ticket_source: service.service_type,
			ticket_source_end_status: service.type === 1 || service.type === 2 || service.type === 12 ? int(rnd, 0, 3) : null,
			ticket_source_detail_id: chance(rnd, 0.5) ? int(rnd, 1, 5000) : null,
			duedate: chance(rnd, 0.3) ? truncSec(c + int(rnd, 1, 10) * DAY) : null,
			satisfaction: rated ? int(rnd, 1, 5) : null,
			satisfaction_at: rated ? updated : null,
			satisfaction_send: rated ? truncSec(Math.max(c, updated - 3600 * SECOND)) : null,
			satisfaction_content: rated ? pick(rnd, ['Great support', 'Too slow', 'OK']) : null,
			campaign_id: chance(rnd, 0.1) ? int(rnd, 1, 5) : null,
			automessage_id: chance(rnd, 0.05) ? int(rnd, 1, 3) : null,
			member_status_id: null,
			is_overdue: chance(rnd, 0.1) ? 1 : 0,
			incident_id: null,
			comments,
			custom_fields: randomCustomValues(rnd, store.ticketFields, now, 0.35),
			tags: subset(rnd, TAGS, 2),
			ccs: chance(rnd, 0.1) ? [pick(rnd, store.customers).id] : [],
			follows: chance(rnd, 0.15) ? [pick(rnd, agents).id] : [],
			ticket_type: ticketType,
			ref_url: null,
			address: null,
			city_id: null,
			district_id: null,
			created_at: c,
			updated_at: updated,
		};
	});

	// Incidents: parents with 1–3 later children. Even parents keep at least one child unsolved.
	const used = new Set<number>();
	const parents = Math.min(40, Math.floor(n / 20));
	for (let k = 0; k < parents; k++) {
		let p = int(rnd, 0, Math.max(0, n - 30));
		while (used.has(p) && p < n - 5) p++;
		if (used.has(p) || p >= n - 4) continue;
		used.add(p);
		const parent = tickets[p];
		parent.ticket_status = pick(rnd, ['open', 'pending'] as const);
		const nChildren = int(rnd, 1, 3);
		let made = 0;
		for (let tries = 0; made < nChildren && tries < 20; tries++) {
			const ci = int(rnd, p + 1, n - 1);
			if (used.has(ci)) continue;
			used.add(ci);
			const child = tickets[ci];
			child.incident_id = parent.ticket_id;
			child.ticket_status = k % 2 === 0 && made === 0 ? pick(rnd, ['new', 'open', 'pending'] as const) : 'solved';
			made++;
		}
	}
	store.tickets = tickets;
}

function seedLeads(store: Store, rnd: Rnd, n: number): void {
	const now = store.seededAt;
	const agents = store.agents.filter((a) => [1, 2, 4, 5].includes(a.role_id));
	const created = instants(rnd, n, now, store.options.size.days);
	let commentId = 100000;
	store.leads = created.map((c, i): LeadRec => {
		const status = weighted(rnd, store.leadStatuses.map((s) => [s, s.status_type === 0 ? 2 : 1] as [typeof s, number]));
		const assignee = chance(rnd, 0.85) ? pick(rnd, agents) : undefined;
		const updated = updatedAfter(rnd, c, now);
		const final = status.status_type === 2 || status.status_type === 3;
		const convertedAt = final ? truncSec(c + (updated - c) * rnd()) : null;
		const comments: CommentRec[] = chance(rnd, 0.5)
			? [{ id: commentId++, body: 'First contact made.', is_public: 0, author_id: assignee?.id ?? agents[0].id, created_at: c }]
			: [];
		return {
			id: 200001 + i,
			subject: `Lead: ${pick(rnd, ['Laptop bulk order', 'Office chairs', 'Phone upgrade', 'Annual support contract', 'Website redesign', 'Printer supplies'])} ${1 + i}`,
			requester_id: pick(rnd, store.customers).id,
			service_id: pick(rnd, store.services).service_id,
			group_id: assignee?.group_id ?? null,
			assignee_id: assignee?.id ?? null,
			lead_status_id: status.id,
			last_lead_status_id: status.status_type === 1 ? null : pick(rnd, store.leadStatuses.filter((s) => s.status_type < 2 && s.id !== status.id)).id,
			estimated_closed_date: chance(rnd, 0.4) ? truncSec(c + int(rnd, 5, 60) * DAY) : null,
			labels: subset(rnd, store.leadLabels.map((l) => l.id), 2).sort((a, b) => a - b),
			unqualified_reasons: status.status_type === 3 ? [pick(rnd, store.leadUnqualifiedReasons).id] : [],
			custom_fields: randomCustomValues(rnd, store.ticketFields, now, 0.2),
			converted_at: convertedAt,
			converted_by: final ? (assignee?.id ?? agents[0].id) : null,
			converted_type: status.status_type === 2 ? 1 : status.status_type === 3 ? 2 : null,
			comments,
			created_at: c,
			updated_at: updated,
		};
	});
}

function products(rnd: Rnd): OrderProductRec[] {
	const n = int(rnd, 0, 3);
	const out: OrderProductRec[] = [];
	for (let i = 0; i < n; i++) {
		const isFree = chance(rnd, 0.15) ? 1 : 0;
		const unit = isFree ? 0 : int(rnd, 10, 2000) * 1000;
		const qty = int(rnd, 1, 5);
		const markup = isFree ? 0 : pick(rnd, [0, 0, 5, 10]);
		const discount = Math.round((unit * qty * markup) / 100);
		out.push({
			name: pick(rnd, ['Laptop 14"', 'Wireless mouse', 'USB-C dock', 'Monitor 27"', 'Keyboard', 'Gift bag']),
			sku: chance(rnd, 0.8) ? `SKU-${int(rnd, 1000, 9999)}` : null,
			is_free: isFree,
			unit_price: unit,
			quantity: qty,
			discount_markup: markup,
			discount_value: discount,
			total_amount: unit * qty - discount,
		});
	}
	return out;
}

function seedDeals(store: Store, rnd: Rnd, n: number): void {
	const now = store.seededAt;
	const agents = store.agents.filter((a) => [1, 2, 4, 5].includes(a.role_id));
	const created = instants(rnd, n, now, store.options.size.days);
	const convertedLeads = store.leads.filter((l) => l.converted_type === 1);
	let commentId = 200000;
	store.deals = created.map((c, i): DealRec => {
		const pipeline = pick(rnd, store.dealPipelines);
		const stageIdx = int(rnd, 0, pipeline.stages.length - 1);
		const stage = pipeline.stages[stageIdx];
		const assignee = chance(rnd, 0.9) ? pick(rnd, agents) : undefined;
		const updated = updatedAfter(rnd, c, now);
		const closedType = chance(rnd, 0.35) ? weighted<1 | 2 | 3>(rnd, [[1, 3], [2, 2], [3, 1]]) : null;
		const lead = chance(rnd, 0.3) && convertedLeads.length > 0 ? pick(rnd, convertedLeads) : undefined;
		const withOrder = chance(rnd, 0.5);
		const items = withOrder ? products(rnd) : [];
		const comments: CommentRec[] = chance(rnd, 0.4)
			? [{ id: commentId++, body: 'Quotation sent.', is_public: 1, author_id: assignee?.id ?? agents[0].id, created_at: c }]
			: [];
		return {
			id: 300001 + i,
			subject: `Deal: ${pick(rnd, ['Laptop fleet', 'Support renewal', 'Store fit-out', 'Bulk phones', 'Accessories'])} ${1 + i}`,
			requester_id: lead?.requester_id ?? pick(rnd, store.customers).id,
			service_id: pick(rnd, store.services).service_id,
			group_id: assignee?.group_id ?? null,
			assignee_id: assignee?.id ?? null,
			lead_id: lead?.id ?? null,
			converted_at: lead?.converted_at ?? null,
			converted_by: lead?.converted_by ?? null,
			converted_type: lead ? 1 : null,
			lead_status_id: lead?.lead_status_id ?? null,
			last_lead_status_id: lead?.last_lead_status_id ?? null,
			unqualified_reasons: closedType === 3 ? [pick(rnd, store.dealUnqualifiedReasons).id] : [],
			labels: subset(rnd, store.dealLabels.map((l) => l.id), 2).sort((a, b) => a - b),
			estimated_closed_date: chance(rnd, 0.5) ? truncSec(c + int(rnd, 7, 90) * DAY) : null,
			closed_at: closedType ? updated : null,
			closed_by: closedType ? (assignee?.id ?? agents[0].id) : null,
			closed_type: closedType,
			pipeline_id: pipeline.id,
			pipeline_stage_id: stage.id,
			last_deal_stage_id: stageIdx > 0 ? pipeline.stages[stageIdx - 1].id : null,
			value: int(rnd, 1, 500) * 100000,
			probability: stage.probability ?? int(rnd, 0, 100),
			custom_fields: randomCustomValues(rnd, store.ticketFields, now, 0.2),
			order_address_detail: withOrder ? `${int(rnd, 1, 300)} Lê Lợi` : null,
			order_buyer_note: withOrder && chance(rnd, 0.3) ? 'Call before delivery' : null,
			order_city_id: withOrder ? String(int(rnd, 1, 63)) : null,
			order_district_id: withOrder ? String(int(rnd, 1, 700)) : null,
			order_ward_id: withOrder ? String(int(rnd, 1, 11000)) : null,
			order_receiver_name: withOrder ? pick(rnd, store.customers).username : null,
			order_receiver_phone: withOrder ? phoneOf(rnd) : null,
			order_shipping_fee: withOrder ? pick(rnd, [0, 15000, 30000]) : null,
			order_payment: withOrder ? pick(rnd, ['COD', 'Bank transfer', 'Card']) : null,
			order_status: withOrder ? pick(rnd, ['new', 'confirmed', 'shipping', 'delivered', 'cancelled']) : null,
			order_tracking_code: withOrder && chance(rnd, 0.5) ? `TRK${int(rnd, 100000, 999999)}` : null,
			order_tracking_url: null,
			order_products: items,
			comments,
			created_at: c,
			updated_at: updated,
		};
	});
	for (const d of store.deals) if (d.order_tracking_code) d.order_tracking_url = `https://track.example/${d.order_tracking_code}`;
}

function seedCalls(store: Store, rnd: Rnd, n: number): void {
	const now = store.seededAt;
	const agents = store.agents.filter((a) => a.role_id !== 8 && a.role_id !== 9);
	const starts = instants(rnd, n, now - 2 * 3600 * SECOND, store.options.size.days);
	const hotline = String(store.services.find((s) => s.service_id === 201)?.detail.number);
	const calls: CallRec[] = starts.map((start, i): CallRec => {
		const callType: 0 | 1 = chance(rnd, 0.6) ? 0 : 1;
		const passedIvr = callType === 0 && chance(rnd, 0.5);
		const miss = chance(rnd, callType === 0 ? 0.2 : 0.25);
		const missedReason: MissedReason | null = miss
			? callType === 1
				? 'missed_customer'
				: pick(rnd, ['missed_customer', 'missed_agent_device', 'missed_agent_reject', 'missed_agent_timeout'] as const)
			: null;
		const agent = missedReason === 'missed_customer' && callType === 0 ? undefined : pick(rnd, agents);
		const transferred = !miss && chance(rnd, 0.1);
		const last = transferred ? pick(rnd, agents) : agent;
		const customer = pick(rnd, store.customers);
		const wait = int(rnd, 0, 60);
		const hold = miss ? 0 : chance(rnd, 0.2) ? int(rnd, 5, 90) : 0;
		const talk = miss ? 0 : int(rnd, 10, 900);
		const ip = agent ? String(agent.agent_id) : null;
		const surveyed = !miss && chance(rnd, 0.3);
		return {
			id: 400001 + i,
			customer_id: customer.id,
			// A string the platform makes up; from the index alone, so that a copy of the seed moved to
			// another start instant (Store.seed) holds what a draw there would.
			call_id: `${((Math.imul(400001 + i, 2654435761) >>> 0) % 36 ** 6).toString(36).padStart(6, '0')}-${(400001 + i).toString(36)}`,
			caller: callType === 0 ? customer.phone_no! : (ip ?? ''),
			called: callType === 0 ? hotline : customer.phone_no!,
			user_id: agent?.id ?? null,
			agent_id: ip,
			group_id: agent?.group_id ?? null,
			call_type: callType,
			passed_ivr: passedIvr,
			start_time: start,
			end_time: truncSec(start + (wait + hold + talk) * SECOND),
			call_status: miss ? 'miss' : 'meetAgent',
			wait_time: wait,
			hold_time: hold,
			talk_time: talk,
			end_status: chance(rnd, 0.6) ? 'cus' : 'system',
			ticket_id: store.tickets.length > 0 && chance(rnd, 0.3) ? pick(rnd, store.tickets).ticket_id : null,
			missed_reason: missedReason,
			last_agent_id: last ? Number(last.agent_id) : null,
			last_user_id: last?.id ?? null,
			has_recording: !miss && talk > 0,
			service_id: callType === 0 ? (passedIvr ? 202 : 201) : 208,
			dtmf: passedIvr ? pick(rnd, ['1', '2', '1#', '3*2']) : null,
			call_survey: surveyed ? 'YES' : 'NO',
			call_survey_result: surveyed ? String(int(rnd, 1, 5)) : null,
		};
	});
	store.calls = calls;
}

/** The chat service of each channel among the seeded services (seedReference): Website chat, Facebook page, Zalo OA. */
export const CHAT_SERVICE_OF_TYPE: Record<ConversationType, number> = { 0: 204, 1: 206, 3: 209 };
/** The Zalo official accounts the seeded Zalo conversations are written to. */
export const ZALO_ACCOUNTS = [
	{ oa_id: '4318712391230984521', oa_name: 'Acme Shop' },
	{ oa_id: '2950037718452269104', oa_name: 'Acme Care' },
] as const;
/** The customer's id on a channel (a visitor, a page-scoped id, a Zalo user id), from the conversation. */
export function visitorIdOf(type: ConversationType, conversationId: number): string {
	return `${type === 0 ? 'lc' : type === 1 ? 'fb' : 'zl'}-${(conversationId * 7919).toString(36)}`;
}

const CUSTOMER_LINES = [
	'Chào shop, đơn hàng của em giao chưa ạ?',
	'Mình muốn huỷ đơn hàng hôm qua',
	'Sản phẩm bị lỗi, đổi được không ạ?',
	'Hello, is my order shipped yet?',
	'Can I change the delivery address?',
	'Cho mình xin hoá đơn VAT',
	'Shop còn size M không?',
	'I was charged twice for one order',
	'Cảm ơn shop nhé',
	'OK, thanks',
];
const AGENT_LINES = [
	'Dạ em chào anh/chị, em kiểm tra ngay ạ',
	'Đơn của anh/chị đang được giao, dự kiến ngày mai',
	'Em đã huỷ đơn theo yêu cầu ạ',
	'Could you send me your order number?',
	'I have updated the address on your order',
	'Dạ shop đã gửi hoá đơn qua email ạ',
	'Sorry for the trouble, a refund is on its way',
	'Anh/chị cần hỗ trợ thêm gì không ạ?',
];
/** Conversations per channel in the seed, and how far back they start at most. */
const CONVERSATIONS_PER_CHANNEL = 12;
const CHAT_DAYS = 75;

/**
 * Chat conversations on the three channels (docs/api.md#chats), drawn from their own sequence so that
 * the other records do not move (Store.seed): each starts in the last CHAT_DAYS days (at most `size.days`)
 * and runs for hours to days, 4 to 14 messages, the customer writing first; most have a seeded
 * contact as requester (some anonymous live-chat visitors have none), some a ticket of theirs.
 */
function seedChats(store: Store, rnd: Rnd): void {
	const now = store.seededAt;
	const days = Math.min(CHAT_DAYS, store.options.size.days);
	const conversations: ConversationRec[] = [];
	const messages: ChatMessageRec[] = [];
	const chatAgents = store.agents.filter((a) => a.chat_status !== 'LOGOUT');
	const types: ConversationType[] = [0, 1, 3];
	for (let i = 0; i < CONVERSATIONS_PER_CHANNEL * types.length; i++) {
		const type = types[i % types.length];
		const conversationId = 500001 + i;
		const start = truncSec(now - rnd() * days * DAY);
		const anonymous = type === 0 && chance(rnd, 0.25);
		const customer = anonymous ? undefined : pick(rnd, store.customers.slice(0, 40));
		const ticket = customer && chance(rnd, 0.5) ? store.tickets.find((t) => t.requester_id === customer.id) : undefined;
		const zalo = type === 3 ? pick(rnd, ZALO_ACCOUNTS) : undefined;
		const conversation: ConversationRec = {
			conversation_id: conversationId,
			conversation_type: type,
			start_time: start,
			service_id: CHAT_SERVICE_OF_TYPE[type],
			requester_id: customer?.id ?? null,
			ticket_id: ticket?.ticket_id ?? null,
			last_agent_user_id: null,
			visitor_id: visitorIdOf(type, conversationId),
			visitor_name: customer?.username ?? `Visitor ${conversationId % 1000}`,
			oa_id: zalo?.oa_id ?? null,
			oa_name: zalo?.oa_name ?? null,
		};
		// Hours to four days, ending by now.
		const length = Math.min(int(rnd, 1, 96) * 3_600_000, now - start);
		const count = int(rnd, 4, 14);
		const times = [start, ...Array.from({ length: count - 1 }, () => truncSec(start + rnd() * length))].sort((a, b) => a - b);
		const agent = pick(rnd, chatAgents);
		times.forEach((time, index) => {
			const fromAgent = index > 0 && chance(rnd, 0.5);
			if (fromAgent) conversation.last_agent_user_id = agent.id;
			const id = 900001 + messages.length;
			const image = !fromAgent && chance(rnd, 0.08);
			messages.push({
				id,
				msg_id: `msg-${id.toString(16)}`,
				conversation_id: conversationId,
				message_index: index + 1,
				content: image ? `https://files.acme-shop.example/chat/${id}.jpg` : pick(rnd, fromAgent ? AGENT_LINES : CUSTOMER_LINES),
				time,
				from: fromAgent ? 'agent' : 'customer',
				agent_user_id: fromAgent ? agent.id : null,
				type: image ? 'image' : 'text',
			});
		});
		conversations.push(conversation);
	}
	store.conversations = conversations;
	store.chatMessages = messages;
}

/**
 * The demo customer's Zalo conversation, added after every draw (it moves no drawn record):
 * started two days before the seed's clock on her first open or pending ticket, the customer,
 * an agent's reply, the customer again a day later. So "What are the recent chats of customer
 * 50350?" has an answer on a fresh start, and a conversation that runs for days is there to
 * add a message to.
 */
function seedDemoChats(store: Store): void {
	if (!store.customer(DEMO_CUSTOMER.id)) return;
	const start = truncSec(store.seededAt - 2 * DAY);
	const { conversation } = store.addChatMessage(
		{ conversation_type: 3, requester_id: DEMO_CUSTOMER.id, from: 'customer', content: 'Chào shop, hoá đơn tháng 10 của em bị tính dư 200 USD (my October invoice is 200 USD too high)' },
		start,
	);
	const open = store.tickets.find((t) => t.requester_id === DEMO_CUSTOMER.id && (t.ticket_status === 'open' || t.ticket_status === 'pending'));
	conversation.ticket_id = open?.ticket_id ?? null;
	const agent = store.agents.find((a) => a.chat_status !== 'LOGOUT') ?? store.agents[0];
	store.addChatMessage({ conversation_id: conversation.conversation_id, from: 'agent', agent_user_id: agent.id, content: 'Dạ em kiểm tra hoá đơn ngay ạ (checking your invoice now)' }, start + 20 * MINUTE);
	store.addChatMessage({ conversation_id: conversation.conversation_id, from: 'customer', content: 'Mình muốn huỷ đơn hàng A1029 luôn (and please cancel order A1029)' }, start + DAY + 3 * 60 * MINUTE);
}

/** Fills every array of `store` deterministically from `rnd` (the chats from `chatRnd`). */
export function seedStore(store: Store, rnd: Rnd, chatRnd: Rnd): void {
	const size = store.options.size;
	seedReference(store);
	seedCustomers(store, rnd, Math.max(20, Math.round(size.tickets / 4)));
	seedTickets(store, rnd, size.tickets);
	seedLeads(store, rnd, size.leads);
	seedDeals(store, rnd, size.deals);
	seedCalls(store, rnd, size.calls);
	seedChats(store, chatRnd);
	seedDemoChats(store);
	// After the records, so that both platforms hold the same records.
	if (store.options.platform !== 'spec') writeDefinitionsAsRealPlatform(store);
}

/** The real platform's names of the spec's types (../shared/real-platform.md §2.3). */
const REAL_TYPE_NAMES: Partial<Record<CustomFieldType, CustomFieldType>> = {
	TEXT: 'Text',
	NUMBER: 'Numeric',
	NUMERIC: 'Numeric',
	DATE: 'Date',
	'SINGLE DROP-DOWN LIST': 'Single drop-down list',
	'MULTIPLE DROP-DOWN LIST': 'Multiple drop-down list',
	URL: 'URL',
	TEXTAREA: 'Text Area',
	STAGE: 'Stage',
};

/**
 * The definitions as the real platform writes them (real-platform.md §2.3, R1's raw answers):
 * sentence-case type names, no `code` key where there is no code nor on a `Date` field, choices as
 * `{id, lable}` with a parent only where there is one; and, for contacts, free-text fields with
 * no `type` and no `values` (4 of 11 there) and a `Text Area` one.
 */
function writeDefinitionsAsRealPlatform(store: Store): void {
	const asWritten = (definition: CustomFieldDefRec): CustomFieldDefRec => {
		const written: CustomFieldDefRec = { custom_field_id: definition.custom_field_id, custom_field_lable: definition.custom_field_lable };
		if (definition.type) written.type = REAL_TYPE_NAMES[definition.type] ?? definition.type;
		// R1's Date field has no code key at all.
		if (definition.code != null && definition.type !== 'DATE') written.code = definition.code;
		if (definition.values) {
			written.values = definition.values.map((value) => ({
				id: value.id,
				lable: value.lable,
				...(value.code != null ? { code: value.code } : {}),
				...(value.parent_value_id !== undefined && value.parent_value_id > 0 ? { parent_value_id: value.parent_value_id } : {}),
			}));
		}
		return written;
	};
	store.ticketFields = store.ticketFields.map(asWritten);
	store.organizationFields = store.organizationFields.map(asWritten);
	store.contactFields = [
		...store.contactFields.map(asWritten),
		{ custom_field_id: 406, custom_field_lable: 'Address' },
		{ custom_field_id: 407, custom_field_lable: 'District' },
		{ custom_field_id: 408, custom_field_lable: 'Campaign' },
		{ custom_field_id: 409, custom_field_lable: 'Campaign source' },
		{ custom_field_id: 410, custom_field_lable: 'Notes', type: 'Text Area' },
	];
}
