// @modes: spec strict
/**
 * Ticket → Create, Update, Get, Get Many through n8n's engine against the fake platform:
 * exact bodies and queries, custom fields by label / code / ID with coerced values, the
 * unsolved-children error, Simplify, long ranges read window by window, Return All and
 * Limit, validation before sending, the custom-field dropdowns.
 * One runner per resource: n8n loads once for the folder; each operation's cases are in the file
 * named after it (nodes/CustomerCare/resources/ticket/<operation>.ts). One operation:
 * `npx jest test/engine/ticket -t 'Ticket → Update'`.
 */
import { useFakePlatform } from '../helpers/fake-platform-per-file';
import { platformStarted } from './helpers/context';
import './create';
import './update';
import './get';
import './getAll';
import './dropdowns';

useFakePlatform(platformStarted);
