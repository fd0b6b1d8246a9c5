/**
 * The records of a list answer as the platform gave them, whichever form it answered in: under
 * the root docs/api.md documents (`leads`, `deals`, `statuses`, …) or, where the spec names no
 * root and the platform used another (the fake's strict mode: answerForms.ts `roots`), the one
 * array at the top of the answer. Written here from docs/api.md "Where the spec is unclear",
 * not from the node's reader, so that a test's expected records hold in both modes.
 */
import type { IDataObject } from 'n8n-workflow';

export function recordsOf(answer: unknown, root: string): IDataObject[] {
	const body = answer as IDataObject;
	if (root in body) return body[root] as IDataObject[];
	// The other form: exactly one array, whatever its key.
	const arrays = Object.keys(body).filter((key) => Array.isArray(body[key]));
	expect({ root, arrays }).toEqual({ root, arrays: [expect.any(String)] });
	return body[arrays[0]] as IDataObject[];
}
