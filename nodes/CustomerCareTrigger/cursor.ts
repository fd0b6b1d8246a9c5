import type { IDataObject } from 'n8n-workflow';

/**
 * The trigger's exactly-once state and the steps of a poll, free of I/O so that the property
 * test drives the very functions the trigger uses.
 *
 * The API stamps changes in whole seconds and takes windows in whole seconds, both bounds
 * included. So everything here works in whole seconds (epoch ms that are multiples of 1000):
 * a poll reads [cursor − overlap, now's second], and what it remembers covers every second
 * the next poll reads again.
 */
export interface PollState {
	/** The last second a complete read covered (its window's end). Unset until the first poll. */
	cursor?: number;
	/** The first second read: the activation second or Start From (windows never start before it). */
	floor?: number;
	/** Every change handled by a read whose window ends at or after this second is in `seen` (later windows start here at the earliest). */
	remembersFrom?: number;
	/** The ids of the changes handled, by the second they are stamped with (epoch seconds). */
	seen?: Record<string, string[]>;
	/**
	 * How long each change of `seen` is kept, where that is not its own stamp second: stamp
	 * second → the second until which its changes may be listed again (the end of the window that
	 * first listed them), one number for all its ids or one per id, in the order of `seen`.
	 */
	keepUntil?: Record<string, number | number[]>;
	/** Set when the trigger said that stamps fall outside the windows read; unset once they fit again. */
	zoneWarned?: boolean;
	/** Written by earlier versions: change key (`id@epochMs`) → its time. Read once, then dropped. */
	recent?: Record<string, number>;
	/** Ticket id → last status seen, for "status becomes". Bounded. */
	lastStatus?: Record<string, string>;
	/** Monitor id → last status (1 UP, 0 DOWN). */
	monitors?: Record<string, number>;
	/** Agent Status Changed: agent id → its last state per channel (agentStatus.ts); only the agents of the last answer. */
	agentStates?: Record<string, Partial<Record<'call' | 'chat' | 'ticket', string>>>;
	/** The event this state was built by (staticData.ts `watchedBy`): another event's state is not this one's. */
	event?: string;
	/**
	 * How many polls have committed a change (staticData.ts): a poll commits only if it is still
	 * the generation it started from, so an overtaken poll never writes. Unset until the first.
	 */
	generation?: number;
}

/**
 * One change of a record: which record, the second it is stamped with, and the record as read.
 * A change is known by its record and its second (`key`): two changes of one record within
 * the same second are one change.
 */
export interface Change {
	id: string;
	at: number;
	key: string;
	record: IDataObject;
}

/** The part of the list a poll reads: whole seconds, both bounds included. */
export interface ReadWindow {
	since: number;
	to: number;
}

const SECOND = 1000;

/** The second an instant falls in. */
export const secondOf = (ms: number) => Math.floor(ms / SECOND) * SECOND;

const secondAtOrAfter = (ms: number) => Math.ceil(ms / SECOND) * SECOND;

export function changeOf(id: unknown, at: number, record: IDataObject): Change {
	const second = secondOf(at);
	return {
		id: String(id),
		at: second,
		key: `${String(id)}@${second / SECOND}`,
		record,
	};
}

