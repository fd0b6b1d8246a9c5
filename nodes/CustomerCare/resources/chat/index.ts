import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../description/properties';
import { getChatConversation, getChatConversationFields } from './get';
import { getAllChatMessages, getAllChatMessagesFields } from './getAll';

export const chatDescription: INodeProperties[] = [
	operationSelector('chat', [getChatConversation, getAllChatMessages], 'getAll'),
	...getAllChatMessagesFields,
	...getChatConversationFields,
];
