import type { INodeProperties } from 'n8n-workflow';

/** The requester's campaign status, which Create and Update of a ticket both take (docs/api.md#tickets). */
export const memberStatusProperty: INodeProperties = {
	displayName: 'Member Status ID',
	name: 'member_status_id',
	type: 'number',
	default: 0,
	description: 'Campaign status of the requester, for campaigns of v_type 1',
	routing: { send: { type: 'body', property: 'ticket.member_status_id' } },
};
