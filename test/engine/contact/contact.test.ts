// @modes: spec strict backoff
/**
 * Contact → Find by Phone, Get, Get Many, Create, Update, Find or Create through n8n's engine
 * against the fake platform: the request sent, the items returned, each written form of a
 * phone, "not found" as no item or an error, bad input refused before any request, and Find
 * or Create under a race and a lost answer (never two contacts for one phone, never a create
 * sent twice).
 *
 * What the platform answers is docs/api.md#contacts: `contactsByPhone?phoneNo=` answers
 * `{code:"ok", contact}` or a 200 `{code:"errors", message:"Not found user"}`; a create whose
 * phone another contact has answers `phone_no already exist` with `extra_data.duplicate_id`.
 * One runner per resource: n8n loads once for the folder; each operation's cases are in the file
 * named after it (nodes/CustomerCare/resources/contact/<operation>.ts). One operation:
 * `npx jest test/engine/contact -t 'Contact → Get'`.
 */
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { platformStarted } from './helpers/context';
import './findByPhone';
import './get';
import './getAll';
import './create';
import './update';
import './findOrCreate';
import './requester';
import './odd-answers';

useFakePlatform(platformStarted);
