import type { IDataObject } from 'n8n-workflow';

import {
	RECORDS,
	type CodedField,
	type RecordKind,
	type RecordShape,
	type ReferenceList,
	type TimeConvention,
} from '../api/records';
import { readApiTime, type PlatformClock } from '../basics/clock';
import { instantOfZoned, toEpochMs, toOffsetIso, zonedParts, type ZonedParts } from '../basics/dates';
import { simplifyComment } from './comments';
import { isEmpty, isPlainObject, ownEntry } from '../basics/looseValues';

/**
 * A record as Simplify shows it: every time in ISO 8601 with the offset of the platform's zone,
 * every coded value with its label beside it (`call_type: 1, call_type_label: "Outgoing"`).
 * Pure: the platform's clock and the account's reference lists are given.
 */

/** Labels of the account's reference lists, keyed by id as text. */
export type References = Partial<Record<ReferenceList, ReadonlyMap<string, string>>>;

export interface SimplifyContext {
	/** The platform's clock (the account's), which reads the API's times and writes them out. */
	clock: PlatformClock;
	references: References;
}

/** The fields of one object level of a record kind; `*` stands for every element of an array. */
interface Level {
	times: Map<string, TimeConvention>;
	coded: Map<string, CodedField>;
	copies: Map<string, string>;
	children: Map<string, Level>;
}

/** A level that only rewrites values (no label or copy to put beside a field) can be simplified in place. */
const addsFields = (level: Level) => level.coded.size > 0 || level.copies.size > 0;

const emptyLevel = (): Level => ({
	times: new Map(),
	coded: new Map(),
	copies: new Map(),
	children: new Map(),
});

function levelAt(root: Level, path: string[]): Level {
	let level = root;
	for (const segment of path) {
		let child = level.children.get(segment);
		if (!child) {
			child = emptyLevel();
			level.children.set(segment, child);
		}
		level = child;
	}
	return level;
}

const levels = new Map<RecordKind, Level>();

function levelsOf(kind: RecordKind): Level {
	const cached = levels.get(kind);
	if (cached) return cached;
	const shape = RECORDS[kind];
	const root = emptyLevel();
	for (const [path, convention] of Object.entries(shape.times)) {
		const segments = path.split('.');
		levelAt(root, segments.slice(0, -1)).times.set(segments[segments.length - 1], convention);
	}
	for (const coded of shape.coded as readonly CodedField[]) {
		const segments = coded.field.split('.');
		levelAt(root, segments.slice(0, -1)).coded.set(segments[segments.length - 1], coded);
	}
	for (const [from, to] of Object.entries(('copies' in shape ? shape.copies : undefined) ?? {}))
		root.copies.set(from, to);
	levels.set(kind, root);
	return root;
}

/** The status server's zone: the offset of its answer's `generated_at` (minutes east of UTC, or `Z`). */
type ServerZone = ZonedParts['zone'];

/** The form of the status server's zone-less times, `YYYY-MM-DD HH:mm[:ss]`: those take its zone. */
const SERVER_ZONELESS = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?$/;

/** The instant of an API time, or undefined when the value is not one. */
function instantOf(
	value: string,
	convention: TimeConvention,
	clock: PlatformClock,
	serverZone?: ServerZone,
): number | undefined {
	if (convention === 'platform') return readApiTime(value, clock);
	// The status server's own times: ISO 8601 as written, zone-less ones in its answer's offset.
	const text = value.trim();
	const zoned = zonedParts(text);
	if (zoned) return instantOfZoned(zoned);
	if (serverZone !== undefined && SERVER_ZONELESS.test(text)) {
		// Its wall clock (read as if in UTC), placed in the server's zone.
		const wall = zonedParts(`${text}Z`);
		return wall && instantOfZoned({ ...wall, zone: serverZone });
	}
	return toEpochMs(text, clock.zone);
}

/** An API time in the output convention; anything that is not a time (null, '') is left as it is. */
export function simplifyTime(
	value: unknown,
	convention: TimeConvention,
	clock: PlatformClock,
	serverZone?: ServerZone,
): unknown {
	if (typeof value !== 'string' || value.trim() === '') return value;
	const ms = instantOf(value, convention, clock, serverZone);
	return ms === undefined ? value : toOffsetIso(ms, clock.zone);
}

