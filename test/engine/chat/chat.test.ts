// @modes: spec strict
/**
 * Chat → Get Many Messages and Chat → Get Conversation through n8n's engine against the fake
 * platform: the channels asked (conversation_type always sent, each channel on its own), the
 * 30-day start-time windows (never a request without start_time_since), pages of 500, what came
 * back (Simplify's shape, or the API's items as they are), refusals before sending, pairing.
 * One runner per resource: n8n loads once for the folder; each operation's cases are in the file
 * named after it (nodes/CustomerCare/resources/chat/<operation>.ts). One operation:
 * `npx jest test/engine/chat -t 'Chat → Get Conversation'`.
 */
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { platformStarted } from './helpers/context';
import './getAll';
import './get';

useFakePlatform(platformStarted);
