/**
 * The other forms the spec allows in answers (docs/api.md "Where the spec is unclear"). The
 * default is the form docs/api.md documents; each switch answers the other reading, so the
 * node's tolerant reading runs against a server that really answers that way:
 * - `closedType: 'word'`: a deal's `closed_type` as the field list writes it (won / lost /
 *   unqualified) instead of the states table's 1 / 2 / 3;
 * - `convertType: 'word'`: `converted_type` as words (deal / unqualified) instead of 1 / 2;
 * - `roots: 'alternate'`: the lead, deal and reference lists under `data` instead of the root
 *   we assume (the spec names none);
 * - `callZone`: the zone-less call times written in this offset ('+00:00') instead of the
 *   account's zone (the spec names no zone for them).
 */
import { parseOffset } from './time';

export interface AnswerForms {
	closedType: 'number' | 'word';
	convertType: 'number' | 'word';
	roots: 'documented' | 'alternate';
	/** Minutes east of UTC of the call times; null: the account's zone. */
	callOffset: number | null;
}

export const DOCUMENTED_FORMS: AnswerForms = { closedType: 'number', convertType: 'number', roots: 'documented', callOffset: null };

/** Every other form at once (what `--strict` switches on): call times in UTC, the account being +07:00 by default. */
export const ALTERNATE_FORMS: AnswerForms = { closedType: 'word', convertType: 'word', roots: 'alternate', callOffset: 0 };

/** The root the alternate form puts every assumed list under. */
export const ALTERNATE_ROOT = 'data';

/** The words of the field list (api-spec 2.7: "closed_type (won / lost / unqualified)"). */
export const CLOSED_TYPE_WORDS: Record<number, string> = { 1: 'won', 2: 'lost', 3: 'unqualified' };
/** api-spec 2.6: "converted_type (1 converted to deal, 2 converted to unqualified)". */
export const CONVERT_TYPE_WORDS: Record<number, string> = { 1: 'deal', 2: 'unqualified' };

/** The lists whose root is our assumption: path (below the domain) → documented root. */
const ASSUMED_ROOTS: Array<[RegExp, string]> = [
	[/^\/api\/v1\/leads$/, 'leads'],
	[/^\/api\/v1\/deals$/, 'deals'],
	[/^\/api\/v1\/lead\/status$/, 'statuses'],
	[/^\/api\/v1\/lead\/unqualified-reason$/, 'reasons'],
	[/^\/lead\/labels$/, 'labels'],
	[/^\/api\/v1\/deal\/pipelines$/, 'pipelines'],
	[/^\/api\/v1\/deal\/unqualified-reasons$/, 'reasons'],
	[/^\/api\/v1\/deal\/labels$/, 'labels'],
	[/^\/api\/v1\/deal\/lost-reasons$/, 'reasons'],
];

/** An answer body with the list under the alternate root, when the forms ask for it. */
export function withRootForm(path: string, body: unknown, forms: AnswerForms): unknown {
	if (forms.roots !== 'alternate' || typeof body !== 'object' || body === null) return body;
	const root = ASSUMED_ROOTS.find(([pattern]) => pattern.test(path))?.[1];
	const answer = body as Record<string, unknown>;
	if (!root || !Array.isArray(answer[root])) return body;
	const { [root]: records, ...rest } = answer;
	return { ...rest, [ALTERNATE_ROOT]: records };
}

/**
 * The forms as the control route and the option take them: `{ closedType, convertType, roots,
 * callZone }`, every key optional (missing keys keep their value); `all: true` is every
 * alternate form, `all: false` the documented ones. callZone: an offset ('+00:00', 'Z') or null.
 */
export function formsFrom(input: Record<string, unknown>, current: AnswerForms = DOCUMENTED_FORMS): AnswerForms {
	let forms: AnswerForms = input.all === true ? { ...ALTERNATE_FORMS } : input.all === false ? { ...DOCUMENTED_FORMS } : { ...current };
	const pick = <K extends keyof AnswerForms>(key: K, allowed: readonly string[]) => {
		const value = input[key];
		if (value === undefined) return;
		if (typeof value !== 'string' || !allowed.includes(value)) throw new Error(`invalid value: ${key}`);
		forms = { ...forms, [key]: value };
	};
	pick('closedType', ['number', 'word']);
	pick('convertType', ['number', 'word']);
	pick('roots', ['documented', 'alternate']);
	if (input.callZone !== undefined) {
		if (input.callZone !== null && typeof input.callZone !== 'string') throw new Error('invalid value: callZone');
		forms = { ...forms, callOffset: input.callZone === null ? null : parseOffset(input.callZone) };
	}
	return forms;
}
