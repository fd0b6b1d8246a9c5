/**
 * What a slot of the account's throttle is given back with. Its own file so that the throttle,
 * the places requests hold (heldPlaces.ts) and the 429 policy (rateLimitPolicy.ts) all read it
 * without importing one another in a circle.
 */

/**
 * What the answer of a request was, told to the throttle as its slot is released, so that no
 * request waiting for the slot can leave before the throttle knows (a lock-out above all).
 */
export type SlotResult =
	/** Any answer other than 429 and the lock-out. */
	| { kind: 'answered' }
	| { kind: 'rateLimited'; sentAt: number }
	| { kind: 'lockedOut'; until: number }
	/**
	 * No usable answer: tells nothing about the 429 count. `answered`: something answered (a 5xx,
	 * an unreadable body), so the request had arrived by then; else no answer came, or a
	 * gateway gave up waiting (504) and the platform may still read it.
	 */
	| { kind: 'noAnswer'; answered: boolean }
	/** The connection was never made: nothing reached the platform. */
	| { kind: 'neverSent' };
