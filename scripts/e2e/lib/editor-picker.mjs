/**
 * The ticket picker in the real editor (Chromium): a Ticket → Get node, open the Ticket
 * parameter's From List, type a search, choose a ticket; the parameter then holds it (its
 * name in From List, its ID when switched to By ID), and the search went to the fake
 * platform's ticket list.
 */
import assert from 'node:assert/strict';

import { queryTime } from '../../lib/platform-clock.mjs';
import { NODE_TYPE, ownerClient } from '../../lib/rest.mjs';
import { CREDENTIAL } from '../../lib/setup.mjs';

/** A ticket the search should find: the newest one created in the last week, by the fake's own list. */
async function recentTicket(fake) {
	const to = new Date();
	const since = new Date(to.getTime() - 7 * 24 * 3600 * 1000);
	const iso = (date) => queryTime(date.getTime());
	const { body } = await fake.api('GET', `/api/v2/tickets?created_since=${iso(since)}&created_to=${iso(to)}&count=500`);
	const tickets = [...body.tickets].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.ticket_id - a.ticket_id);
	assert.ok(tickets.length > 0, 'the fake platform has tickets of the last week');
	return tickets[0];
}

/**
 * A workflow of its own with one Customer Care node, Ticket → Get: n8n 2.x saves a workflow as
 * it is edited, so the examples are left as they are.
 */
async function ticketGetWorkflow(server) {
	const client = await ownerClient(server.url);
	const workflow = await client.post('/workflows', {
		name: 'Ticket picker (editor test)',
		active: false,
		settings: {},
		connections: {},
		nodes: [
			{
				id: 'ticket-picker-node',
				name: 'Get ticket',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: { resource: 'ticket', operation: 'get' },
				credentials: { customerCareApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } },
			},
		],
	});
	return workflow.id;
}

export async function checkTicketPicker({ page, server, fake, shot }) {
	const ticket = await recentTicket(fake);
	// The subject without its number ("Delivery delayed"): several tickets match, newest first.
	const search = ticket.ticket_subject.replace(/\s*#\d+$/, '');
	const expectedName = `#${ticket.ticket_id} · ${ticket.ticket_subject} · ${ticket.ticket_status}`;

	// Leaving a page with an open dialog asks first: go.
	page.on('dialog', (dialog) => dialog.accept().catch(() => {}));
	const workflowId = await ticketGetWorkflow(server);
	await page.goto(`${server.url}/workflow/${workflowId}`);
	const node = page.locator('[data-test-id="canvas-node"][data-node-name="Get ticket"]');
	await node.waitFor();
	await node.dblclick();
	await page.locator('[data-test-id="ndv"]').waitFor();
	const locator = page.locator('[data-test-id="ndv"] [data-test-id="resource-locator-ticketId"]');
	await locator.waitFor();
	const firstSeq = Math.max(0, ...(await fake.requests()).map((r) => r.seq));

	// From List is the picker's first mode: focusing the input opens the list.
	await locator.locator('[data-test-id="rlc-input-container"] input').first().click();
	// The list is teleported out of the parameter: its search box and items are found on the page.
	const searchBox = page.locator('input[data-test-id="rlc-search"]:visible, [data-test-id="rlc-search"] input:visible').first();
	const items = page.locator('[data-test-id="rlc-item"]:visible');
	await searchBox.waitFor();
	await items.first().waitFor();
	await searchBox.fill(search);
	// The editor waits a second after typing, then asks again; the list then holds matches only.
	const wanted = search.toLowerCase();
	for (const deadline = Date.now() + 30_000; ; await page.waitForTimeout(250)) {
		const texts = await items.allInnerTexts();
		if (texts.length > 0 && texts.every((text) => text.toLowerCase().includes(wanted))) break;
		assert.ok(Date.now() < deadline, `the list never showed only matches of "${search}": ${texts.slice(0, 5).join(' | ')}`);
	}
	const shown = (await items.allInnerTexts()).map((text) => text.trim());
	assert.equal(shown[0], expectedName, `the newest match comes first: ${shown.join(' | ')}`);
	await shot('ticket-picker.png');
	await items.first().click();

	// From List shows the chosen ticket's name ...
	const input = locator.locator('[data-test-id="rlc-input-container"] input').first();
	await page.waitForFunction(
		({ element, name }) => element.value === name,
		{ element: await input.elementHandle(), name: expectedName },
	);
	// ... and holds its ID: By ID (which keeps the value) shows it.
	await locator.locator('[data-test-id="rlc-mode-selector"]').click();
	await page.locator('[data-test-id="mode-id"]:visible').click();
	const idInput = locator.locator('[data-test-id="rlc-input-container"] input').first();
	await page.waitForFunction(
		({ element, id }) => element.value === id,
		{ element: await idInput.elementHandle(), id: String(ticket.ticket_id) },
	);

	// The trigger examples stay active on this server: a Ticket Updated poll (by update windows)
	// can fall within the test. The picker never sends update windows; those polls are not its.
	const searches = (await fake.requests()).filter(
		(r) => r.seq > firstSeq && r.path === `/${fake.domain}/api/v2/tickets` && r.query.updated_since === undefined,
	);
	assert.ok(searches.length > 0, 'the picker asked the platform');
	assert.ok(
		searches.every((r) => r.query.created_since && r.query.created_to),
		'the picker reads the ticket list by creation windows',
	);
	return `searched "${search}", chose ${expectedName}, By ID shows ${ticket.ticket_id}; ${searches.length} list requests`;
}
