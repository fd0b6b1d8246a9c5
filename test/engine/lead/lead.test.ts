// @modes: spec strict
/**
 * Lead → Create, Update, Get, Get Many, Get Statuses, Get Unqualified Reasons, Get Labels
 * through n8n's engine against the fake platform: the exact request sent (method, path,
 * query, body), the items returned, custom fields by label and code arriving as IDs, the
 * unqualify-reason rule, Return All over every seeded lead, Limit, validation before
 * sending, API errors carried through, the dropdowns.
 * One runner per resource: n8n loads once for the folder; each operation's cases are in the file
 * named after it (nodes/CustomerCare/resources/lead/<operation>.ts). One operation:
 * `npx jest test/engine/lead -t 'Lead → Update'`.
 */
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { platformStarted } from './helpers/context';
import './create';
import './update';
import './get';
import './getAll';
import './getReferences';
import './dropdowns';

useFakePlatform(platformStarted);
