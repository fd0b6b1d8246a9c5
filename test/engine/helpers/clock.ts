/**
 * A clock that jumps instead of waiting. `Date.now()` — the trigger's, the throttle's and the
 * fake platform's (start it with `now: clockedNow`) — runs at real speed from wherever the test
 * last moved it, and never goes back, so rate limits and timeouts keep working.
 */
export class TestClock {
	private offset = 0;

	private spy?: jest.SpyInstance<number, []>;

	private readonly realNow = Date.now.bind(Date);

	install() {
		this.spy = jest.spyOn(Date, 'now').mockImplementation(() => this.realNow() + this.offset);
	}

	uninstall() {
		this.spy?.mockRestore();
	}

	now(): number {
		return this.realNow() + this.offset;
	}

	/** Moves the clock to `ms`; a time already past leaves it where it is. */
	set(ms: number) {
		this.offset = Math.max(this.offset, ms - this.realNow());
	}

	advance(ms: number) {
		this.offset += Math.max(0, ms);
	}
}

/** The fake platform's clock option that follows a `TestClock` (which replaces `Date.now`). */
export const clockedNow = () => new Date(Date.now());

/** One TestClock for a test file, installed around all of its tests. */
export function useTestClock(): TestClock {
	const clock = new TestClock();
	beforeAll(() => clock.install());
	afterAll(() => clock.uninstall());
	return clock;
}
