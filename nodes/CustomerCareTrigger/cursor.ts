import type { IDataObject } from 'n8n-workflow';

/**
 * The trigger's memory, kept in the workflow's static data (n8n stores it with the
 * workflow). Exactly-once rests on two things kept together:
 * - `cursor`: every change stamped before `cursor - overlap` has been read and emitted;
 * - `recent`: the changes already emitted that are stamped at or after `cursor - overlap`,
 *   the part of the next window that is read again.
 * Polls re-read from `cursor - overlap` (changes can show up in the API a little late) and
 * skip what `recent` holds, so a change is emitted once even when two polls both see it.
 */
export interface PollState {
	/** Epoch ms; see above. Unset until the first poll after activation. */
	cursor?: number;
	/** Changes before this instant are never emitted: the activation time or the chosen start. */
	floor?: number;
	/** Change key → its time (epoch ms). */
	recent?: Record<string, number>;
	/** Ticket id → last status seen, for "status becomes". Bounded. */
	lastStatus?: Record<string, string>;
	/** Monitor id → last status (1 UP, 0 DOWN). */
	monitors?: Record<string, number>;
}

/** One change of a record: which record, when, and the record as read. */
export interface Change {
	key: string;
	at: number;
	record: IDataObject;
}

/** The changes not emitted yet, oldest first (ties by key, so the order is stable). */
export function unseenChanges(state: PollState, changes: Change[]): Change[] {
	const recent = state.recent ?? {};
	const floor = state.floor ?? -Infinity;
	const byKey = new Map<string, Change>();
	for (const change of changes) {
		if (change.at < floor || recent[change.key] !== undefined) continue;
		byKey.set(change.key, change);
	}
	return [...byKey.values()].sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The state after a complete, successful read of [cursor - overlap, readTo] that emitted
 * `emitted`. The cursor never moves back; it moves to the end of what was read, so the
 * next poll reads the overlap again and then only what is new.
 */
export function advance(state: PollState, emitted: Change[], seenUpTo: number, readTo: number, overlapMs: number): PollState {
	const cursor = Math.max(state.cursor ?? -Infinity, seenUpTo, readTo);
	const keepFrom = cursor - overlapMs;
	const recent: Record<string, number> = {};
	for (const [key, at] of Object.entries(state.recent ?? {})) if (at >= keepFrom) recent[key] = at;
	for (const change of emitted) if (change.at >= keepFrom) recent[change.key] = change.at;
	return { ...state, cursor, recent };
}

const MAX_REMEMBERED_STATUSES = 5000;

/** Remembers the latest status of records, keeping the most recently seen ones. */
export function rememberStatuses(
	known: Record<string, string> | undefined,
	seen: Array<{ id: string; status: string }>,
): Record<string, string> {
	const map = new Map(Object.entries(known ?? {}));
	for (const { id, status } of seen) {
		map.delete(id);
		map.set(id, status);
	}
	const entries = [...map.entries()];
	return Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_REMEMBERED_STATUSES)));
}
