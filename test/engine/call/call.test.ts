// @modes: spec strict backoff
/**
 * Call → Get Many through n8n's engine against the fake platform: the query the node sent
 * (ISO dates, every filter, sort), ranges of any length read in ≤ 31-day windows and merged
 * in the API's order, Return All and Limit, validation before sending, the dropdowns.
 * One runner per resource: n8n loads once for the folder; each operation's cases are in the file
 * named after it (nodes/CustomerCare/resources/call/<operation>.ts). One operation:
 * `npx jest test/engine/call -t 'Call → Get Many'`.
 */
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { platformStarted } from './helpers/context';
import './getAll';
import './dropdowns';
// Download Recording (Call → Get Many and Call Ended), with a fake of its own and a test clock.
import './recording';

useFakePlatform(platformStarted);