function labelOf(code: unknown, coded: CodedField, references: References): string | null {
	if (code === null || code === undefined || code === '') return null;
	const table = typeof coded.from === 'string' ? references[coded.from] : undefined;
	const label =
		typeof coded.from === 'string' ? table?.get(String(code)) : ownEntry(coded.from, String(code));
	return label ?? null;
}

function simplifyLevel(
	record: IDataObject,
	level: Level,
	context: SimplifyContext,
	serverZone: ServerZone | undefined,
	inPlace: boolean,
): IDataObject {
	// Labels and copies go right after their field, so such a level is written into a new
	// object; any other is rewritten in place when the caller owns the record (a freshly
	// parsed answer keeps its compact shape, and no copy of it is made).
	const result: IDataObject = inPlace && !addsFields(level) ? record : {};
	// A plain loop over the keys: a Return All simplifies tens of thousands of records, and
	// Object.entries would allocate a pair per field.
	for (const key in record) {
		if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
		const value = record[key];
		const convention = level.times.get(key);
		const child = level.children.get(key);
		let shown = value;
		const coded = level.coded.get(key);
		if (convention)
			shown = simplifyTime(value, convention, context.clock, serverZone) as IDataObject[string];
		else if (child) shown = simplifyChild(value, child, context, serverZone, inPlace);
		// A code the API sent as a word (`won`) is shown as its code, as the other form reads;
		// a number or digits stay as they came.
		else if (coded?.words && typeof value === 'string') shown = coded.words[value.trim().toLowerCase()] ?? value;
		if (result !== record || shown !== value) result[key] = shown;
		// The label right after its code, so that both read together in the output.
		if (coded) result[coded.label] = labelOf(shown, coded, context.references);
		const copy = level.copies.get(key);
		if (copy) result[copy] = value;
	}
	return result;
}

function simplifyChild(
	value: unknown,
	level: Level,
	context: SimplifyContext,
	serverZone: ServerZone | undefined,
	inPlace: boolean,
): IDataObject[string] {
	const each = level.children.get('*');
	if (Array.isArray(value) && each) {
		const entries = inPlace ? value : [...value];
		for (let index = 0; index < entries.length; index++) {
			const entry: unknown = entries[index];
			if (isPlainObject(entry))
				entries[index] = simplifyLevel(entry, each, context, serverZone, inPlace);
		}
		return entries as IDataObject[];
	}
	return isPlainObject(value)
		? simplifyLevel(value, level, context, serverZone, inPlace)
		: (value as IDataObject[string]);
}

/**
 * A record of `kind` as Simplify shows it. A new object, the record unchanged; with `inPlace`
 * (records the caller owns, e.g. just parsed) the record itself is rewritten where that keeps
 * every field in its place, and what is returned may be the record.
 */
export function simplifyRecord(
	record: IDataObject,
	kind: RecordKind,
	context: SimplifyContext,
	inPlace = false,
): IDataObject {
	// Zone-less server times take the offset of the same answer's generation time.
	const generated =
		typeof record.generated_at === 'string' ? zonedParts(record.generated_at) : undefined;
	const serverZone = generated?.zone;
	const result = simplifyLevel(record, levelsOf(kind), context, serverZone, inPlace);
	const shape: RecordShape = RECORDS[kind];
	// Comments come as HTML (real) or as text (spec): both simplified to one shape.
	const comments = shape.comments ? result[shape.comments] : undefined;
	if (shape.comments && Array.isArray(comments)) {
		result[shape.comments] = comments.map((comment: unknown) =>
			isPlainObject(comment) ? simplifyComment(comment) : comment,
		) as IDataObject[];
	}
	return result;
}

/**
 * The reference lists a kind of record takes labels from; given records, only those whose
 * codes some record holds (a lead without a status needs no statuses).
 */
export function referenceListsOf(kind: RecordKind, records?: IDataObject[]): ReferenceList[] {
	const lists = new Set<ReferenceList>();
	for (const coded of RECORDS[kind].coded as readonly CodedField[]) {
		if (typeof coded.from !== 'string') continue;
		const held = (record: IDataObject) => !isEmpty(record[coded.field]);
		if (!records || records.some(held)) lists.add(coded.from);
	}
	return [...lists];
}

