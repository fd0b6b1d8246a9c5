/**
 * Every route of one domain: handlers.ts's, then the contacts' (contacts.ts), whose
 * `/contacts/{id}` comes after handlers.ts's `/contacts/custom_fields`.
 */
import { CONTACT_ROUTES } from './contacts';
import { ROUTES, type Route } from './handlers';

const ALL_ROUTES: Route[] = [...ROUTES, ...CONTACT_ROUTES];

function safeDecode(s: string): string {
	try {
		return decodeURIComponent(s);
	} catch {
		return s;
	}
}

/** The route for `method` + `path` (after the domain), with its captured parameters. */
export function matchRoute(method: string, path: string): { route: Route; params: string[] } | undefined {
	for (const route of ALL_ROUTES) {
		if (route.method !== method) continue;
		const m = route.pattern.exec(path);
		if (m) return { route, params: m.slice(1).map(safeDecode) };
	}
	return undefined;
}
