/**
 * A chat message as Simplify shows it (docs/api.md#chats, docs/operations.md#chat): who wrote it
 * (customer or agent, with name and ID), the text, the channel, the time and the conversation's
 * start, the requester, ticket, last agent and service it links to, and on Zalo the official
 * account. Its times were already written in the account's offset by simplifyRecord.ts (the one
 * place times are read); this only picks and names fields.
 */
import type { IDataObject } from 'n8n-workflow';

import { CHAT_CHANNELS } from '../api/records';
import { isEmpty } from '../basics/looseValues';

const ZALO = 3;

/** The channel's name, or `conversation_type <code>` for a code no source names. */
export function chatChannelOf(conversationType: unknown): string | null {
	if (isEmpty(conversationType)) return null;
	return CHAT_CHANNELS[String(conversationType)] ?? `conversation_type ${String(conversationType)}`;
}

const orNull = (value: unknown) => (value === undefined ? null : (value as IDataObject[string]));

/**
 * The message shown: an agent wrote it when the agent's sender fields are set (the platform
 * leaves the other side's null, docs/api.md#chats), else the customer did.
 */
export function chatMessageAsShown(message: IDataObject): IDataObject {
	const byAgent = !isEmpty(message.sender_agent_id) || !isEmpty(message.sender_agent_name);
	const shown: IDataObject = {
		id: orNull(message.id),
		conversation_id: orNull(message.conversation_id),
		message_index: orNull(message.message_index),
		channel: chatChannelOf(message.conversation_type),
		from: byAgent ? 'agent' : 'customer',
		sender_name: orNull(byAgent ? message.sender_agent_name : message.sender_visitor_name),
		sender_id: orNull(byAgent ? message.sender_agent_id : message.sender_visitor_id),
		text: orNull(message.content),
		message_type: orNull(message.type),
		time: orNull(message.time),
		conversation_started_at: orNull(message.start_time),
		requester_id: orNull(message.requester_id),
		ticket_id: orNull(message.ticket_id),
		agent_id: orNull(message.last_agent_user_id),
		service_id: orNull(message.service_id),
	};
	if (Number(message.conversation_type) === ZALO) {
		shown.zalo_account = orNull(message.oa_name);
		shown.zalo_account_id = orNull(message.oa_id);
	}
	return shown;
}
