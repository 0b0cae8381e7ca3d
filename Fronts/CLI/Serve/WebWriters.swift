import LoansAdapters
import LoansCore
import LoansWeb

/// Writers for the people signed in on the web: each write opens the store as that person, so
/// the history names the change `NAME@web` (on PostgreSQL `NAME@web as ROLE`, the database role
/// beside it, as the command line's changes are named) and undo on the web finds that person's
/// changes. The on-change hook runs after each write, as it does for the command line's.
final class WebWriters: @unchecked Sendable {  // immutable after init; each write makes its own engine
    private let source: DataSource
    private let location: StoreProvider.Location
    private let hook: ChangeHook
    private let clock: SharedToday

    init(source: DataSource, location: StoreProvider.Location, hook: ChangeHook, clock: SharedToday) {
        self.source = source
        self.location = location
        self.hook = hook
        self.clock = clock
    }

    func writer(_ person: SignedIn) throws -> any LoanWriting {
        let author = Author(name: WebServices.author(person), clock: clock.today.clock)
        let run = StoreRun(keepsRunning: true) { author }
        let engine = try StoreEngines.engine(for: source, run: run) { location }
        return HookedLoanStore(try engine.writer(), hook: hook)
    }
}

/// The run's `Today`, shared by the request threads: a clock is a reading of the system's, with
/// no state of its own (the tests' stopped clock is a constant), so reading it from several
/// threads at once is safe.
final class SharedToday: @unchecked Sendable {
    let today: Today

    init(_ today: Today) {
        self.today = today
    }
}
