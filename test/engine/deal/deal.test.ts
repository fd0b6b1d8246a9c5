// @modes: spec strict
/**
 * Deal → Create, Update, Get, Get Many, Get Pipelines, Get Unqualified Reasons, Get Labels,
 * Get Lost Reasons through n8n's engine against the fake platform: the exact request sent
 * (method, path, query, body), the items returned, order fields and product lines, custom
 * fields by label and code arriving as IDs, Return All and Limit, validation before sending,
 * API errors carried through, the pipeline and stage dropdowns.
 * One runner per resource: n8n loads once for the folder; each operation's cases are in the file
 * named after it (nodes/CustomerCare/resources/deal/<operation>.ts). One operation:
 * `npx jest test/engine/deal -t 'Deal → Update'`.
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
