/// Which day it is, answered in one place: the day fixed by `--today` (or `LOANS_TODAY`), else
/// the clock's civil date in the process's time zone; together with the due-soon window it hands
/// out the policy every query takes. A one-shot command asks once; a front that keeps running
/// (the TUI, `--watch`) asks again at each wake-up, so it follows the clock into a new day.
package struct Today {
    /// The day fixed for scripts and tests; nil when the clock decides.
    package let fixed: CivilDate?
    /// How far ahead "due soon" looks.
    package let window: DueWindow
    /// The clock the day comes from (also for showing instants in local time).
    package let clock: any Clock

    package init(fixed: CivilDate?, window: DueWindow, clock: any Clock) {
        self.fixed = fixed
        self.window = window
        self.clock = clock
    }

    /// The moment now: the clock's UTC instant, and the fixed day or the clock's civil date.
    package func now() -> Now {
        let reading = clock.now()
        guard let fixed else { return reading }
        return Now(today: fixed, utc: reading.utc)
    }

    /// The policy at this moment.
    package func policy() -> DuePolicy {
        policy(at: now())
    }

    /// The policy of a moment already read (so one request uses one reading for everything).
    package func policy(at now: Now) -> DuePolicy {
        DuePolicy(today: now.today, window: window)
    }
}