/** Oldest first; within a second by record id (numerically when both ids are numbers). */
export function compareChanges(a: Change, b: Change): number {
	if (a.at !== b.at) return a.at - b.at;
	const [x, y] = [Number(a.id), Number(b.id)];
	if (Number.isFinite(x) && Number.isFinite(y) && x !== y) return x - y;
	return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A state written by an earlier version (cursor in ms, `recent` by key) in today's shape. */
function upgraded(state: PollState, overlapMs: number): PollState {
	if (state.remembersFrom !== undefined || state.cursor === undefined) return state;
	// The old state kept every key stamped at or after cursor − overlap (ms precision).
	const remembersFrom = secondAtOrAfter(state.cursor - overlapMs);
	const seen: Record<string, string[]> = {};
	for (const [key, at] of Object.entries(state.recent ?? {})) {
		if (at < remembersFrom) continue;
		(seen[at / SECOND] ??= []).push(key.slice(0, key.lastIndexOf('@')));
	}
	return {
		...state,
		cursor: secondOf(state.cursor),
		remembersFrom,
		seen,
		recent: undefined,
	};
}

export interface PollPlan {
	/** The state to keep from now on (the same object when nothing changed). */
	state: PollState;
	/** The window to read; absent when there is nothing to read yet. */
	window?: ReadWindow;
}

/**
 * What a poll at `nowMs` reads. The first poll after activation starts the state at the
 * activation's second (or at Start From) and reads nothing, unless Start From is given. Later
 * polls read from the cursor minus the overlap, never further back than what is remembered,
 * to now's second. A window is never empty or reversed (the ticket list refuses since == to):
 * two polls within one second with no overlap make the second one read nothing and change
 * nothing.
 */
export function planPoll(
	state: PollState,
	nowMs: number,
	overlapMs: number,
	startFromMs?: number,
): PollPlan {
	let current = upgraded(state, overlapMs);
	if (current.cursor === undefined) {
		const floor = startFromMs === undefined ? secondOf(nowMs) : secondAtOrAfter(startFromMs);
		current = {
			...current,
			cursor: floor,
			floor,
			remembersFrom: floor,
			seen: {},
		};
		if (startFromMs === undefined) return { state: current };
	}
	const cursor = current.cursor!;
	const since = Math.max(cursor - overlapMs, current.remembersFrom ?? -Infinity);
	const to = secondOf(nowMs);
	return { state: current, window: to > since ? { since, to } : undefined };
}

/**
 * The changes of a read not handled before, each once, oldest first. Every change the API
 * listed for the window counts, whatever its stamp: a stamp outside the window asked for (a
 * wrong Account Time Zone shifts zone-less times) is no reason to drop it.
 */
export function unseenChanges(state: PollState, changes: Change[]): Change[] {
	const seen = new Set(
		Object.entries(state.seen ?? {}).flatMap(([second, ids]) => ids.map((id) => `${id}@${second}`)),
	);
	const byKey = new Map<string, Change>();
	for (const change of changes) {
		if (seen.has(change.key)) continue;
		byKey.set(change.key, change);
	}
	return [...byKey.values()].sort(compareChanges);
}

/**
 * The changes stamped within the window read, for an event whose window filters another time
 * (Contact Created in the updated window, events.ts `stampedWithinWindow`). One stamped before
 * the window was handled by the read whose window held its second (or is the known limit in
 * docs/guarantees.md); its record is listed again for a later change of another time.
 */
export function stampedWithin(window: ReadWindow, changes: Change[]): Change[] {
	return changes.filter((change) => change.at >= window.since && change.at <= window.to);
}

/** How many of a read's changes are stamped outside the window it asked for. */
export function outsideWindow(window: ReadWindow, changes: Change[]): number {
	return changes.filter((change) => change.at < window.since || change.at > window.to).length;
}

export interface ReadOutcome {
	/** The changes to hand on (before the trigger's own filters), oldest first. */
	handled: Change[];
	/** The state after this read. */
	state: PollState;
}

/**
 * The outcome of a complete, successful read of `window` (from `planPoll`, or its first part
 * that a bounded poll read). The cursor moves to the window's end; what is remembered is every
 * change handled whose window may be read again (its end at or after cursor − overlap), whatever
 * its stamp: the API lists a change by its true time, which lies in the window that listed it,
 * while its stamp may be off that time by any amount (zone-less times, each record its own). So
 * a change is kept until its window's end leaves the seconds later polls read, and is known by
 * its stamp when listed again. Call it only after the whole read succeeded: a failed read leaves
 * the state as it was.
 *
 * `plannedAtMs`, the instant the poll was planned (before it read), settles seconds: a change
 * reaches the API at most the overlap after its stamp, so a second older than that instant
 * minus the overlap was complete when it was read and is never read again. A catch-up far
 * behind now therefore re-reads nothing, and a poll that stopped inside the re-read part still
 * moves on as time passes.
 */
export function completeRead(
	state: PollState,
	window: ReadWindow,
	changes: Change[],
	overlapMs: number,
	plannedAtMs?: number,
): ReadOutcome {
	const handled = unseenChanges(state, changes);
	const cursor = Math.max(state.cursor ?? -Infinity, window.to);
	const settledUpTo =
		plannedAtMs === undefined ? -Infinity : Math.min(window.to, secondOf(plannedAtMs) - overlapMs - SECOND);
	const remembersFrom = Math.max(window.since, cursor - overlapMs, settledUpTo + SECOND);
	const kept = new Map<number, Array<{ id: string; until: number }>>();
	/** Keeps `id`, stamped `second`, while `until` (both epoch seconds) is still read again. */
	const remember = (second: number, id: string, until: number) => {
		if (until * SECOND < remembersFrom) return;
		const ids = kept.get(second) ?? [];
		ids.push({ id, until });
		kept.set(second, ids);
	};
	for (const [second, ids] of Object.entries(state.seen ?? {})) {
		const untils = state.keepUntil?.[second];
		ids.forEach((id, index) => {
			const until = Array.isArray(untils) ? untils[index] : untils;
			remember(Number(second), id, until ?? Number(second));
		});
	}
	for (const change of handled) remember(change.at / SECOND, change.id, window.to / SECOND);
	const seen: Record<string, string[]> = {};
	const keepUntil: Record<string, number | number[]> = {};
	for (const [second, ids] of kept) {
		seen[second] = ids.map(({ id }) => id);
		const untils = ids.map(({ until }) => until);
		if (untils.some((until) => until !== untils[0])) keepUntil[second] = untils;
		else if (untils[0] !== second) keepUntil[second] = untils[0];
	}
	const keeps = Object.keys(keepUntil).length > 0 ? keepUntil : undefined;
	return { handled, state: { ...state, cursor, remembersFrom, seen, keepUntil: keeps } };
}

/** How many changes the state remembers. */
export function rememberedCount(state: PollState): number {
	return Object.values(state.seen ?? {}).reduce((count, ids) => count + ids.length, 0);
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
